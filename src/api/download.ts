// Artifact downloads: streamed through a safe write (src/lib/safe-file.ts: a private temp file
// next to the destination, put in place only when complete, never onto a device, FIFO, symlink or an
// existing file the user did not agree to replace), so a cut connection never leaves a half-written
// file or clobbers anything. The body is cut off past what was advertised (Content-Length, or the
// size the job lists) plus slack, and past a hard cap: a server may send 1.96 GB for a 223 B artifact.
// Redirects (GitLab may answer 302 to pre-signed object storage) are followed by hand so the token
// is never sent to another origin; the transport drops credentials for foreign origins.
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { beginSafeWrite, type PendingWrite } from '../lib/safe-file.js';
import type { GitLabClient } from './client.js';
import { isEncoded } from './decode.js';
import { GitLabApiError } from './errors.js';
import { withQuery, type Query } from './query.js';
import type { StreamedResponse } from './transport.js';

/** The hard cap when none is configured (--max-download or PIPETOP_MAX_DOWNLOAD): 4 GiB. */
export const DEFAULT_MAX_DOWNLOAD = 4 * 1024 ** 3;
// GitLab limits an artifacts archive to 100 MB on self-managed instances by default and to 1 GB on
// gitlab.com; 4 GiB leaves room for instances that raised the limit, and still stops a runaway
// stream long before it fills a disk.

export interface DownloadProgress {
  received: number;
  /** From Content-Length, when the server sent one (and the body is not content-encoded). */
  total?: number;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /** Idle timeout while streaming, and the limit for the response headers. */
  timeoutMs?: number;
  onProgress?: (progress: DownloadProgress) => void;
  maxRedirects?: number;
  query?: Query;
  /** The user typed this name (default true): an existing file then fails with TargetError 'exists'. */
  explicit?: boolean;
  /** The user agreed to replace an existing regular file. */
  overwrite?: boolean;
  /** The size GitLab listed for the artifact (artifacts_file.size): more than this plus slack is refused. */
  expectedSize?: number;
  /** Hard cap in bytes (default DEFAULT_MAX_DOWNLOAD). */
  maxBytes?: number;
}

export interface DownloadResult {
  path: string;
  bytes: number;
}

const REDIRECTS = [301, 302, 303, 307, 308];

/** What an advertised size may be exceeded by: sizes in job lists can be rounded or stale. */
export function sizeSlack(advertised: number): number {
  return Math.max(1024 * 1024, Math.ceil(advertised / 10));
}

export async function downloadToFile(client: GitLabClient, pathOrUrl: string, dest: string, opts: DownloadOptions = {}): Promise<DownloadResult> {
  // The target is checked before any byte is requested: a refused or existing name costs no download.
  const out: PendingWrite = await beginSafeWrite(dest, { explicit: opts.explicit ?? true, overwrite: opts.overwrite ?? false });
  // Two claims bound the body: the size the job lists (plus slack) and Content-Length (exact, and
  // checked below). Either may be a lie; the smaller one and the hard cap win. They bound the
  // decoded bytes (the counter below); a content-encoded body is also stopped by its inflation
  // ratio as it decodes (decode.ts), so a gzip bomb stops early even with no size listed.
  const cap = opts.maxBytes ?? DEFAULT_MAX_DOWNLOAD;
  const listed = opts.expectedSize;
  const listedLimit = listed !== undefined ? listed + sizeSlack(listed) : Infinity;
  const limit = Math.min(cap, listedLimit);
  let res: StreamedResponse;
  try {
    res = await followRedirects(client, withQuery(pathOrUrl, opts.query), opts);
  } catch (error) {
    await out.discard();
    throw error;
  }
  const total = isEncoded(res.headers['content-encoding']) ? undefined : toInt(res.headers['content-length']);
  const overLimit = (): string =>
    listedLimit <= cap ? `larger than advertised (${formatBytes(listed ?? 0)})` : `larger than the ${formatBytes(cap)} limit (--max-download)`;
  const tooLarge = (reason: string): GitLabApiError =>
    // 'invalid-response': the message shows the reason ('network' reads "cannot reach GitLab").
    new GitLabApiError({ kind: 'invalid-response', status: res.status, method: 'GET', path: res.path, reason }, client.redact);
  if (total !== undefined && total > limit) {
    // Announced too large: refused before a byte is written.
    res.body.destroy();
    await out.discard();
    throw tooLarge(`announced as ${formatBytes(total)}, ${overLimit()}`);
  }
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
      if (received > limit) return done(tooLarge(`${overLimit()}; stopped after ${formatBytes(limit)}`));
      const progress: DownloadProgress = { received };
      if (total !== undefined) progress.total = total;
      try {
        opts.onProgress?.(progress);
      } catch {
        // A broken progress display must not break the download.
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(res.body, counter, out.stream(), ...(opts.signal ? [{ signal: opts.signal }] : []));
    if (total !== undefined && received !== total) {
      throw cutOff(client, res, received, total, 'the connection closed');
    }
    return { path: await out.commit(), bytes: received };
  } catch (err) {
    res.body.destroy();
    await out.discard();
    if (isLocalFileError(err) || err instanceof GitLabApiError) throw err;
    const failure = res.fail(err);
    // GitLab was reached and sent part of it: say so, not "cannot reach GitLab".
    throw failure.kind === 'network' ? cutOff(client, res, received, total, failure.code ?? failure.reason) : failure;
  }
}

