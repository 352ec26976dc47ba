// Column widths of the pulse at a given terminal width: columns give way by priority (the project
// path, then the strip, the running count, the newest failure, the sparkline); pure, so 80×24 and
// 60×16 are tested without rendering.
import { displayWidth } from '../../text/safe.js';
import { PULSE_DEPTH } from './model.js';

export type PulseColumn = 'path' | 'strip' | 'running' | 'failure' | 'spark';

export interface PulseLayout {
  /** Widths of the columns shown, in screen order; absent columns gave way. */
  widths: Partial<Record<PulseColumn, number>>;
  order: PulseColumn[];
}

const GAP = 1;
/** The widest the project path gets (nested groups and all). */
export const PATH_MAX = 60;
const PRIORITY: PulseColumn[] = ['path', 'strip', 'running', 'failure', 'spark'];
const MIN: Record<PulseColumn, number> = { path: 12, strip: 10, running: 3, failure: 12, spark: 8 };
/** Extra width handed out in this order, up to these widths; the path takes whatever is left. */
const GROW: [PulseColumn, number][] = [
  ['path', 24],
  ['strip', 20],
  ['spark', 12],
];

export function pulseLayout(width: number): PulseLayout {
  const available = Math.max(0, Math.floor(Number.isFinite(width) ? width : 0));
  const widths: Partial<Record<PulseColumn, number>> = {};
  let used = 0;
  for (const column of PRIORITY) {
    const next = used + (used > 0 ? GAP : 0) + MIN[column];
    if (next > available) break;
    widths[column] = MIN[column];
    used = next;
  }
  if (widths.path === undefined) {
    // Not even a path fits: show what we can of it.
    return available > 0 ? { widths: { path: available }, order: ['path'] } : { widths: {}, order: [] };
  }
  let rest = available - used;
  for (const [column, max] of GROW) {
    const w = widths[column];
    if (w === undefined || rest <= 0) continue;
    const extra = Math.min(rest, max - w);
    if (extra > 0) {
      widths[column] = w + extra;
      rest -= extra;
    }
  }
  // A wide terminal: the path stops at PATH_MAX (a long name reads no better across 150 cells); the
  // sparkline takes a bar for each pipeline read; what is left widens the failure's column (blank),
  // so the sparkline stays at the right edge; without one, the path takes it.
  for (const [column, max] of [
    ['path', PATH_MAX],
    ['spark', PULSE_DEPTH],
  ] as const) {
    const w = widths[column];
    if (w === undefined || rest <= 0) continue;
    const extra = Math.min(rest, max - w);
    if (extra > 0) {
      widths[column] = w + extra;
      rest -= extra;
    }
  }
  if (rest > 0) widths[widths.failure === undefined ? 'path' : 'failure']! += rest;
  return { widths, order: PRIORITY.filter((c) => widths[c] !== undefined) };
}

/** The end of `text` in at most `width` cells, '…' first when cut: "…platform/api" keeps the name. */
export function cutLeft(text: string, width: number): string {
  if (!(width > 0)) return '';
  if (displayWidth(text) <= width) return text;
  const chars = Array.from(text);
  let out = '';
  let used = 0;
  for (let i = chars.length - 1; i >= 0; i--) {
    const w = displayWidth(chars[i]!);
    if (used + w > width - 1) break;
    out = chars[i]! + out;
    used += w;
  }
  return '…' + out;
}
