// createClient(): the typed entry point every resource module goes through. JSON in and out,
// errors as GitLabApiError, ETag revalidation for GETs, read-only mode enforced before any I/O.
import { setTimeout as delay } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { GitLabApiError, createRedactor, type Redactor } from './errors.js';
import { REQUESTS_PER_HOST } from '../lib/budgets.js';
import { createLru, type Lru } from '../lib/lru.js';
import { createSlots, type Slots } from '../lib/slots.js';
import { buildQuery, withQuery, type Query } from './query.js';
import { isIdempotent } from './retry.js';
import { httpError, parseJson, readLimited, tryParseJson } from './response-body.js';
import {
  exchange,
  resolveTarget,
  type ExchangeListener,
  type RetryListener,
  type ServerDateListener,
  type Sleep,
  type StreamedResponse,
  type TransportConfig,
} from './transport.js';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface ClientOptions {
  /** e.g. http://127.0.0.1:8929; /api/v4 is appended unless already there. */
  baseUrl: string;
  token?: string;
  /** Per attempt. Default 30 000. */
  timeoutMs?: number;
  /**
   * A GET whose attempts get no answer (timeouts, resets) stops retrying once this much time has
   * passed since it started. Default: timeoutMs (a server that never answers fails after one wait).
   */
  totalTimeoutMs?: number;
  /** Cap on a JSON response, on the wire and decompressed. Default 50 MB (DEFAULT_LIMITS). */
  maxResponseBytes?: number;
  /** Cap on a raw response such as a job log, on the wire and decompressed. Default 100 MB. */
  maxRawBytes?: number;
  /** Deepest nesting of arrays/objects accepted in JSON. Default 64. */
  maxJsonDepth?: number;
  /** Retries of GET/HEAD on 429/502/503/504 and transient network failures. Default 3. */
  maxRetries?: number;
  /** Cap on any single wait between retries, whatever the server asks. Default 60 000. */
  maxRetryDelayMs?: number;
  readOnly?: boolean;
  userAgent?: string;
  /** Injectable so tests can record waits instead of waiting. */
  sleep?: Sleep;
  random?: () => number;
  now?: () => number;
  dispatcher?: Dispatcher;
  /** Entries of the ETag cache (GET JSON responses). Default 500; 0 disables it. */
  etagCacheSize?: number;
  /** Requests in flight to one host at once; the rest wait in order. Default REQUESTS_PER_HOST (6). */
  maxInFlightPerHost?: number;
  /** Called before each automatic retry, e.g. to show "retrying in Ns". */
  onRetry?: RetryListener;
  /** Called after every attempt (method, redacted path, status, ms, bytes): --debug-log. */
  onExchange?: ExchangeListener;
  /** Called with each response's `Date` header and local send/receive times: feeds a server clock estimate. */
  onServerDate?: ServerDateListener;
  /** Told once per kind of field a decoder dropped or repaired (src/api/entity.ts): --debug-log. */
  onDecodeNote?: (note: string) => void;
}

export interface RequestOptions {
  query?: Query;
  /** Sent as application/x-www-form-urlencoded (pipeline schedules take form fields). */
  form?: Query;
  json?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Revalidate with If-None-Match and reuse the cached object on 304. Default true for GET JSON. */
  etag?: boolean;
  /** Return the decoded body bytes as a Buffer instead of parsed JSON. */
  raw?: boolean;
  /** Statuses outside 2xx to hand back instead of throwing (e.g. 416 for a log tail). */
  acceptStatus?: readonly number[];
  maxRetries?: number;
  onRetry?: RetryListener;
  /** Cap on this body (wire and decoded); default maxResponseBytes, or maxRawBytes for raw. */
  maxBytes?: number;
  /** Names the body in the over-the-cap message ("job log larger than 100 MB"). */
  bodyName?: string;
  /** A POST that changes nothing (a GraphQL query, src/api/graphql.ts): --read-only lets it through. */
  readsOnly?: boolean;
}

/**
 * Caps on what one response may cost. The biggest legitimate JSON answer pipetop asks for is a page
 * of 100 jobs (a few KB each, well under 1 MB); GitLab's default job log limit is 100 MB.
 */
export const DEFAULT_LIMITS = { maxResponseBytes: 50 * 1024 * 1024, maxRawBytes: 100 * 1024 * 1024, maxJsonDepth: 64 } as const;

export interface ApiResponse<T> {
  status: number;
  headers: Record<string, string>;
  data: T;
  /** True when the server said 304 (or repeated the cached ETag): `data` is the cached object itself. */
  notModified: boolean;
  url: string;
}

