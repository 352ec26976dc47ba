import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement, ReactNode } from 'react';
import { Box, Text } from 'ink';
import { cleanup, render } from 'ink-testing-library';
import { displayWidth } from '../../text/safe.js';
import { ThemeContext, createTheme } from '../theme.js';
import {
  ConfirmBar,
  Fields,
  HelpOverlay,
  KeyHints,
  ProgressBar,
  StatusBadge,
  Table,
  Tabs,
  stripWidth,
  tabTexts,
  Toast,
  WindowedList,
  layoutColumns,
  layoutHelp,
  type Column,
} from './index.js';

afterEach(() => {
  cleanup();
});

const noColor = createTheme({ NO_COLOR: '1' });

function plain(node: ReactNode): ReactElement {
  return <ThemeContext.Provider value={noColor}>{node}</ThemeContext.Provider>;
}

function lines(frame: string | undefined): string[] {
  return (frame ?? '').split('\n');
}

// Ink itself may emit SGR when the test run forces colour (FORCE_COLOR); that is not ours.
function withoutSgr(frame: string | undefined): string {
  return (frame ?? '').replace(/\x1b\[[0-9;]*m/g, '');
}

describe('WindowedList', () => {
  const items = Array.from({ length: 5000 }, (_, i) => `item ${i}`);
  const list = (selected: number, renderItem = (item: string) => <Text>{item}</Text>, height = 10) => (
    <WindowedList items={items} selected={selected} height={height} keyOf={(item) => item} renderItem={renderItem} />
  );
  const firstItem = (frame: string | undefined) => /item (\d+)/.exec(lines(frame)[0] ?? '')?.[1];

  it('renders only `height` rows of 5,000 items, and only renders those', () => {
    const renderItem = vi.fn((item: string) => <Text>{item}</Text>);
    const { lastFrame } = render(list(0, renderItem));
    expect(lines(withoutSgr(lastFrame()))).toHaveLength(10);
    expect(withoutSgr(lastFrame())).toContain('item 9');
    expect(withoutSgr(lastFrame())).not.toContain('item 10');
    expect(renderItem.mock.calls.length).toBeLessThanOrEqual(20); // a render or two, never 5,000
  });

  it('keeps the selection visible with a stable window', () => {
    const { lastFrame, rerender } = render(list(0));
    rerender(list(9));
    expect(firstItem(withoutSgr(lastFrame()))).toBe('0');
    rerender(list(10)); // one past the window: scroll by one
    expect(firstItem(withoutSgr(lastFrame()))).toBe('1');
    expect(lines(withoutSgr(lastFrame()))[9]).toContain('item 10');
    rerender(list(4999)); // jump to the end
    expect(firstItem(withoutSgr(lastFrame()))).toBe('4990');
    expect(lines(withoutSgr(lastFrame()))[9]).toContain('item 4999');
    rerender(list(4995)); // back up inside the window: no scroll
    expect(firstItem(withoutSgr(lastFrame()))).toBe('4990');
    rerender(list(4989)); // past the top edge
    expect(firstItem(withoutSgr(lastFrame()))).toBe('4989');
  });

  it('marks the selected row', () => {
    const { lastFrame } = render(list(3));
    expect(lines(withoutSgr(lastFrame()))[3]).toMatch(/^›\s+item 3/);
    expect(lines(withoutSgr(lastFrame()))[2]).not.toContain('›');
  });

  it('draws a scrollbar only when the items exceed the height', () => {
    const { lastFrame } = render(list(0));
    const rows = lines(withoutSgr(lastFrame()));
    expect(rows[0]!.endsWith('█')).toBe(true);
    expect(rows.slice(1).every((row) => row.endsWith('│'))).toBe(true);

    const few = render(<WindowedList items={['a', 'b']} selected={0} height={10} keyOf={(s) => s} renderItem={(s) => <Text>{s}</Text>} />);
    expect(withoutSgr(few.lastFrame())).not.toMatch(/[│█]/);
    expect(lines(withoutSgr(few.lastFrame()))).toHaveLength(2);
  });

  it('shows the empty text for no items', () => {
    const { lastFrame } = render(<WindowedList items={[]} selected={0} height={5} keyOf={String} renderItem={() => null} emptyText="No pipelines" />);
    expect(withoutSgr(lastFrame())).toBe('No pipelines');
  });
});

interface Job {
  id: number;
  name: string;
  status: string;
  ref: string;
}

const jobColumns: Column<Job>[] = [
  { header: 'ID', width: 6, align: 'right', value: (j) => String(j.id) },
  { header: 'Name', grow: 2, value: (j) => j.name },
  { header: 'Ref', grow: 1, value: (j) => j.ref },
  { header: 'Status', width: 10, value: (j) => j.status },
];

describe('Table', () => {
  it('lays out columns whose widths (plus gaps) sum to the width', () => {
    for (const width of [30, 40, 57, 80, 100]) {
      const layout = layoutColumns(jobColumns, width);
      const total = layout.reduce((sum, c) => sum + c.width, 0) + layout.length - 1;
      expect(total).toBe(width);
    }
    const wide = layoutColumns(jobColumns, 80);
    expect(wide.map((c) => c.column.header)).toEqual(['ID', 'Name', 'Ref', 'Status']);
    expect(wide[1]!.width).toBeGreaterThan(wide[2]!.width);
  });

  it('stops a growing column at its max and gives the room to the others, still filling the width', () => {
    const columns: Column<Job>[] = [
      { header: 'Name', width: 16, grow: 3, max: 40, value: (j) => j.name },
      { header: 'Runner', width: 12, grow: 1, max: 30, value: (j) => j.ref },
      { header: 'Title', width: 10, grow: 1, value: (j) => j.status },
    ];
    const at = (width: number) => Object.fromEntries(layoutColumns(columns, width).map((c) => [c.column.header, c.width]));
    expect(at(200)).toEqual({ Name: 40, Runner: 30, Title: 128 });
    expect(at(60)).toEqual({ Name: 28, Runner: 16, Title: 14 });
    for (let width = 40; width <= 300; width++) {
      const layout = layoutColumns(columns, width);
      expect(layout.reduce((sum, c) => sum + c.width, 0) + layout.length - 1).toBe(width);
      expect(layout[0]!.width).toBeLessThanOrEqual(40);
    }
    // Every growing column at its max: the last column takes what is left.
    expect(layoutColumns(columns.slice(0, 2), 100).map((c) => c.width)).toEqual([40, 59]);
  });

  it('drops the lowest priority first, and gives the room to the growing column', () => {
    const columns: Column<Job>[] = [
      { header: 'Status', width: 11, priority: 8, value: (j) => j.status },
      { header: 'ID', width: 9, priority: 3, value: (j) => String(j.id) },
      { header: 'Name', width: 16, grow: 1, priority: 10, value: (j) => j.name },
      { header: 'By', width: 10, priority: 2, value: () => '' },
      { header: 'Duration', width: 9, priority: 7, value: () => '' },
      { header: 'Created', width: 10, priority: 1, value: () => '' },
    ];
    const headers = (width: number) => layoutColumns(columns, width).map((c) => c.column.header);
    expect(headers(80)).toEqual(['Status', 'ID', 'Name', 'By', 'Duration', 'Created']);
    expect(headers(69)).toEqual(['Status', 'ID', 'Name', 'By', 'Duration']);
    expect(headers(58)).toEqual(['Status', 'ID', 'Name', 'Duration']);
    expect(headers(40)).toEqual(['Status', 'Name', 'Duration']);
    expect(headers(20)).toEqual(['Name']);
    // What the dropped columns leave goes to Name, not to a column further right.
    const at58 = layoutColumns(columns, 58);
    expect(at58.find((c) => c.column.header === 'Name')!.width).toBe(58 - 11 - 9 - 9 - 3);
    expect(at58.reduce((sum, c) => sum + c.width, 0) + at58.length - 1).toBe(58);
  });

  it('drops columns with no room from the right', () => {
    const layout = layoutColumns(
      [
        { header: 'A', width: 10, value: () => '' },
        { header: 'B', width: 10, value: () => '' },
        { header: 'C', width: 10, value: () => '' },
      ],
      25,
    );
    expect(layout.map((c) => c.column.header)).toEqual(['A', 'B']);
    expect(layout.reduce((sum, c) => sum + c.width, 0) + 1).toBe(25);
  });

  it('fills the row exactly and truncates a 200-char value with an ellipsis', () => {
    const rows: Job[] = [{ id: 123456, name: 'n'.repeat(200), status: 'running-long-status', ref: 'r'.repeat(200) }];
    const { lastFrame } = render(plain(<Table columns={jobColumns} rows={rows} selected={0} height={5} width={60} keyOf={(j) => j.id} />));
    const [header, row] = lines(withoutSgr(lastFrame()));
    expect(header).toMatch(/^\s+ID Name\s+Ref\s+Status\s*$/);
    expect(displayWidth(row!)).toBe(60);
    expect(row).toContain('n…');
    expect(row).toContain('r…');
    expect(row).not.toContain('n'.repeat(60));
  });

  it('never lets a server string reach the terminal', () => {
    const evil = 'x\x1b]52;c;ZXZpbA==\x07\x1b[2J\x1bc\x07\x00\u202eevil\u009b31m\u009d0;t\u009c';
    const rows: Job[] = [{ id: 1, name: evil, status: evil, ref: evil }];
    const { lastFrame } = render(plain(<Table columns={jobColumns} rows={rows} selected={0} height={5} width={80} keyOf={(j) => j.id} />));
    const frame = lastFrame() ?? '';
    expect(withoutSgr(frame)).not.toContain('\x1b');
    expect(withoutSgr(frame)).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/u);
    expect(frame).not.toContain('ZXZpbA');
    expect(frame).toContain('x  evil'); // BEL and NUL become spaces; the rest vanishes
    // Without forced colour, nothing at all: no escape of any kind.
    if (!process.env.FORCE_COLOR) expect(frame).not.toContain('\x1b');
  });

  it('windows its rows under the header', () => {
    const rows: Job[] = Array.from({ length: 500 }, (_, i) => ({ id: i, name: `job${i}`, status: 'success', ref: 'main' }));
    const { lastFrame } = render(plain(<Table columns={jobColumns} rows={rows} selected={250} height={8} width={60} keyOf={(j) => j.id} />));
    const all = lines(withoutSgr(lastFrame()));
    expect(all).toHaveLength(8);
    expect(all[7]).toContain('job250');
    expect(all.slice(1).map(displayWidth)).toEqual(Array(7).fill(60)); // scrollbar in the last column
    expect(all[4]!.endsWith('█')).toBe(true);
  });
});

