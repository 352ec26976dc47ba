// Artifact downloads: streamed to a temp file next to the destination and renamed into place only
// when complete, so a cut connection never leaves a half-written file or clobbers an existing one.
// Redirects (GitLab may answer 302 to pre-signed object storage) are followed by hand so the token
// is never sent to another origin; the transport drops credentials for foreign origins.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { GitLabClient } from './client.js';
import { isEncoded } from './decode.js';
import { GitLabApiError } from './errors.js';
import { withQuery, type Query } from './query.js';
import type { StreamedResponse } from './transport.js';

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
}

export interface DownloadResult {
  path: string;
  bytes: number;
}

const REDIRECTS = [301, 302, 303, 307, 308];

export async function downloadToFile(
  client: GitLabClient,
  pathOrUrl: string,
  dest: string,
  opts: DownloadOptions = {},
): Promise<DownloadResult> {
  const res = await followRedirects(client, withQuery(pathOrUrl, opts.query), opts);
  const destPath = resolve(dest);
  const tmp = join(dirname(destPath), `.${basename(destPath)}.${randomBytes(6).toString('hex')}.part`);
  const total = isEncoded(res.headers['content-encoding']) ? undefined : toInt(res.headers['content-length']);
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      received += chunk.length;
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
    await pipeline(res.body, counter, createWriteStream(tmp, { flags: 'wx' }), ...(opts.signal ? [{ signal: opts.signal }] : []));
    if (total !== undefined && received !== total) {
      throw new GitLabApiError(
        { kind: 'network', status: res.status, method: 'GET', path: res.path, reason: `truncated: got ${received} of ${total} bytes` },
        client.redact,
      );
    }
    await rename(tmp, destPath);
  } catch (err) {
    res.body.destroy();
    await rm(tmp, { force: true });
    throw isLocalFileError(err) ? err : res.fail(err);
  }
  return { path: destPath, bytes: received };
}

async function followRedirects(client: GitLabClient, start: string, opts: DownloadOptions): Promise<StreamedResponse> {
  const maxRedirects = opts.maxRedirects ?? 5;
  let target = start;
  for (let hop = 0; ; hop++) {
    const res = await client.stream('GET', target, {
      acceptStatus: REDIRECTS,
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

/** fs errors (disk full, no such directory) are local problems, not API failures: pass them on as-is. */
function isLocalFileError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'path' in err && 'syscall' in err;
}

function toInt(value: string | undefined): number | undefined {
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}
