// How many rows the job pane leaves its log: the one computation JobPane draws with and the log's
// paging and follow use (from the viewport in the store, never a field a component writes).
import type { Job } from '../../api/index.js';
import type { AppState } from '../../store/types.js';

/** Lines of the `i` details block: the longer of its two columns (JobPane's fields), plus a gap. */
function detailRows(job: Job | undefined): number {
  const right = 7 + (job?.failure_reason ? 1 : 0) + (job?.erased_at ? 1 : 0);
  return Math.max(10, right) + 1;
}

/** The action in flight for this job, shown above the log (one row). */
export function jobBusy(state: AppState, jobId: number): string | undefined {
  return Object.entries(state.inflight).find(([k]) => k.endsWith(`:${jobId}`))?.[1];
}

/** Rows of log in a job pane `height` rows high: below the summary (2) or details, the busy line, above the status line. */
export function logRows(height: number, details: boolean, job: Job | undefined, busy: boolean): number {
  const fields = details ? detailRows(job) : 2;
  return Math.max(3, height - fields - 1 - (busy ? 1 : 0));
}

export function logRowsOf(state: AppState, jobId: number): number {
  return logRows(state.viewport.height, state.logViews[jobId]?.details ?? false, state.jobs[jobId], jobBusy(state, jobId) !== undefined);
}