describe('StatusBadge', () => {
  it('shows icon and label, or the icon alone when compact', () => {
    expect(withoutSgr(render(plain(<StatusBadge status="success" />)).lastFrame())).toBe('✔ passed');
    expect(withoutSgr(render(plain(<StatusBadge status="failed" compact />)).lastFrame())).toBe('✖');
  });

  it('shows an unknown status as ? and its sanitized value', () => {
    const { lastFrame } = render(plain(<StatusBadge status={'weird\x1b[31m\u202e'} />));
    expect(withoutSgr(lastFrame())).toBe('? weird');
  });
});

describe('theme', () => {
  it('has no colours under NO_COLOR', () => {
    const theme = createTheme({ NO_COLOR: '1' });
    expect(theme.color).toBe(false);
    expect([theme.accent, theme.muted, theme.error, theme.warning, theme.success]).toEqual([undefined, undefined, undefined, undefined, undefined]);
    for (const status of ['success', 'failed', 'running', 'manual', 'nope']) {
      expect(theme.status(status).color).toBeUndefined();
    }
  });

  it('has basic ANSI colours otherwise (an empty NO_COLOR does not count)', () => {
    for (const env of [{}, { NO_COLOR: '' }]) {
      const theme = createTheme(env);
      expect(theme.color).toBe(true);
      expect(theme.status('success').color).toBe('green');
      expect(theme.status('failed').color).toBe('red');
    }
  });

  it('maps every GitLab status and never throws on odd input', () => {
    const theme = createTheme({});
    const known = [
      'success',
      'failed',
      'running',
      'pending',
      'created',
      'canceled',
      'canceling',
      'skipped',
      'manual',
      'scheduled',
      'waiting_for_resource',
      'preparing',
      'started',
    ];
    for (const status of known) expect(theme.status(status).icon).not.toBe('?');
    expect(theme.status('constructor')).toEqual({ icon: '?', label: 'constructor', color: undefined });
    expect(theme.status(undefined as unknown as string).label).toBe('unknown');
  });
});

