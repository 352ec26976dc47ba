// The runners feature as the core sees it: `:runners` (a project's, a group's, all for administrators,
// the user's own), a runner's pane (`:runner ID`, Enter), `:pause`/`:resume` and space (asked first,
// naming the jobs the runner runs now), and — on a pending job's pane — its project's runners read to
// say why the job waits (explain.ts, shown by the job pane through useWaitLines).
import * as nav from '../../store/nav.js';
import type { Ctx } from '../../store/ctx.js';
import type { Feature, PaletteAt } from '../../store/feature.js';
import { confirmsBy } from '../../store/continuations.js';
import { onPane, withRuns } from '../../store/command.js';
import { guarded } from '../../store/guard.js';
import { listOf, toast, topPane } from '../../store/store.js';
import { listKeyOf } from '../../store/sources.js';
import type { Job } from '../../api/index.js';
import { setConfirm } from '../../store/writers.js';
import { describeError } from '../../store/errors.js';
import type { CommandId } from '../../keymap/bindings.js';
import type { AppState, Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { RUNNER_BINDINGS } from './bindings.js';
import { readProjectJobs, readRunnerList, readRunnerView, trackQueued } from './read.js';
import { createRunnersSlice, listId, writeRunners, type RunnerConfirms, type RunnersPaneState } from './slice.js';
import { RunnersPane } from './RunnersPane.js';
import { RunnerPane } from './RunnerPane.js';

/** `:jobs` rows looked at for pending jobs (a screen's worth), and the projects whose runners are read for them. */
const PENDING_ROWS = 40;
const PENDING_PROJECTS = 5;

const MOVES: Record<string, (i: number, n: number) => number> = {
  'nav.down': (i) => i + 1,
  'nav.up': (i) => i - 1,
  'nav.top': () => 0,
  'nav.bottom': (_, n) => n - 1,
  'nav.pageDown': (i) => i + 10,
  'nav.pageUp': (i) => i - 10,
};

/** The runner a pane acts on: the runner pane's, or the selected row of a runners list. */
function runnerIn(ctx: Ctx, pane: Pane): number | null {
  if (pane.kind === 'runner') return pane.runnerId;
  if (pane.kind !== 'runners') return null;
  const list = ctx.store.getState().runnerLists[listId(pane)];
  return list?.rows?.[list.selected]?.id ?? null;
}

export const runnersFeature: Feature = {
  name: 'runners',
  slice: createRunnersSlice,
  specs: {
    runners: {
      view: RunnersPane,
      crumb: (_s, pane) =>
        pane.scope === 'all'
          ? 'all runners'
          : pane.scope === 'mine'
            ? 'my runners'
            : pane.scope === 'group'
              ? `runners of ${safeText(pane.group, 40)}`
              : 'runners',
      scopes: () => ['runners', 'global'],
      open(ctx, pane) {
        const id = runnerIn(ctx, pane);
        if (id !== null) nav.push(ctx.store, { kind: 'runner', runnerId: id });
        return true;
      },
      poll: (ctx) => ({
        refresh: (pane, { full }) =>
          Promise.all([readRunnerList(ctx, pane, full), pane.scope === 'project' ? readProjectJobs(ctx, pane.projectId) : undefined]).then(() => undefined),
        moving: () => false,
      }),
    },
    runner: {
      view: RunnerPane,
      crumb: (s, pane) =>
        `runner #${pane.runnerId}${s.runnerInfo[pane.runnerId]?.details?.description ? ` ${safeText(s.runnerInfo[pane.runnerId]!.details!.description!, 30)}` : ''}`,
      scopes: () => ['runner', 'global'],
      poll: (ctx) => ({ refresh: (pane) => readRunnerView(ctx, pane.runnerId), moving: () => false }),
    },
  },
  scopeNames: { runners: 'runners list', runner: 'a runner' },
  // On the job pane and `:jobs`, the runners a pending job waits for (poll, below).
  readsOn: ['job', 'allJobs'],
  commands: withRuns(RUNNER_BINDINGS, {
    'runner.pause': {
      refusal: () => 'pausing runners',
      disabledReason: (state, pane) =>
        pane.kind === 'runners' && !state.runnerLists[listId(pane)]?.rows?.length ? 'No runner selected (still loading?)' : null,
      run(ctx, pane) {
        const id = runnerIn(ctx, pane);
        if (id !== null) void askPause(ctx, id, null);
      },
    },
  }),
  takes: Object.entries(MOVES).map(([command, move]) => ({
    command: command as CommandId,
    scopes: ['runners'],
    run: onPane('runners', (ctx, pane) => {
      const id = listId(pane);
      const list = ctx.store.getState().runnerLists[id];
      const n = list?.rows?.length ?? 0;
      if (!list || n === 0) return;
      const selected = Math.max(0, Math.min(n - 1, move(list.selected, n)));
      writeRunners(ctx.store, (s) => ({ runnerLists: { ...s.runnerLists, [id]: { ...list, selected } } }));
    }),
  })),
  palette: {
    runners: {
      usage: 'runners [all | mine | group path]',
      description: "runners: the project's (its own, its groups', the instance's), a group's, all (administrators), yours",
      order: 150,
      run: (ctx, args, at) => openRunners(ctx, args, at),
    },
    runner: {
      usage: 'runner <id>',
      description: 'a runner: its tags and rules, machines, recent jobs and failures',
      order: 151,
      run(ctx, args) {
        if (!args[0] || !/^\d+$/.test(args[0])) return 'runner needs a numeric runner id, e.g. :runner 12';
        nav.push(ctx.store, { kind: 'runner', runnerId: Number(args[0]) });
        return null;
      },
    },
    pause: {
      usage: 'pause [runner id]',
      description: 'pause a runner: it takes no new job (asks first)',
      order: 152,
      mutates: 'pausing runners',
      run: (ctx, args, at) => pauseFromPalette(ctx, args, at, true),
    },
    resume: {
      usage: 'resume [runner id]',
      description: 'resume a paused runner (asks first)',
      order: 153,
      mutates: 'resuming runners',
      run: (ctx, args, at) => pauseFromPalette(ctx, args, at, false),
    },
  },
  // Its reads on other features' panes (readsOn): the job pane's, `:jobs`'.
  poll: (ctx) => {
    // `:jobs` opens before its rows come, so its first refresh finds no pending row; the rows'
    // arrival reads their projects' runners at once (watch), not a poll later with the column blank.
    const reading = new Set<number>();
    return {
      watch(state) {
        const pane = topPane(state);
        if (pane.kind !== 'allJobs') return;
        for (const projectId of pendingProjects(state, pane)) {
          if (reading.has(projectId) || state.runnerLists[listId({ scope: 'project', projectId })]) continue;
          reading.add(projectId);
          void readRunnerList(ctx, { scope: 'project', projectId }, false).finally(() => reading.delete(projectId));
        }
      },
      refresh(pane) {
        if (pane.kind === 'job') {
          // Lazily: only a pending job on screen has its project's runners read, to say why it waits.
          const job = ctx.store.getState().jobs[pane.jobId];
          if (job?.status !== 'pending') return undefined;
          trackQueued(ctx, job);
          return readRunnerList(ctx, { scope: 'project', projectId: pane.projectId }, false);
        }
        if (pane.kind === 'allJobs') return readForPending(ctx, pane);
        return undefined;
      },
    };
  },
  confirmed: confirmsBy<RunnerConfirms, Ctx>({
    'runner.pauseConfirmed': (ctx, a) => void setPaused(ctx, a.runnerId, a.paused),
  }),
};

/** The pending rows among `:jobs`' first rows. */
function pendingRows(state: AppState, pane: Pane): { job: Job; projectId: number }[] {
  const key = listKeyOf(pane);
  if (!key) return [];
  const rows = listOf<{ job: Job; projectId: number }>(state, key).items.slice(0, PENDING_ROWS);
  return rows.filter((r) => (state.jobs[r.job.id] ?? r.job).status === 'pending');
}

/** The projects of those rows (a few at most), whose runners say why each waits. */
function pendingProjects(state: AppState, pane: Pane): number[] {
  return [...new Set(pendingRows(state, pane).map((r) => r.projectId))].slice(0, PENDING_PROJECTS);
}

/** `:jobs` with pending rows: their projects' runners (a few projects at most, their first rows), to say why each waits. */
function readForPending(ctx: Ctx, pane: Pane): Promise<void> | undefined {
  const state = ctx.store.getState();
  for (const r of pendingRows(state, pane)) trackQueued(ctx, state.jobs[r.job.id] ?? r.job);
  const projects = pendingProjects(state, pane);
  if (projects.length === 0) return undefined;
  return Promise.all(projects.map((projectId) => readRunnerList(ctx, { scope: 'project', projectId }, false))).then(() => undefined);
}

/** `:runners …`: where the words point, else the project in front, else the user's own. */
function openRunners(ctx: Ctx, args: readonly string[], at: PaletteAt): string | null {
  const [first, second] = args;
  let pane: RunnersPaneState;
  if (first === 'all') pane = { kind: 'runners', scope: 'all' };
  else if (first === 'mine') pane = { kind: 'runners', scope: 'mine' };
  else if (first === 'group' || (first && first !== 'project')) {
    const group = first === 'group' ? second : first;
    if (!group) return 'runners group needs a group path, e.g. :runners group acme';
    pane = { kind: 'runners', scope: 'group', group };
  } else if (at.project) pane = { kind: 'runners', scope: 'project', projectId: at.project.projectId, path: at.project.path };
  else pane = { kind: 'runners', scope: 'mine' };
  nav.push(ctx.store, pane);
  return null;
}

function pauseFromPalette(ctx: Ctx, args: readonly string[], at: PaletteAt, paused: boolean): string | null {
  const id = args[0] && /^\d+$/.test(args[0]) ? Number(args[0]) : runnerIn(ctx, at.stack.at(-1) ?? topPane(ctx.store.getState()));
  if (id === null) return `${paused ? 'pause' : 'resume'} needs a runner: its id (:${paused ? 'pause' : 'resume'} 12), or open one`;
  void askPause(ctx, id, paused);
  return null;
}

/**
 * Asks before pausing or resuming, naming the runner and the jobs it runs now (read first: pausing
 * leaves them running, it only stops new ones). `paused` null: the opposite of what it is now.
 */
export async function askPause(ctx: Ctx, runnerId: number, paused: boolean | null): Promise<void> {
  const api = ctx.gl.runners;
  let details = ctx.store.getState().runnerInfo[runnerId]?.details;
  try {
    details = await api.get(runnerId);
    writeRunners(ctx.store, (s) => ({ runnerInfo: { ...s.runnerInfo, [runnerId]: { details, at: ctx.now() } } }));
  } catch (error) {
    if (!details) return void toast(ctx.store, 'error', `Cannot read runner #${runnerId}: ${describeError(error)}`);
  }
  const pause = paused ?? !details!.paused;
  const name = `#${runnerId} ${safeText(details!.description || '', 60)}`.trim();
  if (pause === details!.paused) return void toast(ctx.store, 'info', `Runner ${name} is ${pause ? 'paused' : 'not paused'} already`);
  let running: number | null = null;
  try {
    for await (const page of api.jobs(runnerId, { status: 'running', perPage: 100 }).pages()) {
      running = page.items.length;
      break;
    }
  } catch {
    running = null;
  }
  const jobs = running === null ? 'the jobs it runs now (not readable here)' : running === 0 ? 'no job now' : `${running} job${running === 1 ? '' : 's'} now`;
  setConfirm(ctx.store, {
    message: `${pause ? 'Pause' : 'Resume'} runner ${name}? It runs ${jobs}.`,
    detail: pause ? 'Paused, it takes no new job; the jobs it runs go on to their end.' : 'Resumed, it takes jobs again, pending ones first.',
    yes: { owner: 'runners', command: 'runner.pauseConfirmed', args: { runnerId, paused: pause } },
  });
}

async function setPaused(ctx: Ctx, runnerId: number, paused: boolean): Promise<void> {
  await guarded(ctx, `runner:${runnerId}`, paused ? 'Pausing the runner…' : 'Resuming the runner…', async () => {
    try {
      const details = await ctx.gl.runners.setPaused(runnerId, paused);
      // The lists show the runner's new state at once (a list is re-read on its own clock).
      writeRunners(ctx.store, (s) => ({
        runnerInfo: { ...s.runnerInfo, [runnerId]: { details, at: ctx.now() } },
        runnerLists: Object.fromEntries(
          Object.entries(s.runnerLists).map(([id, list]) => [
            id,
            list.rows?.some((r) => r.id === runnerId)
              ? {
                  ...list,
                  rows: list.rows.map((r) => (r.id === runnerId ? { ...r, paused: details.paused, active: details.active, status: details.status } : r)),
                }
              : list,
          ]),
        ),
      }));
      toast(ctx.store, 'success', `Runner #${runnerId} ${safeText(details.description ?? '', 60)} ${paused ? 'paused' : 'resumed'}`);
      ctx.acted?.();
    } catch (error) {
      toast(ctx.store, 'error', `Could not ${paused ? 'pause' : 'resume'} runner #${runnerId}: ${describeError(error)}`);
    }
  });
}

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    runners: true;
    runner: true;
  }
}
