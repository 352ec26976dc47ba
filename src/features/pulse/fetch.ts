// The pulse's one request per project: the first page of its default-branch pipelines. React-free
// and store-free, so the polling source of phase 2 and the tests call the same thing.
import type { GitLab, PipelineBasic, Project } from '../../api/index.js';
import { PULSE_DEPTH, type PulseProject } from './model.js';

export function pulseProject(project: Pick<Project, 'id' | 'path_with_namespace' | 'default_branch'> & { last_activity_at?: string | null }): PulseProject {
  return { id: project.id, path: project.path_with_namespace, defaultBranch: project.default_branch ?? null, lastActivityAt: project.last_activity_at ?? null };
}

/**
 * GET /projects/:id/pipelines?ref=<default>&per_page=20 — one request, never a second page. A
 * project without a default branch (an empty repository) has no pipelines to show and costs
 * nothing. On a 304 the client returns the same array as before (its ETag cache), so callers can
 * skip the store update when `result === previous`.
 */
export async function fetchPulsePipelines(gl: Pick<GitLab, 'pipelines'>, project: PulseProject, signal?: AbortSignal): Promise<PipelineBasic[]> {
  if (project.defaultBranch === null) return [];
  const pages = gl.pipelines.list(project.id, { ref: project.defaultBranch, perPage: PULSE_DEPTH, ...(signal ? { signal } : {}) }).pages();
  for await (const page of pages) return page.items;
  return [];
}
