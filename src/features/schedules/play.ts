// `p` (and `:play`) on a schedule: run it now (docs/gitlab-api.md "Schedule play and variables").
// It asks first, naming the schedule, its ref and owner — and that the pipeline runs as you, not as
// the owner, as GitLab runs it. GitLab answers 201 with a message only and makes the pipeline a
// moment later in a worker, so the pipeline is looked for among the schedule's pipelines (newer than
// the newest before the play), a few times over a few seconds; once found, the app offers to open it.
// GitLab's refusals (403: not allowed to run pipelines here; 404: gone; 429: throttled) say why.
import { patchConfirm, setConfirm } from '../../store/writers.js';
import { confirmRun } from '../../store/confirm-run.js';
import * as nav from '../../store/nav.js';
import { isGitLabApiError, type PipelineBasic, type PipelineSchedule } from '../../api/index.js';
import { safeText } from '../../text/safe.js';
import { guarded } from '../../store/guard.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { toast } from '../../store/store.js';
import { scheduleLabel } from './schedules.js';

/** How long the new pipeline is looked for, and how often: GitLab's worker usually takes a second or two. */
export const FIND_WAITS_MS = [500, 1000, 1000, 2000, 2000, 3000, 3000, 4000, 4000];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const shortRef = (ref: string) => ref.replace(/^refs\/(heads|tags)\//, '');

/** `p`: the question, naming what runs, where, and as whom. */
export function askPlay(ctx: Ctx, projectId: number, path: string, schedule: PipelineSchedule): void {
  const me = ctx.store.getState().user;
  const owner = schedule.owner;
  const mine = me && owner?.username === me.username;
  const yes = { owner: 'schedules', command: 'schedule.playConfirmed', args: { projectId, path, schedule } } as const;
  const ownerText = owner ? `${safeText(owner.name, 40)} (@${safeText(owner.username, 40)})` : 'nobody';
  // The most important first: a narrow terminal cuts the end of the line.
  const who = mine ? 'Runs as you, its owner' : `Runs as you${me ? ` (@${safeText(me.username, 40)})` : ''}, not as its owner ${ownerText}`;
  // The one builder of run questions (store/confirm-run.ts). It names an existing pipeline; a play
  // runs the ref's newest commit in a pipeline that does not exist yet, so there is no about line
  // and nothing older to warn about.
  confirmRun(ctx, {
    target: null,
    newer: null,
    message: `Run ${scheduleLabel(schedule)}${schedule.active ? '' : ' (inactive)'} now, on ${safeText(shortRef(schedule.ref), 60)}?`,
    detail: `${who}; ${schedule.active ? 'next run unchanged' : 'it runs once and stays inactive'}.`,
    yes,
  });
  // Its last run still going: another one now runs beside it (two nightly deploys at once).
  const last = schedule.last_pipeline;
  if (last && ACTIVE.has(last.status)) {
    patchConfirm(ctx.store, (now) =>
      now.yes === yes ? { ...now, warning: `⚠ its last pipeline #${last.id} is still ${safeText(last.status, 20)}: this starts another beside it` } : now,
    );
  }
}

/** A pipeline still going: what a second run would run beside. */
const ACTIVE = new Set(['created', 'waiting_for_resource', 'preparing', 'pending', 'running']);

/** The newest pipeline the schedule ran, by id (0: none, or GitLab would not say). */
async function newestRun(ctx: Ctx, projectId: number, scheduleId: number): Promise<number> {
  for await (const page of ctx.gl.schedules.pipelines(projectId, scheduleId, { sort: 'desc', perPage: 5 }).pages()) {
    return Math.max(0, ...page.items.map((p) => p.id));
  }
  return 0;
}

/** Why GitLab said no, in words a person can act on. */
function refusal(ctx: Ctx, error: unknown): string {
  const said = describeError(error);
  if (!isGitLabApiError(error)) return said;
  if (error.status === 403) return `${said} — running a schedule takes the Developer role, and leave to push or merge to its ref when that is protected`;
  if (error.status === 404) return `${said} — it may have been deleted`;
  if (error.status === 429) {
    const wait = error.retryAfterMs === undefined ? 'a minute' : `${Math.max(1, Math.ceil(error.retryAfterMs / 1000))}s`;
    return `${said} — GitLab is throttling requests; try again in ${wait}`;
  }
  return said;
}

/** `y` on the question: play, then find the pipeline GitLab's worker made and offer to open it. */
export function runPlay(ctx: Ctx, { projectId, path, schedule }: { projectId: number; path: string; schedule: PipelineSchedule }): Promise<void> {
  const label = scheduleLabel(schedule);
  return guarded(ctx, `schedule.play:${schedule.id}`, `Running ${label}…`, async () => {
    // The newest run before this one: what GitLab makes next is newer. A server without the
    // schedule's pipelines endpoint (before GitLab 15.3) falls back to the detail's last pipeline.
    const before = await newestRun(ctx, projectId, schedule.id).catch(() => schedule.last_pipeline?.id ?? 0);
    try {
      await ctx.gl.schedules.play(projectId, schedule.id);
    } catch (error) {
      toast(ctx.store, 'error', `Could not run ${label}: ${refusal(ctx, error)}`);
      return;
    }
    ctx.acted?.();
    toast(ctx.store, 'info', `GitLab accepted: ${label} runs now on ${safeText(shortRef(schedule.ref), 60)} — looking for its pipeline…`);
    const found = await findRun(ctx, projectId, schedule.id, before);
    if (!found) {
      toast(
        ctx.store,
        'error',
        `GitLab accepted ${label}, but no pipeline appeared in ${Math.round(FIND_WAITS_MS.reduce((a, b) => a + b, 0) / 1000)}s — it makes none when the ref is gone or its CI configuration is invalid`,
      );
      return;
    }
    ctx.acted?.();
    setConfirm(ctx.store, {
      message: `Open pipeline #${found.id} (${safeText(found.status, 20)} on ${safeText(found.ref, 60)})?`,
      detail: `It is the run of ${label} you started; n stays here.`,
      yes: { owner: 'schedules', command: 'schedule.openRun', args: { projectId, path, pipelineId: found.id } },
    });
  });
}

type Run = Pick<PipelineBasic, 'id' | 'status' | 'ref'>;

/**
 * The schedule's first pipeline newer than `before`, looked for a few times (bounded), or null. Its
 * pipelines endpoint first; where GitLab has none (a 404 before GitLab 15.3), the detail's
 * `last_pipeline`. A 404 of the detail too: the schedule is gone, stop.
 */
async function findRun(ctx: Ctx, projectId: number, scheduleId: number, before: number): Promise<Run | null> {
  let viaDetail = false;
  for (const wait of FIND_WAITS_MS) {
    await sleep(wait);
    try {
      if (viaDetail) {
        const last = (await ctx.gl.schedules.get(projectId, scheduleId)).last_pipeline;
        if (last && last.id > before) return last;
        continue;
      }
      for await (const page of ctx.gl.schedules.pipelines(projectId, scheduleId, { sort: 'desc', perPage: 5 }).pages()) {
        const newer = page.items.filter((p) => p.id > before).sort((a, b) => a.id - b.id);
        if (newer[0]) return newer[0];
        break;
      }
    } catch (error) {
      if (isGitLabApiError(error) && error.status === 404) {
        if (viaDetail) return null;
        viaDetail = true;
      }
      // Any other failure is one look of several.
    }
  }
  return null;
}

/** `y` on "Open it?". */
export function openRun(ctx: Ctx, { projectId, path, pipelineId }: { projectId: number; path: string; pipelineId: number }): void {
  nav.push(ctx.store, { kind: 'pipeline', projectId, path, pipelineId, view: 'list' });
}
