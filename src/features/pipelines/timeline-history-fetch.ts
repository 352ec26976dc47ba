// The one request behind "3m 12s, usual 1m 40s": GitLab's REST jobs list cannot filter by job name,
// so one page of a project's latest successful jobs (100, newest first) serves every job name at
// once, cached per project for HISTORY_TTL_MS. A name rarer than that page gets fewer runs (or
// none, and the duration shows alone) rather than more requests.
import type { GitLab, Job } from '../../api/index.js';

export const HISTORY_PAGE = 100;
export const HISTORY_TTL_MS = 10 * 60_000;

/** GET /projects/:id/jobs?scope[]=success&per_page=100 — one request, never a second page. */
export async function fetchSuccessfulJobs(gl: Pick<GitLab, 'jobs'>, projectId: number | string, signal?: AbortSignal): Promise<Job[]> {
  const pages = gl.jobs.list(projectId, { scope: ['success'], perPage: HISTORY_PAGE, ...(signal ? { signal } : {}) }).pages();
  for await (const page of pages) return page.items;
  return [];
}

/** Whether the cached page (fetched at `fetchedAt`, or never) should be fetched again now. */
export function historyDue(fetchedAt: number | null | undefined, now: number, ttlMs = HISTORY_TTL_MS): boolean {
  return fetchedAt === null || fetchedAt === undefined || now - fetchedAt >= ttlMs;
}
