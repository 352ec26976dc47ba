// The pipeline pane read through GraphQL (src/api/graphql.ts): one query for the pipeline, its jobs
// with their `needs`, its trigger jobs and its downstream pipelines' jobs, which GitLab answers 304
// from its cache, before any database work, while nothing in the tree changed. A fresh answer
// patches what the REST reads brought (the job rows' statuses and times, the pipeline's, the
// bridges': src/api/graph-patch.ts, as `pipetop watch` does) and keeps the graph for the needs view; REST reads the jobs again only when the set of
// jobs changed (a retry adds one), and reads the pipeline once a minute: the fields GraphQL lacks,
// and an authenticated read — a 304 skips GitLab's authentication, so a revoked token would
// otherwise go unnoticed. Once GitLab will not serve the query, the REST path (poll.ts) takes over.
import { patchBridgeRows, patchJobRows, patchPipeline, type GraphJob, type Job, type Pipeline, type PipelineGraph } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { patchList } from '../../store/store.js';
import { listOf } from '../../store/store.js';
import type { ListKey, Pane } from '../../store/types.js';
import { isBridge, readBridges } from './bridges.js';
import { writePipelines } from './writers.js';
import { writePipelineRecords } from '../../domain/pipelines.js';

type PipelinePane = Extract<Pane, { kind: 'pipeline' }>;

export { GRAPH_IDLE_MS, REST_CHECK_MS } from '../../api/index.js';
/** Graphs kept (the pipelines opened lately): the needs view of the one in front, and going back. */
const MAX_GRAPHS = 20;

/** Whether GraphQL serves this client (not yet refused by GitLab). */
export const graphServes = (ctx: Ctx): boolean => ctx.gl.graphql.unavailable === null;

export type GraphOutcome = 'same' | 'changed' | 'rest';

/**
 * Reads the tree of the pipeline in front. 'rest' when GraphQL cannot (refused now or before, or the
 * pipeline's iid is not known yet): the caller reads over REST. Rows that changed are patched; jobs
 * added or gone are left to `readJobs`, called here.
 */
export async function readGraph(ctx: Ctx, pane: PipelinePane, key: ListKey, readJobs: () => Promise<void>): Promise<GraphOutcome> {
  const pipeline = ctx.store.getState().pipelines[pane.pipelineId];
  if (!graphServes(ctx) || pipeline?.iid === undefined) return 'rest';
  let read;
  try {
    read = await ctx.gl.graphql.pipelineGraph(pane.path, pipeline.iid, pane.pipelineId);
  } catch (error) {
    ctx.connectionFailed(error);
    return 'same';
  }
  ctx.connectionOk();
  if (read.kind === 'unavailable') return 'rest';
  if (read.kind === 'same' && ctx.store.getState().pipelineGraphs[pane.pipelineId] === read.graph) return 'same';
  keepGraph(ctx, pane.pipelineId, read.graph);
  patchPipelines(ctx, read.graph);
  const bridgesMoved = patchBridges(ctx, pane.pipelineId, read.graph);
  const rows = patchRows(ctx, key, read.graph.jobs);
  await Promise.all([rows === 'reread' ? readJobs() : undefined, bridgesMoved ? readBridges(ctx, pane.projectId, pane.pipelineId) : undefined]);
  return 'changed';
}

function keepGraph(ctx: Ctx, pipelineId: number, graph: PipelineGraph): void {
  writePipelines(ctx.store, (s) => {
    const graphs = { ...s.pipelineGraphs };
    delete graphs[pipelineId];
    graphs[pipelineId] = graph;
    const ids = Object.keys(graphs);
    for (const id of ids.slice(0, Math.max(0, ids.length - MAX_GRAPHS))) delete graphs[Number(id)];
    return { pipelineGraphs: graphs };
  });
}

/** The pipeline's and its downstream pipelines' statuses and times, into the pipelines kept. */
function patchPipelines(ctx: Ctx, graph: PipelineGraph): void {
  const state = ctx.store.getState();
  const changes: Record<number, Pipeline> = {};
  for (const p of [graph.pipeline, ...graph.downstream]) {
    const held = state.pipelines[p.id];
    const next = held && patchPipeline(held, p);
    if (next && next !== held) changes[p.id] = next;
  }
  if (Object.keys(changes).length) writePipelineRecords(ctx.store, (s) => ({ pipelines: { ...s.pipelines, ...changes } }));
}

/**
 * The job rows with the graph's statuses: 'reread' when the graph has jobs the list lacks, or lacks
 * rows the list has (retried, or new), which a REST read of the jobs brings whole.
 */
function patchRows(ctx: Ctx, key: ListKey, jobs: readonly GraphJob[]): 'patched' | 'reread' {
  const list = listOf<Job>(ctx.store.getState(), key);
  if (list.loadedAt === null) return 'patched';
  // The whole list is loaded: a job the graph has and the list lacks is new.
  const items = patchJobRows(list.items, jobs, list.nextPage === null, isBridge);
  if (items === 'reread') return 'reread';
  if (items !== list.items) patchList<Job>(ctx.store, key, { items: [...items], loadedAt: ctx.now() });
  return 'patched';
}

/** Bridge statuses into the bridges kept; true when one started another pipeline (a REST read brings it whole). */
function patchBridges(ctx: Ctx, pipelineId: number, graph: PipelineGraph): boolean {
  const held = ctx.store.getState().bridges[pipelineId];
  if (!held) return false;
  const { bridges, moved } = patchBridgeRows(held, graph);
  if (bridges !== held) writePipelines(ctx.store, (s) => ({ bridges: { ...s.bridges, [pipelineId]: [...bridges] } }));
  return moved;
}
