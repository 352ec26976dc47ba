// What a poll of the job pane reads: the job's own record (its pane says why when it cannot be
// read), and whether it still moves. How often while its log is tailed is the log's business
// (features/log/feature.ts).
import { readDetail } from '../../store/detail.js';
import type { Ctx } from '../../store/ctx.js';
import { takeFresh } from '../../store/fresh.js';
import type { PanePoll } from '../../store/feature.js';
import { isActiveStatus } from '../../store/sources.js';
import type { AppState, PaneKinds } from '../../store/types.js';
import type { HintPlace } from '../../keymap/bindings.js';
import { writeJobs } from '../../domain/jobs.js';

type JobPane = PaneKinds['job'];

/** The footer ranks a job pane's hints by the job's state (its bindings' `rank`): for the job pane's spec, the log feature's. */
export function jobHintPlaces(state: AppState, pane: JobPane): HintPlace[] | undefined {
  const status = state.jobs[pane.jobId]?.status;
  if (status === 'failed' || status === 'manual' || status === 'success') return [`job:${status}`];
  return isActiveStatus(status) ? ['job:running'] : [];
}

/** The job pane's poll, for its owner (the log feature, which adds its pace while the log is tailed). */
export function pollJobs(ctx: Ctx): PanePoll<JobPane> {
  return {
    // A job just read to open its pane (`:job`) is not read again by the poll that follows.
    refresh: (pane) => (!takeFresh(ctx, `job:${pane.jobId}`) ? readJob(ctx, pane) : undefined),
    moving: (pane) => isActiveStatus(ctx.store.getState().jobs[pane.jobId]?.status),
  };
}

function readJob(ctx: Ctx, pane: JobPane): Promise<void> {
  return readDetail(
    ctx,
    `job:${pane.jobId}`,
    () => ctx.gl.jobs.get(pane.projectId, pane.jobId),
    (j) => {
      if (ctx.store.getState().jobs[j.id] !== j) writeJobs(ctx.store, (s) => ({ jobs: { ...s.jobs, [j.id]: j } }));
    },
  ).then(() => undefined);
}
