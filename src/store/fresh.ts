// "Just read": a command that reads an object to open its pane (`:job 7`, `:key 42`) marks it, and
// the poll that follows the navigation takes the mark instead of reading it a second time. A mark
// is good for a moment only (wall-clock time: the app's clock may be a frozen simulator's), so a
// pane opened later, or R, always reads.
import type { Ctx } from './ctx.js';

const FRESH_MS = 2_000;
const marks = new WeakMap<Ctx, Map<string, number>>();

/** `what` (e.g. `job:7`) was read from GitLab just now. */
export function markFresh(ctx: Ctx, what: string): void {
  let mine = marks.get(ctx);
  if (!mine) marks.set(ctx, (mine = new Map()));
  mine.set(what, performance.now());
}

/** Whether `what` was read a moment ago; the mark is used up either way. */
export function takeFresh(ctx: Ctx, what: string): boolean {
  const mine = marks.get(ctx);
  const at = mine?.get(what);
  if (at === undefined) return false;
  mine!.delete(what);
  return performance.now() - at < FRESH_MS;
}
