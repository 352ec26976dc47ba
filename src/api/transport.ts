// One logical HTTP exchange: headers, auth (same origin only), timeout + caller AbortSignal, gzip,
// and the retry loop. Only GET/HEAD are ever retried: a POST the user fired is sent exactly once.
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { BodyLimitError, decodeStream, formatBytes, readDecoded } from './decode.js';
import { statusText } from './error-body.js';
import { GitLabApiError, type Redactor } from './errors.js';
import { classify, retryableFailure } from './failure.js';
import { RETRYABLE_STATUSES, backoffMs, isIdempotent, serverDelayMs } from './retry.js';
import type { Slots } from '../lib/slots.js';

// undici is loaded by the first request, not at start-up: compiling and evaluating its megabyte
// takes ~50 ms, and the TUI's first frame need not wait for it (the bundle keeps it in its own chunk).
let undici: Promise<typeof import('undici')> | undefined;
export const loadUndici = () => (undici ??= import('undici').then(commonJsExports));

/**
 * undici is CommonJS. Node's import() finds its named exports; a bundle's split chunk offers only
 * `default` (module.exports), which Node offers too — so use that when present.
 */
function commonJsExports<T extends object>(namespace: T): T {
  return ((namespace as { default?: T }).default ?? namespace) as T;
}

export interface RetryInfo {
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  /** e.g. "429 Too Many Requests", "ECONNRESET", "timeout". */
  reason: string;
  method: string;
  path: string;
  status?: number;
}
export type RetryListener = (info: RetryInfo) => void;
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface TransportConfig {
  apiBase: string;
  apiOrigin: string;
  apiPathPrefix: string;
  token?: string;
  userAgent: string;
  timeoutMs: number;
  /** The whole exchange (every attempt and every wait between) ends by then; see exchange(). */
  totalTimeoutMs: number;
  /** Cap on a buffered body, on the wire and decoded (JSON responses). */
  maxResponseBytes: number;
  maxRetries: number;
  maxRetryDelayMs: number;
  sleep: Sleep;
  random: () => number;
  now: () => number;
  dispatcher?: Dispatcher;
  onRetry?: RetryListener;
  /** Told about every attempt (for --debug-log); paths are redacted, headers are never included. */
  onExchange?: ExchangeListener;
  /** Told each response's `Date` header with the local times (cfg.now) the attempt left and its headers came back. */
  onServerDate?: ServerDateListener;
  redact: Redactor;
  /**
   * The slots of a host (its origin): each attempt holds one from before it is sent until its body
   * is read (a stream: until the body closes); waits between retries hold none.
   */
  slotsFor?: (origin: string) => Slots;
}

export type ServerDateListener = (dateHeader: string, sentAt: number, receivedAt: number) => void;

export interface ExchangeEntry {
  method: string;
  /** Path and query below the host, token redacted. */
  path: string;
  attempt: number;
  ms: number;
  status?: number;
  bytes?: number;
  /** What went wrong when there was no response (timeout, ECONNRESET…). */
  error?: string;
  /** Not a request: what the client decided after one (GraphQL left for REST), said once (attempt 0). */
  note?: string;
}
export type ExchangeListener = (entry: ExchangeEntry) => void;

export interface ExchangeOptions {
  headers?: Record<string, string>;
  body?: string | Buffer;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
  onRetry?: RetryListener;
  /** Cap on a buffered body (wire and decoded), default cfg.maxResponseBytes; on a stream, its decoded bytes when encoded (default none). */
  maxBytes?: number;
  /** What the body is, for the over-the-cap message ("job log larger than 100 MB"). */
  bodyName?: string;
}

export interface ResponseHead {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /** Final absolute URL. */
  url: string;
  /** Path (+ query) as shown in errors: relative to the API root, no host, token redacted. */
  path: string;
}
export interface BufferedResponse extends ResponseHead {
  /** Decoded (gunzipped) body bytes. */
  body: Buffer;
}
export interface StreamedResponse extends ResponseHead {
  /** Decoded body stream. The caller must consume or destroy it. */
  body: Readable;
  /** Maps a failure while reading the body to a GitLabApiError (aborted / timeout / network). */
  fail(err: unknown): GitLabApiError;
}