export interface StreamOptions {
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  acceptStatus?: readonly number[];
  maxRetries?: number;
  onRetry?: RetryListener;
  /** Cap on the decoded bytes of a content-encoded body (a gzip bomb); default maxRawBytes. */
  maxDecodedBytes?: number;
  /** What the body is, for the over-the-cap message ("artifacts' decompressed size over …"). */
  bodyName?: string;
}

export interface GitLabClient {
  /** API root, e.g. http://127.0.0.1:8929/api/v4 */
  readonly apiUrl: string;
  readonly origin: string;
  readonly readOnly: boolean;
  request<T = unknown>(method: HttpMethod, path: string, opts?: RequestOptions): Promise<ApiResponse<T>>;
  get<T = unknown>(path: string, opts?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, opts?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, opts?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, opts?: RequestOptions): Promise<T>;
  /** Streaming GET/HEAD for downloads: retries like request(), throws on HTTP errors unless accepted. */
  stream(method: 'GET' | 'HEAD', pathOrUrl: string, opts?: StreamOptions): Promise<StreamedResponse>;
  /** Full URL of an API path (absolute URLs pass through). */
  url(path: string, query?: Query): string;
  /** Removes the token from any text (for callers building their own messages). */
  redact: Redactor;
  /** What the decoders tolerated in an answer; each kind is passed on (onDecodeNote) once. */
  noteDecoded?(notes: readonly string[]): void;
  /** Tells the exchange listener (--debug-log, `:requests`) what the client decided about `path`: not a request. */
  noteExchange?(method: string, path: string, note: string): void;
}

interface CachedEntry {
  etag: string;
  data: unknown;
}

export function apiRoot(baseUrl: string): URL {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  const url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  url.search = '';
  url.hash = '';
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith('/api/v4') ? path : `${path}/api/v4`;
  return url;
}

const defaultSleep: Sleep = (ms, signal) => delay(ms, undefined, signal ? { signal } : undefined);

