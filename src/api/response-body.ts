// Reading response bodies into what callers see: parsed JSON, or a GitLabApiError built from
// whatever GitLab (or a proxy in front of it) sent back.
import { describeErrorBody, htmlTitle } from './error-body.js';
import { GitLabApiError, type Redactor } from './errors.js';
import { serverDelayMs } from './retry.js';
import type { BufferedResponse } from './transport.js';

/**
 * `maxRetryAfterMs` caps the wait the error carries: the app backs off by it, and a server asking
 * for `Retry-After: 999999` must not leave the header at "retrying in 999998s", never asking again.
 */
export function httpError(method: string, res: BufferedResponse, now: number, redact: Redactor, maxRetryAfterMs = Infinity): GitLabApiError {
  const text = res.body.toString('utf8');
  const described = describeErrorBody(res.status, res.headers['content-type'] ?? '', text, res.statusText);
  // JSON requests never follow redirects (a redirect loop costs one request, and no token travels);
  // say so instead of a bare "302 Found".
  if (res.status >= 300 && res.status < 400 && res.status !== 304) described.reason = `GitLab answered with a redirect (${res.status}), not followed`;
  const asked = serverDelayMs(res.headers, now);
  const retryAfterMs = asked === undefined ? undefined : Math.min(asked, maxRetryAfterMs);
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

export function parseJson(method: string, res: BufferedResponse, redact: Redactor, maxDepth = Infinity): unknown {
  const text = res.body.toString('utf8');
  // 204 No Content (e.g. schedule delete) and HEAD carry nothing.
  if (text.trim() === '') return null;
  const depth = jsonDepthOver(res.body, maxDepth);
  if (depth) {
    const reason = `JSON nested deeper than ${maxDepth} levels`;
    raise(new GitLabApiError({ kind: 'invalid-response', status: res.status, method, path: res.path, reason, code: 'JSON_TOO_DEEP' }, redact));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Never quote the body here: it may be a whole HTML page (a login form from a proxy).
    const type = res.headers['content-type'] ?? 'no content type';
    const title = htmlTitle(text);
    const reason = /json/i.test(type) ? 'malformed JSON body' : `expected JSON, got ${type}${title ? ` ("${title}")` : ''}`;
    return raise(new GitLabApiError({ kind: 'invalid-response', status: res.status, method, path: res.path, reason, body: truncate(text) }, redact));
  }
}

export function tryParseJson(body: Buffer, maxDepth = Infinity): unknown {
  if (jsonDepthOver(body, maxDepth)) return null;
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

/**
 * True when brackets nest deeper than `max` (outside strings). A scan of the bytes before parsing:
 * JSON.parse of 100,000 nested arrays overflows the stack (or, when it does not, every recursive
 * walk of the result later does), and GitLab's answers nest a handful of levels.
 */
export function jsonDepthOver(body: Buffer, max: number): boolean {
  if (!Number.isFinite(max)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
