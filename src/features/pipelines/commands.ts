// The pipeline keys of a project's pipelines tab and the pipeline pane: the list's filters, a new
// pipeline (the run form), retry and cancel, the list/graph/timeline views; the job keys on a
// trigger job (bridges.ts) and `p` on a manual job (its variables form) before the jobs feature's;
// Enter on a pipeline row, `o`, and the scopes of both panes.
import type { Job, PipelineBasic } from '../../api/index.js';
import type { CommandId, Scope } from '../../keymap/bindings.js';
import type { Ctx } from '../../store/ctx.js';
import { selectedRow } from '../../store/lists.js';
import { listKeyOf } from '../../store/sources.js';
import { toast } from '../../store/store.js';
import type { Pane } from '../../store/types.js';
import { JOB_COMMANDS, targetJob } from '../jobs/index.js';
import { pipelineAction } from './actions.js';
import { bridgeAction, isBridge, type BridgeVerb } from './bridges.js';
import { pipelineFilterPrompt } from './filters.js';
import { environmentOf, isDeployJob, openNewPipelineForm, openPlayForm } from './run-form-actions.js';
import { confirmRun, jobTarget } from './what-runs.js';
import { safeText } from '../../text/safe.js';

const VIEWS = { list: 'graph', graph: 'timeline', timeline: 'list' } as const;

/** The pipeline a key acts on: the pipeline pane's, or the selected row's. */
function targetPipeline(ctx: Ctx, pane: Pane): PipelineBasic | undefined {
  if (pane.kind === 'pipeline') return ctx.store.getState().pipelines[pane.pipelineId];
  if (pane.kind === 'project' && pane.tab === 'pipelines') return selectedRow<PipelineBasic>(ctx, listKeyOf(pane)!);
  return undefined;
}

/** The pipeline commands, and the job keys this feature answers first; false for the rest. */
export function runPipelineCommand(ctx: Ctx, command: CommandId, pane: Pane): boolean {
  const { store } = ctx;
  switch (command) {
    case 'pipelines.filters':
      if (pane.kind === 'project') pipelineFilterPrompt(ctx, pane.projectId, listKeyOf(pane)!);
      return true;
    case 'pipeline.new':
      if (pane.kind === 'project' || pane.kind === 'pipeline') openNewPipelineForm(ctx, pane.projectId, pane.path);
      return true;
    case 'pipeline.retry':
    case 'pipeline.cancel': {
      const pipeline = targetPipeline(ctx, pane);
      if (!pipeline || (pane.kind !== 'project' && pane.kind !== 'pipeline')) toast(store, 'info', 'No pipeline selected (still loading?)');
      else pipelineAction(ctx, command === 'pipeline.retry' ? 'retry' : 'cancel', pipeline, pane.projectId);
      return true;
    }
    case 'pipeline.toggleGraph':
      if (pane.kind === 'pipeline') store.setState((s) => ({ stack: [...s.stack.slice(0, -1), { ...pane, view: VIEWS[pane.view] }] }));
      return true;
    default:
      return JOB_COMMANDS.has(command) && jobKey(ctx, command, pane);
  }
}

/** A job key on a trigger job takes only what GitLab allows it; `p` on a manual job opens its variables first. */
function jobKey(ctx: Ctx, command: CommandId, pane: Pane): boolean {
  const job = targetJob(ctx, pane);
  // No job: the jobs feature says so.
  if (!job || !('projectId' in pane)) return false;
  if (isBridge(job) && pane.kind === 'pipeline') {
    bridgeAction(ctx, command.slice(4) as BridgeVerb, job, pane);
    return true;
  }
  return jobKeyOn(ctx, command, job, pane);
}

/**
 * `p` on a manual job (its variables first) and `r` on a deploy job (asks, naming what runs) — on
 * any job of `at`'s project, wherever it is listed; false for the keys the jobs feature runs as they are.
 */
export function jobKeyOn(ctx: Ctx, command: CommandId, job: Job, at: { projectId: number; path: string }): boolean {
  const pane = at;
  // A manual job: its variables first (none by default: Enter plays at once).
  if (command === 'job.play' && job.status === 'manual') {
    openPlayForm(ctx, job, pane.projectId, pane.path);
    return true;
  }
  // A deploy job retried deploys again: ask, naming what will run and anything newer (what-runs.ts).
  if (command === 'job.retry' && !ctx.store.getState().config.readOnly && isDeployJob(ctx.store.getState(), job)) {
    const env = environmentOf(ctx.store.getState(), job);
    confirmRun(
      ctx,
      {
        message: `Retry ${safeText(job.name, 60)}${env ? ` → ${safeText(env, 40)}` : ''}?`,
        detail: `A new job deploys${env ? ` to ${safeText(env, 40)}` : ''} again.`,
        yes: { command: 'job.confirmed', args: { verb: 'retry', job, projectId: pane.projectId, path: pane.path } },
      },
      jobTarget(job, pane.projectId, env),
      { older: 'this deploys an older commit' },
    );
    return true;
  }
  return false;
}

/** Enter on a pipeline row: the pipeline's pane. */
export function openPipelineRow(ctx: Ctx, pane: Pane): boolean {
  if (pane.kind !== 'project' || pane.tab !== 'pipelines') return false;
  const pipeline = selectedRow<PipelineBasic>(ctx, listKeyOf(pane)!);
  if (pipeline)
    ctx.store.setState((s) => ({
      stack: [...s.stack, { kind: 'pipeline', projectId: pane.projectId, path: pane.path, pipelineId: pipeline.id, view: 'list' }],
    }));
  return true;
}

/** `o`: the selected pipeline's page (the project's when none), or the pipeline pane's pipeline. */
export function pipelineUrl(ctx: Ctx, pane: Pane): { url: string | undefined } | undefined {
  const state = ctx.store.getState();
  if (pane.kind === 'pipeline') return { url: state.pipelines[pane.pipelineId]?.web_url };
  if (pane.kind !== 'project' || pane.tab !== 'pipelines') return undefined;
  const row = selectedRow<{ web_url?: string }>(ctx, listKeyOf(pane)!);
  return { url: row?.web_url || state.projects[pane.projectId]?.web_url };
}

export function pipelineScopes(pane: Pane): Scope[] | undefined {
  if (pane.kind === 'project' && pane.tab === 'pipelines') return ['pipelines', 'project', 'list', 'global'];
  if (pane.kind === 'pipeline') return ['pipeline', 'list', 'global'];
  return undefined;
}
