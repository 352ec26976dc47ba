// Every GitLab answer the API modules hand out goes through its entity's decoder (src/api/decoders.ts)
// here, once, at the API boundary: the TUI, `pipetop watch` and every feature see decoded values only.
// A refused object (a required field missing or of the wrong type) becomes an 'invalid-response'
// error whose reason names it ("GitLab sent a job whose id is not a number"), shown in the pane that
// asked; what a decoder tolerated goes to the client's debug-log note, once per kind.
import type { GitLabClient } from './client.js';
import { DecodeError, decodeEntity, decodeList, type Entity } from './entity.js';
import { GitLabApiError } from './errors.js';

function asApiError(client: GitLabClient, method: string, path: string, err: unknown): unknown {
  if (!(err instanceof DecodeError)) return err;
  return new GitLabApiError({ kind: 'invalid-response', method, path: client.redact(path), reason: err.message, code: 'INVALID_SHAPE' }, client.redact);
}

/** Decodes one answer; throws GitLabApiError('invalid-response') when the decoder refuses it. */
export function decodeAnswer<T>(client: GitLabClient, method: string, path: string, e: Entity<T>, value: unknown): T {
  try {
    const { value: out, notes } = decodeEntity(e, value);
    if (notes.length) client.noteDecoded?.(notes);
    return out;
  } catch (err) {
    throw asApiError(client, method, path, err);
  }
}

/** A single object from GitLab (GET, or the object a POST answers with), decoded. */
export async function checked<T>(client: GitLabClient, method: string, path: string, e: Entity<T>, data: Promise<unknown>): Promise<T> {
  return decodeAnswer(client, method, path, e, await data);
}

/** A whole-list answer (no pagination: a pipeline's variables), decoded; `plural` names it when it is not a list. */
export async function checkedList<T>(client: GitLabClient, path: string, e: Entity<T>, plural: string, data: Promise<unknown>): Promise<T[]> {
  const value = await data;
  try {
    const { value: out, notes } = decodeList(e, value, plural);
    if (notes.length) client.noteDecoded?.(notes);
    return out;
  } catch (err) {
    throw asApiError(client, 'GET', path, err);
  }
}

/** For paginate(): decodes every item of a page; one refused item refuses the page. */
export function checkItems<T>(client: GitLabClient, path: string, e: Entity<T>): (items: unknown[]) => T[] {
  return (items) => {
    try {
      const { value, notes } = decodeList(e, items, 'a page');
      if (notes.length) client.noteDecoded?.(notes);
      return value;
    } catch (err) {
      throw asApiError(client, 'GET', path, err);
    }
  };
}
