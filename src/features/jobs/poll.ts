// What a poll of the job pane reads: the job's own record (its pane says why when it cannot be
// read), and whether it still moves. How often while its log is tailed is the log's business
// (features/log/feature.ts).
import { readDetail } from '../../store/detail.js';
import type { Ctx } from '../../store/ctx.js';
import { takeFresh } from '../../store/fresh.js';
import type { FeaturePoll } from '../../store/feature.js';
import { isActiveStatus } from '../../store/sources.js';
import type { AppState, Pane } from '../../store/types.js';
import type { HintPlace } from '../../keymap/bindings.js';
import { writeJobs } from '../../domain/jobs.js';

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
  return readDetail(
    ctx,
    `job:${pane.jobId}`,
    () => ctx.gl.jobs.get(pane.projectId, pane.jobId),
    (j) => {
      if (ctx.store.getState().jobs[j.id] !== j) writeJobs(ctx.store, (s) => ({ jobs: { ...s.jobs, [j.id]: j } }));
    },
  ).then(() => undefined);
}
