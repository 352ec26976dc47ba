// Live updates for what is on screen, and nothing else: the top pane's data is re-read every few
// seconds while something in it is still moving, every 30 s when all is finished, and with a
// growing back-off after errors (honouring Retry-After). ETags make an unchanged re-read a cheap 304
// that changes nothing in the store, so nothing re-renders.
//
// What a re-read costs GitLab is kept small (bench/cost.mjs measures it):
// - A finished pipeline: only the pipeline itself is re-read (one request, usually a 304); its jobs
//   are re-read when the pipeline changed (a retry makes it run again), on navigation and R, and at
//   least every JOBS_MAX_AGE_MS in case a job changed without the pipeline (an erase elsewhere).
// - A running pipeline: its jobs every few seconds (less often beyond PAGES_PER_ACTIVE_POLL pages),
//   the pipeline itself only when a job's status changed (the pipeline's follows) or at the idle rate.
// - A running job whose log is on screen: the log tail is the fast signal (features/log/log-view.ts); the job's
//   own record is re-read every tailedJobMs, and at once whenever the log suggests it changed.
import type { Job, Pipeline } from '../api/index.js';
import type { Ctx } from './ctx.js';
import { describeError } from './errors.js';
import { refreshList } from './lists.js';
import { PIPELINE_JOBS_PER_PAGE, isActiveStatus, listKeyOf } from './sources.js';
import { forgetOffStack } from './retention.js';
import { listOf, topPane } from './store.js';
import type { ListKey, Pane } from './types.js';

export interface PollTiming {
  /** While something on screen runs. */
  activeMs: number;
  /** When everything on screen is finished. */
  idleMs: number;
  /** Longest back-off after errors. */
  maxBackoffMs: number;
  /**
   * The job in front while its log is tailed live (default idleMs). The tail is the fast signal —
   * it has the job re-read at once when the log ends, resets, or goes quiet (features/log/log-view.ts) — so
   * this read is only a backstop; on a quiet log over HTTP/2 it was a third of the bytes.
   */
  tailedJobMs?: number;
}

/**
 * What a pane shows, not how: a pipeline's list and graph views show the same jobs, so switching
 * (v) must not re-read them — a 5,000-job pipeline is 50 requests (bench/latency.mjs).
 */
export function paneData(pane: Pane): string {
  const { view: _view, ...data } = pane as Pane & { view?: unknown };
  return JSON.stringify(data);
}

/** The one back-off after `failures` errors in a row: doubling from activeMs, capped, never before Retry-After. */
export function backoffMs(timing: PollTiming, failures: number, retryAfterMs = 0): number {
  // Capped too: a server's Retry-After (999999 s) must not stop the app from asking again.
  return Math.min(timing.maxBackoffMs, Math.max(retryAfterMs, timing.activeMs * 2 ** Math.min(failures, 5)));
}

export const DEFAULT_TIMING: PollTiming = { activeMs: 3_000, idleMs: 30_000, maxBackoffMs: 60_000, tailedJobMs: 120_000 };

/**
 * A running pipeline's jobs are re-read every poll, every page of them. Beyond this many pages a
 * poll comes less often, in proportion: a 5,000-job pipeline (50 pages) every 15 s instead of 3 s
 * is 200 requests a minute instead of 1,000 — gitlab.com allows a user about 2,000 — and the 5 MB
 * of JSON each poll parses lands among the user's keys a fifth as often (a profile of bench/latency.mjs's
 * `v` row caught one there).
 */
export const PAGES_PER_ACTIVE_POLL = 10;

/** Between polls of a running pipeline that shows `jobs` jobs. */
export function runningPipelineDelay(activeMs: number, jobs: number): number {
  const pages = Math.ceil(jobs / PIPELINE_JOBS_PER_PAGE);
  return Math.max(activeMs, Math.round((activeMs * pages) / PAGES_PER_ACTIVE_POLL));
}

/** Polls at the running cadence after an action before the usual rhythm resumes (Poller.acted). */
export const SETTLE_POLLS = 3;

/** A finished pipeline's jobs are re-read at least this often even when the pipeline is unchanged. */
export const JOBS_MAX_AGE_MS = 5 * 60_000;

export interface PollHooks {
  /** Whether the log of this job is on screen and tailed live (then the job is polled slowly). */
  tailing?: (jobId: number) => boolean;
}

export interface Poller {
  /** Re-reads the top pane now (the `R` key, and after navigation). */
  refreshNow(): Promise<void>;
  /**
   * An action changed what is on screen (retry, play, cancel…): re-read it now and poll at the
   * running cadence for a while, so the screen is true within one round trip instead of at the
   * finished-pipeline interval, even while GitLab still reports the old status for a moment.
   */
  acted(): Promise<void>;
  stop(): void;
}