/** A body that stopped short: 'network' (the connection's fault), code BODY_CUT, and a reason that says how far it got. */
function cutOff(client: GitLabClient, res: StreamedResponse, received: number, total: number | undefined, why: string): GitLabApiError {
  const got = total !== undefined ? `${formatBytes(received)} of ${formatBytes(total)}` : formatBytes(received);
  return new GitLabApiError(
    {
      kind: 'network',
      status: res.status,
      method: 'GET',
      path: res.path,
      reason: `the download was cut off after ${got} (${why}); nothing was saved`,
      code: 'BODY_CUT',
    },
    client.redact,
  );
}

/**
 * GET with redirects followed by hand (the transport drops credentials for another origin).
 * `headers` go with every hop (a Range goes on to object storage); `acceptStatus` adds statuses
 * handed back instead of thrown (416 for a range past the end).
 */
export async function followRedirects(
  client: GitLabClient,
  start: string,
  opts: Pick<DownloadOptions, 'maxRedirects' | 'signal' | 'timeoutMs'> & {
    headers?: Record<string, string>;
    acceptStatus?: readonly number[];
    bodyName?: string;
  },
): Promise<StreamedResponse> {
  const maxRedirects = opts.maxRedirects ?? 5;
  let target = start;
  for (let hop = 0; ; hop++) {
    const res = await client.stream('GET', target, {
      acceptStatus: [...REDIRECTS, ...(opts.acceptStatus ?? [])],
      ...(opts.headers ? { headers: opts.headers } : {}),
      // The size is downloadToFile's to bound (with --max-download in its message); not the client's raw cap.
      maxDecodedBytes: Infinity,
      bodyName: opts.bodyName ?? 'artifacts',
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    });
    if (!REDIRECTS.includes(res.status)) return res;
    res.body.destroy();
    const location = res.headers.location;
    const reason = !location ? 'redirect without a Location header' : hop >= maxRedirects ? `more than ${maxRedirects} redirects` : '';
    if (reason) {
      throw new GitLabApiError({ kind: 'http', status: res.status, method: 'GET', path: res.path, reason }, client.redact);
    }
    target = new URL(location as string, res.url).toString();
  }
}

/** fs errors (disk full, no such directory) and refused targets are local problems, not API failures: pass them on as-is. */
function isLocalFileError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (('path' in err && 'syscall' in err) || (err as Error).name === 'TargetError');
}

function formatBytes(n: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${i === 0 ? n : n.toFixed(n < 10 ? 1 : 0)} ${units[i]}`;
}

function toInt(value: string | undefined): number | undefined {
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}
