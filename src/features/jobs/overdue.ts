// Which jobs are overdue (src/time/overdue.ts), with what the store knows of their project: its
// build_timeout (GET /projects/:id sends it to Maintainers and up) and the past runs the pipelines
// feature read (`jobHistory`, for the usual duration).
import type { Job } from '../../api/index.js';
import type { AppState } from '../../store/types.js';
import { overdue, pastDurations, usualOf, type OverdueLimits } from '../../time/overdue.js';
import { useApp, useAppState } from '../../ui/context.js';

/** The limits a job of `projectId` is held to. */
export function limitsOf(state: Pick<AppState, 'projects' | 'jobHistory'>, projectId: number | undefined, job: Job): OverdueLimits {
  if (projectId === undefined) return {};
  const runs = state.jobHistory[projectId]?.jobs ?? [];
  return { timeout: state.projects[projectId]?.build_timeout, usual: usualOf(pastDurations(runs, job.name, job.ref, job.id)) };
}

/** Why `job` is overdue, or null. */
export function jobOverdue(state: Pick<AppState, 'projects' | 'jobHistory'>, projectId: number | undefined, job: Job, now: number): string | null {
  return overdue(job, now, limitsOf(state, projectId, job));
}

/** For a table's rows: a function telling each row's overdue reason (null when it is not). */
export function useOverdue(projectId: number | undefined): (job: Job) => string | null {
  const { now } = useApp();
  const timeout = useAppState((s) => (projectId === undefined ? undefined : s.projects[projectId]?.build_timeout));
  const runs = useAppState((s) => (projectId === undefined ? undefined : s.jobHistory[projectId]?.jobs));
  return (job) => overdue(job, now(), { timeout, usual: runs ? usualOf(pastDurations(runs, job.name, job.ref, job.id)) : null });
}
