// Live updates for what is on screen, and nothing else: the top pane's data is re-read every few
// seconds while something in it is still moving, every 30 s when all is finished, and with a
// growing back-off after errors (honouring Retry-After). ETags make an unchanged re-read a cheap 304
// that changes nothing in the store, so nothing re-renders.
import type { Ctx } from './ctx.js';
import { refreshList } from './lists.js';
import { activityMoving, isActivityPane, refreshActivityPane } from './activity.js';
import { isActiveStatus, listKeyOf } from './sources.js';
import { listOf, topPane } from './store.js';
import type { Pane } from './types.js';

export interface PollTiming {
  /** While something on screen runs. */
  activeMs: number;
  /** When everything on screen is finished. */
  idleMs: number;
  /** Longest back-off after errors. */
  maxBackoffMs: number;
}

export const DEFAULT_TIMING: PollTiming = { activeMs: 3_000, idleMs: 30_000, maxBackoffMs: 60_000 };

export interface Poller {
  /** Re-reads the top pane now (the `R` key, and after navigation). */
  refreshNow(): Promise<void>;
  stop(): void;
}

export function startPolling(ctx: Ctx, timing: PollTiming = DEFAULT_TIMING, failures: () => number): Poller {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let running: Promise<void> | null = null;
  let lastPane: Pane | null = null;

  const schedule = () => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), delay());
    timer.unref?.();
  };

  const delay = (): number => {
    const n = failures();
    if (n > 0) {
      const c = ctx.store.getState().connection;
      const retryAt = c.kind === 'retrying' || c.kind === 'offline' ? c.until - ctx.now() : 0;
      return Math.max(retryAt, Math.min(timing.maxBackoffMs, timing.activeMs * 2 ** Math.min(n, 5)));
    }
    return isMoving(ctx, topPane(ctx.store.getState())) ? timing.activeMs : timing.idleMs;
  };

  // A tick asked for while one runs (the user moved to another pane) runs right after it, so a
  // new pane never waits a whole interval for its first load.
  let again = false;
  const tick = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = true;
      return running;
    }
    running = refreshPane(ctx, topPane(ctx.store.getState())).finally(() => {
      running = null;
      if (again) {
        again = false;
        void tick();
      } else schedule();
    });
    return running;
  };

  // Navigation changes what is visible: read it at once and restart the rhythm.
  const unsubscribe = ctx.store.subscribe((state) => {
    const pane = topPane(state);
    if (pane !== lastPane) {
      lastPane = pane;
      void tick();
    }
  });
  lastPane = topPane(ctx.store.getState());
  void tick();

  return {
    refreshNow: () => tick(),
    stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
    },
  };
}

/** Loads or re-reads everything the pane shows. */
export async function refreshPane(ctx: Ctx, pane: Pane): Promise<void> {
  const work: Promise<unknown>[] = [];
  const key = listKeyOf(pane);
  if (key) work.push(refreshList(ctx, key));
  if (isActivityPane(pane)) work.push(refreshActivityPane(ctx, pane));
  if (pane.kind === 'pipeline') {
    work.push(
      ctx.gl.pipelines.get(pane.projectId, pane.pipelineId).then(
        (p) => {
          if (ctx.store.getState().pipelines[p.id] !== p) ctx.store.setState((s) => ({ pipelines: { ...s.pipelines, [p.id]: p } }));
          ctx.connectionOk();
        },
        (e: unknown) => ctx.connectionFailed(e),
      ),
    );
  }
  if (pane.kind === 'job') {
    work.push(
      ctx.gl.jobs.get(pane.projectId, pane.jobId).then(
        (j) => {
          const old = ctx.store.getState().jobs[j.id];
          if (old !== j) ctx.store.setState((s) => ({ jobs: { ...s.jobs, [j.id]: j } }));
          ctx.connectionOk();
        },
        (e: unknown) => ctx.connectionFailed(e),
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

/** Something on screen is still running or queued: poll fast. */
function isMoving(ctx: Ctx, pane: Pane): boolean {
  const state = ctx.store.getState();
  if (pane.kind === 'job') return isActiveStatus(state.jobs[pane.jobId]?.status);
  if (pane.kind === 'pipeline' && isActiveStatus(state.pipelines[pane.pipelineId]?.status)) return true;
  if (activityMoving(ctx, pane)) return true;
  const key = listKeyOf(pane);
  if (!key || pane.kind === 'projects') return false;
  // Only the first screenful matters: old history is finished.
  return listOf<{ status?: string }>(state, key).items.slice(0, 50).some((row) => isActiveStatus(row.status));
}

