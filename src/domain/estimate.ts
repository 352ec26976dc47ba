// How long a pipeline took, from what a list item says. Shared by the pulse's sparklines and the
// pipelines list's per-ref sparklines (src/features/pipelines/timeline-history.ts).
import type { PipelineBasic } from '../api/index.js';
import { FINISHED } from '../lib/status.js';

/**
 * Seconds a pipeline took, estimated from a list item: `updated_at − created_at` once it has
 * ended, else null. The list has no `duration`, and the exact figure costs one GET per pipeline —
 * 20 per project, against a budget of one request per project per 30 s. The estimate includes
 * queue time, and runs long when a manual job was played later (that moves `updated_at`); it is a
 * trend line, not a report. Running, pending, skipped and manual pipelines are gaps.
 */
export function estimatedSeconds(
  pipeline: Pick<PipelineBasic, 'status' | 'created_at' | 'updated_at'> & { duration?: number | null | undefined },
): number | null {
  if (!FINISHED.has(pipeline.status)) return null;
  // A full pipeline object (single GET) carries the real figure: use it when we have one.
  if (typeof pipeline.duration === 'number' && Number.isFinite(pipeline.duration) && pipeline.duration >= 0) return pipeline.duration;
  const created = pipeline.created_at ? Date.parse(pipeline.created_at) : NaN;
  const updated = pipeline.updated_at ? Date.parse(pipeline.updated_at) : NaN;
  if (!Number.isFinite(created) || !Number.isFinite(updated) || updated < created) return null;
  return (updated - created) / 1000;
}
