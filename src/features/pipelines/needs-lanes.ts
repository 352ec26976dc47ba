// The lines of the needs graph's gutters, routed so the drawing says only what is true. A gutter
// between column c and c + 1 is a stub cell, one vertical lane per set of jobs that need the same
// jobs of column c (only when a line must change rows; lanes whose rows do not meet share a
// cell), and a stub cell. A line leaves its job along the job's row, turns into the lane of the
// job that needs it, and leaves the lane along that job's row:
//   - all lines into one job share its lane (they join: `┤`, `┐`…), and so do the lines of the
//     jobs beside it in the lane, which need the same jobs: any way through a lane is a need;
//   - a job needed in several lanes branches where its row meets each of them (`┬`, `┼`…), and
//     only there;
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

/** Lane cells a gutter may take: 8 make a gutter of 10 cells, which leaves names ≥ 10 columns at 80×24. */
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

/** A lane: the jobs that need exactly the same jobs here, and those jobs; the rows it spans. */
interface Lane {
  targets: NeedsNode[];
  sources: NeedsNode[];
  top: number;
  bottom: number;
  /** One line on one row: drawn straight across, no lane cell. */
  straight: boolean;
}

/** The lanes of the lines `drawn`, by the job each line goes to. */
function lanesOf(into: Map<NeedsNode, NeedsEdge[]>): Map<NeedsNode, Lane> {
  const byKey = new Map<string, Lane>();
  const laneFor = new Map<NeedsNode, Lane>();
  for (const [t, ins] of into) {
    const sources = ins.map((e) => e.from).sort((a, b) => a.row - b.row);
    const key = sources.map((n) => n.row).join(',');
    let lane = byKey.get(key);
    if (!lane) byKey.set(key, (lane = { targets: [], sources, top: sources[0]!.row, bottom: sources.at(-1)!.row, straight: false }));
    lane.targets.push(t);
    lane.top = Math.min(lane.top, t.row);
    lane.bottom = Math.max(lane.bottom, t.row);
    laneFor.set(t, lane);
  }
  for (const lane of byKey.values()) lane.straight = lane.targets.length === 1 && lane.sources.length === 1 && lane.top === lane.bottom;
  return laneFor;
}

const spanOf = (lane: Lane) => lane.bottom - lane.top;