describe('KeyHints', () => {
  const hints = [
    { key: 'j/k', label: 'move' },
    { key: '⏎', label: 'open' },
    { key: 'r', label: 'retry' },
    { key: 'c', label: 'cancel' },
    { key: '?', label: 'help' },
  ];

  it('shows all hints when they fit', () => {
    const { lastFrame } = render(plain(<KeyHints hints={hints} width={80} />));
    expect(withoutSgr(lastFrame())).toBe('j/k move  ⏎ open  r retry  c cancel  ? help');
  });

  it('drops hints from the end, with an ellipsis, but keeps "? help" last: it says where the rest are', () => {
    for (const [width, expected] of [
      [24, 'j/k move …  ? help'],
      [30, 'j/k move  ⏎ open …  ? help'],
      [36, 'j/k move  ⏎ open  r retry …  ? help'],
    ] as const) {
      const { lastFrame } = render(plain(<KeyHints hints={hints} width={width} />));
      const frame = withoutSgr(lastFrame());
      expect(frame).toBe(expected);
      expect(displayWidth(frame)).toBeLessThanOrEqual(width);
    }
    // Without a help hint the tail simply goes.
    const { lastFrame } = render(plain(<KeyHints hints={hints.slice(0, 4)} width={24} />));
    expect(withoutSgr(lastFrame())).toBe('j/k move  ⏎ open …');
  });
});

