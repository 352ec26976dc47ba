// Where `pipetop watch` writes: the live view on a terminal, plain lines elsewhere, JSON with --json.
// One interface, so the command does not care which.
import { safeText } from '../text/safe.js';
import type { Outcome, Snapshot, WatchEvent } from './model.js';
import { jsonEnd, jsonEvent, jsonLine, jsonStart, liveLines, LiveRegion, plainLine, plainStart, summaryLines, type FailedJobReport } from './render.js';

export interface Reporter {
  snapshot(snap: Snapshot, events: WatchEvent[], first: boolean): void;
  trouble(message: string, retryInMs: number): void;
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
  now: () => number;
  project: string;
  /** Live view: redraw this often so running jobs' elapsed times move (0: only on reads). */
  tickMs?: number;
}

export function createReporter(o: ReporterOptions): Reporter {
  if (o.mode === 'json') return jsonReporter(o);
  if (o.mode === 'plain') return plainReporter(o);
  return liveReporter(o);
}

function jsonReporter(o: ReporterOptions): Reporter {
  const emit = (value: object) => o.out(`${jsonLine(value)}\n`);
  return {
    snapshot(snap, events, first) {
      if (first) emit(jsonStart(snap, o.project, o.now()));
      for (const e of events) emit(jsonEvent(e, o.now()));
    },
    trouble(message, retryInMs) {
      emit({ type: 'retrying', at: new Date(o.now()).toISOString(), message, retry_in_ms: retryInMs });
    },
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
  let troubleLine: string | null = null;
  const draw = () => {
    if (!last) return;
    const lines = liveLines(last, { color: o.color, width: o.width(), now: o.now(), project: o.project });
    if (troubleLine) lines.push(troubleLine);
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
      troubleLine = `  ${safeText(message, 200).slice(0, Math.max(10, o.width() - 30))} — again in ${Math.ceil(retryInMs / 1000)}s`;
      if (last) draw();
      else o.err(`pipetop: ${safeText(message, 500)}; trying again in ${Math.ceil(retryInMs / 1000)}s\n`);
    },
    end(snap, outcome, _exitCode, failed) {
      if (timer) clearInterval(timer);
      last = snap;
      troubleLine = null;
      draw();
      region.release();
      o.out(`${summaryLines(snap, outcome, failed, { color: o.color }, o.now()).join('\n')}\n`);
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
