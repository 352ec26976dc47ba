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
 * nothing. The client revalidates with If-None-Match (its ETag cache): an unchanged project costs
 * a 304, and `samePulsePage` tells the caller there is nothing to store (the page may be a fresh
 * array of the same pipelines, after validation).
 */
export async function fetchPulsePipelines(gl: Pick<GitLab, 'pipelines'>, project: PulseProject, signal?: AbortSignal): Promise<PipelineBasic[]> {
  if (project.defaultBranch === null) return [];
  const pages = gl.pipelines.list(project.id, { ref: project.defaultBranch, perPage: PULSE_DEPTH, ...(signal ? { signal } : {}) }).pages();
  for await (const page of pages) return page.items;
  return [];
}

/** Whether two pages show the same pulse: same pipelines, statuses and update times, in order. */
export function samePulsePage(a: readonly PipelineBasic[] | null | undefined, b: readonly PipelineBasic[] | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((p, i) => p.id === b[i]!.id && p.status === b[i]!.status && p.updated_at === b[i]!.updated_at && p.ref === b[i]!.ref);
}