/** One gutter: its lanes and the lines it draws truthfully; the rest dropped (named instead). */
export function routeGutter(edges: readonly NeedsEdge[], cap = LANE_CAP, lookAhead = true): { route: GutterRoute; dropped: NeedsEdge[] } {
  const drawn = new Set(edges);
  const dropped: NeedsEdge[] = [];
  const drop = (e: NeedsEdge) => {
    drawn.delete(e);
    dropped.push(e);
  };
  // Each round drops a line or more (or returns), so it ends within edges.length + 1 rounds.
  for (let round = 0; round <= edges.length; round++) {
    const into = groupBy(drawn, (e) => e.to);
    const outOf = groupBy(drawn, (e) => e.from);
    const laneFor = lanesOf(into);
    const laned = [...new Set(laneFor.values())].filter((l) => !l.straight);
    // Many lanes (a tall column): one order, and the first line found to read false goes —
    // trying more would cost rounds × lanes². A few: a few orders (longest lanes outermost nests
    // fans; the others suit lines that cross), the one reading true with the fewest hops, and of
    // the lines that could go, the one keeping most drawn.
    const many = laned.length > cap * 2;
    if (many) {
      // First the lanes that could not fit were the short ones placed first: the long ones past
      // twice the cap go at once, which bounds the rounds' work.
      const guess = cellsOf([...laned].sort((a, b) => spanOf(a) - spanOf(b) || a.top - b.top));
      const going = laned.filter((l) => guess.get(l)! >= cap * 2);
      for (const lane of going) for (const t of lane.targets) for (const e of into.get(t)!) drop(e);
      if (going.length) continue;
    }
    const heuristics = [[...laned].sort((a, b) => spanOf(b) - spanOf(a) || a.top - b.top)];
    if (!many)
      heuristics.push(
        [...laned].sort((a, b) => spanOf(a) - spanOf(b) || a.top - b.top),
        [...laned].sort((a, b) => a.top - b.top),
        [...laned].sort((a, b) => b.bottom - a.bottom),
      );
    const candidates = heuristics.map((heuristic) => {
      const order = orderLanes(heuristic, outOf, laneFor);
      const x = new Map<Lane, number>(order.map((l, i) => [l, i]));
      const at = { laneFor, xOf: (l: Lane) => x.get(l) ?? Infinity };
      const bad = falseReading(outOf, into, at, many);
      return { order, bad, hops: bad.length ? Infinity : many ? 0 : hops(outOf, laned, at) };
    });
    const best = candidates.reduce((a, b) => (b.hops < a.hops ? b : a));
    if (best.bad.length) {
      // Many lanes: the first line of each source found reading false goes, all in one round.
      if (many) for (const choices of best.bad) if (drawn.has(choices[0]!)) drop(choices[0]!);
      if (!many) drop(lookAhead ? leastLoss(best.bad[0]!, drawn, cap) : best.bad[0]![0]!);
      continue;
    }
    const cell = cellsOf(best.order);
    // Past the cap, the longest lane meeting each lane placed past it goes (the short ones say the
    // most about the rows near them).
    const past = best.order.filter((l) => cell.get(l)! >= cap);
    if (past.length) {
      const going = new Set(
        past.map((o) => best.order.filter((l) => meets(l, o)).reduce((a, b) => (spanOf(b) > spanOf(a) || (spanOf(b) === spanOf(a) && b.top > a.top) ? b : a))),
      );
      for (const lane of going) for (const t of lane.targets) for (const e of into.get(t)!) drop(e);
      continue;
    }
    const width = Math.max(3, Math.max(-1, ...cell.values()) + 3);
    const lines = [...drawn].map((edge) => {
      const x = cell.get(laneFor.get(edge.to)!);
      return { edge, x: x === undefined ? null : 1 + x };
    });
    return { route: { width, lines }, dropped };
  }
  // Not reached: every round that does not return removes a line, and no lines read true.
  for (const e of [...drawn]) drop(e);
  return { route: { width: 3, lines: [] }, dropped };
}

const meets = (a: Lane, b: Lane) => a.top <= b.bottom && b.top <= a.bottom;

/**
 * Each lane's cell, left to right in `order`: lanes whose rows do not meet share a cell, and a lane
 * takes the cell right of every lane before it that it meets — so lanes that meet keep their order,
 * which is all the routing's reading depends on (a row's lines only pass lanes on that row).
 */
function cellsOf(order: readonly Lane[]): Map<Lane, number> {
  const cell = new Map<Lane, number>();
  // Per row, one more than the rightmost cell taken on it so far.
  const taken = new Int32Array(order.reduce((m, l) => Math.max(m, l.bottom + 1), 0));
  for (const lane of order) {
    let x = 0;
    for (let r = lane.top; r <= lane.bottom; r++) x = Math.max(x, taken[r]!);
    taken.fill(x + 1, lane.top, lane.bottom + 1);
    cell.set(lane, x);
  }
  return cell;
}