export interface Target {
  url: string;
  path: string;
}

/** Absolute URLs (pagination Link, redirects) are used as given; anything else is API-relative. */
export function resolveTarget(cfg: TransportConfig, pathOrUrl: string): Target {
  const absolute = /^https?:\/\//i.test(pathOrUrl);
  const url = new URL(absolute ? pathOrUrl : `${cfg.apiBase}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`);
  let path: string;
  if (url.origin !== cfg.apiOrigin) {
    // Another host is typically pre-signed object storage: its query string is a credential.
    path = url.pathname;
  } else if (url.pathname.startsWith(`${cfg.apiPathPrefix}/`)) {
    path = url.pathname.slice(cfg.apiPathPrefix.length) + url.search;
  } else {
    path = url.pathname + url.search;
  }
  return { url: url.toString(), path: cfg.redact(path) };
}

export function normaliseHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

const CREDENTIAL_HEADERS = new Set(['private-token', 'authorization', 'job-token', 'cookie']);

function requestHeaders(cfg: TransportConfig, url: string, extra: Record<string, string> | undefined): Record<string, string> {
  const sameOrigin = new URL(url).origin === cfg.apiOrigin;
  const headers: Record<string, string> = { 'user-agent': cfg.userAgent, 'accept-encoding': 'gzip' };
  if (sameOrigin && cfg.token) headers['private-token'] = cfg.token;
  for (const [key, value] of Object.entries(extra ?? {})) {
    const name = key.toLowerCase();
    // Credentials never leave for another origin (redirects to object storage, foreign Link URLs).
    if (!sameOrigin && CREDENTIAL_HEADERS.has(name)) continue;
    headers[name] = value;
  }
  return headers;
}

const MAX_TIMER_MS = 2_147_483_647;

interface Attempt {
  signal: AbortSignal;
  timedOut(): boolean;
  /** Headers are in: a stream is no longer bound by the overall timer. */
  stopTimer(): void;
  /** Done with the attempt: stop the timer and detach from the caller's signal. */
  release(): void;
}

/**
 * Our own signal per attempt, aborted by the timer or by the caller. Not AbortSignal.any(): on
 * Node 20 it leaks composites when a caller reuses one long-lived signal for every poll
 * (nodejs/node#55351); a listener we remove ourselves cannot leak.
 */
function startAttempt(caller: AbortSignal | undefined, timeoutMs: number, releaseSlot: () => void): Attempt {
  const ctl = new AbortController();
  let timedOut = false;
  // setTimeout fires at once beyond 2^31-1 ms; treat such values (and 0/Infinity) as no limit.
  const limited = Number.isFinite(timeoutMs) && timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS;
  const timer = limited
    ? setTimeout(() => {
        timedOut = true;
        ctl.abort(new Error(`timed out after ${timeoutMs} ms`));
      }, timeoutMs)
    : undefined;
  const onAbort = (): void => ctl.abort(caller?.reason);
  if (caller?.aborted) onAbort();
  else caller?.addEventListener('abort', onAbort, { once: true });
  const stopTimer = (): void => clearTimeout(timer);
  return {
    signal: ctl.signal,
    timedOut: () => timedOut,
    stopTimer,
    release: () => {
      stopTimer();
      caller?.removeEventListener('abort', onAbort);
      releaseSlot();
    },
  };
}

