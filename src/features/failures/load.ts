// Reading a pipeline's failures: its failed jobs and those of the pipelines downstream of failed
// trigger jobs (the same walk `pipetop watch` ends with, src/watch/failures.ts), then each job's log
// once, capped in bytes, searched by the same failure finder as the log's `F` (src/watch/failure-line.ts).
import { digestKey, type FailureDigest, type FailureItem, writeFailures } from './slice.js';
import type { Job } from '../../api/index.js';
import { tracePath } from '../../api/trace.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { failureBlock } from '../../watch/failure-line.js';
import { downstreamReader } from '../../watch/downstream.js';
import { failedJobsWithDownstream } from '../../watch/failures.js';
import { rememberPipeline } from '../../domain/pipelines.js';

/** Logs read for one digest: the first failures matter, and each log is a read of its own. */
export const MAX_LOGS = 12;
/** A log bigger than this is not read here (Enter opens it in the log pane, which pages it). */
export const MAX_LOG_BYTES = 8 * 1024 * 1024;
const LOG_TIMEOUT_MS = 20_000;

function patch(ctx: Ctx, key: string, change: Partial<FailureDigest>): void {
  writeFailures(ctx.store, (s) => {
    const now = s.failures[key] ?? { state: 'loading', items: [], selected: 0, logs: 0, bytes: 0 };
    return { failures: { ...s.failures, [key]: { ...now, ...change } } };
  });
}

export async function loadFailures(ctx: Ctx, projectId: number, pipelineId: number): Promise<void> {
  const key = digestKey(projectId, pipelineId);
  patch(ctx, key, { state: 'loading', error: undefined });
  try {
    const [pipeline, jobs, downstream] = await Promise.all([
      ctx.gl.pipelines.get(projectId, pipelineId),
      ctx.gl.jobs.listForPipeline(projectId, pipelineId, { perPage: 100 }).all(),
      downstreamReader(ctx.gl, projectId).read(pipelineId),
    ]);
    // Kept, so `r` can retry it whichever way the digest was opened (`:failures N` reads it first here).
    rememberPipeline(ctx.store, pipeline);
    const found = await failedJobsWithDownstream(ctx.gl, projectId, { pipeline, jobs, downstream });
    const items: FailureItem[] = found.map((f) => ({
      jobId: f.job.id,
      name: f.job.name,
      stage: f.job.stage,
      allowFailure: f.job.allow_failure === true,
      failureReason: f.job.failure_reason ?? null,
      runner: f.job.runner ? { id: f.job.runner.id, description: f.job.runner.description ?? null } : null,
      machine: f.job.runner_manager?.system_id ?? null,
      projectId: f.projectId,
      pipelineId: f.pipelineId,
      via: f.via,
      block: null,
    }));
    patch(ctx, key, { state: 'ready', items, selected: 0 });
    let logs = 0;
    let bytes = 0;
    const read = await Promise.all(
      found.map(async (f, i) => {
        if (i >= MAX_LOGS) return { logNote: `not read: only the first ${MAX_LOGS} logs are` };
        const log = await readLog(ctx, f.projectId, f.job);
        if ('note' in log) return { logNote: log.note };
        logs++;
        bytes += log.data.length;
        return { block: failureBlock(log.data, 2) };
      }),
    );
    patch(ctx, key, { items: items.map((item, i) => ({ ...item, ...read[i] })), logs, bytes });
  } catch (error) {
    patch(ctx, key, { state: 'error', error: describeError(error) });
  }
}

async function readLog(ctx: Ctx, projectId: number, job: Job): Promise<{ data: Buffer } | { note: string }> {
  try {
    const res = await ctx.gl.client.request<Buffer>('GET', tracePath(projectId, job.id), {
      raw: true,
      etag: false,
      timeoutMs: LOG_TIMEOUT_MS,
      maxBytes: MAX_LOG_BYTES,
      headers: { accept: 'text/plain, */*' },
    });
    return { data: res.data };
  } catch (error) {
    return { note: `log not read: ${describeError(error)}` };
  }
}
