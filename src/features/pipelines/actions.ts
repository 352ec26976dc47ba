// One-key actions on pipelines: retry and cancel (asks first); `N` is the run form (run-form-actions.ts). Guarded
// (read-only mode, already in flight); the result — or GitLab's own error — lands in a toast.
import type { Pipeline, PipelineBasic } from '../../api/index.js';
import { safeText } from '../../text/safe.js';
import { describeError } from '../../store/errors.js';
import type { Ctx } from '../../store/ctx.js';
import { guarded } from '../../store/guard.js';
import { FINISHED, isActiveStatus } from '../../lib/status.js';
import { patchActedRows } from '../../store/lists.js';
import { patchList, toast } from '../../store/store.js';
import { markPipeline } from '../marks/index.js';
import { confirmRun, pipelineRun, RERUNS_OLDER } from '../../store/confirm-run.js';
import { listKeys } from '../../domain/list-keys.js';
import { writePipelineRecords } from '../../domain/pipelines.js';

export function pipelineAction(ctx: Ctx, verb: 'retry' | 'cancel', pipeline: PipelineBasic, projectId: number): void {
  if (verb === 'cancel') {
    // Nothing runs in a finished pipeline: asking "Cancel?" would promise what cannot happen.
    if (!isActiveStatus(pipeline.status)) {
      const state = FINISHED.has(pipeline.status) ? `already finished (${pipeline.status})` : `is ${pipeline.status}`;
      return void toast(ctx.store, 'info', `${capitalize(pipelineLabel(pipeline))} ${state}: nothing to cancel`);
    }
    confirmRun(ctx, {
      message: `Cancel ${pipelineLabel(pipeline)}? Its running and pending jobs stop.`,
      yes: { owner: 'pipelines', command: 'pipeline.cancelConfirmed', args: { pipeline, projectId } },
      target: pipelineRun(ctx.store.getState(), pipeline, projectId),
      newer: null,
    });
  } else {
    // A retry runs the pipeline's failed jobs again — deploys among them: say what, and whether a
    // newer pipeline on its ref makes this an older commit (store/confirm-run.ts).
    confirmRun(ctx, {
      message: `Retry ${pipelineLabel(pipeline)}?`,
      detail: 'Its failed and canceled jobs run again.',
      yes: { owner: 'pipelines', command: 'pipeline.retryConfirmed', args: { pipeline, projectId } },
      target: pipelineRun(ctx.store.getState(), pipeline, projectId),
      newer: RERUNS_OLDER,
    });
  }
}

const pipelineLabel = (pipeline: PipelineBasic) => `pipeline #${pipeline.id} (${safeText(pipeline.ref, 60)})`;

export function runPipelineAction(ctx: Ctx, verb: 'retry' | 'cancel', pipeline: PipelineBasic, projectId: number): Promise<void> {
  const label = pipelineLabel(pipeline);
  // A retry restarts only the failed and canceled jobs: the toast says so, not "the pipeline".
  const doing = verb === 'retry' ? `Retrying the failed and canceled jobs of ${label}…` : `Canceling ${label}…`;
  return guarded(ctx, `pipeline.${verb}:${pipeline.id}`, doing, async () => {
    try {
      const result = verb === 'retry' ? await ctx.gl.pipelines.retry(projectId, pipeline.id) : await ctx.gl.pipelines.cancel(projectId, pipeline.id);
      storePipeline(ctx, projectId, result);
      // Kept in the list where it stands (a retried pipeline leaves `status=failed`), the cursor on it.
      patchActedRows(ctx, listKeys.pipelines(projectId), pipeline.id, (items) => items);
      ctx.acted?.();
      // The pipeline you retried is watched: you are told when it ends (features/marks).
      if (verb === 'retry') markPipeline(ctx, result, projectId, projectPath(ctx, projectId));
      // GitLab answers 200/201 even when it did nothing: a retry restarts only failed and canceled
      // jobs, a cancel stops only what still runs. Say what really happened.
      if (verb === 'retry' && !isActiveStatus(result.status))
        toast(ctx.store, 'info', `Nothing to retry in ${label}: no failed or canceled jobs (still ${result.status})`);
      else if (verb === 'cancel' && result.status !== 'canceled' && result.status !== 'canceling')
        toast(ctx.store, 'info', `Nothing to cancel in ${label}: it is ${result.status}`);
      else if (verb === 'retry') toast(ctx.store, 'success', `Retried ${label}: now ${result.status} (its failed and canceled jobs run again)`);
      else toast(ctx.store, 'success', `Canceled ${label}: now ${result.status}`);
    } catch (error) {
      toast(ctx.store, 'error', `${capitalize(verb)} failed for ${label}: ${describeError(error)}`);
    }
  });
}

export function storePipeline(ctx: Ctx, projectId: number, pipeline: Pipeline): void {
  writePipelineRecords(ctx.store, (s) => ({ pipelines: { ...s.pipelines, [pipeline.id]: pipeline } }));
  patchList<PipelineBasic>(ctx.store, listKeys.pipelines(projectId), (l) => ({
    items: l.items.map((p) => (p.id === pipeline.id ? { ...p, status: pipeline.status, updated_at: pipeline.updated_at } : p)),
  }));
}

const projectPath = (ctx: Ctx, projectId: number): string => {
  const pane = ctx.store.getState().stack.find((p) => 'projectId' in p && p.projectId === projectId);
  return ctx.store.getState().projects[projectId]?.path_with_namespace ?? (pane && 'path' in pane ? pane.path : `project ${projectId}`);
};

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
