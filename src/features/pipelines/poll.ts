// What a poll of the pipeline pane reads, and how often. What a re-read costs GitLab is kept small
// (bench/cost.mjs measures it):
// - A finished pipeline: only the pipeline itself is re-read (one request, usually a 304); its jobs
//   are re-read when the pipeline changed (a retry makes it run again), on navigation and R, and at
//   least every JOBS_MAX_AGE_MS in case a job changed without the pipeline (an erase elsewhere).
// - A running pipeline: its jobs every few seconds (less often beyond PAGES_PER_ACTIVE_POLL pages),
//   the pipeline itself only when a job's status changed (the pipeline's follows) or at the idle rate.
// Made once per poller (PaneAnswers.poll): when the pipeline in front was last read is that poller's.
import { readDetail } from '../../store/detail.js';
import { GRAPH_IDLE_MS, graphServes, readGraph, REST_CHECK_MS } from './graph-poll.js';
import { pipelineLoadKey } from './writers.js';
import type { Job, Pipeline } from '../../api/index.js';
import { pagedPollDelay, pagesOf } from '../../lib/budgets.js';
import type { Ctx } from '../../store/ctx.js';
import type { PanePoll } from '../../store/feature.js';
import { refreshList } from '../../store/lists.js';
import { rowsMoving, type PollTiming } from '../../store/polling.js';
import { isActiveStatus, listKeyOf } from '../../store/sources.js';
import { PIPELINE_JOBS_PER_PAGE } from '../../domain/list-keys.js';
import { listOf } from '../../store/store.js';
import type { ListKey, Pane } from '../../store/types.js';
import { writePipelineRecords } from '../../domain/pipelines.js';

type PipelinePane = Extract<Pane, { kind: 'pipeline' }>;

// The page-count back-off is the one `pipetop watch` keeps too (src/lib/budgets.ts pagedPollDelay).
export { PAGES_PER_ACTIVE_POLL } from '../../lib/budgets.js';

/** Between polls of a running pipeline that shows `jobs` jobs: the base wait, longer beyond PAGES_PER_ACTIVE_POLL pages. */
export function runningPipelineDelay(activeMs: number, jobs: number): number {
  return pagedPollDelay(activeMs, pagesOf(jobs, PIPELINE_JOBS_PER_PAGE));
}

/** A finished pipeline's jobs are re-read at least this often even when the pipeline is unchanged. */
export const JOBS_MAX_AGE_MS = 5 * 60_000;

/** The pipeline pane's share of one poller's polls. */
export function pollPipelines(ctx: Ctx, timing: PollTiming): PanePoll<PipelinePane> {
  /** When the pipeline in front and its jobs were last read (this poller's own record). */
  const holder: ReadsHolder = { current: null };
  return {
    ownsList: true,
    refresh: (pane, { full }) => refreshPipeline(ctx, pane, listKeyOf(pane)!, full, timing.idleMs, holder),
    // In flight and changed within a day (store/polling.ts rowsMoving): a pipeline GitLab left running is read at the idle pace.
    moving: (pane) => {
      const pipeline = ctx.store.getState().pipelines[pane.pipelineId];
      return pipeline && rowsMoving([pipeline], ctx.now()) ? true : undefined;
    },
    delay: (pane, moving) => {
      if (moving) return runningPipelineDelay(timing.activeMs, listOf(ctx.store.getState(), listKeyOf(pane)!).items.length);
      // A finished tree read over GraphQL: a question a minute, mostly answered 304 from GitLab's cache.
      return graphServes(ctx) && ctx.store.getState().pipelineGraphs[pane.pipelineId] ? Math.max(timing.idleMs, GRAPH_IDLE_MS) : undefined;
    },
  };
}

/**
 * The pipeline, and its jobs when they may have changed. While it runs, its jobs are read every
 * time and the pipeline itself when a job's status changed (its status follows theirs) or it was
 * last read `maxAgeMs` ago; once finished, the pipeline alone (a 304 when unchanged) decides
 * whether the jobs are read again.
 */
