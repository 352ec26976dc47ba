// Where `pipetop watch` writes: the live view on a terminal, plain lines elsewhere, JSON with --json.
// One interface, so the command does not care which.
import { safeText, truncateToWidth } from '../text/safe.js';
import type { Outcome, Snapshot, WatchEvent } from './model.js';
import {
  jsonEnd,
  jsonEvent,
  jsonLine,
  jsonStart,
  liveLines,
  LiveRegion,
  plainLine,
  plainStart,
  summaryLines,
  tagLines,
  type FailedJobReport,
} from './render.js';

export interface Reporter {
  snapshot(snap: Snapshot, events: WatchEvent[], first: boolean): void;
  trouble(message: string, retryInMs: number): void;
  /** Something the reader should know once, on stderr (GitLab refused GraphQL: REST reads from now on). */
  notice(message: string): void;
  end(snap: Snapshot, outcome: Outcome, exitCode: number, failed: readonly FailedJobReport[]): void;
  error(exitCode: number, message: string): void;
  /** Stops timers; leaves the output as it is. */
  close(): void;
}

export interface ReporterOptions {
  mode: 'live' | 'plain' | 'json';
  out: (text: string) => void;
  err: (text: string) => void;
  color: boolean;
  width: () => number;
  /** The terminal's rows (live view): the block stays shorter than the screen. */
  height?: () => number;
  now: () => number;
  /**
   * Watching the built-in simulator: every line says DEMO (`DEMO ` before each line, a `demo` field
   * in each JSON object), so fake data is never taken for a GitLab's.
   */
  demo?: boolean;
  project: string;
  /** Live view: redraw this often so running jobs' elapsed times move (0: only on reads). */
  tickMs?: number;
}

export const DEMO_TAG = 'DEMO ';

export function createReporter(o: ReporterOptions): Reporter {
  // Lines written whole (plain output, messages on stderr) get the tag here; the live view fits it in its width.
  const err = o.demo ? (t: string) => o.err(tagLines(t, DEMO_TAG)) : o.err;
  if (o.mode === 'json') return jsonReporter({ ...o, err });
  if (o.mode === 'plain') return plainReporter({ ...o, err, out: o.demo ? (t: string) => o.out(tagLines(t, DEMO_TAG)) : o.out });
  return liveReporter({ ...o, err });
}

/** The `demo` field of each JSON object: truthy for a script, and it says DEMO to a person reading the stream. */
export const DEMO_JSON = 'DEMO: the built-in simulator, not a GitLab';

function jsonReporter(o: ReporterOptions): Reporter {
  const emit = (value: object) => o.out(`${jsonLine(o.demo ? { demo: DEMO_JSON, ...value } : value)}\n`);
  return {
    snapshot(snap, events, first) {
      if (first) emit(jsonStart(snap, o.project, o.now()));
      for (const e of events) emit(jsonEvent(e, o.now()));
    },
    trouble(message, retryInMs) {
      emit({ type: 'retrying', at: new Date(o.now()).toISOString(), message, retry_in_ms: retryInMs });
    },
    // Not in the JSON stream: a script's outcome does not depend on which API told it.
    notice: (message) => o.err(`pipetop: ${safeText(message, 500)}\n`),
    end(snap, outcome, exitCode, failed) {
      emit(jsonEnd(snap, outcome, exitCode, failed, o.now()));
    },
    error(exitCode, message) {
      emit({ type: 'error', at: new Date(o.now()).toISOString(), exit_code: exitCode, message });
      o.err(`${message}\n`);
    },
    close() {},
  };
}

function plainReporter(o: ReporterOptions): Reporter {
  return {
    snapshot(snap, events, first) {
      if (first) o.out(`${plainStart(snap, o.project)}\n`);
      for (const e of events) o.out(`${plainLine(e)}\n`);
    },
    trouble(message, retryInMs) {
      o.err(`pipetop: ${safeText(message, 500)}; trying again in ${Math.ceil(retryInMs / 1000)}s\n`);
    },
    notice: (message) => o.err(`pipetop: ${safeText(message, 500)}\n`),
    end(snap, outcome, _exitCode, failed) {
      o.out(`${summaryLines(snap, outcome, failed, { color: false }, o.now()).join('\n')}\n`);
    },
    error(_exitCode, message) {
      o.err(`${message}\n`);
    },
    close() {},
  };
}

function liveReporter(o: ReporterOptions): Reporter {
  const region = new LiveRegion(o.out);
  let last: Snapshot | null = null;
  let troubleLine: { message: string; retryInMs: number } | null = null;
  const tag = o.demo ? DEMO_TAG : '';
  const draw = () => {
    if (!last) return;
    const width = o.width();
    // One row stays free for the cursor below the block.
    const height = Math.max(1, (o.height?.() ?? Infinity) - 1);
    const lines = liveLines(last, { color: o.color, width, height: troubleLine && height > 1 ? height - 1 : height, now: o.now(), project: o.project, tag });
    if (troubleLine && height > 1) {
      // The message gives way first: "again in 8s" is what the reader needs.
      const again = ` — again in ${Math.ceil(troubleLine.retryInMs / 1000)}s`;
      const message = truncateToWidth(troubleLine.message, Math.max(1, width - 1 - tag.length - 2 - again.length));
      lines.push(truncateToWidth(`${tag}  ${message}${again}`, width - 1));
    }
    region.draw(lines);
  };
  const timer = o.tickMs ? setInterval(draw, o.tickMs) : null;
  timer?.unref();
  return {
    snapshot(snap) {
      last = snap;
      troubleLine = null;
      draw();
    },
    trouble(message, retryInMs) {
      troubleLine = { message: safeText(message, 200), retryInMs };
      if (last) draw();
      else o.err(`pipetop: ${safeText(message, 500)}; trying again in ${Math.ceil(retryInMs / 1000)}s\n`);
    },
    notice(message) {
      // Above the block: it is taken away, the line written, and drawn again below it.
      region.clear();
      o.err(`pipetop: ${safeText(message, 500)}\n`);
      draw();
    },
    end(snap, outcome, _exitCode, failed) {
      if (timer) clearInterval(timer);
      last = snap;
      troubleLine = null;
      draw();
      region.release();
      o.out(tagLines(`${summaryLines(snap, outcome, failed, { color: o.color }, o.now()).join('\n')}\n`, tag));
    },
    error(_exitCode, message) {
      if (timer) clearInterval(timer);
      region.release();
      o.err(`${message}\n`);
    },
    close() {
      if (timer) clearInterval(timer);
      region.release();
    },
  };
}