describe('ConfirmBar and Toast', () => {
  it('asks with [y/N], which a long message never pushes out', () => {
    const { lastFrame } = render(
      plain(
        <Box width={40}>
          <ConfirmBar message={`Erase job #8812 ${'x'.repeat(80)}? Its log and artifacts are deleted.`} />
        </Box>,
      ),
    );
    const frame = withoutSgr(lastFrame());
    expect(lines(frame)).toHaveLength(1);
    expect(frame.startsWith('Erase job #8812')).toBe(true);
    expect(frame.endsWith('[y/N]')).toBe(true);
  });

  it('shows toasts with an icon and a sanitized message', () => {
    expect(withoutSgr(render(plain(<Toast kind="success" message="Retried job #1" />)).lastFrame())).toBe('✔ Retried job #1');
    expect(withoutSgr(render(plain(<Toast kind="error" message={'403\x1b[2J forbidden'} />)).lastFrame())).toBe('✖ 403 forbidden');
    expect(withoutSgr(render(plain(<Toast kind="info" message="hi" />)).lastFrame())).toBe('ℹ hi');
  });
});

describe('HelpOverlay', () => {
  const groups = Array.from({ length: 6 }, (_, g) => ({
    title: `Group ${g}`,
    rows: Array.from({ length: 6 }, (_, r) => ({ keys: `k${g}${r}`, description: `does thing ${g}.${r} to the selected item` })),
  }));

  it('fits 80×24 and pages with offset', () => {
    const first = render(plain(<HelpOverlay groups={groups} height={24} width={80} />));
    const frame = withoutSgr(first.lastFrame());
    expect(lines(frame)).toHaveLength(24);
    expect(lines(frame).every((line) => displayWidth(line) <= 80)).toBe(true);
    expect(frame).toContain('↓ more');
    expect(frame).toContain('Group 0');

    const { maxOffset } = layoutHelp(groups, 80, 24);
    expect(maxOffset).toBeGreaterThan(0);
    const last = render(plain(<HelpOverlay groups={groups} height={24} width={80} offset={maxOffset + 50} />));
    const lastFrame = withoutSgr(last.lastFrame());
    expect(lastFrame).toContain('↑ more');
    expect(lastFrame).toContain('k55');
  });

  it('uses columns when they make it fit, and shows no "more" then', () => {
    const few = groups.slice(0, 3).map((g) => ({ ...g, rows: g.rows.slice(0, 5).map((r) => ({ ...r, description: 'short' })) }));
    const { lastFrame } = render(plain(<HelpOverlay groups={few} height={14} width={80} />));
    const frame = withoutSgr(lastFrame());
    expect(frame).not.toContain('more');
    expect(lines(frame).some((line) => line.includes('Group 0') && line.includes('Group 1'))).toBe(true);
  });
});