export function startPolling(ctx: Ctx, timing: PollTiming = DEFAULT_TIMING, failures: () => number, hooks: PollHooks = {}): Poller {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let running: Promise<void> | null = null;
  /** paneData of the pane in front when last looked. */
  let lastPane: string | null = null;
  /** When the pipeline in front and its jobs were last read (this poller's own record). */
  const reads: ReadsHolder = { current: null };
  /** Polls left at the running cadence after an action, whatever the pane shows (see acted()). */
  let settling = 0;
  // What the rows on screen lack, read as they come into view (Feature.watch).
  const watchers = ctx.features.flatMap((feature) => (feature.watch ? [feature.watch(ctx)] : []));

  const schedule = () => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(false), delay());
    timer.unref?.();
  };

  const delay = (): number => {
    const n = failures();
    if (n > 0) {
      const c = ctx.store.getState().connection;
      const retryAt = c.kind === 'retrying' || c.kind === 'offline' ? c.until - ctx.now() : 0;
      return backoffMs(timing, n, retryAt);
    }
    const state = ctx.store.getState();
    const pane = topPane(state);
    if (settling > 0) {
      settling--;
      return timing.activeMs;
    }
    if (pane.kind === 'job' && hooks.tailing?.(pane.jobId)) return timing.tailedJobMs ?? timing.idleMs;
    if (!isMoving(ctx, pane)) return timing.idleMs;
    if (pane.kind !== 'pipeline') return timing.activeMs;
    return runningPipelineDelay(timing.activeMs, listOf(state, listKeyOf(pane)!).items.length);
  };

  // A tick asked for while one runs (the user moved to another pane) runs right after it, so a
  // new pane never waits a whole interval for its first load.
  // `full`: re-read everything the pane shows (navigation, R); a timer's tick may skip what cannot
  // have changed.
  let again: { full: boolean } | null = null;
  const tick = async (full: boolean): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = { full: full || again?.full === true };
      return running;
    }
    running = refreshPane(ctx, topPane(ctx.store.getState()), { full, maxAgeMs: timing.idleMs, reads }).finally(() => {
      running = null;
      if (again) {
        const next = again;
        again = null;
        void tick(next.full);
      } else schedule();
    });
    return running;
  };

  // Navigation changes what is visible: read it at once and restart the rhythm, and forget what
  // the panes left behind (retention.ts) once this change has reached every listener.
  const unsubscribe = ctx.store.subscribe((state) => {
    if (!stopped) for (const watch of watchers) watch(state);
    const pane = paneData(topPane(state));
    if (pane !== lastPane) {
      lastPane = pane;
      void tick(true);
      queueMicrotask(() => {
        const changes = stopped ? null : forgetOffStack(ctx.store.getState());
        if (changes) ctx.store.setState(changes);
      });
    }
  });
  lastPane = paneData(topPane(ctx.store.getState()));
  for (const watch of watchers) watch(ctx.store.getState());
  void tick(true);

  return {
    refreshNow: () => tick(true),
    acted() {
      settling = SETTLE_POLLS;
      return tick(true);
    },
    stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
    },
  };
}

/** Loads or re-reads what the pane shows (`full`: all of it; otherwise what may have changed). */
export async function refreshPane(
  ctx: Ctx,
  pane: Pane,
  { full = true, maxAgeMs = DEFAULT_TIMING.idleMs, reads = { current: null } }: { full?: boolean; maxAgeMs?: number; reads?: ReadsHolder } = {},
): Promise<void> {
  const work: Promise<unknown>[] = [];
  const key = listKeyOf(pane);
  if (key && pane.kind !== 'pipeline') work.push(refreshList(ctx, key));
  for (const feature of ctx.features) {
    const refreshing = feature.refresh?.(ctx, pane, { full });
    if (refreshing) work.push(refreshing);
  }
  if (pane.kind === 'pipeline') work.push(refreshPipeline(ctx, pane, key!, full, maxAgeMs, reads));
  if (pane.kind === 'job') {
    work.push(
      ctx.gl.jobs.get(pane.projectId, pane.jobId).then(
        (j) => {
          const old = ctx.store.getState().jobs[j.id];
          if (old !== j) ctx.store.setState((s) => ({ jobs: { ...s.jobs, [j.id]: j } }));
          if (ctx.store.getState().loadErrors[`job:${pane.jobId}`]) ctx.store.setState((s) => ({ loadErrors: withoutKey(s.loadErrors, `job:${pane.jobId}`) }));
          ctx.connectionOk();
        },
        (e: unknown) => {
          // The job pane says why (a job GitLab sent with wrong types would otherwise stay "Loading").
          ctx.store.setState((s) => ({ loadErrors: { ...s.loadErrors, [`job:${pane.jobId}`]: describeError(e) } }));
          ctx.connectionFailed(e);
        },
      ),
    );
  }
  if (pane.kind === 'project' && !ctx.store.getState().projects[pane.projectId]) {
    work.push(
      ctx.gl.projects.get(pane.projectId).then(
        (p) => ctx.store.setState((s) => ({ projects: { ...s.projects, [p.id]: p } })),
        (e: unknown) => ctx.connectionFailed(e),
      ),
    );
  }
  await Promise.all(work);
}

