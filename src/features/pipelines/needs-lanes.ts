// The lines of the needs graph's gutters, routed so the drawing says only what is true. A gutter
// between column c and c + 1 is a stub cell, one vertical lane per job that needs a job of column c
// (only when a line must change rows), and a stub cell. A line leaves its job along the job's row,
// turns into the lane of the job that needs it, and leaves the lane along that job's row:
//   - all lines into one job share its lane (they join: `┤`, `┐`…); a job needed by several
//     branches where its row meets each of their lanes (`┬`, `┼`…), and only there;
//   - where a line crosses a lane it does not join, the line passes as `─` and the lane is broken
//     for that cell (a hop: the lane goes on under it) — so `┼` is always a join, never a crossing.
// Read left to right (a line never runs back left; needs-lanes.test.ts reads the glyphs back so),
// every path from a job on the left ends at a job that needs it, and each such need is drawn. Two
// shapes would read false: a row carrying a job's line out and another job's line in, overlapping;
// and a lane joined by a job's line that goes on to lanes further right, which a line coming along
// the lane could follow. Routing orders the lanes to avoid both, taking the order with the fewest
// hops of a few; a line that would still read false, or a lane past LANE_CAP, is not drawn but
// named on the view's last line (NeedsGraph.tsx), as needs further left are. Some needs cannot be
// drawn in any order of lanes: on acme/api build's line must run on to test:unit beside it, so
// docker:build, coming up test:integration's lane, could follow it; build → test:integration goes.
import type { GutterRoute, NeedsEdge, NeedsLayout, NeedsNode } from './needs-types.js';

/** Lanes a gutter may take: 8 lanes make a gutter of 10 cells, which leaves names ≥ 10 columns at 80×24. */
export const LANE_CAP = 8;

/** Routes every gutter of `layout`; the edges not drawn are added to their jobs' `hidden`. */
export function routeGutters(layout: NeedsLayout): GutterRoute[] {
  const byColumn: NeedsEdge[][] = layout.columns.map(() => []);
  for (const e of layout.edges) byColumn[e.from.column]!.push(e);
  return byColumn.slice(0, Math.max(0, layout.columns.length - 1)).map((edges) => {
    const { route, dropped } = routeGutter(edges);
    for (const e of dropped) e.to.hidden.push(e.from.job.name);
    return route;
  });
}

const groupBy = (edges: Iterable<NeedsEdge>, key: (e: NeedsEdge) => NeedsNode) => {
  const out = new Map<NeedsNode, NeedsEdge[]>();
  for (const e of edges) {
    const k = key(e);
    const list = out.get(k);
    if (list) list.push(e);
    else out.set(k, [e]);
  }
  return out;
};

/** One gutter: its lanes and the lines it draws truthfully; the rest dropped (named instead). */
export function routeGutter(edges: readonly NeedsEdge[], cap = LANE_CAP, lookAhead = true): { route: GutterRoute; dropped: NeedsEdge[] } {
  const drawn = new Set(edges);
  const dropped: NeedsEdge[] = [];
  const drop = (e: NeedsEdge) => {
    drawn.delete(e);
    dropped.push(e);
  };
  let bounded = false;
  // Each round drops a line or more, or bounds the lanes once, so it ends within edges.length + 2 rounds.
  for (let round = 0; round <= edges.length + 1; round++) {
    const into = groupBy(drawn, (e) => e.to);
    const outOf = groupBy(drawn, (e) => e.from);
    // A job whose one line comes from its own row needs no lane: the line runs straight on.
    const straight = (t: NeedsNode) => {
      const ins = into.get(t)!;
      return ins.length === 1 && ins[0]!.from.row === t.row;
    };
    const spans = new Map<NeedsNode, number>();
    for (const [t, ins] of into)
      if (!straight(t))
        spans.set(
          t,
          ins.reduce((m, e) => Math.max(m, Math.abs(e.from.row - t.row)), 0),
        );
    const span = (t: NeedsNode) => spans.get(t)!;
    const laned = [...spans.keys()];
    // Past the cap the longest lanes go (the short ones say the most about the rows near them):
    // first down to twice the cap, which bounds the work of finding the lines that read
    // false (dropping those frees lanes too), then down to the cap.
    const over = laned.length - (bounded ? cap : cap * 2);
    if (over > 0) {
      const going = [...laned].sort((a, b) => span(b) - span(a) || b.row - a.row).slice(0, over);
      for (const t of going) for (const e of into.get(t)!) drop(e);
      bounded = true;
      continue;
    }
    // A few orders (longest lanes outermost nests fans; the others suit lines that cross): the
    // one that reads true with the fewest hops; when none does, the first one's false line goes.
    const candidates = [
      [...laned].sort((a, b) => span(b) - span(a) || a.row - b.row),
      [...laned].sort((a, b) => span(a) - span(b) || a.row - b.row),
      [...laned].sort((a, b) => a.row - b.row),
      [...laned].sort((a, b) => b.row - a.row),
    ].map((heuristic) => {
      const order = orderLanes(heuristic, outOf, into);
      const lane = new Map<NeedsNode, number>(order.map((t, i) => [t, i]));
      const laneOf = (t: NeedsNode) => lane.get(t) ?? Infinity;
      const bad = falseReading(outOf, into, laneOf);
      return { order, lane, bad, hops: bad ? Infinity : hops(outOf, into, laneOf) };
    });
    const best = candidates.reduce((a, b) => (b.hops < a.hops ? b : a));
    if (best.bad) {
      drop(lookAhead ? leastLoss(best.bad, drawn, cap) : best.bad[0]!);
      continue;
    }
    if (!bounded && laned.length > cap) {
      bounded = true;
      continue;
    }
    const { order, lane } = best;
    const width = Math.max(3, order.length + 2);
    const lines = [...drawn].map((edge) => ({ edge, x: lane.has(edge.to) ? 1 + lane.get(edge.to)! : null }));
    return { route: { width, lines }, dropped };
  }
  // Not reached: every round that does not return removes a line, and no lines read true.
  for (const e of [...drawn]) drop(e);
  return { route: { width: 3, lines: [] }, dropped };
}

