// The pipeline pane read through GraphQL (src/api/graphql.ts): one query for the pipeline, its jobs
// with their `needs`, its trigger jobs and its downstream pipelines' jobs, which GitLab answers 304
// from its cache, before any database work, while nothing in the tree changed. A fresh answer
// patches what the REST reads brought (the job rows' statuses and times, the pipeline's, the
// bridges') and keeps the graph for the needs view; REST reads the jobs again only when the set of
// jobs changed (a retry adds one), and reads the pipeline once a minute: the fields GraphQL lacks,
// and an authenticated read — a 304 skips GitLab's authentication, so a revoked token would
// otherwise go unnoticed. Once GitLab will not serve the query, the REST path (poll.ts) takes over.
import type { Bridge, GraphJob, Job, Pipeline, PipelineGraph } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { patchList } from '../../store/store.js';
import { listOf } from '../../store/store.js';
import type { ListKey, Pane } from '../../store/types.js';
import { isBridge, readBridges } from './bridges.js';
import { writePipelines } from './writers.js';
import { writePipelineRecords } from '../../domain/pipelines.js';

type PipelinePane = Extract<Pane, { kind: 'pipeline' }>;

/** The REST read of the pipeline beside the GraphQL polls: its fields GraphQL lacks, and the token still valid. */
export const REST_CHECK_MS = 60_000;
/** A finished pipeline's tree is asked this often (GitLab's own page: every 10 s while the tab shows it). */
export const GRAPH_IDLE_MS = 60_000;
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
  const bridgesMoved = patchBridges(ctx, pane.pipelineId, read.graph.jobs);
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

const PIPELINE_FIELDS = ['status', 'duration', 'queued_duration', 'started_at', 'finished_at', 'updated_at'] as const;

/** The pipeline's and its downstream pipelines' statuses and times, into the pipelines kept. */
function patchPipelines(ctx: Ctx, graph: PipelineGraph): void {
  const state = ctx.store.getState();
  const changes: Record<number, Pipeline> = {};
  for (const p of [graph.pipeline, ...graph.downstream]) {
    const held = state.pipelines[p.id];
    if (!held) continue;
    const next = { ...held };
    let changed = false;
    for (const field of PIPELINE_FIELDS) {
      const value = p[field];
      if (value === undefined || held[field] === value) continue;
      (next as Record<string, unknown>)[field] = value;
      changed = true;
    }
    if (changed) changes[p.id] = next;
  }
  if (Object.keys(changes).length) writePipelineRecords(ctx.store, (s) => ({ pipelines: { ...s.pipelines, ...changes } }));
}

const JOB_FIELDS = ['status', 'allow_failure', 'duration', 'queued_duration', 'started_at', 'finished_at'] as const;

/** `row` with the graph's statuses and times, or `row` itself when none changed. */
function patched<T extends Job>(row: T, job: GraphJob): T {
  let next: T | null = null;
  for (const field of JOB_FIELDS) {
    // A running job's duration grows without the tree changing: GitLab's 304 replays an old one; the
    // panes count a running job's time from started_at, so the row keeps its own while it runs.
    if (field === 'duration' && job.status === 'running') continue;
    if (row[field] === job[field]) continue;
    next ??= { ...row };
    (next as Record<string, unknown>)[field] = job[field];
  }
  return next ?? row;
}

/**
 * The job rows with the graph's statuses: 'reread' when the graph has jobs the list lacks, or lacks
 * rows the list has (retried, or new), which a REST read of the jobs brings whole.
 */
function patchRows(ctx: Ctx, key: ListKey, jobs: readonly GraphJob[]): 'patched' | 'reread' {
  const list = listOf<Job>(ctx.store.getState(), key);
  if (list.loadedAt === null) return 'patched';
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const builds = jobs.filter((j) => !j.bridge);
  const rows = list.items.filter((r) => !isBridge(r));
  if (rows.some((r) => !byId.has(r.id))) return 'reread';
  // The whole list is loaded: a job the graph has and the list lacks is new.
  if (list.nextPage === null && builds.length !== rows.length) return 'reread';
  let changed = false;
  const items = list.items.map((row) => {
    const job = byId.get(row.id);
    const next = job ? patched(row, job) : row;
    if (next !== row) changed = true;
    return next;
  });
  if (changed) patchList<Job>(ctx.store, key, { items, loadedAt: ctx.now() });
  return 'patched';
}

/** Bridge statuses into the bridges kept; true when one started another pipeline (a REST read brings it whole). */
function patchBridges(ctx: Ctx, pipelineId: number, jobs: readonly GraphJob[]): boolean {
  const held = ctx.store.getState().bridges[pipelineId];
  if (!held) return false;
  const byId = new Map(jobs.filter((j) => j.bridge).map((j) => [j.id, j]));
  if (byId.size !== held.length) return true;
  let moved = false;
  let changed = false;
  const next = held.map((b) => {
    const job = byId.get(b.id);
    if (!job) {
      moved = true;
      return b;
    }
    if ((b.downstream_pipeline?.id ?? null) !== job.downstream_pipeline_id) moved = true;
    const p = patched(b as Bridge & Job, job);
    if (p !== b) changed = true;
    return p as Bridge;
  });
  if (changed) writePipelines(ctx.store, (s) => ({ bridges: { ...s.bridges, [pipelineId]: next } }));
  return moved;
}
