// The live tail of a job log: asks for `Range: bytes=<held>-` (readTrace turns 206, 200 and 416 into
// append / reset / unchanged) and feeds the model. Polls only while the job runs, reads once more
// after it finished (that read holds the complete log), then stops; backs off on errors, and while
// the log is quiet (each read that brings nothing doubles the wait, up to a cap; new bytes bring it
// back to the interval at once). The pane starts a tail when it shows a job and stops it when it
// hides it: nothing polls off screen.
import type { ApiResponse, GitLabClient, HttpMethod, RequestOptions } from '../../api/client.js';
import type { GitLab } from '../../api/index.js';
import { readTrace } from '../../api/trace.js';
import type { ProjectId } from '../../api/types.js';
import type { LogModel } from '../../log/index.js';

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
  /** Between polls while the job runs and its log grows. Default 2000. */
  intervalMs?: number;
  /**
   * Longest wait while the log is quiet: each read that brings nothing doubles the wait, from
   * intervalMs up to this. Default intervalMs (no quiet back-off).
   */
  quietMaxMs?: number;
  /** Cap of the error back-off (interval × 2^failures). Default 60 000. */
  maxBackoffMs?: number;
  onError?: (e: unknown) => void;
  /** Body bytes received by each response (after gzip decoding). */
  onBytes?: (n: number) => void;
  /** After each successful read: what it brought (callers infer the job's state from its log). */
  onRead?: (read: TailRead) => void;
  /** The model took no more (its disk budget is reached): the tail has stopped reading. */
  onFull?: () => void;
}

export interface TailRead {
  /** Bytes added to the model (after a reset: the whole new log). */
  appended: number;
  /** The log was shorter than what was held (erased, or a retried job's new log): started over. */
  reset: boolean;
  /** Reads in a row, this one included, that brought nothing. */
  quietReads: number;
  /** The runner's last line is in what this read brought: "Job succeeded" or "ERROR: Job failed…". */
  jobEnded: boolean;
}

/**
 * fetching: a request is in flight; waiting: the next poll is scheduled; finished: the job ended and
 * its whole log is in; paused: pause() was called (the view is not following), resume() reads on;
 * full: the model's disk budget is reached, nothing more is read; stopped: stop() was called.
 */
export type TailState = 'fetching' | 'waiting' | 'finished' | 'paused' | 'full' | 'stopped';

export interface Tail {
  stop(): void;
  /** Polls now (also after the job finished); resolves when that read is applied. */
  refresh(): Promise<void>;
  /** No more reads until resume(): the log stops growing while nobody follows it. */
  pause(): void;
  /** Reads again at once after pause(). */
  resume(): void;
  /** Body bytes received so far: close to the log size with Range support, far more without. */
  readonly fetchedBytes: number;
  readonly state: TailState;
}

/** About 10 ms of ingest work at a time. */
const FEED_SLICE = 512 * 1024;

/** Delay before the next poll after `quietReads` reads in a row that brought nothing. */
export function quietDelay(intervalMs: number, quietReads: number, quietMaxMs: number): number {
  if (quietReads <= 0) return intervalMs;
  return Math.max(intervalMs, Math.min(quietMaxMs, intervalMs * 2 ** Math.min(quietReads, 30)));
}

// The runner ends every log with one of these lines (GitLab Runner's `Job succeeded` and
// `ERROR: Job failed: <reason>`, canceled jobs included). Looked for in the last bytes only.
const JOB_END = /Job succeeded|ERROR: Job failed/;
const END_WINDOW = 512;

/** Whether the runner's final line is among the last bytes of `chunk`. */
export function logSaysJobEnded(chunk: Buffer): boolean {
  return chunk.length > 0 && JOB_END.test(chunk.subarray(Math.max(0, chunk.length - END_WINDOW)).toString('latin1'));
}

/** Delay before the next poll after `failures` consecutive errors. */
export function backoffDelay(intervalMs: number, failures: number, maxBackoffMs: number): number {
  if (failures <= 0) return intervalMs;
  return Math.min(Math.max(intervalMs, maxBackoffMs), intervalMs * 2 ** Math.min(failures, 30));
}

export function startTail(opts: TailOptions): Tail {
  const interval = Math.max(1, opts.intervalMs ?? 2000);
  const quietMax = opts.quietMaxMs ?? interval;
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
  let quietReads = 0;
  let stopped = false;

  const clearTimer = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  let paused = false;
  const schedule = (ms: number): void => {
    clearTimer();
    if (stopped) return;
    if (paused) {
      state = 'paused';
      return;
    }
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
      const appended = res.kind !== 'unchanged' ? await feed(res.chunk) : 0;
      if (stopped) return;
      failures = 0;
      quietReads = appended > 0 ? 0 : quietReads + 1;
      if (model.full) {
        // The disk budget is reached: reading on would only fill the disk (src/lib/budgets.ts).
        state = 'full';
        try {
          opts.onFull?.();
        } catch {
          // A failing listener must not break the tail.
        }
      } else if (finalRead) {
        model.end();
        state = 'finished';
      } else schedule(quietDelay(interval, quietReads, quietMax));
      try {
        opts.onRead?.({ appended, reset: res.kind === 'reset', quietReads, jobEnded: res.kind !== 'unchanged' && logSaysJobEnded(res.chunk) });
      } catch {
        // A failing listener must not end the tail.
      }
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
  async function feed(chunk: Buffer): Promise<number> {
    let at = 0;
    while (at < chunk.length && !stopped && !model.full) {
      if (at > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      if (stopped) break;
      const taken = model.append(chunk.subarray(at, at + FEED_SLICE));
      if (taken === 0) break;
      at += taken;
    }
    return at;
  }

  function poll(): Promise<void> {
    if (stopped || state === 'full') return Promise.resolve();
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
    pause() {
      if (stopped || paused) return;
      paused = true;
      clearTimer();
      // A read in flight finishes; schedule() then leaves the tail paused.
      if (state === 'waiting') state = 'paused';
    },
    resume() {
      if (stopped || !paused) return;
      paused = false;
      if (state === 'paused') void poll();
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