/** Of `choices`, the line whose going leaves the most lines drawn (routing the rest once each, without looking further). */
function leastLoss(choices: NeedsEdge[], drawn: ReadonlySet<NeedsEdge>, cap: number): NeedsEdge {
  if (choices.length === 1) return choices[0]!;
  let best = choices[0]!;
  let fewest = Infinity;
  for (const choice of choices) {
    const lost = routeGutter(
      [...drawn].filter((e) => e !== choice),
      cap,
      false,
    ).dropped.length;
    if (lost < fewest) [best, fewest] = [choice, lost];
  }
  return best;
}

/**
 * The lanes left to right: in the heuristic's order, except that on a row where a job's line goes
 * out and another's comes in, the lanes the outgoing line turns into come before the incoming
 * job's lane (so the two do not overlap on the row). A circle of such orders keeps the heuristic's
 * order for what is left of it; falseReading then finds the overlap and a line is dropped.
 */
function orderLanes(heuristic: NeedsNode[], outOf: Map<NeedsNode, NeedsEdge[]>, into: Map<NeedsNode, NeedsEdge[]>): NeedsNode[] {
  const rank = new Map(heuristic.map((t, i) => [t, i]));
  const targetAt = new Map<number, NeedsNode>();
  for (const t of into.keys()) targetAt.set(t.row, t);
  const before = new Map<NeedsNode, Set<NeedsNode>>(heuristic.map((t) => [t, new Set()]));
  for (const [s, outs] of outOf) {
    const t = targetAt.get(s.row);
    if (!t || !rank.has(t)) continue;
    for (const e of outs) if (e.to !== t && rank.has(e.to)) before.get(t)!.add(e.to);
  }
  const order: NeedsNode[] = [];
  const placed = new Set<NeedsNode>();
  while (order.length < heuristic.length) {
    const next = heuristic.find((t) => !placed.has(t) && [...before.get(t)!].every((u) => placed.has(u))) ?? heuristic.find((t) => !placed.has(t))!;
    placed.add(next);
    order.push(next);
  }
  return order;
}

/**
 * Lines of which one must go, or the gutter reads a need that is not there (null: it reads true):
 * the one to drop first, then others that would do.
 */
function falseReading(outOf: Map<NeedsNode, NeedsEdge[]>, into: Map<NeedsNode, NeedsEdge[]>, laneOf: (t: NeedsNode) => number): NeedsEdge[] | null {
  const targetAt = new Map<number, NeedsNode>();
  for (const t of into.keys()) targetAt.set(t.row, t);
  for (const [s, outs] of outOf) {
    const sorted = [...outs].sort((a, b) => laneOf(a.to) - laneOf(b.to));
    const last = sorted.at(-1)!;
    const reach = laneOf(last.to);
    // The row's line in must start right of where the line out ends, or be the line out's own end.
    const t = targetAt.get(s.row);
    if (t && laneOf(t) <= reach && last.to !== t) return [last, ...into.get(t)!];
    // Each lane this line turns into and goes on from: a line coming along that lane from another
    // job could go on with it, so that job must be needed by every job further along this line.
    // Else the turn is not drawn (the line hops the lane): both jobs keep their other lines.
    for (let i = 0; i < sorted.length - 1; i++) {
      const here = sorted[i]!.to;
      const further = sorted.slice(i + 1).map((e) => e.to);
      for (const other of into.get(here)!) {
        if (other.from === s) continue;
        const theirs = new Set(outOf.get(other.from)!.map((e) => e.to));
        const missing = further.find((u) => !theirs.has(u));
        if (missing) return [sorted[i]!, other, outs.find((e) => e.to === missing)!];
      }
    }
  }
  return null;
}

