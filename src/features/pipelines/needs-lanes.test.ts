// The needs graph's gutters read back as a graph from their glyphs alone: a reader starts at every
// line that leaves a job on the left, follows the box drawing cell to cell — right, or up and down
// a lane, never back left; where a lane meets a `─` that does not join it (a hop) it goes on under
// it — and notes each job on the right it arrives at. What it reads must be exactly the lines
// drawn, and the lines drawn with the needs named instead (`hidden`) exactly the needs between the
// two columns: on worked examples and on random pipelines (fast-check); and any window of rows the
// view asks for is that slice of the whole gutter.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../api/index.js';
import { needsLayout, type NeedsLayout } from './needs-layout.js';
import { LANE_CAP, gutterRows, routeGutter } from './needs-lanes.js';

const job = (id: number, name: string, stage: string, status = 'success'): Job =>
  ({ id, name, stage, status, allow_failure: false, ref: 'main', tag: false, created_at: '2026-11-20T12:00:00Z' }) as Job;

const U = 1;
const D = 2;
const L = 4;
const R = 8;
const GLYPH: Record<string, number> = {
  ' ': 0,
  '─': L | R,
  '│': U | D,
  '┐': L | D,
  '┘': L | U,
  '┌': R | D,
  '└': R | U,
  '┬': L | R | D,
  '┴': L | R | U,
  '├': U | D | R,
  '┤': U | D | L,
  '┼': U | D | L | R,
};
const STEP = { [U]: [-1, 0], [D]: [1, 0], [L]: [0, -1], [R]: [0, 1] } as Record<number, [number, number]>;
const BACK = { [U]: D, [D]: U, [L]: R, [R]: L } as Record<number, number>;