describe('Tabs, ProgressBar, Fields', () => {
  it('renders the tab strip with key hints', () => {
    const { lastFrame } = render(
      plain(
        <Tabs
          tabs={[
            { id: 'p', label: 'Pipelines', hint: '1' },
            { id: 'j', label: 'Jobs', hint: '2' },
            { id: 's', label: 'Schedules', hint: '3', disabled: true },
          ]}
          active="j"
        />,
      ),
    );
    expect(withoutSgr(lastFrame()).trimEnd()).toBe(' 1 Pipelines │ 2 Jobs │ 3 Schedules');
  });

  it('names the tab in front and shows the others by their key when the whole strip is too wide', () => {
    const tabs = ['Pipelines', 'Jobs', 'Schedules', 'Deployments', 'Events', 'Environments', 'Branches'].map((label, i) => ({
      id: label,
      label,
      hint: String(i + 1),
    }));
    const strip = (active: string, width?: number) => withoutSgr(render(plain(<Tabs tabs={tabs} active={active} width={width} />)).lastFrame()).trimEnd();
    const whole = strip('Jobs');
    expect(whole).toBe(' 1 Pipelines │ 2 Jobs │ 3 Schedules │ 4 Deployments │ 5 Events │ 6 Environments │ 7 Branches');
    const full = stripWidth(tabTexts(tabs, 'Jobs'));
    expect(full).toBe(whole.length + 1);
    expect(tabTexts(tabs, 'Jobs', full)).toEqual(tabTexts(tabs, 'Jobs'));
    // One column short: only the tab in front keeps its name, whichever it is.
    expect(strip('Branches', full - 1)).toBe(' 1 │ 2 │ 3 │ 4 │ 5 │ 6 │ 7 Branches');
    expect(strip('Pipelines', 60)).toBe(' 1 Pipelines │ 2 │ 3 │ 4 │ 5 │ 6 │ 7');
    expect(stripWidth(tabTexts(tabs, 'Branches', 60))).toBeLessThanOrEqual(60);
  });

  it('draws a bar to the exact width, or only the label when the total is unknown', () => {
    const bar = withoutSgr(render(plain(<ProgressBar ratio={0.5} width={30} label="1.2 MB" />)).lastFrame());
    expect(displayWidth(bar)).toBe(30);
    expect(bar).toContain('50%');
    expect(bar).toContain('1.2 MB');
    expect(bar).toMatch(/^█+░+/);
    const full = withoutSgr(render(plain(<ProgressBar ratio={1} width={20} />)).lastFrame());
    expect(full).toBe(`${'█'.repeat(15)} 100%`);
    const unknown = withoutSgr(render(plain(<ProgressBar ratio={Number.NaN} width={30} label="3.4 MB" />)).lastFrame());
    expect(unknown).toBe('3.4 MB');
  });

  it('aligns labels and sanitizes string values', () => {
    const { lastFrame } = render(
      plain(
        <Fields
          rows={[
            { label: 'Status', value: <StatusBadge status="failed" /> },
            { label: 'Ref', value: 'main\x1b]52;c;eA==\x07' },
            { label: 'Duration', value: undefined },
          ]}
        />,
      ),
    );
    expect(lines(withoutSgr(lastFrame()))).toEqual(['Status    ✖ failed', 'Ref       main', 'Duration  —']);
  });
});
