// Reading inside a job's artifacts archive: byte ranges of the archive, for its central directory,
// and one file out of it (docs/gitlab-api.md "Artifacts archive: listing and single files").
// GitLab has no listing endpoint; the archive download honours Range where it is served from disk
// (Workhorse's sendfile) or object storage (a redirect to a pre-signed URL, or Workhorse's send-url,
// which passes Range on) — but a proxy in between may drop it, so a 200 with the whole archive is
// handed back as a stream for the caller to spool within its disk budget.
import type { GitLabClient } from './client.js';
import { followRedirects } from './download.js';
import { GitLabApiError } from './errors.js';
import { idSegment, projectPath } from './paths.js';
import type { StreamedResponse } from './transport.js';
import type { ProjectId } from './types.js';

export type ArchiveRange = { suffix: number } | { start: number; end: number };

export type ArchiveRead =
  /** 206: bytes [start, start + bytes.length) of an archive of `total` bytes; `url` serves further ranges. */
  | { kind: 'partial'; start: number; total: number; bytes: Buffer; url: string }
  /** 200: Range was not honoured; the whole archive is in `response` (the caller consumes or destroys it). */
  | { kind: 'whole'; response: StreamedResponse; length: number | undefined };

export interface ArchiveReadOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A URL an earlier read ended at (object storage), asked directly instead of through GitLab again. */
  url?: string;
}

export const artifactsPath = (projectId: ProjectId, jobId: number): string => `${projectPath(projectId)}/jobs/${idSegment(jobId, 'job id')}/artifacts`;

/** A path inside the archive as URL segments: each one encoded (a `?` or `#` in a name stays in the path). */
export function entryUrlPath(projectId: ProjectId, jobId: number, name: string): string {
  const segments = name.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) throw new Error(`cannot ask GitLab for "${name}": not a plain path`);
  return `${artifactsPath(projectId, jobId)}/${segments.map(encodeURIComponent).join('/')}`;
}

/** One byte range of the archive (`Range: bytes=…`), redirects followed without the token. */
export async function readArchiveRange(
  client: GitLabClient,
  projectId: ProjectId,
  jobId: number,
  range: ArchiveRange,
  opts: ArchiveReadOptions = {},
): Promise<ArchiveRead> {
  const header = 'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end - 1}`;
  const wanted = 'suffix' in range ? range.suffix : range.end - range.start;
  const res = await followRedirects(client, opts.url ?? artifactsPath(projectId, jobId), {
    // identity: a byte range of a gzipped transfer would be a range of the gzip, not of the archive.
    headers: { range: header, 'accept-encoding': 'identity' },
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  });
  const fail = (reason: string) => new GitLabApiError({ kind: 'invalid-response', status: res.status, method: 'GET', path: res.path, reason }, client.redact);
  if (res.status === 200) {
    const length = /^\d+$/.test(res.headers['content-length'] ?? '') ? Number(res.headers['content-length']) : undefined;
    return { kind: 'whole', response: res, length };
  }
  if (res.status !== 206) {
    res.body.destroy();
    throw fail(`unexpected status ${res.status} for a byte range`);
  }
  const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec((res.headers['content-range'] ?? '').trim());
  if (!m) {
    res.body.destroy();
    throw fail('a partial answer without a usable Content-Range');
  }
  const start = Number(m[1]);
  const last = Number(m[2]);
  const total = Number(m[3]);
  const length = last - start + 1;
  if (length <= 0 || length > wanted || last >= total) {
    res.body.destroy();
    throw fail(`a range of ${length} bytes for ${wanted} asked`);
  }
  // The bytes must be the ones asked for: a 206 of another range would be read as the wrong part of
  // the archive. A range past the end is cut at it (RFC 9110 14.1.2); a suffix is the archive's end.
  const expectedStart = 'suffix' in range ? Math.max(0, total - range.suffix) : range.start;
  const expectedLast = 'suffix' in range ? total - 1 : Math.min(range.end, total) - 1;
  if (start !== expectedStart || last !== expectedLast) {
    res.body.destroy();
    throw fail(`bytes ${start}-${last} sent for bytes ${expectedStart}-${expectedLast} asked (Content-Range)`);
  }
  const chunks: Buffer[] = [];
  let got = 0;
  try {
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      got += chunk.length;
      // Bounded by what was asked: a server that sends more is cut off.
      if (got > length) throw fail(`more bytes than the ${length} of its Content-Range`);
      chunks.push(chunk);
    }
  } catch (error) {
    res.body.destroy();
    throw error instanceof GitLabApiError ? error : res.fail(error);
  }
  if (got !== length) throw fail(`${got} of ${length} bytes of a range`);
  return { kind: 'partial', start, total, bytes: Buffer.concat(chunks), url: res.url };
}

/**
 * One file out of the archive (`GET …/jobs/:job_id/artifacts/*artifact_path`), at most `maxBytes`:
 * GitLab's Workhorse extracts it (no Range there). A longer answer is cut off with an error.
 */
export async function readArtifactFile(
  client: GitLabClient,
  projectId: ProjectId,
  jobId: number,
  name: string,
  opts: { maxBytes: number; signal?: AbortSignal; timeoutMs?: number },
): Promise<Buffer> {
  const res = await followRedirects(client, entryUrlPath(projectId, jobId, name), {
    bodyName: 'artifact file',
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  });
  const chunks: Buffer[] = [];
  let got = 0;
  try {
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      got += chunk.length;
      if (got > opts.maxBytes) {
        throw new GitLabApiError(
          { kind: 'invalid-response', status: res.status, method: 'GET', path: res.path, reason: `larger than the ${opts.maxBytes} bytes a preview reads` },
          client.redact,
        );
      }
      chunks.push(chunk);
    }
  } catch (error) {
    res.body.destroy();
    throw error instanceof GitLabApiError ? error : res.fail(error);
  }
  return Buffer.concat(chunks);
}
