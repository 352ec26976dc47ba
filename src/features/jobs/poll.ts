// What a poll of the job pane reads: the job's own record (its pane says why when it cannot be
// read), and whether it still moves. How often while its log is tailed is the log's business
// (features/log/feature.ts).
import { setLoadError } from '../../store/writers.js';
import { writeJobs } from './slice.js';
import type { Ctx } from '../../store/ctx.js';
import { takeFresh } from '../../store/fresh.js';
import { describeError } from '../../store/errors.js';
import type { FeaturePoll } from '../../store/feature.js';
import { isActiveStatus } from '../../store/sources.js';
import type { AppState, Pane } from '../../store/types.js';
import type { HintPlace } from '../../keymap/bindings.js';

/** The footer ranks a job pane's hints by the job's state (its bindings' `rank`): for the job pane's owner, the log feature. */
export function jobHintPlaces(state: AppState, pane: Pane): HintPlace[] | undefined {
  if (pane.kind !== 'job') return undefined;
  const status = state.jobs[pane.jobId]?.status;
  if (status === 'failed' || status === 'manual' || status === 'success') return [`job:${status}`];
  return isActiveStatus(status) ? ['job:running'] : [];
}

/** The job pane's poll, for its owner (the log feature, which adds its pace while the log is tailed). */
export function pollJobs(ctx: Ctx): FeaturePoll {
  return {
    // A job just read to open its pane (`:job`) is not read again by the poll that follows.
    refresh: (pane) => (pane.kind === 'job' && !takeFresh(ctx, `job:${pane.jobId}`) ? readJob(ctx, pane) : undefined),
    moving: (pane) => (pane.kind === 'job' ? isActiveStatus(ctx.store.getState().jobs[pane.jobId]?.status) : undefined),
  };
}

function readJob(ctx: Ctx, pane: Extract<Pane, { kind: 'job' }>): Promise<void> {
  const errorKey = `job:${pane.jobId}`;
  return ctx.gl.jobs.get(pane.projectId, pane.jobId).then(
    (j) => {
      const old = ctx.store.getState().jobs[j.id];
      if (old !== j) writeJobs(ctx.store, (s) => ({ jobs: { ...s.jobs, [j.id]: j } }));
      if (ctx.store.getState().loadErrors[errorKey]) setLoadError(ctx.store, errorKey, null);
      ctx.connectionOk();
    },
    (e: unknown) => {
      // The job pane says why (a job GitLab sent with wrong types would otherwise stay "Loading").
      setLoadError(ctx.store, errorKey, describeError(e));
      ctx.connectionFailed(e);
    },
  );
}