async function refreshPipeline(ctx: Ctx, pane: PipelinePane, key: ListKey, full: boolean, maxAgeMs: number, holder: ReadsHolder): Promise<void> {
  const state = ctx.store.getState();
  const before = state.pipelines[pane.pipelineId];
  const list = listOf(state, key);
  const jobsMoving = list.items.slice(0, 50).some((row) => isActiveStatus((row as { status?: string }).status));
  const reads = readsOf(holder, pane.pipelineId);
  const graph = graphServes(ctx);
  // Over GraphQL the tree says when jobs come and go: no re-read by age.
  const aged = !graph && reads.jobsAt !== undefined && ctx.now() - reads.jobsAt >= JOBS_MAX_AGE_MS;
  const stale = list.loadedAt === null || reads.jobsAt === undefined || aged || list.error !== null;
  if (full || stale || before === undefined) {
    await Promise.all([readPipeline(ctx, pane, reads), readJobs(ctx, key, reads)]);
    // The tree too (its needs), once the pipeline's iid is known.
    if (graph) await readGraph(ctx, pane, key, () => readJobs(ctx, key, reads));
    return;
  }
  if (graph && (await refreshByGraph(ctx, pane, key, before, reads)) !== 'rest') return;
  if (jobsMoving || isActiveStatus(before.status)) {
    const statuses = statusesOf(list.items);
    await readJobs(ctx, key, reads);
    if (statusesOf(listOf(ctx.store.getState(), key).items) !== statuses || reads.pipelineAt === undefined || ctx.now() - reads.pipelineAt >= maxAgeMs)
      await readPipeline(ctx, pane, reads);
    return;
  }
  const after = await readPipeline(ctx, pane, reads);
  if (after && (after.status !== before.status || after.updated_at !== before.updated_at)) await readJobs(ctx, key, reads);
}

/**
 * The GraphQL poll: the tree each time (usually a 304), and the pipeline over REST once a minute
 * while it runs, every REST_IDLE_CHECKS polls once finished — then in place of the tree, which is
 * asked after it only when the pipeline changed.
 */
async function refreshByGraph(ctx: Ctx, pane: PipelinePane, key: ListKey, before: Pipeline, reads: PipelineReads): Promise<'done' | 'rest'> {
  const running = isActiveStatus(before.status);
  const restDue = reads.pipelineAt === undefined || ctx.now() - reads.pipelineAt >= (running ? REST_CHECK_MS : REST_IDLE_CHECK_MS);
  if (restDue && !running) {
    const after = await readPipeline(ctx, pane, reads);
    if (!after || (after.status === before.status && after.updated_at === before.updated_at)) return 'done';
  }
  const outcome = await readGraph(ctx, pane, key, () => readJobs(ctx, key, reads));
  if (outcome === 'rest') return 'rest';
  if (restDue && running) await readPipeline(ctx, pane, reads);
  return 'done';
}

/** A finished pipeline's REST read (the token checked, the fields GraphQL lacks): every fifth GRAPH_IDLE_MS poll. */
const REST_IDLE_CHECK_MS = 5 * GRAPH_IDLE_MS;

const statusesOf = (rows: unknown[]): string => rows.map((r) => `${(r as Job).id}:${(r as Job).status}`).join(',');

/**
 * When the pipeline in front, and its jobs, were last read (a list's loadedAt moves only when rows
 * change). One record per poller, for the pipeline in front only: another pipeline starts afresh.
 */
interface PipelineReads {
  pipelineId: number;
  pipelineAt?: number;
  jobsAt?: number;
}
interface ReadsHolder {
  current: PipelineReads | null;
}
function readsOf(holder: ReadsHolder, pipelineId: number): PipelineReads {
  if (holder.current?.pipelineId !== pipelineId) holder.current = { pipelineId };
  return holder.current;
}

async function readJobs(ctx: Ctx, key: ListKey, reads: PipelineReads): Promise<void> {
  const at = ctx.now();
  await refreshList(ctx, key);
  reads.jobsAt = at;
}

function readPipeline(ctx: Ctx, pane: PipelinePane, reads: PipelineReads): Promise<Pipeline | null> {
  const at = ctx.now();
  return readDetail(
    ctx,
    pipelineLoadKey(pane.pipelineId),
    () => ctx.gl.pipelines.get(pane.projectId, pane.pipelineId),
    (p) => {
      reads.pipelineAt = at;
      if (ctx.store.getState().pipelines[p.id] !== p) writePipelineRecords(ctx.store, (s) => ({ pipelines: { ...s.pipelines, [p.id]: p } }));
    },
  );
}
