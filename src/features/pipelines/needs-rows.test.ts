// The needs graph's rows as style runs (needs-rows.ts): the same text, colours and reverse video as
// drawn cell by cell, in a handful of runs per row — what keeps `v` → needs graph quick to mount.
import { describe, expect, it } from 'vitest';
import type { Job } from '../../api/index.js';
import { createTheme } from '../../ui/theme.js';
import { gutterRows, needsLayout } from './needs-layout.js';
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
    layout.columns.map((column, c) => ({ node: column[r], gutter: c < layout.columns.length - 1 ? gutterRows(layout, c, r, 1)[0] : null })),
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
    // build succeeded: its line is dim; test:unit failed and took deploy down: that line is red.
    expect(runs.filter((x) => x.text.includes('───'))).toEqual([expect.objectContaining({ dim: true }), expect.objectContaining({ color: 'red' })]);
    expect(runs.filter((x) => !x.inverse && /^ +$/.test(x.text))).toEqual([]);
  });
});
