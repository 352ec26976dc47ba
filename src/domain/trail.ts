// What a `:` command finds on the trail of the shared records: the pipeline the user is over.
import type { Ctx } from '../store/ctx.js';
import type { PaletteAt } from '../store/feature.js';
import { safeText } from '../text/safe.js';

/**
 * For a feature's `:name [pipeline id]` command: the pipeline named (in the current project), else the
 * nearest one on the trail (a pipeline, a pane over one, or a job's); a message when there is none.
 */
export function pipelineOnTrail(
  ctx: Ctx,
  at: PaletteAt,
  arg: string | undefined,
  command: string,
): { projectId: number; path: string; pipelineId: number } | string {
  if (arg !== undefined) {
    if (!/^\d+$/.test(arg)) return `${command} takes a pipeline id, e.g. :${command} 4512 (got "${safeText(arg, 40)}")`;
    if (!at.project) return 'Open a project first (or :project <path>)';
    return { ...at.project, pipelineId: Number(arg) };
  }
  for (let i = at.stack.length - 1; i >= 0; i--) {
    const p = at.stack[i]!;
    if ('pipelineId' in p) return { projectId: p.projectId, path: p.path, pipelineId: p.pipelineId };
    // A pane over a job (its log, its artifacts): the job's pipeline, once the job is read.
    if ('jobId' in p) {
      const pipelineId = ctx.store.getState().jobs[p.jobId]?.pipeline?.id;
      if (pipelineId) return { projectId: p.projectId, path: p.path, pipelineId };
    }
  }
  return `Which pipeline? Open one first, or :${command} <pipeline id>`;
}
