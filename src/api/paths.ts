// Every API path is built here, so an id can never smuggle `/`, `?` or `..` into a URL and a
// project path like `group/sub/proj` always becomes `group%2Fsub%2Fproj` as GitLab requires.
// encodeURIComponent leaves `.` alone, and a URL's `.` and `..` segments are resolved away before the
// request is sent (`/users/../events` is `/events`), so those two, and an empty segment, are refused
// here, naming what was typed (`:user ..` would ask GET /api/v4/events).
import type { ProjectId } from './types.js';

/** A value that cannot be one segment of a URL: empty, `.` or `..`. The message quotes it. */
export class UnsafeSegmentError extends TypeError {
  constructor(
    readonly what: string,
    readonly value: string,
  ) {
    super(
      value === ''
        ? `${what} must not be empty`
        : `${what} ${JSON.stringify(value)} is not a name GitLab can be asked for: "." and ".." would change the address`,
    );
    this.name = 'UnsafeSegmentError';
  }
}

/** `value` encoded as one path segment; empty, `.` and `..` are refused. */
function encodeSegment(value: string, what: string): string {
  if (value === '' || value === '.' || value === '..') throw new UnsafeSegmentError(what, value);
  return encodeURIComponent(value);
}

/** A project's id segment: integers as-is, full paths URL-encoded. */
export function encodeProjectId(id: ProjectId): string {
  if (typeof id === 'number') return String(integerId(id, 'project id'));
  // Users paste paths with stray slashes or spaces ("/group/proj/"); GitLab has none at either end.
  const path = id.trim().replace(/^\/+|\/+$/g, '');
  return encodeSegment(path, 'project');
}

export function projectPath(id: ProjectId): string {
  return `/projects/${encodeProjectId(id)}`;
}

/** A user by numeric id or username (a leading `@`, as people type it, is dropped). */
export function userPath(idOrUsername: number | string): string {
  if (typeof idOrUsername === 'number') return `/users/${integerId(idOrUsername, 'user id')}`;
  const name = idOrUsername.trim().replace(/^@/, '');
  return `/users/${encodeSegment(name, 'user')}`;
}

/** A numeric id segment (job, pipeline, schedule, deployment, key). */
export function idSegment(id: number, what = 'id'): string {
  return String(integerId(id, what));
}

/** A free-form segment such as a ref name (`feature/x` → `feature%2Fx`). */
export function segment(value: string, what = 'path segment'): string {
  return encodeSegment(value, what);
}

function integerId(id: number, what: string): number {
  if (!Number.isSafeInteger(id) || id < 0) throw new TypeError(`${what} must be a non-negative integer, got ${id}`);
  return id;
}