/**
 * The pipeline, and its jobs when they may have changed. While it runs, its jobs are read every
 * time and the pipeline itself when a job's status changed (its status follows theirs) or it was
 * last read `maxAgeMs` ago; once finished, the pipeline alone (a 304 when unchanged) decides
 * whether the jobs are read again.
 */
async function refreshPipeline(
  ctx: Ctx,
  pane: Extract<Pane, { kind: 'pipeline' }>,
  key: ListKey,
  full: boolean,
  maxAgeMs: number,
  holder: ReadsHolder,
): Promise<void> {
  const state = ctx.store.getState();
  const before = state.pipelines[pane.pipelineId];
  const list = listOf(state, key);
  const jobsMoving = list.items.slice(0, 50).some((row) => isActiveStatus((row as { status?: string }).status));
  const reads = readsOf(holder, pane.pipelineId);
  const stale = list.loadedAt === null || reads.jobsAt === undefined || ctx.now() - reads.jobsAt >= JOBS_MAX_AGE_MS || list.error !== null;
  if (full || stale || before === undefined) {
    await Promise.all([readPipeline(ctx, pane, reads), readJobs(ctx, key, reads)]);
    return;
  }
  if (jobsMoving || isActiveStatus(before.status)) {
    const statuses = statusesOf(list.items);
    await readJobs(ctx, key, reads);
    if (statusesOf(listOf(ctx.store.getState(), key).items) !== statuses || reads.pipelineAt === undefined || ctx.now() - reads.pipelineAt >= maxAgeMs)
      await readPipeline(ctx, pane, reads);
    return;
  }
  const after = await readPipeline(ctx, pane, reads);
  if (after && (after.status !== before.status || after.updated_at !== before.updated_at)) await readJobs(ctx, key, reads);
}

const statusesOf = (rows: unknown[]): string => rows.map((r) => `${(r as Job).id}:${(r as Job).status}`).join(',');

/**
 * When the pipeline in front, and its jobs, were last read (a list's loadedAt moves only when rows
 * change). One record per poller, for the pipeline in front only: another pipeline starts afresh.
 */
interface PipelineReads {
  pipelineId: number;
  pipelineAt?: number;
  jobsAt?: number;
}
export interface ReadsHolder {
  current: PipelineReads | null;
}
function readsOf(holder: ReadsHolder, pipelineId: number): PipelineReads {
  if (holder.current?.pipelineId !== pipelineId) holder.current = { pipelineId };
  return holder.current;
}

async function readJobs(ctx: Ctx, key: ListKey, reads: PipelineReads): Promise<void> {
  const at = ctx.now();
  await refreshList(ctx, key);
  reads.jobsAt = at;
}

function readPipeline(ctx: Ctx, pane: Extract<Pane, { kind: 'pipeline' }>, reads: PipelineReads): Promise<Pipeline | null> {
  const at = ctx.now();
  return ctx.gl.pipelines.get(pane.projectId, pane.pipelineId).then(
    (p) => {
      reads.pipelineAt = at;
      if (ctx.store.getState().pipelines[p.id] !== p) ctx.store.setState((s) => ({ pipelines: { ...s.pipelines, [p.id]: p } }));
      ctx.connectionOk();
      return p;
    },
    (e: unknown) => {
      ctx.connectionFailed(e);
      return null;
    },
  );
}

/** Something on screen is still running or queued: poll fast. */
function isMoving(ctx: Ctx, pane: Pane): boolean {
  const state = ctx.store.getState();
  if (pane.kind === 'job') return isActiveStatus(state.jobs[pane.jobId]?.status);
  if (pane.kind === 'pipeline' && isActiveStatus(state.pipelines[pane.pipelineId]?.status)) return true;
  if (ctx.features.some((feature) => feature.moving?.(ctx, pane))) return true;
  const key = listKeyOf(pane);
  if (!key || pane.kind === 'projects') return false;
  // Only the first screenful matters: old history is finished.
  return listOf<{ status?: string }>(state, key)
    .items.slice(0, 50)
    .some((row) => isActiveStatus(row.status));
}

function withoutKey(record: Record<string, string>, key: string): Record<string, string> {
  const { [key]: _, ...rest } = record;
  return rest;
}
