// The needs graph's rows as style runs (needs-rows.ts): the same text, colours and reverse video as
// drawn cell by cell, in a handful of runs per row — what keeps `v` → needs graph quick to mount.
import { describe, expect, it } from 'vitest';
import type { Job } from '../../api/index.js';
import { createTheme } from '../../ui/theme.js';
import { needsLayout } from './needs-layout.js';
import { gutterRows } from './needs-lanes.js';
import { rowRuns, type Run } from './needs-rows.js';

const job = (id: number, name: string, stage: string, status = 'success'): Job =>
  ({ id, name, stage, status, allow_failure: false, ref: 'main', tag: false, created_at: '2026-11-20T12:00:00Z' }) as Job;

// build → test:unit (failed) → deploy (skipped, also needs lint: far); lint needs nothing.
const JOBS = [job(1, 'build', 'build'), job(2, 'lint', 'test'), job(3, 'test:unit', 'test', 'failed'), job(4, 'deploy', 'deploy', 'skipped')];
const NEEDS = new Map<string, string[] | null>([
  ['build', []],
  ['lint', []],
  ['test:unit', ['build']],
  ['deploy', ['test:unit', 'lint']],
]);
const layout = needsLayout(JOBS, NEEDS);
const theme = createTheme({ FORCE_COLOR: '1' });
const COL = 12;

/** Row `r` of the graph, every column shown, as NeedsGraph.tsx asks for it. */
const row = (r: number, selected: number) =>
  rowRuns(
    layout.columns.map((column, c) => ({ node: column[r], gutter: c < layout.columns.length - 1 ? gutterRows(layout, c, r, 1, selected)[0] : null })),
    { selected, colWidth: COL, theme },
  );
const text = (runs: Run[]) => runs.map((x) => x.text).join('');

describe('needs graph rows as style runs', () => {
  it('the row’s text cell by cell: icon, name padded to the column, the gutter’s lines', () => {
    expect(text(row(0, -1))).toBe('✔ build     ───✖ test:unit ───» ↰deploy');
    expect(text(row(1, -1))).toBe(`✔ lint${' '.repeat(6 + 3 + 12 + 3)}`);
  });

  it('a few runs: spaces join whatever is beside them, so a row is an icon and a run of text per column', () => {
    const runs = row(1, -1);
    expect(runs).toEqual([{ text: '✔ ', color: 'green' }, { text: `lint${' '.repeat(24)}` }]);
    expect(row(0, -1).length).toBeLessThanOrEqual(8);
  });

  it('keeps every style that shows: status colours, the failed path in red, the far mark dim, the selection in reverse', () => {
    const runs = row(0, 3);
    expect(runs.find((x) => x.text.includes('test:unit'))).toMatchObject({ color: 'red' });
    // deploy is selected: its icon, the space, its far mark and its name in reverse video, nothing else.
    const inverse = runs.filter((x) => x.inverse);
    expect(text(inverse)).toBe('» ↰deploy');
    expect(inverse.find((x) => x.text === '↰')).toMatchObject({ dim: true });
    // Nothing selected: build succeeded, its line is dim; test:unit failed and took deploy down: that line is red.
    expect(row(0, -1).filter((x) => x.text.includes('───'))).toEqual([expect.objectContaining({ dim: true }), expect.objectContaining({ color: 'red' })]);
    expect(runs.filter((x) => !x.inverse && /^ +$/.test(x.text))).toEqual([]);
  });

  it('draws the selected job’s own lines in the accent colour, bold without colour', () => {
    // test:unit (index 2) selected: build → test:unit and test:unit → deploy are its lines.
    const runs = row(0, 2);
    expect(runs.filter((x) => x.text.includes('───')).map((x) => x.color)).toEqual(['cyan', 'cyan']);
    // lint (index 1) selected: its line to deploy is far (named, not drawn); build's line stays dim.
    expect(row(0, 1).find((x) => x.text.startsWith('───'))).toMatchObject({ dim: true });
    const plain = rowRuns(
      layout.columns.map((column, c) => ({ node: column[0], gutter: c < layout.columns.length - 1 ? gutterRows(layout, c, 0, 1, 2)[0] : null })),
      { selected: 2, colWidth: COL, theme: createTheme({ NO_COLOR: '1' }) },
    );
    expect(plain.filter((x) => x.text.includes('───')).map((x) => x.bold)).toEqual([true, true]);
  });
});
