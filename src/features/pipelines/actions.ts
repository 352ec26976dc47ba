// One-key actions on pipelines: retry, cancel (asks first), and `N` new pipeline. Guarded
// (read-only mode, already in flight); the result — or GitLab's own error — lands in a toast.
import type { Pipeline, PipelineBasic } from '../../api/index.js';
import { safeText } from '../../text/safe.js';
import { describeError } from '../../store/errors.js';
import type { Ctx } from '../../store/ctx.js';
import { guarded, refuseReadOnly } from '../../store/guard.js';
import { listKeys } from '../../store/sources.js';
import { patchList, toast } from '../../store/store.js';
import { markPipeline } from '../marks/index.js';

export function pipelineAction(ctx: Ctx, verb: 'retry' | 'cancel', pipeline: PipelineBasic, projectId: number): void {
  if (refuseReadOnly(ctx, `${verb} pipeline`)) return;
  if (verb === 'cancel') {
    ctx.store.setState({ confirm: { message: `Cancel ${pipelineLabel(pipeline)}? Its running and pending jobs stop.`, yes: { command: 'pipeline.cancelConfirmed', args: { pipeline, projectId } } } });
  } else void runPipelineAction(ctx, verb, pipeline, projectId);
}

const pipelineLabel = (pipeline: PipelineBasic) => `pipeline #${pipeline.id} (${safeText(pipeline.ref, 60)})`;

export function runPipelineAction(ctx: Ctx, verb: 'retry' | 'cancel', pipeline: PipelineBasic, projectId: number): Promise<void> {
  const label = pipelineLabel(pipeline);
  return guarded(ctx, `pipeline.${verb}:${pipeline.id}`, `${verb === 'retry' ? 'Retrying' : 'Canceling'} ${label}…`, true, async () => {
    try {
      const result = verb === 'retry' ? await ctx.gl.pipelines.retry(projectId, pipeline.id) : await ctx.gl.pipelines.cancel(projectId, pipeline.id);
      storePipeline(ctx, projectId, result);
      // The pipeline you retried is watched: you are told when it ends (features/marks).
      if (verb === 'retry') markPipeline(ctx, result, projectId, projectPath(ctx, projectId));
      toast(ctx.store, 'success', `${verb === 'retry' ? 'Retried' : 'Canceled'} ${label}: now ${result.status}`);
    } catch (error) {
      toast(ctx.store, 'error', `${capitalize(verb)} failed for ${label}: ${describeError(error)}`);
    }
  });
}

export function storePipeline(ctx: Ctx, projectId: number, pipeline: Pipeline): void {
  ctx.store.setState((s) => ({ pipelines: { ...s.pipelines, [pipeline.id]: pipeline } }));
  patchList<PipelineBasic>(ctx.store, listKeys.pipelines(projectId), (l) => ({
    items: l.items.map((p) => (p.id === pipeline.id ? { ...p, status: pipeline.status, updated_at: pipeline.updated_at } : p)),
  }));
}

/** `N`: a prompt for the ref (default branch prefilled); the new pipeline opens. */
export function newPipeline(ctx: Ctx, projectId: number, path: string): void {
  if (refuseReadOnly(ctx, 'creating pipelines')) return;
  const project = ctx.store.getState().projects[projectId];
  ctx.store.setState({
    prompt: {
      id: 'pipeline.new',
      label: `New pipeline in ${safeText(path, 80)} for ref:`,
      initial: project?.default_branch ?? 'main',
      hint: 'a branch or tag · enter to run · esc to cancel',
      submit: { command: 'pipeline.new', args: { projectId, path } },
    },
  });
}

/** Enter in the `N` prompt: creates the pipeline and opens it; a refusal keeps the prompt open. */
export async function submitNewPipeline(ctx: Ctx, { projectId, path }: { projectId: number; path: string }, value: string): Promise<string | null> {
  const ref = value.trim();
  if (!ref) return 'Type a branch or tag name';
  if (ctx.store.getState().inflight['pipeline.new']) return 'A pipeline is already being created';
  ctx.store.setState((s) => ({ inflight: { ...s.inflight, 'pipeline.new': `Creating a pipeline for ${ref}…` } }));
  try {
    const pipeline = await ctx.gl.pipelines.create(projectId, ref);
    storePipeline(ctx, projectId, pipeline);
    markPipeline(ctx, pipeline, projectId, path);
    patchList<PipelineBasic>(ctx.store, listKeys.pipelines(projectId), (l) => (l.loadedAt === null ? {} : { items: [pipeline, ...l.items.filter((p) => p.id !== pipeline.id)], selected: 0 }));
    ctx.store.setState((s) => ({ stack: [...s.stack, { kind: 'pipeline', projectId, path, pipelineId: pipeline.id, view: 'list' }] }));
    toast(ctx.store, 'success', `Created pipeline #${pipeline.id} for ${safeText(ref, 60)} (${pipeline.status})`);
    return null;
  } catch (error) {
    return `GitLab refused: ${describeError(error)}`;
  } finally {
    ctx.store.setState((s) => {
      const { 'pipeline.new': _, ...rest } = s.inflight;
      return { inflight: rest };
    });
  }
}

const projectPath = (ctx: Ctx, projectId: number): string => {
  const pane = ctx.store.getState().stack.find((p) => 'projectId' in p && p.projectId === projectId);
  return ctx.store.getState().projects[projectId]?.path_with_namespace ?? (pane && 'path' in pane ? pane.path : `project ${projectId}`);
};

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
