// Options shared by every resource method, so the verbs look the same across modules.
import type { RequestOptions } from './client.js';
import type { PaginateOptions } from './paginate.js';

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface GetOptions extends CallOptions {
  /** Revalidate with If-None-Match (default true); a 304 returns the same object as before. */
  etag?: boolean;
}

export type ListOptions = Pick<PaginateOptions, 'perPage' | 'startPage' | 'startUrl' | 'signal' | 'timeoutMs' | 'etag'>;

/** Splits list options from the filters they are mixed with in one argument. */
export function splitList<F extends object>(input: (F & ListOptions) | undefined): { filters: F; list: ListOptions } {
  const { perPage, startPage, startUrl, signal, timeoutMs, etag, ...filters } = input ?? ({} as F & ListOptions);
  const list: ListOptions = {};
  if (perPage !== undefined) list.perPage = perPage;
  if (startPage !== undefined) list.startPage = startPage;
  if (startUrl !== undefined) list.startUrl = startUrl;
  if (signal !== undefined) list.signal = signal;
  if (timeoutMs !== undefined) list.timeoutMs = timeoutMs;
  if (etag !== undefined) list.etag = etag;
  return { filters: filters as F, list };
}

export function callOptions(opts: GetOptions | undefined): RequestOptions {
  const out: RequestOptions = {};
  if (opts?.signal) out.signal = opts.signal;
  if (opts?.timeoutMs !== undefined) out.timeoutMs = opts.timeoutMs;
  if (opts?.etag !== undefined) out.etag = opts.etag;
  return out;
}
