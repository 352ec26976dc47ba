// The jobs feature's keys: the job keys (retry, cancel, play, erase, keep, download) on the job in
// front or the selected row, the status filter of a job list, Enter on a job row, `o`, and the
// keymap scopes of the jobs tab and the job pane. (A trigger job's keys and a manual job's form
// are the pipelines feature's: features/pipelines/commands.ts runs first.)
import type { Job } from '../../api/index.js';
import type { CommandId, Scope } from '../../keymap/bindings.js';
import type { Ctx } from '../../store/ctx.js';
import { selectedRow } from '../../store/lists.js';
import { listKeyOf } from '../../store/sources.js';
import { toast } from '../../store/store.js';
import type { Pane } from '../../store/types.js';
import { downloadArtifacts, jobAction, type JobVerb } from './actions.js';
import { jobScopePrompt } from './scopes.js';

/** The panes whose rows are jobs: a pipeline's, and a project's jobs tab. */
const listsJobs = (pane: Pane): pane is Extract<Pane, { kind: 'pipeline' | 'project' }> =>
  pane.kind === 'pipeline' || (pane.kind === 'project' && pane.tab === 'jobs');

/** The job a job key acts on: the job pane's, or the selected row's. */
export function targetJob(ctx: Ctx, pane: Pane): Job | undefined {
  if (pane.kind === 'job') return ctx.store.getState().jobs[pane.jobId];
  const key = listKeyOf(pane);
  return listsJobs(pane) && key ? selectedRow<Job>(ctx, key) : undefined;
}

export const JOB_COMMANDS: ReadonlySet<CommandId> = new Set<CommandId>(['job.retry', 'job.cancel', 'job.play', 'job.erase', 'job.keep', 'job.download']);

export function runJobCommand(ctx: Ctx, command: CommandId, pane: Pane): boolean {
  if (command === 'pipeline.jobScope') {
    const key = listKeyOf(pane);
    if (key && listsJobs(pane)) jobScopePrompt(ctx, key);
    return true;
  }
  if (!JOB_COMMANDS.has(command)) return false;
  const job = targetJob(ctx, pane);
  if (!job || !('projectId' in pane)) {
    toast(ctx.store, 'info', 'No job selected (still loading?)');
    return true;
  }
  runJobCommandOn(ctx, command, job, pane.projectId, pane.path);
  return true;
}

/** A job key on a job of `projectId` (a project's list, a pipeline's, or `:jobs` across projects). */
export function runJobCommandOn(ctx: Ctx, command: CommandId, job: Job, projectId: number, path: string): void {
  if (command === 'job.download') downloadArtifacts(ctx, job, projectId);
  else jobAction(ctx, command.slice(4) as JobVerb, job, projectId, path);
}

/** Enter on a job row: the job's pane (its log). */
export function openJob(ctx: Ctx, pane: Pane): boolean {
  if (!listsJobs(pane)) return false;
  const job = selectedRow<Job>(ctx, listKeyOf(pane)!);
  if (job) ctx.store.setState((s) => ({ stack: [...s.stack, { kind: 'job', projectId: pane.projectId, path: pane.path, jobId: job.id }] }));
  return true;
}

/** `o`: the selected job's page (the project's when none), or the job pane's job. */
export function jobUrl(ctx: Ctx, pane: Pane): { url: string | undefined } | undefined {
  const state = ctx.store.getState();
  if (pane.kind === 'job') return { url: state.jobs[pane.jobId]?.web_url };
  if (pane.kind !== 'project' || pane.tab !== 'jobs') return undefined;
  const row = selectedRow<{ web_url?: string }>(ctx, listKeyOf(pane)!);
  return { url: row?.web_url || state.projects[pane.projectId]?.web_url };
}

export function jobScopes(pane: Pane): Scope[] | undefined {
  if (pane.kind === 'project' && pane.tab === 'jobs') return ['jobs', 'project', 'list', 'global'];
  if (pane.kind === 'job') return ['job', 'global'];
  return undefined;
}