/** The "left row>right row" pairs the glyphs of `rows` (one gutter, one string per row) connect. */
export function readGutter(rows: readonly string[]): Set<string> {
  const grid = rows.map((r) => [...r].map((ch) => GLYPH[ch] ?? Number.NaN));
  const width = grid[0]?.length ?? 0;
  for (const [r, row] of grid.entries()) {
    expect(row.length, `row ${r} width`).toBe(width);
    expect(row.some(Number.isNaN), `row ${r} has only box drawing: ${rows[r]}`).toBe(false);
  }
  const at = (r: number, x: number) => grid[r]?.[x] ?? 0;
  const found = new Set<string>();
  for (let start = 0; start < grid.length; start++) {
    if (!(at(start, 0) & L)) continue;
    // A state: a cell and the way the reader moved into it.
    const todo: [number, number, number][] = [[start, 0, R]];
    const seen = new Set<string>();
    while (todo.length) {
      const [r, x, moved] = todo.pop()!;
      const key = `${r},${x},${moved}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const here = at(r, x);
      expect(here & BACK[moved]!, `row ${r} cell ${x} is entered from a side it has no line on`).not.toBe(0);
      for (const out of [U, D, R]) {
        if (!(here & out) || out === BACK[moved]) continue;
        if (out === R && x === width - 1) {
          found.add(`${start}>${r}`);
          continue;
        }
        const nx = x + STEP[out]![1];
        let nr = r + STEP[out]![0];
        // A lane going on under lines: each `─` is crossed, not joined, up to where the lane goes on.
        if (out !== R && at(nr, nx) === (L | R)) {
          let beyond = nr;
          while (at(beyond, nx) === (L | R)) beyond += STEP[out]![0];
          if (at(beyond, nx) & BACK[out]!) nr = beyond;
        }
        todo.push([nr, nx, out]);
      }
    }
  }
  return found;
}

/** Per gutter: what its glyphs read, what it should (drawn needs), and each need drawn or named. */
function check(layout: NeedsLayout): void {
  const rows = Math.max(...layout.columns.map((c) => c.length));
  for (let c = 0; c < layout.columns.length - 1; c++) {
    const drawn = gutterRows(layout, c, 0, rows).map((r) => r.text);
    const between = layout.edges.filter((e) => e.from.column === c);
    const named = between.filter((e) => e.to.hidden.includes(e.from.job.name));
    const lines = between.filter((e) => !named.includes(e));
    expect([...readGutter(drawn)].sort(), `gutter ${c}:\n${drawn.join('\n')}`).toEqual([...new Set(lines.map((e) => `${e.from.row}>${e.to.row}`))].sort());
    expect(drawn[0]!.length).toBeLessThanOrEqual(LANE_CAP + 2);
    // The view asks for the rows it shows only: each window is that slice of the whole gutter.
    for (let from = 0; from < rows; from++) {
      for (const count of [1, 3]) {
        expect(gutterRows(layout, c, from, count).map((r) => r.text)).toEqual(
          drawn.slice(from, from + count).concat(Array.from({ length: Math.max(0, from + count - rows) }, () => ' '.repeat(drawn[0]!.length))),
        );
      }
    }
  }
  for (const n of layout.nodes) {
    const between = layout.edges.filter((e) => e.to === n).map((e) => e.from.job.name);
    for (const name of n.hidden) expect(between).toContain(name);
  }
}

/** A pipeline of named jobs in stages, with needs, laid out; and each gutter's rows as text. */
function graph(stages: string[][], needs: Record<string, string[]>) {
  const jobs = stages.flatMap((names, s) => names.map((name) => ({ name, stage: `s${s}` }))).map((j, i) => job(i + 1, j.name, j.stage));
  const layout = needsLayout(jobs, new Map(jobs.map((j) => [j.name, needs[j.name] ?? []])));
  const rows = Math.max(...layout.columns.map((c) => c.length));
  const text = (c: number) => gutterRows(layout, c, 0, rows).map((r) => r.text);
  const node = (name: string) => layout.nodes.find((n) => n.job.name === name)!;
  return { layout, text, node };
}

describe('the needs graph’s lines read back as exactly the needs they draw', () => {
  it('acme/api: sast needs only build, so no line joins docker:build to it', () => {
    const g = graph(
      [
        ['build', 'docker:build', 'lint'],
        ['test:unit', 'test:integration', 'sast'],
      ],
      { 'test:unit': ['build'], 'test:integration': ['build', 'docker:build'], sast: ['build'] },
    );
    expect(g.layout.columns.map((c) => c.map((n) => n.job.name))).toEqual([
      ['build', 'docker:build', 'lint'],
      ['test:unit', 'sast', 'test:integration'],
    ]);
    // build → test:unit straight, build → sast down its lane; docker:build → test:integration in
    // its own lane, beside sast's and not joined to it. build → test:integration would join
    // build's line to the lane docker:build comes up, reading docker:build → sast again: named.
    expect(g.text(0)).toEqual(['──┬─', '─┐└─', ' └──']);
    expect(g.node('test:integration').hidden).toEqual(['build']);
    expect(readGutter(g.text(0))).toEqual(new Set(['0>0', '0>1', '1>2']));
    check(g.layout);
  });

  it('a fan-out: the jobs needing only the same job share one lane, branching where each leaves it', () => {
    const g = graph([['install'], ['app', 'storybook', 'unit']], { app: ['install'], storybook: ['install'], unit: ['install'] });
    expect(g.text(0)).toEqual(['─┬─', ' ├─', ' └─']);
    expect(readGutter(g.text(0))).toEqual(new Set(['0>0', '0>1', '0>2']));
    check(g.layout);
  });

  it('a fan-in: one job needing three shares one lane, joined where each comes in', () => {
    const g = graph([['a', 'b', 'c'], ['deploy']], { deploy: ['a', 'b', 'c'] });
    expect(g.text(0)).toEqual(['─┬─', '─┤ ', '─┘ ']);
    expect(readGutter(g.text(0))).toEqual(new Set(['0>0', '1>0', '2>0']));
    check(g.layout);
  });

  it('jobs needing the same jobs share a lane: every junction on it is a need', () => {
    // x and y both need a and b: one lane, and each of the four ways through it is a need.
    const g = graph(
      [
        ['a', 'b', 'c'],
        ['x', 'y', 'z'],
      ],
      { x: ['a', 'b'], y: ['a', 'b'], z: ['c'] },
    );
    expect(g.text(0)).toEqual(['─┬─', '─┴─', '───']);
    expect(readGutter(g.text(0))).toEqual(new Set(['0>0', '0>1', '1>0', '1>1', '2>2']));
    check(g.layout);
  });

  it('lanes whose rows do not meet share a cell, so a tall column keeps its lines', () => {
    const g = graph(
      [
        ['a', 'b', 'c', 'd'],
        ['w', 'x', 'y', 'z'],
      ],
      { w: ['a'], x: ['a'], y: ['c'], z: ['c'] },
    );
    expect(g.text(0)).toEqual(['─┬─', ' └─', '─┬─', ' └─']);
    check(g.layout);
    // Forty jobs, each pair needing the job on the first row of the pair: twenty lanes in one cell.
    const left = Array.from({ length: 40 }, (_, i) => `l${i}`);
    const right = Array.from({ length: 40 }, (_, i) => `r${i}`);
    const pairs = graph([left, right], Object.fromEntries(right.map((r, i) => [r, [left[i - (i % 2)]!]])));
    expect(new Set(pairs.text(0))).toEqual(new Set(['─┬─', ' └─']));
    expect(pairs.layout.nodes.flatMap((n) => n.hidden)).toEqual([]);
    check(pairs.layout);
    // A staircase (each job needing the job one row up) cannot share: on each row the line out must
    // turn before the line in starts, so each lane stands left of the one above it; past the cap,
    // lines are named.
    const stairs = graph([left, right], Object.fromEntries(right.map((r, i) => [r, [left[Math.max(0, i - 1)]!]])));
    expect(stairs.text(0)[0]!.length).toBeLessThanOrEqual(LANE_CAP + 2);
    expect(stairs.layout.nodes.flatMap((n) => n.hidden).length).toBeGreaterThan(0);
    check(stairs.layout);
  });

  it('crossing pairs: a line crossing a lane it does not join hops it, the lane broken under it', () => {
    // p, q, r all average row 1 (barycentre ties keep the list order): a (row 0) → r (row 2) crosses
    // b's line on row 1, which goes up to p and straight on to q.
    const g = graph(
      [
        ['a', 'b', 'c'],
        ['p', 'q', 'r'],
      ],
      { p: ['b'], q: ['b'], r: ['a', 'c'] },
    );
    expect(g.text(0)).toEqual(['─┐┌─', '──┴─', '─┴──']);
    expect(readGutter(g.text(0))).toEqual(new Set(['0>2', '1>0', '1>1', '2>2']));
    expect(g.layout.nodes.flatMap((n) => n.hidden)).toEqual([]);
    check(g.layout);
  });

  it('crossing lines that could only read false are not drawn but named', () => {
    // q needs a and c (rows 0 and 2), p (row 0) needs b (row 1): q's lane must reach row 1, where
    // q's line leaves it, and b's line must too, to rise to p: whichever lane is left, the two
    // would meet. a → q is left out and named; what is drawn reads true.
    const g = graph(
      [
        ['a', 'b', 'c'],
        ['p', 'q', 'r'],
      ],
      { p: ['b'], q: ['a', 'c'], r: ['c'] },
    );
    expect(g.text(0)).toEqual([' ┌──', '─┘┌─', '──┴─']);
    expect(g.node('q').hidden).toEqual(['a']);
    check(g.layout);
  });

  it('of the lines that could go, drops the one that leaves the most drawn', () => {
    // x needs a and c, y needs b, z needs a; the barycentre puts z, x, y. Dropping the first line
    // found to read false each time names two lines; trying each line that could go, and routing
    // the rest, names one: c → x, whose lane would have to cross b's way down to y.
    const g = graph(
      [
        ['a', 'b', 'c', 'd'],
        ['x', 'y', 'z'],
      ],
      { x: ['a', 'c'], y: ['b'], z: ['a'] },
    );
    expect(g.layout.columns[1]!.map((n) => n.job.name)).toEqual(['z', 'x', 'y']);
    const edges = g.layout.edges.filter((e) => e.from.column === 0);
    expect(routeGutter(edges, LANE_CAP, false).dropped.length).toBe(2);
    expect(routeGutter(edges).dropped.length).toBe(1);
    expect(g.node('x').hidden).toEqual(['c']);
    expect(g.layout.nodes.flatMap((n) => n.hidden)).toHaveLength(1);
    expect(g.text(0)).toEqual(['──┬─', '─┐└─', ' └──', '    ']);
    check(g.layout);
  });

  it('draws no more than LANE_CAP lanes; the needs past them are named, and what is drawn still reads true', () => {
    // One job on the left needed by twelve jobs below it, each also needing the job of its own row:
    // every target needs a lane.
    const left = ['root', ...Array.from({ length: 11 }, (_, i) => `l${i}`)];
    const right = Array.from({ length: 12 }, (_, i) => `t${i}`);
    const needs = Object.fromEntries(right.map((t, i) => [t, i === 0 ? ['root'] : ['root', `l${i - 1}`]]));
    const g = graph([left, right], needs);
    const width = g.text(0)[0]!.length;
    expect(width).toBeLessThanOrEqual(LANE_CAP + 2);
    const hidden = g.layout.nodes.reduce((sum, n) => sum + n.hidden.length, 0);
    expect(hidden).toBeGreaterThan(0);
    check(g.layout);
  });
});

// Random pipelines: 2-4 columns of 1-6 jobs; each job past the first column needs one or more of
// the column before (so it stands in the next column), and maybe jobs further left (named, `far`).
const pipelineArb = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: 4 }).chain((sizes) =>
  fc.tuple(
    fc.constant(sizes),
    fc.array(fc.tuple(fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }), fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }), fc.nat(5)), {
      minLength: 24,
      maxLength: 24,
    }),
  ),
);

describe('random pipelines', () => {
  it('every gutter reads back as exactly the needs it draws, the rest named', () => {
    fc.assert(
      fc.property(pipelineArb, ([sizes, picks]) => {
        const names = sizes.map((n, c) => Array.from({ length: n }, (_, i) => `c${c}j${i}`));
        const needs: Record<string, string[]> = {};
        let k = 0;
        names.forEach((column, c) => {
          if (c === 0) return;
          for (const name of column) {
            const [near, far, fallback] = picks[k++ % picks.length]!;
            const before = names[c - 1]!.filter((_, i) => near[i]);
            const mine = before.length ? before : [names[c - 1]![fallback % names[c - 1]!.length]!];
            const further = c > 1 ? names[c - 2]!.filter((_, i) => far[i]) : [];
            needs[name] = [...mine, ...further];
          }
        });
        const g = graph(names, needs);
        expect(g.layout.columns.length).toBe(sizes.length);
        check(g.layout);
      }),
      { numRuns: 400, seed: 7 },
    );
  });
});
