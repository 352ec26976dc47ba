// The job pane's rows, counted once: JobPane draws with jobPaneLayout, and the log's paging and
// follow (log-view.ts, through feature.ts) fit the log to it, from the viewport in the store — so
// the two cannot disagree on how many rows of log are on screen.
import type { Job } from '../../api/index.js';
import type { AppState } from '../../store/types.js';
import { busyWith } from '../../store/guard.js';

/** The summary above the log: the job's line, then its commit's (JobPane). */
const SUMMARY_ROWS = 2;
/** The status line under the log: counts, follow, search. */
const STATUS_ROWS = 1;
/** The fewest rows of log, however short the pane (the pane clips what does not fit). */
const MIN_LOG_ROWS = 3;

const LEFT = ['Status', 'Job', 'Stage', 'Ref', 'Pipeline', 'Commit', 'Author', 'Triggered by', 'Runner', 'Tags'] as const;
const RIGHT = ['Created', 'Queued', 'Started', 'Finished', 'Duration', 'Artifacts', 'Coverage', 'Allow failure'] as const;
export type DetailLabel = (typeof LEFT)[number] | (typeof RIGHT)[number] | 'Failure' | 'Erased';

/** The `i` details' two columns of fields, one row each (Fields cuts, never wraps): what JobPane draws, what the layout counts. */
export function detailLabels(job: Job | undefined): { left: readonly DetailLabel[]; right: readonly DetailLabel[] } {
  const right: DetailLabel[] = [...RIGHT];
  if (job?.failure_reason) right.push('Failure');
  if (job?.erased_at) right.push('Erased');
  return { left: LEFT, right };
}

/** A job pane's rows, top to bottom. */
export interface JobPaneLayout {
  /** Above the log: the summary, or with `i` the details' longer column. */
  head: number;
  /** The action in flight (one row, or none). */
  busy: number;
  /** Rows of log (an erased job's notice takes these and the status line's). */
  log: number;
  /** The status line under the log. */
  status: number;
  /**
   * Rows left blank under the status line: the details have always left one (the count they were
   * laid out by took a gap beside their ten rows), kept so the frames stay as they were.
   */
  spare: number;
}

/** The layout of a job pane `height` rows high. */
export function jobPaneLayout(height: number, job: Job | undefined, details: boolean, busy: boolean): JobPaneLayout {
  const labels = detailLabels(job);
  const head = details ? Math.max(labels.left.length, labels.right.length) : SUMMARY_ROWS;
  const spare = details ? 1 : 0;
  const busyRows = busy ? 1 : 0;
  return { head, busy: busyRows, log: Math.max(MIN_LOG_ROWS, height - head - spare - busyRows - STATUS_ROWS), status: STATUS_ROWS, spare };
}

/** The action in flight for this job, shown above the log (one row). */
export function jobBusy(state: AppState, jobId: number): string | undefined {
  return busyWith(state.inflight, 'job', jobId);
}

/** The layout of the job pane in front, from the viewport in the store (what the log's paging fits). */
export function jobPaneLayoutOf(state: AppState, jobId: number): JobPaneLayout {
  return jobPaneLayout(state.viewport.height, state.jobs[jobId], state.logViews[jobId]?.details ?? false, jobBusy(state, jobId) !== undefined);
}
