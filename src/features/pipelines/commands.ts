// The pipeline keys of a project's pipelines tab and the pipeline pane: the list's filters, a new
// pipeline (the run form), retry and cancel, the list/graph/timeline views (the job keys are
// job-commands.ts); Enter on a pipeline row and `o` on the Pipelines tab.
import * as nav from '../../store/nav.js';
import type { PipelineBasic } from '../../api/index.js';
import type { CommandId } from '../../keymap/bindings.js';
import { onPane, type CommandRun } from '../../store/command.js';
import type { Ctx } from '../../store/ctx.js';
import { selectedRow } from '../../store/lists.js';
import { listKeyOf } from '../../store/sources.js';
import { toast } from '../../store/store.js';
import type { Pane } from '../../store/types.js';
import { pipelineAction } from './actions.js';
import { pipelineFilterPrompt } from './filters.js';
import { openNewPipelineForm } from './run-form-actions.js';
import { NEXT_VIEW as VIEWS } from './layout-ahead.js';

/** The pipeline a key acts on: the pipeline pane's, or the selected row of the pipelines the pane shows. */
function targetPipeline(ctx: Ctx, pane: Pane): PipelineBasic | undefined {
  if (pane.kind === 'pipeline') return ctx.store.getState().pipelines[pane.pipelineId];
  const key = listKeyOf(pane);
  return key?.kind === 'pipelines' ? selectedRow<PipelineBasic>(ctx, key) : undefined;
}

/** The pipeline keys of a project's pipelines tab and the pipeline pane. */
export const PIPELINE_RUNS: Partial<Record<CommandId, CommandRun>> = {
  'pipelines.filters': { run: onPane('project', (ctx, pane) => pipelineFilterPrompt(ctx, pane.projectId, listKeyOf(pane)!)) },
  'pipeline.new': {
    refusal: () => 'creating pipelines',
    run: onPane(['project', 'pipeline'], (ctx, pane) => openNewPipelineForm(ctx, pane.projectId, pane.path)),
  },
  'pipeline.retry': onPipeline('retry'),
  'pipeline.cancel': onPipeline('cancel'),
  'pipeline.toggleGraph': { run: onPane('pipeline', (ctx, pane) => nav.replaceTop(ctx.store, { ...pane, view: VIEWS[pane.view] })) },
};

/** `r`/^r and ^x: on the pipeline in front or the selected row. */
function onPipeline(verb: 'retry' | 'cancel'): CommandRun {
  return {
    rows: true,
    refusal: () => `${verb} pipeline`,
    run(ctx, pane) {
      const pipeline = targetPipeline(ctx, pane);
      if (!pipeline || !('projectId' in pane)) return void toast(ctx.store, 'info', 'No pipeline selected (still loading?)');
      pipelineAction(ctx, verb, pipeline, pane.projectId);
    },
  };
}

/** Enter on a pipeline row (the Pipelines tab): the pipeline's pane. */
export function openPipelineRow(ctx: Ctx, pane: Extract<Pane, { kind: 'project' }>): boolean {
  const pipeline = selectedRow<PipelineBasic>(ctx, listKeyOf(pane)!);
  if (pipeline) nav.push(ctx.store, { kind: 'pipeline', projectId: pane.projectId, path: pane.path, pipelineId: pipeline.id, view: 'list' });
  return true;
}

/** `o` on the Pipelines tab: the selected pipeline's page, the project's when none. */
export function pipelinesTabUrl(ctx: Ctx, pane: Extract<Pane, { kind: 'project' }>): { url: string | undefined } {
  const row = selectedRow<{ web_url?: string }>(ctx, listKeyOf(pane)!);
  return { url: row?.web_url || ctx.store.getState().projects[pane.projectId]?.web_url };
}