/** How many times a line crosses a lane it does not join, with the lanes in `laneOf`'s order. */
function hops(outOf: Map<NeedsNode, NeedsEdge[]>, into: Map<NeedsNode, NeedsEdge[]>, laneOf: (t: NeedsNode) => number): number {
  const spans: { t: NeedsNode; x: number; top: number; bottom: number }[] = [];
  for (const [t, ins] of into) {
    const x = laneOf(t);
    if (x === Infinity) continue;
    const rows = [t.row, ...ins.map((e) => e.from.row)];
    spans.push({ t, x, top: Math.min(...rows), bottom: Math.max(...rows) });
  }
  const inside = (row: number, lane: (typeof spans)[number]) => lane.top < row && row < lane.bottom;
  let count = 0;
  for (const [s, outs] of outOf) {
    const reach = Math.max(...outs.map((e) => laneOf(e.to)));
    const fed = new Set(outs.map((e) => e.to));
    for (const lane of spans) if (lane.x < reach && !fed.has(lane.t) && inside(s.row, lane)) count++;
  }
  for (const own of spans) for (const lane of spans) if (lane.x > own.x && inside(own.t.row, lane)) count++;
  return count;
}

// Box drawing from the four directions a gutter cell joins: up, down, left, right.
const U = 1;
const D = 2;
const L = 4;
const R = 8;
const BOX: Record<number, string> = {
  [L | R]: '─',
  [U | D]: '│',
  [L | D]: '┐',
  [L | U]: '┘',
  [R | D]: '┌',
  [R | U]: '└',
  [L | R | D]: '┬',
  [L | R | U]: '┴',
  [U | D | R]: '├',
  [U | D | L]: '┤',
  [U | D | L | R]: '┼',
  [L]: '─',
  [R]: '─',
  [U]: '│',
  [D]: '│',
};

export interface GutterRow {
  text: string;
  failed: boolean[];
  selected?: boolean[];
}

/**
 * The gutter after column `c`, rows `from` to `from + count`, as drawn (see the top of this file):
 * per row its cells, whether each is on the failed path, and whether each is on a line of the job
 * at `selected` (a node's index: the cursor; NeedsGraph.tsx draws those in the accent colour). Per
 * frame it walks the gutter's lines once; the routing was done with the layout.
 */
export function gutterRows(layout: NeedsLayout, c: number, from: number, count: number, selected = -1): GutterRow[] {
  const route = layout.gutters[c];
  const width = route?.width ?? 3;
  const size = count * width;
  // Per cell: the horizontal's and the lane's directions apart, and whether a line turns there.
  const h = new Uint8Array(size);
  const v = new Uint8Array(size);
  const turn = new Uint8Array(size);
  const failedH = new Uint8Array(size);
  const failedV = new Uint8Array(size);
  const mineH = new Uint8Array(size);
  const mineV = new Uint8Array(size);
  for (const { edge: e, x } of route?.lines ?? []) {
    const isMine = e.from.index === selected || e.to.index === selected;
    const mark = (row: number, cell: number, bits: number, lane: boolean, turns = false) => {
      const r = row - from;
      if (r < 0 || r >= count) return;
      const i = r * width + cell;
      (lane ? v : h)[i]! |= bits;
      if (turns) turn[i] = 1;
      if (e.failed) (lane ? failedV : failedH)[i] = 1;
      if (isMine) (lane ? mineV : mineH)[i] = 1;
    };
    const a = e.from.row;
    const b = e.to.row;
    if (x === null) {
      for (let cell = 0; cell < width; cell++) mark(a, cell, L | R, false);
      continue;
    }
    for (let cell = 0; cell < x; cell++) mark(a, cell, L | R, false);
    for (let cell = x + 1; cell < width; cell++) mark(b, cell, L | R, false);
    if (a === b) mark(a, x, L | R, false, true);
    else {
      mark(a, x, L, false, true);
      mark(a, x, b > a ? D : U, true);
      mark(b, x, R, false, true);
      mark(b, x, b > a ? U : D, true);
      for (let r = Math.min(a, b) + 1; r < Math.max(a, b); r++) mark(r, x, U | D, true);
    }
  }
  const rows: GutterRow[] = [];
  for (let r = 0; r < count; r++) {
    let text = '';
    const failed: boolean[] = [];
    const mine: boolean[] = [];
    for (let cell = 0; cell < width; cell++) {
      const i = r * width + cell;
      // A horizontal over a lane where no line turns: a hop, drawn as the horizontal alone.
      const hop = h[i]! !== 0 && v[i]! !== 0 && turn[i] === 0;
      const bits = hop ? h[i]! : h[i]! | v[i]!;
      text += bits ? BOX[bits]! : ' ';
      failed.push(hop ? failedH[i] === 1 : failedH[i] === 1 || failedV[i] === 1);
      mine.push(hop ? mineH[i] === 1 : mineH[i] === 1 || mineV[i] === 1);
    }
    rows.push({ text, failed, ...(mine.some(Boolean) ? { selected: mine } : {}) });
  }
  return rows;
}