export function createClient(opts: ClientOptions): GitLabClient {
  const root = apiRoot(opts.baseUrl);
  const redact = createRedactor(opts.token);
  const cfg: TransportConfig = {
    apiBase: root.toString().replace(/\/+$/, ''),
    apiOrigin: root.origin,
    apiPathPrefix: root.pathname.replace(/\/+$/, ''),
    userAgent: opts.userAgent ?? 'pipetop',
    timeoutMs: opts.timeoutMs ?? 30_000,
    totalTimeoutMs: opts.totalTimeoutMs ?? opts.timeoutMs ?? 30_000,
    maxResponseBytes: opts.maxResponseBytes ?? DEFAULT_LIMITS.maxResponseBytes,
    maxRetries: opts.maxRetries ?? 3,
    maxRetryDelayMs: opts.maxRetryDelayMs ?? 60_000,
    sleep: opts.sleep ?? defaultSleep,
    random: opts.random ?? Math.random,
    now: opts.now ?? Date.now,
    redact,
  };
  if (opts.token) cfg.token = opts.token;
  // One queue per host for the client's life: the API's host, and any other a redirect or a
  // pre-signed download URL leads to.
  const perHost = new Map<string, Slots>();
  const maxInFlight = opts.maxInFlightPerHost ?? REQUESTS_PER_HOST;
  cfg.slotsFor = (origin) => {
    let slots = perHost.get(origin);
    if (!slots) perHost.set(origin, (slots = createSlots(maxInFlight)));
    return slots;
  };
  if (opts.dispatcher) cfg.dispatcher = opts.dispatcher;
  if (opts.onRetry) cfg.onRetry = opts.onRetry;
  if (opts.onExchange) cfg.onExchange = opts.onExchange;
  if (opts.onServerDate) cfg.onServerDate = opts.onServerDate;
  const maxRawBytes = opts.maxRawBytes ?? DEFAULT_LIMITS.maxRawBytes;
  const maxJsonDepth = opts.maxJsonDepth ?? DEFAULT_LIMITS.maxJsonDepth;
  const readOnly = opts.readOnly === true;
  const cache: Lru<string, CachedEntry> = createLru(opts.etagCacheSize ?? 500);

  const refuseWrites = (method: string, path: string): void => {
    if (readOnly && !isIdempotent(method)) {
      const target = resolveTarget(cfg, path);
      throw new GitLabApiError({ method, path: target.path, kind: 'read-only', reason: 'read-only mode: changes are disabled' }, redact);
    }
  };

  async function request<T>(methodIn: HttpMethod, path: string, ro: RequestOptions = {}): Promise<ApiResponse<T>> {
    const method = methodIn.toUpperCase();
    if (!ro.readsOnly) refuseWrites(method, path);
    const target = resolveTarget(cfg, withQuery(path, ro.query));
    const headers: Record<string, string> = { accept: ro.raw ? '*/*' : 'application/json' };
    let body: string | undefined;
    if (ro.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(ro.json);
    } else if (ro.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = buildQuery(ro.form);
    }
    Object.assign(headers, lowerKeys(ro.headers));
    const useEtag = method === 'GET' && !ro.raw && ro.etag !== false;
    const cached = useEtag ? cache.get(target.url) : undefined;
    if (cached && headers['if-none-match'] === undefined) headers['if-none-match'] = cached.etag;

    const limits = { maxBytes: ro.maxBytes ?? (ro.raw ? maxRawBytes : cfg.maxResponseBytes), ...(ro.bodyName ? { bodyName: ro.bodyName } : {}) };
    const res = await exchange(cfg, method, target, { ...pick(ro), ...limits, headers, ...(body !== undefined ? { body } : {}) }, 'buffer');
    const base = { status: res.status, headers: res.headers, url: res.url };
    if (res.status === 304) {
      if (cached || ro.acceptStatus?.includes(304)) return { ...base, data: cached?.data as T, notModified: true };
    }
    const ok = res.status >= 200 && res.status < 300;
    if (!ok && !ro.acceptStatus?.includes(res.status)) throw httpError(method, res, cfg.now(), redact, cfg.maxRetryDelayMs);
    if (ro.raw) return { ...base, data: res.body as T, notModified: false };
    const data = ok ? parseJson(method, res, redact, maxJsonDepth) : tryParseJson(res.body, maxJsonDepth);
    if (useEtag && ok) {
      const etag = res.headers.etag;
      // Same ETag as before (a server that ignored If-None-Match): hand back the same object.
      if (etag && cached?.etag === etag) return { ...base, data: cached.data as T, notModified: true };
      if (etag) cache.set(target.url, { etag, data });
      else cache.delete(target.url);
    }
    return { ...base, data: data as T, notModified: false };
  }

  async function stream(method: 'GET' | 'HEAD', pathOrUrl: string, so: StreamOptions = {}): Promise<StreamedResponse> {
    const target = resolveTarget(cfg, withQuery(pathOrUrl, so.query));
    const res = await exchange(
      cfg,
      method,
      target,
      {
        ...pick(so),
        headers: { accept: '*/*', ...lowerKeys(so.headers) },
        maxBytes: so.maxDecodedBytes ?? maxRawBytes,
        ...(so.bodyName ? { bodyName: so.bodyName } : {}),
      },
      'stream',
    );
    if ((res.status >= 200 && res.status < 300) || so.acceptStatus?.includes(res.status)) return res;
    let text: Buffer;
    try {
      text = await readLimited(res.body, 64 * 1024);
    } catch {
      text = Buffer.alloc(0);
    }
    throw httpError(method, { ...res, body: text }, cfg.now(), redact, cfg.maxRetryDelayMs);
  }

  const data = async <T>(method: HttpMethod, path: string, ro?: RequestOptions): Promise<T> => (await request<T>(method, path, ro)).data;
  // Bounded: notes name an entity and a field from src/api/decoders.ts, never a value GitLab sent.
  const noted = new Set<string>();
  const noteDecoded = (notes: readonly string[]): void => {
    for (const note of notes) {
      if (noted.has(note) || noted.size >= 1000) continue;
      noted.add(note);
      opts.onDecodeNote?.(note);
    }
  };

  return {
    apiUrl: cfg.apiBase,
    origin: cfg.apiOrigin,
    readOnly,
    request,
    get: (path, ro) => data('GET', path, ro),
    post: (path, ro) => data('POST', path, ro),
    put: (path, ro) => data('PUT', path, ro),
    delete: (path, ro) => data('DELETE', path, ro),
    stream,
    url: (path, query) => resolveTarget(cfg, withQuery(path, query)).url,
    redact,
    noteDecoded,
    noteExchange: (method, path, note) => opts.onExchange?.({ method, path, attempt: 0, ms: 0, note: redact(note) }),
  };
}

function pick(o: { signal?: AbortSignal; timeoutMs?: number; maxRetries?: number; onRetry?: RetryListener }) {
  return {
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
    ...(o.maxRetries !== undefined ? { maxRetries: o.maxRetries } : {}),
    ...(o.onRetry ? { onRetry: o.onRetry } : {}),
  };
}

function lowerKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k.toLowerCase()] = v;
  return out;
}