export async function exchange(cfg: TransportConfig, method: string, target: Target, opts: ExchangeOptions, mode: 'buffer'): Promise<BufferedResponse>;
export async function exchange(cfg: TransportConfig, method: string, target: Target, opts: ExchangeOptions, mode: 'stream'): Promise<StreamedResponse>;
export async function exchange(
  cfg: TransportConfig,
  method: string,
  target: Target,
  opts: ExchangeOptions,
  mode: 'buffer' | 'stream',
): Promise<BufferedResponse | StreamedResponse> {
  const caller = opts.signal;
  const timeoutMs = opts.timeoutMs ?? cfg.timeoutMs;
  // Retries after a failure with no answer share one deadline: without it a server that never
  // answers cost 4 attempts of 30 s each, two minutes of "retrying in 0s" before the error (issue
  // 18). A fast failure (a reset) still gets its retries inside the budget; a slow one ends when the
  // budget does. An answer (a 429/503 with its wait) ends the streak: the server is there.
  let deadline = Infinity;
  const maxBytes = opts.maxBytes ?? cfg.maxResponseBytes;
  const maxRetries = isIdempotent(method) ? Math.max(0, opts.maxRetries ?? cfg.maxRetries) : 0;
  const headers = requestHeaders(cfg, target.url, opts.headers);
  const aborted = (): GitLabApiError => new GitLabApiError({ method, path: target.path, kind: 'aborted', reason: 'request aborted by caller' }, cfg.redact);

  const pause = async (attempt: number, delayMs: number, reason: string, status?: number): Promise<void> => {
    const info: RetryInfo = { attempt: attempt + 1, delayMs, reason, method, path: target.path };
    if (status !== undefined) info.status = status;
    for (const listener of [cfg.onRetry, opts.onRetry]) {
      try {
        listener?.(info);
      } catch {
        // A broken progress display must not break the request.
      }
    }
    try {
      await cfg.sleep(delayMs, caller);
    } catch {
      throw aborted();
    }
    if (caller?.aborted) throw aborted();
  };
  const capped = (ms: number): number => Math.min(Math.max(0, ms), cfg.maxRetryDelayMs);

  const report = (attempt: number, started: number, extra: Partial<ExchangeEntry>): void => {
    if (!cfg.onExchange) return;
    try {
      cfg.onExchange({ method, path: cfg.redact(target.path), attempt: attempt + 1, ms: Math.round(performance.now() - started), ...extra });
    } catch {
      // A broken log must not break the request.
    }
  };

  for (let attempt = 0; ; attempt++) {
    if (caller?.aborted) throw aborted();
    // Wait for a free slot of the host before the attempt's timer starts: time in the queue is not
    // the server's slowness. A caller that gives up while queued leaves the queue, never sent.
    let releaseSlot = noop;
    const slots = cfg.slotsFor?.(new URL(target.url).origin);
    if (slots) {
      try {
        releaseSlot = await slots.acquire(caller);
      } catch {
        throw aborted();
      }
    }
    const started = performance.now();
    const sentAt = cfg.now();
    const limited = timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS && deadline !== Infinity;
    const attemptMs = limited ? Math.min(timeoutMs, Math.max(1, Math.round(deadline - started))) : timeoutMs;
    const current = startAttempt(caller, attemptMs, releaseSlot);
    const ctx = { method, path: target.path, caller, timeoutMs: attemptMs };
    try {
      const { request } = await loadUndici();
      // HTTP/1.1 (undici's default), even where the server offers HTTP/2: undici 7's HTTP/2 fails a
      // request in flight when the server sends GOAWAY (nginx does every 1,000 requests) — a POST
      // the user fired would report a failure GitLab may not have had — and then opens a new TLS
      // connection for every request made back to back (test/api/http2.test.ts shows both).
      // HTTP/2 would save ~450 header bytes a poll (bench/cost.mjs HTTP=2); not worth that.
      const res = await request(target.url, {
        method: method as Dispatcher.HttpMethod,
        headers,
        body: opts.body ?? null,
        signal: current.signal,
        ...(cfg.dispatcher ? { dispatcher: cfg.dispatcher } : {}),
        // Streams outlive our overall timer (see below); undici's idle timer guards them instead.
        ...(mode === 'stream' && timeoutMs > 0 && timeoutMs <= MAX_TIMER_MS ? { bodyTimeout: timeoutMs } : {}),
      });
      const head = {
        status: res.statusCode,
        statusText: statusText(res.statusCode, res.statusText),
        headers: normaliseHeaders(res.headers),
        url: target.url,
        path: target.path,
      };
      if (cfg.onServerDate && head.headers.date !== undefined) {
        try {
          cfg.onServerDate(head.headers.date, sentAt, cfg.now());
        } catch {
          // A broken clock estimate must not break the request.
        }
      }
      if (mode === 'stream') report(attempt, started, { status: head.status });
      deadline = Infinity;
      if (RETRYABLE_STATUSES.has(head.status) && attempt < maxRetries) {
        if (mode === 'buffer') report(attempt, started, { status: head.status });
        // Drain a little so the connection can be reused; a big or broken body is just dropped.
        await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
        current.release();
        const delay = capped(serverDelayMs(head.headers, cfg.now()) ?? backoffMs(attempt, cfg.random));
        await pause(attempt, delay, `${head.status} ${head.statusText}`, head.status);
        continue;
      }
      if (mode === 'stream') {
        // Headers are in: from here a long download is bounded by the idle timer, not a total one;
        // the caller's signal stays attached until the body is done.
        current.stopTimer();
        res.body.once('close', current.release);
        const fail = (err: unknown): GitLabApiError =>
          err instanceof BodyLimitError
            ? tooLarge(cfg, method, target.path, head.status, err, opts.bodyName)
            : classify(err, { ...ctx, timedOut: false }, cfg.redact);
        let body: Readable;
        try {
          body = decodeStream(res.body, head.headers['content-encoding'], opts.maxBytes);
        } catch (err) {
          res.body.destroy();
          throw invalid(cfg, method, target.path, head.status, err);
        }
        // Discarding a body (a redirect, an error page) destroys it, which makes undici emit an
        // abort error; with no listener that would crash the process. Readers add their own.
        res.body.on('error', noop);
        body.on('error', noop);
        // The slot is free when either end closes (a reader may destroy only the decoded stream).
        body.once('close', current.release);
        return { ...head, body, fail };
      }
      const announced = Number(head.headers['content-length']);
      if (Number.isFinite(announced) && announced > maxBytes) {
        res.body.destroy();
        throw tooLarge(cfg, method, target.path, head.status, new BodyLimitError('wire', maxBytes), opts.bodyName);
      }
      let body: Buffer;
      let wire = 0;
      try {
        ({ body, wireBytes: wire } = await readDecoded(res.body, head.headers['content-encoding'], maxBytes));
      } catch (err) {
        if (err instanceof BodyLimitError) throw tooLarge(cfg, method, target.path, head.status, err, opts.bodyName);
        if (isZlibError(err)) throw invalid(cfg, method, target.path, head.status, err);
        throw err;
      } finally {
        current.release();
        report(attempt, started, { status: head.status, bytes: wire });
      }
      return { ...head, body };
    } catch (err) {
      current.release();
      const error = classify(err, { ...ctx, timedOut: current.timedOut() }, cfg.redact);
      if (error.status === 0 || error.status === undefined) report(attempt, started, { error: error.code ?? error.kind });
      if (error.kind === 'invalid-response' || error.kind === 'aborted' || !retryableFailure(error) || attempt >= maxRetries) {
        throw error;
      }
      const wait = capped(backoffMs(attempt, cfg.random));
      if (deadline === Infinity) deadline = started + Math.max(timeoutMs, cfg.totalTimeoutMs);
      // Out of time: another attempt could not finish before the deadline; say what happened now.
      if (performance.now() + wait >= deadline - 1) throw error;
      await pause(attempt, wait, error.code ?? error.kind);
    }
  }
}

const noop = (): void => undefined;

function isZlibError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && code.startsWith('Z_')) || (err instanceof Error && /Content-Encoding/.test(err.message));
}

function tooLarge(cfg: TransportConfig, method: string, path: string, status: number, err: BodyLimitError, bodyName = 'response'): GitLabApiError {
  const reason =
    err.which === 'wire'
      ? `${bodyName} larger than ${formatBytes(err.limit)}`
      : err.which === 'ratio'
        ? `${bodyName} inflates more than ${err.limit}× its compressed size: a compression bomb; stopped`
        : `${bodyName}'s decompressed size over ${formatBytes(err.limit)}`;
  return new GitLabApiError({ method, path, status, kind: 'invalid-response', reason, code: 'BODY_TOO_LARGE' }, cfg.redact);
}

function invalid(cfg: TransportConfig, method: string, path: string, status: number, err: unknown): GitLabApiError {
  const reason = `cannot decode body: ${err instanceof Error ? err.message : String(err)}`;
  return new GitLabApiError({ method, path, status, kind: 'invalid-response', reason }, cfg.redact);
}
