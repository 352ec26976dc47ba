// Incremental job log reads, in bytes: a chunk may end in the middle of a UTF-8 character, and the
// offset the caller holds is a byte count. Real GitLab ignores Range and returns the whole log every
// time (docs/gitlab-api.md "Job log"), so a 200 is normal and is turned into an append or a reset here.
import type { GitLabClient } from './client.js';
import { createLru, type Lru } from '../lib/lru.js';
import { idSegment, projectPath } from './paths.js';
import type { ProjectId } from './types.js';

export type TraceResult =
  { kind: 'append'; chunk: Buffer; size: number } | { kind: 'reset'; chunk: Buffer; size: number } | { kind: 'unchanged'; size: number };

export interface ReadTraceOptions {
  /** Bytes of the log the caller already holds. */
  offset?: number;
  signal?: AbortSignal;
  timeoutMs?: number;
}

interface TraceValidator {
  etag: string;
  /** Log size the ETag was seen with: only valid while the caller holds exactly that much. */
  size: number;
}

// Kept apart from the client's JSON ETag cache: a trace is bytes, and its validator is only
// meaningful together with the offset the caller holds.
const validators = new WeakMap<GitLabClient, Lru<string, TraceValidator>>();

function validatorsOf(client: GitLabClient): Lru<string, TraceValidator> {
  let lru = validators.get(client);
  if (!lru) {
    lru = createLru(200);
    validators.set(client, lru);
  }
  return lru;
}

export function tracePath(projectId: ProjectId, jobId: number): string {
  return `${projectPath(projectId)}/jobs/${idSegment(jobId, 'job id')}/trace`;
}

export async function readTrace(client: GitLabClient, projectId: ProjectId, jobId: number, opts: ReadTraceOptions = {}): Promise<TraceResult> {
  const offset = Math.max(0, Math.floor(opts.offset ?? 0));
  const path = tracePath(projectId, jobId);
  const key = client.url(path);
  const store = validatorsOf(client);
  const known = store.get(key);

  const fetchLog = async (withRange: boolean) => {
    const headers: Record<string, string> = { accept: 'text/plain, */*' };
    if (withRange && offset > 0) headers.range = `bytes=${offset}-`;
    if (withRange && known && known.size === offset) headers['if-none-match'] = known.etag;
    const res = await client.request<Buffer>('GET', path, {
      raw: true,
      etag: false,
      headers,
      acceptStatus: [304, 416],
      // GitLab ignores Range: a 2 GB log would come whole on every poll; the client's raw cap stops it.
      bodyName: 'job log',
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    });
    return res;
  };
  const remember = (etag: string | undefined, size: number): void => {
    if (etag) store.set(key, { etag, size });
    else store.delete(key);
  };
  /** The whole log in hand: append what is new, or start over if it no longer covers our offset. */
  const whole = (body: Buffer, etag: string | undefined, forceReset: boolean): TraceResult => {
    remember(etag, body.length);
    if (forceReset || body.length < offset) return { kind: 'reset', chunk: body, size: body.length };
    if (body.length === offset) return { kind: 'unchanged', size: offset };
    return { kind: 'append', chunk: body.subarray(offset), size: body.length };
  };

  const res = await fetchLog(true);
  if (res.status === 304) return { kind: 'unchanged', size: offset };
  if (res.status === 416) {
    const total = parseContentRange(res.headers['content-range'])?.total;
    if (total === offset) return { kind: 'unchanged', size: offset };
    // The log is shorter than what we hold (erased or retried): start over from the whole log.
    const again = await fetchLog(false);
    return whole(again.data, again.headers.etag, total !== undefined);
  }
  if (res.status === 206) {
    const range = parseContentRange(res.headers['content-range']);
    const start = range?.start ?? offset;
    if (start > offset) {
      // A gap we cannot fill from this answer.
      const again = await fetchLog(false);
      return whole(again.data, again.headers.etag, true);
    }
    const chunk = res.data.subarray(Math.min(res.data.length, offset - start));
    const size = offset + chunk.length;
    remember(res.headers.etag, size);
    return chunk.length > 0 ? { kind: 'append', chunk, size } : { kind: 'unchanged', size };
  }
  return whole(res.data, res.headers.etag, false);
}

export interface ContentRange {
  start?: number;
  end?: number;
  total?: number;
}

/** `bytes 10-99/100`, `bytes 10-99/*`, `bytes *\/100`. */
export function parseContentRange(value: string | undefined): ContentRange | undefined {
  if (!value) return undefined;
  const m = /^\s*bytes\s+(?:(\d+)-(\d+)|\*)\s*\/\s*(\d+|\*)\s*$/i.exec(value);
  if (!m) return undefined;
  const out: ContentRange = {};
  if (m[1] !== undefined) out.start = Number(m[1]);
  if (m[2] !== undefined) out.end = Number(m[2]);
  if (m[3] !== undefined && m[3] !== '*') out.total = Number(m[3]);
  return out;
}
