// The failed jobs `pipetop watch` names when a pipeline ends: the pipeline's own, then — when it failed
// through a trigger job — the failed jobs of the downstream pipeline behind each failed bridge (a
// child pipeline's, or another project's), nested ones too, each with the first failure line of
// its log. A parent that failed only through its child has no failed job of its own: without this,
// the summary would name none.
import type { GitLab, Job } from '../api/index.js';
import { failedJobs, type Snapshot } from './model.js';
import { downstreamReader } from './downstream.js';

export interface FailedJobFound {
  job: Job;
  projectId: number;
  /** The bridges that lead to the job's pipeline, outermost first (empty for the watched pipeline's own). */
  via: string[];
  /** The pipeline the job belongs to. */
  pipelineId: number;
}

export interface FailureOptions {
  /** How many downstream levels to follow (child of a child…). */
  maxDepth?: number;
  /** How many downstream pipelines to read at most. */
  maxPipelines?: number;
}

const byImportance = (a: Job, b: Job) => Number(a.allow_failure === true) - Number(b.allow_failure === true) || a.id - b.id;

/**
 * The watched pipeline's failed jobs (those that may not fail first), then the downstream ones in
 * bridge order. Reading a downstream pipeline costs its jobs (every page) and its bridges; a read
 * that fails leaves that pipeline out — the summary still names the failed bridge.
 */
export async function failedJobsWithDownstream(
  gl: GitLab,
  projectId: number,
  snap: Snapshot,
  options: FailureOptions = {},
  signal?: AbortSignal,
): Promise<FailedJobFound[]> {
  const maxDepth = options.maxDepth ?? 3;
  let budget = options.maxPipelines ?? 10;
  const found: FailedJobFound[] = failedJobs(snap.jobs)
    .sort(byImportance)
    .map((job) => ({ job, projectId, via: [], pipelineId: snap.pipeline.id }));
  const seen = new Set<number>([snap.pipeline.id]);
  const walk = async (downstream: Snapshot['downstream'], parentProject: number, via: string[], depth: number): Promise<void> => {
    for (const d of downstream) {
      if (d.pipelineId === null || seen.has(d.pipelineId) || budget <= 0) continue;
      if (d.status !== 'failed' && d.pipelineStatus !== 'failed') continue;
      seen.add(d.pipelineId);
      budget--;
      const where = d.projectId ?? parentProject;
      const path = [...via, d.bridgeName];
      try {
        const jobs = await gl.jobs.listForPipeline(where, d.pipelineId, { perPage: 100, ...(signal ? { signal } : {}) }).all();
        for (const job of failedJobs(jobs).sort(byImportance)) found.push({ job, projectId: where, via: path, pipelineId: d.pipelineId });
        if (depth < maxDepth) await walk(await downstreamReader(gl, where).read(d.pipelineId, signal), where, path, depth + 1);
      } catch {
        // Unreadable (gone, no access, GitLab in trouble): the bridge is still in the summary.
      }
    }
  };
  await walk(snap.downstream, projectId, [], 1);
  return found;
}