/** Of `choices`, the line whose going leaves the most lines drawn (routing the rest once each, without looking further). */
function leastLoss(choices: NeedsEdge[], drawn: ReadonlySet<NeedsEdge>, cap: number): NeedsEdge {
  if (choices.length === 1) return choices[0]!;
  let best = choices[0]!;
  let fewest = Infinity;
  for (const choice of new Set(choices)) {
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
 * job's lane (so the two do not overlap on the row). A circle of such orders is cut where it is
 * met; falseReading then finds the overlap and a line is dropped.
 */
function orderLanes(heuristic: Lane[], outOf: Map<NeedsNode, NeedsEdge[]>, laneFor: Map<NeedsNode, Lane>): Lane[] {
  const rank = new Map(heuristic.map((l, i) => [l, i]));
  const targetAt = new Map<number, NeedsNode>();
  for (const t of laneFor.keys()) targetAt.set(t.row, t);
  const before = new Map<Lane, Set<Lane>>();
  for (const [s, outs] of outOf) {
    const t = targetAt.get(s.row);
    const own = t && laneFor.get(t);
    if (!own || !rank.has(own)) continue;
    for (const e of outs) {
      const lane = laneFor.get(e.to)!;
      if (lane === own || !rank.has(lane)) continue;
      let set = before.get(own);
      if (!set) before.set(own, (set = new Set()));
      set.add(lane);
    }
  }
  const order: Lane[] = [];
  const seen = new Set<Lane>();
  const visit = (lane: Lane) => {
    if (seen.has(lane)) return;
    seen.add(lane);
    for (const first of [...(before.get(lane) ?? [])].sort((a, b) => rank.get(a)! - rank.get(b)!)) visit(first);
    order.push(lane);
  };
  for (const lane of heuristic) visit(lane);
  return order;
}

interface Placed {
  laneFor: Map<NeedsNode, Lane>;
  /** A lane's place left to right (Infinity: straight, no lane cell). */
  xOf: (lane: Lane) => number;
}

/**
 * Lines of which one must go, or the gutter reads a need that is not there (none: it reads true):
 * per false reading found, the line to drop first, then others that would do. The first found
 * only, or with `all`, the first of each job on the left.
 */
function falseReading(outOf: Map<NeedsNode, NeedsEdge[]>, into: Map<NeedsNode, NeedsEdge[]>, { laneFor, xOf }: Placed, all = false): NeedsEdge[][] {
  const targetAt = new Map<number, NeedsNode>();
  for (const t of into.keys()) targetAt.set(t.row, t);
  const found: NeedsEdge[][] = [];
  for (const [s, outs] of outOf) {
    const lineTo = (lane: Lane) => outs.find((e) => laneFor.get(e.to) === lane)!;
    const lanes = [...new Set(outs.map((e) => laneFor.get(e.to)!))].sort((a, b) => xOf(a) - xOf(b));
    const last = lanes.at(-1)!;
    // The row's line in must start right of where the line out ends, or be the line out's own end.
    const t = targetAt.get(s.row);
    const own = t && laneFor.get(t);
    let bad: NeedsEdge[] | null = t && own && own !== last && xOf(own) <= xOf(last) ? [lineTo(last), ...into.get(t)!] : null;
    // Each lane this line turns into and goes on from: a line coming along that lane from another
    // job could go on with it, so that job must be needed by every job further along this line.
    for (let i = 0; !bad && i < lanes.length - 1; i++) {
      const here = lanes[i]!;
      for (const other of here.sources) {
        if (other === s) continue;
        const missing = lanes.slice(i + 1).find((lane) => !lane.sources.includes(other));
        if (missing) {
          bad = [lineTo(here), outOf.get(other)!.find((e) => laneFor.get(e.to) === here)!, lineTo(missing)];
          break;
        }
      }
    }
    if (bad) found.push(bad);
    if (bad && !all) break;
  }
  return found;
}

/** How many times a line crosses a lane it does not join, with the lanes placed so. */
function hops(outOf: Map<NeedsNode, NeedsEdge[]>, laned: readonly Lane[], { laneFor, xOf }: Placed): number {
  const inside = (row: number, lane: Lane) => lane.top < row && row < lane.bottom;
  let count = 0;
  for (const [s, outs] of outOf) {
    const mine = new Set(outs.map((e) => laneFor.get(e.to)!));
    const reach = Math.max(...[...mine].map(xOf));
    for (const lane of laned) if (xOf(lane) < reach && !mine.has(lane) && inside(s.row, lane)) count++;
  }
  for (const own of laned) for (const t of own.targets) for (const lane of laned) if (xOf(lane) > xOf(own) && inside(t.row, lane)) count++;
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
