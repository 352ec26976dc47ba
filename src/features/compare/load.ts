// Reading what a comparison needs: the pipeline, a successful pipeline to hold it against, both
// pipelines' jobs (with the jobs of the pipelines they triggered, through their trigger jobs, as
// `:failures` follows them), test reports and variables. A report or the variables that cannot be
// read (403 for a developer's variables, no report) leave that part out; the rest still compares.
//
// What it is held against (docs/gitlab-api.md "Compare: what a pipeline is held against"):
// 1. the last successful pipeline on its ref before it (GitLab's list filtered by ref and status,
//    newest first: one page is nearly always enough);
// 2. for a merge request's pipeline (`refs/merge-requests/N/head`, `/merge`, `/train`) whose ref has
//    none: the same commit's successful pipeline on another ref (a detached pipeline runs the source
//    branch's head commit), else the last successful pipeline of the merge request's source branch.
import { compareKey, type CompareState, writeCompare } from './slice.js';
import type { Job, PipelineBasic } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { downstreamReader } from '../../watch/downstream.js';
import { mrRef } from '../../domain/merge-request-refs.js';
import { compare } from './diff.js';

/** Pages of successful pipelines looked through for one older than the compared one. */
const MAX_PAGES = 3;
/** Downstream pipelines followed per side, and how deep (a child's child). */
const MAX_DOWNSTREAM = 10;
const MAX_DEPTH = 2;

function patch(ctx: Ctx, key: string, change: Partial<CompareState>): void {
  writeCompare(ctx.store, (s) => ({ comparisons: { ...s.comparisons, [key]: { ...(s.comparisons[key] ?? { state: 'loading', scroll: 0 }), ...change } } }));
}

type Count = <T>(p: Promise<T>) => Promise<T>;

/** A pipeline to compare with, and why that one (said in the pane's first line). */
interface Base {
  pipeline: PipelineBasic;
  /** "the last success on main", "the same commit's success on feature/x". */
  why: string;
}

async function lastGreen(ctx: Ctx, count: Count, projectId: number, ref: string, before: number): Promise<PipelineBasic | null> {
  const green = await count(ctx.gl.pipelines.list(projectId, { ref, status: 'success', order_by: 'id', sort: 'desc', perPage: 50 }).all(MAX_PAGES * 50));
  return green.find((p) => p.id < before) ?? null;
}

async function findBase(ctx: Ctx, count: Count, projectId: number, pipeline: PipelineBasic): Promise<Base | null> {
  const own = await lastGreen(ctx, count, projectId, pipeline.ref, pipeline.id);
  if (own) return { pipeline: own, why: `the last success on ${pipeline.ref}` };
  const mr = mrRef(pipeline.ref);
  if (!mr) return null;
  // The same commit passed elsewhere (its source branch's push pipeline): the closest comparison there is.
  const same = await count(ctx.gl.pipelines.list(projectId, { sha: pipeline.sha, status: 'success', order_by: 'id', sort: 'desc', perPage: 20 }).all(20));
  const sameSha = same.find((p) => p.id !== pipeline.id);
  if (sameSha) return { pipeline: sameSha, why: `the same commit's success on ${sameSha.ref}` };
  const request = await count(ctx.gl.mergeRequests.get(projectId, mr.iid)).catch(() => null);
  if (!request) return null;
  const branch = await lastGreen(ctx, count, projectId, request.source_branch, pipeline.id);
  return branch ? { pipeline: branch, why: `the last success on ${request.source_branch}, the source branch of !${mr.iid}` } : null;
}

/**
 * The pipeline's jobs, then those of the pipelines its trigger jobs started (named `bridge › job`,
 * the trigger job itself among them), as `:failures` walks them (src/watch/downstream.ts).
 */
async function jobsWithDownstream(ctx: Ctx, count: Count, projectId: number, pipelineId: number): Promise<Job[]> {
  const out: Job[] = [];
  let followed = 0;
  const walk = async (project: number, id: number, prefix: string, depth: number): Promise<void> => {
    const [jobs, downstream] = await Promise.all([
      count(ctx.gl.jobs.listForPipeline(project, id, { perPage: 100 }).all()),
      depth < MAX_DEPTH ? count(downstreamReader(ctx.gl, project).read(id)).catch(() => []) : Promise.resolve([]),
    ]);
    for (const job of jobs) out.push(prefix ? { ...job, name: `${prefix}${job.name}` } : job);
    for (const d of downstream) {
      // The trigger job: its status is the downstream pipeline's when it depends on it.
      out.push({ id: d.bridgeId, name: `${prefix}${d.bridgeName}`, stage: d.stage, status: d.status } as Job);
      if (d.pipelineId === null || followed >= MAX_DOWNSTREAM) continue;
      followed++;
      await walk(d.projectId ?? project, d.pipelineId, `${prefix}${d.bridgeName} › `, depth + 1);
    }
  };
  await walk(projectId, pipelineId, '', 0);
  return out;
}

export async function loadComparison(ctx: Ctx, projectId: number, pipelineId: number): Promise<void> {
  const key = compareKey(projectId, pipelineId);
  patch(ctx, key, { state: 'loading', error: undefined });
  let reads = 0;
  const count: Count = (p) => {
    reads++;
    return p;
  };
  const optional = <T>(p: Promise<T>) => count(p).catch(() => null);
  try {
    const pipeline = await count(ctx.gl.pipelines.get(projectId, pipelineId));
    const base = await findBase(ctx, count, projectId, pipeline);
    if (!base) return patch(ctx, key, { state: 'ready', base: null, ref: pipeline.ref, reads });
    const then = base.pipeline;
    const [jobsNow, jobsThen, reportNow, reportThen, varsNow, varsThen, baseFull] = await Promise.all([
      jobsWithDownstream(ctx, count, projectId, pipeline.id),
      jobsWithDownstream(ctx, count, projectId, then.id),
      optional(ctx.gl.pipelines.testReport(projectId, pipeline.id)),
      optional(ctx.gl.pipelines.testReport(projectId, then.id)),
      optional(ctx.gl.pipelines.variables(projectId, pipeline.id)),
      optional(ctx.gl.pipelines.variables(projectId, then.id)),
      count(ctx.gl.pipelines.get(projectId, then.id)),
    ]);
    // A pipeline listing no job (its jobs deleted, or none readable) gives nothing to compare with:
    // every job would read "not there → …".
    if (jobsThen.length === 0) return patch(ctx, key, { state: 'ready', base: baseFull, why: base.why, ref: pipeline.ref, empty: true, reads });
    const result = compare(
      { jobs: jobsNow, duration: pipeline.duration ?? null, report: reportNow, variables: varsNow },
      { jobs: jobsThen, duration: baseFull.duration ?? null, report: reportThen, variables: varsThen },
    );
    patch(ctx, key, { state: 'ready', base: baseFull, why: base.why, ref: pipeline.ref, result, empty: false, reads });
  } catch (error) {
    patch(ctx, key, { state: 'error', error: describeError(error), reads });
  }
}
