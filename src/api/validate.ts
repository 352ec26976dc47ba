// Response validation at the API boundary (issue 18: a job whose id came as a string left "Loading
// job #…" forever). The app keys its state by ids and draws statuses and lists; what it relies on
// is checked here, once, so a wrong type becomes a clear 'invalid-response' error in the pane that
// asked, never a silent hang deeper in. Cheap on purpose: a few fields per object, no schema engine.
// Repairs where a safe reading exists: an unknown or missing status is 'unknown' (types.ts's escape
// hatch); a list field that is null or not a list is empty.
import type { GitLabClient } from './client.js';
import { GitLabApiError } from './errors.js';

export interface Shape {
  /** Named in messages: "GitLab sent a job whose id is not a number". */
  what: string;
  /** Required integer fields. */
  ids: readonly string[];
  /** Integer fields checked when present and not null ("pipeline.id": inside an optional object). */
  refs?: readonly string[];
  /** Status fields: anything but a string reads as 'unknown'. */
  statuses?: readonly string[];
  /** Text fields checked when present and not null (the app draws them). */
  strings?: readonly string[];
  /** List fields: null or not a list reads as []. */
  lists?: readonly string[];
}

export const SHAPES = {
  job: {
    what: 'job',
    ids: ['id'],
    refs: ['pipeline.id', 'pipeline.project_id', 'user.id', 'runner.id'],
    statuses: ['status'],
    strings: ['name'],
    lists: ['tag_list', 'artifacts'],
  },
  pipeline: { what: 'pipeline', ids: ['id'], refs: ['iid', 'project_id', 'user.id'], statuses: ['status'] },
  project: { what: 'project', ids: ['id'], strings: ['path_with_namespace'], refs: ['namespace.id'] },
  schedule: { what: 'pipeline schedule', ids: ['id'], refs: ['owner.id', 'last_pipeline.id'], lists: ['variables'] },
  deployment: { what: 'deployment', ids: ['id'], refs: ['iid', 'deployable.id', 'user.id', 'environment.id'] },
  event: { what: 'event', ids: ['id'], refs: ['project_id', 'author_id', 'target_id'] },
  user: { what: 'user', ids: ['id'], strings: ['username'] },
  key: { what: 'SSH key', ids: ['id'], refs: ['user.id'] },
} as const satisfies Record<string, Shape>;

class InvalidShape extends Error {}

function get(obj: Record<string, unknown>, path: string): { parent: Record<string, unknown> | null; key: string; value: unknown } {
  const parts = path.split('.');
  let parent: Record<string, unknown> | null = obj;
  for (const part of parts.slice(0, -1)) {
    const next: unknown = parent?.[part];
    parent = next !== null && typeof next === 'object' && !Array.isArray(next) ? (next as Record<string, unknown>) : null;
  }
  const key = parts[parts.length - 1] ?? path;
  return { parent, key, value: parent?.[key] };
}

const isInt = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v);

/** Checks one object; returns it, or a repaired shallow copy. Throws InvalidShape with the reason. */
export function checkShape<T>(value: unknown, shape: Shape): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new InvalidShape(`GitLab sent a ${shape.what} that is not an object`);
  const obj = value as Record<string, unknown>;
  for (const field of shape.ids) {
    if (!isInt(obj[field])) throw new InvalidShape(`GitLab sent a ${shape.what} whose ${field} is not a number`);
  }
  for (const field of shape.refs ?? []) {
    const { value: v } = get(obj, field);
    if (v !== undefined && v !== null && !isInt(v)) throw new InvalidShape(`GitLab sent a ${shape.what} whose ${field} is not a number`);
  }
  for (const field of shape.strings ?? []) {
    const v = obj[field];
    if (v !== undefined && v !== null && typeof v !== 'string') throw new InvalidShape(`GitLab sent a ${shape.what} whose ${field} is not text`);
  }
  let out = obj;
  const repair = (key: string, v: unknown): void => {
    if (out === obj) out = { ...obj };
    out[key] = v;
  };
  for (const field of shape.statuses ?? []) if (typeof obj[field] !== 'string') repair(field, 'unknown');
  for (const field of shape.lists ?? []) if (field in obj && !Array.isArray(obj[field])) repair(field, []);
  return out as T;
}

function asApiError(client: GitLabClient, method: string, path: string, err: unknown): unknown {
  if (!(err instanceof InvalidShape)) return err;
  return new GitLabApiError({ kind: 'invalid-response', method, path: client.redact(path), reason: err.message, code: 'INVALID_SHAPE' }, client.redact);
}

/** A single object from GitLab (GET, or the job a POST answers with), checked. */
export async function checked<T>(client: GitLabClient, method: string, path: string, shape: Shape, data: Promise<unknown>): Promise<T> {
  const value = await data;
  try {
    return checkShape<T>(value, shape);
  } catch (err) {
    throw asApiError(client, method, path, err);
  }
}

/** For paginate(): checks every item of a page. */
export function checkItems<T>(client: GitLabClient, path: string, shape: Shape): (items: unknown[]) => T[] {
  return (items) => {
    try {
      return items.map((item) => checkShape<T>(item, shape));
    } catch (err) {
      throw asApiError(client, 'GET', path, err);
    }
  };
}
