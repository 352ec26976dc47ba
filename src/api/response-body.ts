// Reading response bodies into what callers see: parsed JSON, or a GitLabApiError built from
// whatever GitLab (or a proxy in front of it) sent back.
import { describeErrorBody, htmlTitle } from './error-body.js';
import { GitLabApiError, type Redactor } from './errors.js';
import { serverDelayMs } from './retry.js';
import type { BufferedResponse } from './transport.js';

export function httpError(method: string, res: BufferedResponse, now: number, redact: Redactor): GitLabApiError {
  const text = res.body.toString('utf8');
  const described = describeErrorBody(res.status, res.headers['content-type'] ?? '', text, res.statusText);
  const retryAfterMs = serverDelayMs(res.headers, now);
  return new GitLabApiError(
    {
      kind: 'http',
      status: res.status,
      method,
      path: res.path,
      reason: described.reason,
      ...(described.fields ? { fields: described.fields } : {}),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      ...(text ? { body: truncate(text) } : {}),
    },
    redact,
  );
}

const MAX_BODY = 2000;

function truncate(text: string): string {
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}…` : text;
}

export function parseJson(method: string, res: BufferedResponse, redact: Redactor): unknown {
  const text = res.body.toString('utf8');
  // 204 No Content (e.g. schedule delete) and HEAD carry nothing.
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Never quote the body here: it may be a whole HTML page (a login form from a proxy).
    const type = res.headers['content-type'] ?? 'no content type';
    const title = htmlTitle(text);
    const reason = /json/i.test(type) ? 'malformed JSON body' : `expected JSON, got ${type}${title ? ` ("${title}")` : ''}`;
    return raise(
      new GitLabApiError({ kind: 'invalid-response', status: res.status, method, path: res.path, reason, body: truncate(text) }, redact),
    );
  }
}

export function tryParseJson(body: Buffer): unknown {
  try {
    const text = body.toString('utf8');
    return text.trim() ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function raise(error: Error): never {
  throw error;
}

export async function readLimited(body: AsyncIterable<Buffer | string>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    chunks.push(buf);
    size += buf.length;
    if (size >= limit) break;
  }
  return Buffer.concat(chunks).subarray(0, limit);
}
