// The live tail of a job log: asks for `Range: bytes=<held>-` (readTrace turns 206, 200 and 416 into
// append / reset / unchanged) and feeds the model. Polls only while the job runs, reads once more
// after it finished (that read holds the complete log), then stops; backs off on errors. The pane
// starts a tail when it shows a job and stops it when it hides it: nothing polls off screen.
import type { ApiResponse, GitLabClient, HttpMethod, RequestOptions } from '../api/client.js';
import type { GitLab } from '../api/index.js';
import { readTrace } from '../api/trace.js';
import type { ProjectId } from '../api/types.js';
import type { LogModel } from './log-model.js';

export interface TailOptions {
  gl: GitLab;
  projectId: ProjectId;
  jobId: number;
  model: LogModel;
  /**
   * Whether the job may still write to its log (the status from the store: created, pending,
   * running, …). Sampled before each request, so the read after it turns false is complete.
   */
  isRunning: () => boolean;
  /** Between polls while the job runs. Default 2000. */
  intervalMs?: number;
  /** Cap of the error back-off (interval × 2^failures). Default 60 000. */
  maxBackoffMs?: number;
  onError?: (e: unknown) => void;
  /** Body bytes received by each response (after gzip decoding). */
  onBytes?: (n: number) => void;
}

/** fetching: a request is in flight; waiting: the next poll is scheduled; finished: the job ended and its whole log is in; stopped: stop() was called. */
export type TailState = 'fetching' | 'waiting' | 'finished' | 'stopped';

export interface Tail {
  stop(): void;
  /** Polls now (also after the job finished); resolves when that read is applied. */
  refresh(): Promise<void>;
  /** Body bytes received so far: close to the log size with Range support, far more without. */
  readonly fetchedBytes: number;
  readonly state: TailState;
}

/** About 10 ms of ingest work at a time. */
const FEED_SLICE = 512 * 1024;

/** Delay before the next poll after `failures` consecutive errors. */
export function backoffDelay(intervalMs: number, failures: number, maxBackoffMs: number): number {
  if (failures <= 0) return intervalMs;
  return Math.min(Math.max(intervalMs, maxBackoffMs), intervalMs * 2 ** Math.min(failures, 30));
}

export function startTail(opts: TailOptions): Tail {
  const interval = Math.max(1, opts.intervalMs ?? 2000);
  const maxBackoff = opts.maxBackoffMs ?? 60_000;
  const { model } = opts;
  let fetched = 0;
  const client = countingClient(opts.gl.client, (n) => {
    fetched += n;
    opts.onBytes?.(n);
  });
  let state: TailState = 'waiting';
  let timer: NodeJS.Timeout | null = null;
  let inflight: Promise<void> | null = null;
  let controller: AbortController | null = null;
  let failures = 0;
  let stopped = false;

  const clearTimer = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const schedule = (ms: number): void => {
    clearTimer();
    if (stopped) return;
    state = 'waiting';
    timer = setTimeout(() => {
      timer = null;
      void poll();
    }, ms);
  };

  async function once(): Promise<void> {
    const finalRead = !opts.isRunning();
    controller = new AbortController();
    state = 'fetching';
    try {
      const res = await readTrace(client, opts.projectId, opts.jobId, { offset: model.byteSize, signal: controller.signal });
      if (stopped) return;
      if (res.kind === 'reset') model.reset();
      if (res.kind !== 'unchanged') await feed(res.chunk);
      if (stopped) return;
      failures = 0;
      if (finalRead) {
        model.end();
        state = 'finished';
        return;
      }
      schedule(interval);
    } catch (e) {
      if (stopped) return;
      failures++;
      schedule(backoffDelay(interval, failures, maxBackoff));
      try {
        opts.onError?.(e);
      } catch {
        // A failing error handler must not end the tail (nor become an unhandled rejection).
      }
    } finally {
      controller = null;
    }
  }

  /**
   * A big answer (the whole log on a first read, or every read without Range) goes into the model
   * in slices with a turn of the event loop between them, so the UI keeps drawing meanwhile. The
   * model's byte count is the offset of the next request, so stopping half-way loses nothing.
   */
  async function feed(chunk: Buffer): Promise<void> {
    for (let at = 0; at < chunk.length && !stopped; at += FEED_SLICE) {
      if (at > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      if (!stopped) model.append(chunk.subarray(at, at + FEED_SLICE));
    }
  }

  function poll(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (!inflight) inflight = once().finally(() => (inflight = null));
    return inflight;
  }

  void poll();

  return {
    stop() {
      stopped = true;
      state = 'stopped';
      clearTimer();
      controller?.abort();
    },
    refresh() {
      if (stopped) return Promise.resolve();
      clearTimer();
      return poll();
    },
    get fetchedBytes() {
      return fetched;
    },
    get state() {
      return state;
    },
  };
}

/** The same client, counting the body bytes of every response (readTrace does not report them). */
function countingClient(client: GitLabClient, count: (n: number) => void): GitLabClient {
  const wrapped = Object.create(client) as GitLabClient;
  const request = async <T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiResponse<T>> => {
    const res = await client.request<T>(method, path, options);
    if (Buffer.isBuffer(res.data)) count(res.data.length);
    return res;
  };
  Object.defineProperty(wrapped, 'request', { value: request });
  return wrapped;
}
