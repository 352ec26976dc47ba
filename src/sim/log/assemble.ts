// Assembly: scale line costs to the job's duration, fill in marker times, add prefixes.
import type { Rng } from '../rng.js';
import { TS_SLOT } from './ansi.js';
import type { GeneratedLog, LogSpec } from './types.js';
import type { Line } from './writer.js';

/** `2024-11-12T09:31:54.628123Z`; caches the per-second part (Date formatting dominates otherwise). */
export class IsoClock {
  private sec = NaN;
  private head = '';
  format(ms: number, micros: number): string {
    const sec = Math.floor(ms / 1000);
    if (sec !== this.sec) {
      this.sec = sec;
      this.head = new Date(sec * 1000).toISOString().slice(0, 20); // 2024-11-12T09:31:54.
    }
    const frac = (ms - sec * 1000) * 1000 + micros;
    return `${this.head}${String(frac).padStart(6, '0')}Z`;
  }
}

export function assemble(lines: Line[], spec: LogSpec, r: Rng): GeneratedLog {
  const n = lines.length;
  const start = spec.startedAt;
  const duration = Math.max(0, spec.durationMs);
  if (lines[0]) lines[0].cost = 0; // the first line is written when the job starts
  let total = 0;
  for (const l of lines) total += l.cost;

  const times: number[] = new Array(n);
  const lineEnds: number[] = new Array(n);
  const parts: string[] = new Array(n);
  let cum = 0;
  let off = 0;
  let prevMs = -1;
  let prevMicros = 0;
  const clock = new IsoClock();
  for (let i = 0; i < n; i++) {
    const l = lines[i]!;
    cum += l.cost;
    // cum reaches exactly `total` on the last line, so it lands exactly on startedAt + durationMs.
    const t = total > 0 ? start + Math.round((cum / total) * duration) : i === n - 1 ? start + duration : start;
    times[i] = t;
    let text = l.text;
    if (l.marked) text = text.split(TS_SLOT).join(String(Math.floor(t / 1000)));
    if (spec.timestamps) {
      // Sub-millisecond digits are noise, but must not go backwards within one millisecond.
      let micros = r.int(0, 999);
      if (t === prevMs && micros < prevMicros) micros = Math.min(999, prevMicros + r.int(0, 5));
      prevMs = t;
      prevMicros = micros;
      const stream = l.stream.toString(16).padStart(2, '0');
      text = `${clock.format(t, micros)} ${stream}${l.err ? 'E' : 'O'}${l.cont ? '+' : ' '}${text}`;
    }
    text += '\n';
    parts[i] = text;
    off += text.length;
    lineEnds[i] = off;
  }
  return { text: parts.join(''), lineEnds, times };
}
