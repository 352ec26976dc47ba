// Every API path is built here, so an id can never smuggle `/`, `?` or `..` into a URL and a
// project path like `group/sub/proj` always becomes `group%2Fsub%2Fproj` as GitLab requires.
import type { ProjectId } from './types.js';

/** A project's id segment: integers as-is, full paths URL-encoded. */
export function encodeProjectId(id: ProjectId): string {
  if (typeof id === 'number') return String(integerId(id, 'project id'));
  // Users paste paths with stray slashes or spaces ("/group/proj/"); GitLab has none at either end.
  const path = id.trim().replace(/^\/+|\/+$/g, '');
  if (path === '') throw new TypeError('project id must not be empty');
  return encodeURIComponent(path);
}

export function projectPath(id: ProjectId): string {
  return `/projects/${encodeProjectId(id)}`;
}

/** A user by numeric id or username (a leading `@`, as people type it, is dropped). */
export function userPath(idOrUsername: number | string): string {
  if (typeof idOrUsername === 'number') return `/users/${integerId(idOrUsername, 'user id')}`;
  const name = idOrUsername.trim().replace(/^@/, '');
  if (name === '') throw new TypeError('user must not be empty');
  return `/users/${encodeURIComponent(name)}`;
}

/** A numeric id segment (job, pipeline, schedule, deployment, key). */
export function idSegment(id: number, what = 'id'): string {
  return String(integerId(id, what));
}

/** A free-form segment such as a ref name (`feature/x` → `feature%2Fx`). */
export function segment(value: string): string {
  if (value === '') throw new TypeError('path segment must not be empty');
  return encodeURIComponent(value);
}

function integerId(id: number, what: string): number {
  if (!Number.isSafeInteger(id) || id < 0) throw new TypeError(`${what} must be a non-negative integer, got ${id}`);
  return id;
}
