// When and how long to wait before retrying an idempotent request (docs/gitlab-api.md "Rate limits":
// Retry-After, else RateLimit-Reset − now, else exponential backoff with full jitter).

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** Transient transport failures: the same GET may well succeed a moment later. */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  // HTTP/2's reset connection, for a caller that gives an HTTP/2 dispatcher: the server (or a
  // proxy) reset the one stream before the response was complete (RST_STREAM with an error code).
  'ERR_HTTP2_STREAM_ERROR',
]);

export function isIdempotent(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

type HeaderBag = Record<string, string | undefined>;

/** Retry-After: delta seconds or an HTTP date. Undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * RateLimit-Reset: GitLab sends absolute Unix seconds. The IETF draft header of the same name is
 * delta seconds; a value that small cannot be a current Unix time, so read it as a delta.
 */
export function parseRateLimitReset(value: string | undefined, now: number): number | undefined {
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  const ms = n < 1_000_000_000 ? n * 1000 : n * 1000 - now;
  // A reset already in the past (clock skew) tells us nothing: fall back to backoff.
  return ms > 0 ? ms : undefined;
}

/** The wait the server asked for, if it said anything. */
export function serverDelayMs(headers: HeaderBag, now: number): number | undefined {
  return parseRetryAfter(headers['retry-after'], now) ?? parseRateLimitReset(headers['ratelimit-reset'], now);
}

export interface BackoffOptions {
  baseMs?: number;
  capMs?: number;
}

/** Full jitter (AWS architecture blog): uniform in [0, min(cap, base·2^attempt)). */
export function backoffMs(attempt: number, random: () => number, opts: BackoffOptions = {}): number {
  const base = opts.baseMs ?? 500;
  const cap = opts.capMs ?? 30_000;
  const ceiling = Math.min(cap, base * 2 ** attempt);
  return Math.floor(random() * ceiling);
}
