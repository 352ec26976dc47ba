// A round of `pipetop watch` over GraphQL: the pipeline's whole tree — its jobs past 100, its trigger
// jobs and its downstream pipelines — in one query that GitLab answers 304 from its cache while
// nothing in the tree changed (src/api/graphql.ts, docs/gitlab-api.md "GraphQL: the pipeline graph"),
// as the pipeline pane reads it. A fresh answer patches what REST read (src/api/graph-patch.ts);
// REST is read again only where the graph cannot say it all:
// - the jobs, when a job was added or is gone (a retry), or one failed: GraphQL's CiJob has no
//   failure_reason, which every output of the watch names; and at the end, when jobs still run in
//   the tree (GitLab touches its ETag seconds after the change);
// - the bridges, when one started a pipeline (its web_url and project come from REST);
// - the pipeline, every REST_CHECK_MS — a 304 skips GitLab's authentication, so a revoked token is
//   noticed by this read — and once more when the graph says it ended, so the end is told from an
//   authenticated answer with every field.
// A big pipeline's fresh trees and REST lists keep to the TUI's page budget (src/lib/budgets.ts).
// Once GitLab will not serve the query (404/405/415, `errors`, 429), the caller's REST round takes over.
import { patchBridgeRows, patchJobRows, patchPipeline, REST_CHECK_MS, type Bridge, type GitLab, type Job, type Pipeline } from '../api/index.js';
import { JOBS_PER_PAGE, pagedReadDue, pagesOf } from '../lib/budgets.js';
import { isActiveStatus, SETTLED } from '../lib/status.js';
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
  /** When the tree last came fresh (not a 304), and in how many pages. */
  treeAt?: number;
  treePages?: number;
  /** A REST list of the jobs is owed (the rows no longer match the graph, or a job failed): read within the page budget. */
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
  /** This round's REST answer, when it read one. */
  let rest: Pipeline | null = null;
  if (o.now() - o.reads.pipelineAt >= REST_CHECK_MS) {
    pipeline = await readPipeline();
    rest = pipeline;
  }
  // A fresh tree of a big pipeline is many pages (100 jobs each): asked again within the TUI's page
  // budget (src/lib/budgets.ts), as REST's job list is, while a 304 is one request whatever the size.
  const treeDue = o.reads.treeAt === undefined || pagedReadDue(o.now() - o.reads.treeAt, o.intervalMs, o.reads.treePages ?? 1);
  const read = treeDue ? await o.gl.graphql.pipelineGraph(o.projectPath, pipeline.iid!, o.pipelineId) : null;
  if (read?.kind === 'unavailable') return null;
  let { jobs, bridges } = held;
  // A 304 hands back the very graph already applied: nothing moved.
  if (read?.kind === 'fresh') {
    const graph = read.graph;
    o.reads.treeAt = o.now();
    o.reads.treePages = pagesOf(graph.jobs.length);
    pipeline = patchPipeline(pipeline, graph.pipeline);
    const rows = patchJobRows(jobs, graph.jobs, true);
    const failedNow = rows !== 'reread' && rows.some((r, i) => r.status === 'failed' && jobs[i]!.status !== 'failed');
    if (rows === 'reread' || failedNow) o.reads.jobsOwed = true;
    if (rows !== 'reread') jobs = rows as Job[];
    const patched = patchBridgeRows(bridges, graph);
    bridges = patched.moved ? await o.reader.bridges(o.pipelineId, o.signal) : (patched.bridges as Bridge[]);
  }
  // Ended: told from REST's own answer, unless this round's REST read already said it.
  if (SETTLED.has(pipeline.status) && pipeline !== rest) pipeline = await readPipeline();
  const ended = SETTLED.has(pipeline.status);
  // GitLab touches the tree's ETag from Sidekiq, seconds after the change: a REST read that saw the
  // end before the tree did leaves jobs still running here, which REST's list brings to their end.
  if (ended && jobs.some((j) => isActiveStatus(j.status) && j.status !== 'created')) o.reads.jobsOwed = true;
  // A big pipeline's jobs keep to the TUI's page budget (src/lib/budgets.ts): its graph stops at
  // 10,000 jobs, and reading 500 REST pages on every change would undo what the 304s save. The end
  // waits for no budget: the summary names each failed job with its reason and URL.
  const age = o.now() - o.reads.jobsAt;
  if (o.reads.jobsOwed && (ended || pagedReadDue(age, o.intervalMs, pagesOf(jobs.length)))) {
    jobs = await o.gl.jobs.listForPipeline(o.projectId, o.pipelineId, { perPage: JOBS_PER_PAGE, ...signal }).all();
    o.reads.jobsAt = o.now();
    o.reads.jobsOwed = false;
  }
  return { pipeline, jobs, bridges };
}
