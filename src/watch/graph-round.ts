// A round of `pipetop watch` over GraphQL: the pipeline's whole tree — its jobs past 100, its trigger
// jobs and its downstream pipelines — in one query that GitLab answers 304 from its cache while
// nothing in the tree changed (src/api/graphql.ts, docs/gitlab-api.md "GraphQL: the pipeline graph"),
// as the pipeline pane reads it. A fresh answer patches what REST read (src/api/graph-patch.ts);
// REST is read again only where the graph cannot say it all:
// - the jobs, when a job was added or is gone (a retry), or one failed: GraphQL's CiJob has no
//   failure_reason, which every output of the watch names;
// - the bridges, when one started a pipeline (its web_url and project come from REST);
// - the pipeline, every REST_CHECK_MS — a 304 skips GitLab's authentication, so a revoked token is
//   noticed by this read — and once more when the graph says it ended, so the end is told from an
//   authenticated answer with every field.
// Once GitLab will not serve the query (404/405/415, `errors`, 429), the caller's REST round takes over.
import { patchBridgeRows, patchJobRows, patchPipeline, REST_CHECK_MS, type Bridge, type GitLab, type Job, type Pipeline } from '../api/index.js';
import { JOBS_PER_PAGE, pagedReadDue, pagesOf } from '../lib/budgets.js';
import { SETTLED } from '../lib/status.js';
import type { DownstreamReader } from './downstream.js';

/** What the watch holds between rounds, as REST's records. */
export interface Held {
  pipeline: Pipeline;
  jobs: Job[];
  bridges: Bridge[];
}

export interface GraphRoundOptions {
  gl: GitLab;
  projectId: number;
  /** The project's full path: GraphQL names projects by it. */
  projectPath: string;
  pipelineId: number;
  reader: DownstreamReader;
  now: () => number;
  signal?: AbortSignal;
  /** Between two rounds (REST's too): when the pipeline and the jobs were last read over REST. */
  reads: Reads;
  intervalMs: number;
}

export interface Reads {
  pipelineAt: number;
  jobsAt: number;
  /** The graph said the job rows no longer match, and the page budget put their read off. */
  jobsOwed: boolean;
}

/** Whether this round can go over GraphQL: GitLab has not refused it, and REST told the pipeline's iid (GraphQL finds a pipeline by it). */
export const graphServes = (gl: GitLab, pipeline: Pipeline): boolean => gl.graphql.unavailable === null && pipeline.iid !== undefined;

/**
 * The next state of `held` read over GraphQL; null when GitLab refused the query just now
 * (`gl.graphql.unavailable` says why): the caller reads this round over REST.
 */
export async function graphRound(o: GraphRoundOptions, held: Held): Promise<Held | null> {
  const signal = o.signal ? { signal: o.signal } : {};
  const readPipeline = async () => {
    const p = await o.gl.pipelines.get(o.projectId, o.pipelineId, signal);
    o.reads.pipelineAt = o.now();
    return p;
  };
  let pipeline = held.pipeline;
  let restRead = false;
  if (o.now() - o.reads.pipelineAt >= REST_CHECK_MS) {
    pipeline = await readPipeline();
    restRead = true;
  }
  const read = await o.gl.graphql.pipelineGraph(o.projectPath, pipeline.iid!, o.pipelineId);
  if (read.kind === 'unavailable') return null;
  let { jobs, bridges } = held;
  // A 304 hands back the very graph already applied: nothing moved.
  if (read.kind === 'fresh') {
    const graph = read.graph;
    pipeline = patchPipeline(pipeline, graph.pipeline);
    const rows = patchJobRows(jobs, graph.jobs, true);
    const failedNow = rows !== 'reread' && rows.some((r, i) => r.status === 'failed' && jobs[i]!.status !== 'failed');
    if (rows === 'reread' || failedNow) o.reads.jobsOwed = true;
    if (rows !== 'reread') jobs = rows as Job[];
    const patched = patchBridgeRows(bridges, graph);
    bridges = patched.moved ? await o.reader.bridges(o.pipelineId, o.signal) : (patched.bridges as Bridge[]);
  }
  // A big pipeline's jobs keep to the TUI's page budget (src/lib/budgets.ts): its graph stops at
  // 10,000 jobs, and reading 500 REST pages on every change would undo what the 304s save.
  const age = o.now() - o.reads.jobsAt;
  if (o.reads.jobsOwed && pagedReadDue(age, o.intervalMs, pagesOf(jobs.length))) {
    jobs = await o.gl.jobs.listForPipeline(o.projectId, o.pipelineId, { perPage: JOBS_PER_PAGE, ...signal }).all();
    o.reads.jobsAt = o.now();
    o.reads.jobsOwed = false;
  }
  if (SETTLED.has(pipeline.status) && !restRead) pipeline = await readPipeline();
  return { pipeline, jobs, bridges };
}
