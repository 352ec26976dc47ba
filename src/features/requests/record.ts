// Writing the request log (the client's onExchange, wired by the shell) and reading one entry back
// as a command a person can run.
import type { ExchangeEntry } from '../../api/index.js';
import type { RequestRecord } from './slice.js';

/** Entries kept: enough for the reads behind any pane (a 5,000-job pipeline is 50 pages), bounded. */
export const REQUEST_LOG_SIZE = 1_000;

interface LogStore {
  getState(): { requestLog: RequestRecord[] };
  setState(partial: { requestLog: RequestRecord[] }): void;
}

/** Appends one request to the log, dropping the oldest past REQUEST_LOG_SIZE. */
export function recordExchange(store: LogStore, entry: ExchangeEntry, at: number): void {
  const log = store.getState().requestLog;
  const record: RequestRecord = {
    id: (log.at(-1)?.id ?? 0) + 1,
    at,
    method: entry.method,
    path: entry.path,
    ms: entry.ms,
    attempt: entry.attempt,
    ...(entry.status !== undefined ? { status: entry.status } : {}),
    ...(entry.bytes !== undefined ? { bytes: entry.bytes } : {}),
    ...(entry.error !== undefined ? { error: entry.error } : entry.note !== undefined ? { error: entry.note } : {}),
  };
  const next = log.length >= REQUEST_LOG_SIZE ? [...log.slice(log.length - REQUEST_LOG_SIZE + 1), record] : [...log, record];
  store.setState({ requestLog: next });
}

/** One shell word in single quotes: nothing in it is expanded. */
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The request as a `curl` command (`apiUrl`: the client's API root; paths are relative to it): the token is never in it — `$GITLAB_TOKEN` stands for it, in
 * double quotes so the shell fills it in — and the URL is single-quoted, so a path holding `$`, `;`
 * or a backtick stays data. Only GETs and HEADs are repeated as they were; for another method the
 * body pipetop sent is not kept, so the command says so.
 */
export function curlOf(record: RequestRecord, apiUrl: string): string {
  const url = quote(`${apiUrl.replace(/\/+$/, '')}${record.path}`);
  const method = record.method.toUpperCase();
  const verb = method === 'GET' ? '' : method === 'HEAD' ? '--head ' : `-X ${method} `;
  const body = method === 'GET' || method === 'HEAD' ? '' : ' # the body pipetop sent is not kept';
  return `curl ${verb}--header "PRIVATE-TOKEN: $GITLAB_TOKEN" ${url}${body}`;
}

/** What `/` filters on: method, path, status and "304" / "error". */
export function requestText(r: RequestRecord): string {
  return `${r.method} ${r.path} ${r.status ?? 'error'} ${r.error ?? ''}`;
}
