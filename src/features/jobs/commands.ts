// What the jobs feature answers about its panes: the job a job key acts on (the keys themselves are
// the pipelines feature's commands, features/pipelines/job-commands.ts, since a trigger job's and a
// manual job's are), Enter on a job row, and `o` on the Jobs tab and the job pane.
import * as nav from '../../store/nav.js';
import type { Job } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { selectedRow } from '../../store/lists.js';
import { listKeyOf } from '../../store/sources.js';
import type { ListKey, Pane } from '../../store/types.js';

/** The list of jobs the pane shows (a pipeline's, a project's Jobs tab), as the registry says; null when its rows are not jobs. */
export function jobsListOf(pane: Pane): ListKey | null {
  const key = listKeyOf(pane);
  return key?.kind === 'pipelineJobs' || key?.kind === 'projectJobs' ? key : null;
}

/** The job a job key acts on: the job pane's, or the selected row's. */
export function targetJob(ctx: Ctx, pane: Pane): Job | undefined {
  // The job pane is the log feature's: its job is the pane's own, not a row.
  if (pane.kind === 'job') return ctx.store.getState().jobs[pane.jobId];
  const key = jobsListOf(pane);
  return key ? selectedRow<Job>(ctx, key) : undefined;
}

/** Enter on a job row: the job's pane (its log), in the row's project. The pipelines feature calls it for its pane's job rows. */
export function openJob(ctx: Ctx, pane: { projectId: number; path: string } & Pane): boolean {
  const key = jobsListOf(pane);
  if (!key) return false;
  const job = selectedRow<Job>(ctx, key);
  if (job) nav.push(ctx.store, { kind: 'job', projectId: pane.projectId, path: pane.path, jobId: job.id });
  return true;
}

/** `o` on the job pane: its job's page (the log feature asks it). */
export function jobUrl(ctx: Ctx, pane: Extract<Pane, { kind: 'job' }>): { url: string | undefined } {
  return { url: ctx.store.getState().jobs[pane.jobId]?.web_url };
}

/** `o` on the Jobs tab: the selected job's page, the project's when none. */
export function jobsTabUrl(ctx: Ctx, pane: Extract<Pane, { kind: 'project' }>): { url: string | undefined } {
  const row = selectedRow<{ web_url?: string }>(ctx, listKeyOf(pane)!);
  return { url: row?.web_url || ctx.store.getState().projects[pane.projectId]?.web_url };
}
