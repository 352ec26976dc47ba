// What a job that has not started waits for, in the log pane's place while it has no log. GitLab's
// statuses before `running` (docs/gitlab-api.md "Job statuses before running"), each its own cause.
import type { Job } from '../../api/index.js';
import { duration } from '../../ui/format.js';

/** The sentence for a job that has not started, or null when it has (or may have) a log to show. */
export function waitingFor(job: Pick<Job, 'status' | 'queued_duration'>): string | null {
  const queued = job.queued_duration ? `, queued ${duration(job.queued_duration)}` : '';
  switch (job.status) {
    case 'created':
      return 'Created: waiting for the jobs it depends on (earlier stages or its needs) to finish. The log appears when the job starts.';
    case 'waiting_for_resource':
      return 'Waiting for its resource group: another job holds the resource. The log appears when the job starts.';
    case 'preparing':
      return 'Preparing: GitLab is getting what the job needs ready (e.g. its environment) before queueing it for a runner. The log appears when the job starts.';
    case 'pending':
      return `Waiting for a runner (pending${queued}). The log appears when the job starts.`;
    case 'scheduled':
      return 'Scheduled: a delayed job, it is queued when its delay has passed. Press p to start it now. The log appears when the job starts.';
    case 'waiting_for_callback':
      return 'Waiting for a callback: the job runs outside a runner and waits for the external service to report back.';
    case 'manual':
      return 'This is a manual job: it has not run. Press p to play it.';
    default:
      return null;
  }
}
