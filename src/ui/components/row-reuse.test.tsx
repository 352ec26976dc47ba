// Rows kept from the last render (WindowedList's signatureOf, Table's cells): every frame is the
// frame drawn when every row is rendered again (the same renders, nothing kept), through cursor
// moves, scrolling, pages, changed rows, a new width and a new theme; and a row whose signature is
// unchanged is not rendered again. (The window's place depends on the renders before, so the
// oracle is the same sequence of renders, not a fresh render of the last props.)
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement, ReactNode } from 'react';
import { cleanup, render } from 'ink-testing-library';
import { ThemeContext, createTheme, type Theme } from '../theme.js';
import { Table, WindowedList, type Column } from './index.js';
import { Text } from './Text.js';

afterEach(() => {
  cleanup();
});

const noColor = createTheme({ NO_COLOR: '1' });
// Another theme object (the rows kept are let go when the theme changes).
const noColorAgain = createTheme({ NO_COLOR: '1' });
const themed = (theme: Theme, node: ReactNode): ReactElement => <ThemeContext.Provider value={theme}>{node}</ThemeContext.Provider>;

/** Renders `steps` twice over, kept rows and not: each frame of the first equals the second's. */
function sameFrames(steps: { name: string; kept: () => ReactElement; every: () => ReactElement }[]): string | undefined {
  const a = render(steps[0]!.kept());
  const b = render(steps[0]!.every());
  for (const step of steps) {
    a.rerender(step.kept());
    b.rerender(step.every());
    expect(a.lastFrame(), step.name).toBe(b.lastFrame());
  }
  return a.lastFrame();
}

interface Row {
  id: number;
  name: string;
  status: string;
}

const rowsOf = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `job ${i + 1}`, status: i % 3 ? 'success' : 'failed' }));

describe('WindowedList with signatureOf', () => {
  it('draws what rendering every row draws, and renders only rows whose signature or selection changed', () => {
    let items = rowsOf(100);
    const renderItem = vi.fn((row: Row, _index: number, selected: boolean) => <Text bold={selected}>{`${row.name} ${row.status}`}</Text>);
    const list = (selected: number, height: number, keep: boolean) =>
      themed(
        noColor,
        <WindowedList
          items={items}
          selected={selected}
          height={height}
          keyOf={(row) => row.id}
          renderItem={renderItem}
          {...(keep ? { signatureOf: (row: Row) => `${row.name} ${row.status}` } : {})}
        />,
      );
    const { lastFrame, rerender } = render(list(0, 10, true));
    renderItem.mockClear();
    rerender(list(1, 10, true));
    // The row left and the row reached; the other eight are kept.
    expect(renderItem.mock.calls.map(([row]) => row.id).sort((x, y) => x - y)).toEqual([1, 2]);
    expect(lastFrame()).toContain('job 2 success');
    const moves: [number, number][] = [
      [0, 10],
      [1, 10],
      [9, 10],
      [10, 10],
      [12, 10],
      [40, 10],
      [31, 10],
      [0, 10],
      [3, 4],
    ];
    const steps = moves.map(([selected, height]) => ({
      name: `row ${selected} of ${height}`,
      kept: () => list(selected, height, true),
      every: () => list(selected, height, false),
    }));
    // Then a row that changed (a new object, another status) is drawn again.
    steps.push({
      name: 'a changed row',
      kept: () => {
        items = items.map((row) => (row.id === 2 ? { ...row, status: 'running' } : row));
        return list(3, 4, true);
      },
      every: () => list(3, 4, false),
    });
    expect(sameFrames(steps)).toContain('job 2 running');
  });
});

describe('Table rows kept between renders', () => {
  const columns = (suffix: string): Column<Row>[] => [
    { header: 'Status', width: 8, value: (r) => r.status, color: (r) => (r.status === 'failed' ? 'red' : undefined) },
    { header: 'Name', grow: 1, value: (r) => `${r.name}${suffix}` },
    { header: 'Id', width: 5, align: 'right', value: (r) => String(r.id) },
  ];
  const table = (theme: Theme, rows: Row[], selected: number, width = 40, suffix = '') =>
    themed(theme, <Table columns={columns(suffix)} rows={rows} selected={selected} height={8} width={width} keyOf={(r) => r.id} />);

  it('draws what rendering every row draws through moves, changes, widths and themes', () => {
    let rows = rowsOf(50);
    const moves: [Theme, number, number, string][] = [
      [noColor, 0, 40, ''],
      [noColor, 1, 40, ''],
      [noColor, 6, 40, ''],
      [noColor, 7, 40, ''],
      [noColor, 30, 40, ''],
      [noColor, 30, 60, ''],
      [noColor, 29, 60, ' (x)'],
      [noColorAgain, 29, 60, ' (x)'],
      [noColorAgain, 28, 60, ' (x)'],
    ];
    // Without kept rows: a new theme object each render lets every row go.
    const steps = moves.map(([theme, selected, width, suffix]) => ({
      name: `row ${selected} at ${width}${suffix}`,
      kept: () => table(theme, rows, selected, width, suffix),
      every: () => table(createTheme({ NO_COLOR: '1' }), rows, selected, width, suffix),
    }));
    steps.push({
      name: 'a changed row',
      kept: () => {
        rows = rows.map((r) => (r.id === 28 ? { ...r, name: 'renamed', status: 'failed' } : r));
        return table(noColorAgain, rows, 28, 60, ' (x)');
      },
      every: () => table(createTheme({ NO_COLOR: '1' }), rows, 28, 60, ' (x)'),
    });
    expect(sameFrames(steps)).toContain('renamed');
  });
});
