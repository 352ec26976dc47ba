// What the runners feature reads, and only when asked: a runners pane on screen, a runner's pane, or
// a pending job on screen (its project's runners, to say why it waits). Each runner's details are kept
// five minutes, so a list and a pending job's explanation share one read; the API client holds requests
// in flight to six per host (src/lib/budgets.ts), and a list's details are read for its first rows only.
import { isGitLabApiError, type Job, type Paged, type RunnerJob } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { listId, writeRunners, type RunnerList, type RunnerView, type RunnersWhere } from './slice.js';

/**
 * How long a runner's details (tags, rules, version: they seldom change) and a list (each runner's
 * state) stay good; `R` reads both again at once.
 */
export const DETAILS_MAX_AGE_MS = 300_000;
export const LIST_MAX_AGE_MS = 30_000;
/** Details are read for this many rows of a list at most (a screen's worth, with room). */
export const DETAIL_ROWS = 40;
/** A machine's failed jobs read for the runner pane: its newest. */
const FAILED_PER_MACHINE = 50;

const EMPTY: RunnerList = { rows: null, error: null, forbidden: false, selected: 0, running: null, failed: null, at: 0 };

function patchList(ctx: Ctx, id: string, patch: Partial<RunnerList>): void {
  writeRunners(ctx.store, (s) => ({ runnerLists: { ...s.runnerLists, [id]: { ...EMPTY, ...s.runnerLists[id], ...patch } } }));
}

function patchView(ctx: Ctx, runnerId: number, patch: Partial<RunnerView>): void {
  writeRunners(ctx.store, (s) => ({ runnerViews: { ...s.runnerViews, [runnerId]: { ...s.runnerViews[runnerId], ...patch } } }));
}

async function firstPage<T>(paged: Paged<T>): Promise<T[]> {
  for await (const page of paged.pages()) return page.items;
  return [];
}

function listOf(ctx: Ctx, pane: RunnersWhere | { scope: 'project'; projectId: number }) {
  const api = ctx.gl.runners;
  const opts = { perPage: 100 };
  if (pane.scope === 'project') return api.listForProject(pane.projectId, opts);
  if (pane.scope === 'group') return api.listForGroup(pane.group, opts);
  if (pane.scope === 'all') return api.listAll(opts);
  return api.listOwned(opts);
}

/** A list, and the details of its first rows; `full` (navigation, R) reads even what is fresh. */
export async function readRunnerList(ctx: Ctx, pane: RunnersWhere | { scope: 'project'; projectId: number }, full: boolean): Promise<void> {
  const id = listId(pane);
  const known = ctx.store.getState().runnerLists[id];
  // Fresh (a refusal too: a Developer's pending job does not ask for the list it was refused every poll).
  if (!full && known && known.at && ctx.now() - known.at < LIST_MAX_AGE_MS) {
    return known.rows
      ? readDetails(
          ctx,
          known.rows.slice(0, DETAIL_ROWS).map((r) => r.id),
        )
      : undefined;
  }
  try {
    const rows = await listOf(ctx, pane).all();
    patchList(ctx, id, { rows, error: null, forbidden: false, at: ctx.now() });
    ctx.connectionOk();
    await readDetails(
      ctx,
      rows.slice(0, DETAIL_ROWS).map((r) => r.id),
      full,
    );
  } catch (error) {
    patchList(ctx, id, { error: describeError(error), forbidden: isGitLabApiError(error) && error.status === 403, at: ctx.now() });
    if (!isGitLabApiError(error) || error.status === 0) ctx.connectionFailed(error);
  }
}

/** Each runner's details, unless read within the minute (or `full`). */
export async function readDetails(ctx: Ctx, ids: readonly number[], full = false): Promise<void> {
  const info = ctx.store.getState().runnerInfo;
  const due = ids.filter((id) => full || !info[id] || ctx.now() - info[id]!.at >= DETAILS_MAX_AGE_MS);
  await Promise.all(
    due.map(async (id) => {
      try {
        const details = await ctx.gl.runners.get(id);
        writeRunners(ctx.store, (s) => ({ runnerInfo: { ...s.runnerInfo, [id]: { details, at: ctx.now() } } }));
      } catch (error) {
        writeRunners(ctx.store, (s) => ({ runnerInfo: { ...s.runnerInfo, [id]: { ...s.runnerInfo[id], error: describeError(error), at: ctx.now() } } }));
      }
    }),
  );
}

/** A project's jobs running now (counted by runner) and its newest failed jobs (their runners and reasons). */
export async function readProjectJobs(ctx: Ctx, projectId: number): Promise<void> {
  const id = listId({ scope: 'project', projectId });
  const [running, failed] = await Promise.all([
    firstPage<Job>(ctx.gl.jobs.list(projectId, { scope: 'running', perPage: 100 })).catch(() => null),
    firstPage<Job>(ctx.gl.jobs.list(projectId, { scope: 'failed', perPage: 100 })).catch(() => null),
  ]);
  const counts: Record<number, number> = {};
  for (const job of running ?? []) if (job.runner) counts[job.runner.id] = (counts[job.runner.id] ?? 0) + 1;
  patchList(ctx, id, { running: running ? counts : null, failed });
}

/** A runner's pane: its details, machines, newest jobs, jobs running now, and each machine's failed jobs. */
export async function readRunnerView(ctx: Ctx, runnerId: number): Promise<void> {
  const api = ctx.gl.runners;
  const [, managers] = await Promise.all([
    readDetails(ctx, [runnerId], true),
    api.managers(runnerId).then(
      (m) => (patchView(ctx, runnerId, { managers: m, managersError: undefined }), m),
      (error: unknown) => (patchView(ctx, runnerId, { managersError: describeError(error) }), [] as const),
    ),
    firstPage(api.jobs(runnerId, { perPage: 20 })).then(
      (jobs) => patchView(ctx, runnerId, { jobs, jobsError: undefined }),
      (error: unknown) => patchView(ctx, runnerId, { jobsError: describeError(error) }),
    ),
    firstPage(api.jobs(runnerId, { status: 'running', perPage: 100 })).then(
      (jobs) => patchView(ctx, runnerId, { running: jobs.length }),
      () => undefined,
    ),
  ]);
  if (managers.length === 0 || ctx.store.getState().runnerViews[runnerId]?.jobsError) return;
  const failedBy: Record<string, RunnerJob[]> = {};
  await Promise.all(
    managers.slice(0, 6).map(async (m) => {
      failedBy[m.system_id] = await firstPage(api.jobs(runnerId, { status: 'failed', system_id: m.system_id, perPage: FAILED_PER_MACHINE })).catch(() => []);
    }),
  );
  patchView(ctx, runnerId, { failedBy });
}

/** Keeps when a pending job began to wait, from GitLab's queued_duration at the time it was read. */
export function trackQueued(ctx: Ctx, job: Job): void {
  if (job.status !== 'pending' || typeof job.queued_duration !== 'number') return;
  const known = ctx.store.getState().queuedSince[job.id];
  if (known && known.seconds === job.queued_duration) return;
  const since = ctx.now() - job.queued_duration * 1000;
  writeRunners(ctx.store, (s) => ({ queuedSince: { ...s.queuedSince, [job.id]: { since, seconds: job.queued_duration! } } }));
}
