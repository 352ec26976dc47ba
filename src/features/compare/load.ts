// Reading what a comparison needs: the pipeline, the last successful pipeline on its ref before it
// (GitLab's list filtered by ref and status, newest first: one page is nearly always enough), both
// pipelines' jobs, test reports and variables. A report or the variables that cannot be read (403 for
// a developer's variables, no report) leave that part out; the rest still compares.
import { compareKey, type CompareState, writeCompare } from './slice.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { compare } from './diff.js';

/** Pages of successful pipelines looked through for one older than the compared one. */
const MAX_PAGES = 3;

function patch(ctx: Ctx, key: string, change: Partial<CompareState>): void {
  writeCompare(ctx.store, (s) => ({ comparisons: { ...s.comparisons, [key]: { ...(s.comparisons[key] ?? { state: 'loading', scroll: 0 }), ...change } } }));
}

export async function loadComparison(ctx: Ctx, projectId: number, pipelineId: number): Promise<void> {
  const key = compareKey(projectId, pipelineId);
  patch(ctx, key, { state: 'loading', error: undefined });
  let reads = 0;
  const count = <T>(p: Promise<T>) => {
    reads++;
    return p;
  };
  const optional = <T>(p: Promise<T>) => count(p).catch(() => null);
  try {
    const pipeline = await count(ctx.gl.pipelines.get(projectId, pipelineId));
    // Newest first: the first one older than the compared pipeline is the one (a few pages at most).
    const green = await count(
      ctx.gl.pipelines.list(projectId, { ref: pipeline.ref, status: 'success', order_by: 'id', sort: 'desc', perPage: 50 }).all(MAX_PAGES * 50),
    );
    const base = green.find((p) => p.id < pipeline.id) ?? null;
    if (!base) return patch(ctx, key, { state: 'ready', base: null, ref: pipeline.ref, reads });
    const [jobsNow, jobsThen, reportNow, reportThen, varsNow, varsThen, baseFull] = await Promise.all([
      count(ctx.gl.jobs.listForPipeline(projectId, pipeline.id, { perPage: 100 }).all()),
      count(ctx.gl.jobs.listForPipeline(projectId, base.id, { perPage: 100 }).all()),
      optional(ctx.gl.pipelines.testReport(projectId, pipeline.id)),
      optional(ctx.gl.pipelines.testReport(projectId, base.id)),
      optional(ctx.gl.pipelines.variables(projectId, pipeline.id)),
      optional(ctx.gl.pipelines.variables(projectId, base.id)),
      count(ctx.gl.pipelines.get(projectId, base.id)),
    ]);
    const result = compare(
      { jobs: jobsNow, duration: pipeline.duration ?? null, report: reportNow, variables: varsNow },
      { jobs: jobsThen, duration: baseFull.duration ?? null, report: reportThen, variables: varsThen },
    );
    patch(ctx, key, { state: 'ready', base: baseFull, ref: pipeline.ref, result, reads });
  } catch (error) {
    patch(ctx, key, { state: 'error', error: describeError(error), reads });
  }
}
