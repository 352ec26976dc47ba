import { afterEach, describe, expect, it } from 'vitest';
import type { ReactElement, ReactNode } from 'react';
import { cleanup, render } from 'ink-testing-library';
import type { PipelineBasic } from '../../api/index.js';
import { displayWidth } from '../../text/safe.js';
import { ThemeContext, createTheme } from '../../ui/theme.js';
import { cutLeft, pulseLayout } from './layout.js';
import { pulseRow, sortByAttention, type PulseRow } from './model.js';
import { PulseView, pulseSummary } from './PulseView.js';

afterEach(() => {
  cleanup();
});

const noColor = createTheme({ NO_COLOR: '1' });
const plain = (node: ReactNode): ReactElement => <ThemeContext.Provider value={noColor}>{node}</ThemeContext.Provider>;
const lines = (frame: string | undefined) => (frame ?? '').replace(/\x1b\[[0-9;]*m/g, '').split('\n');

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const iso = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const STATUS: Record<string, string> = { s: 'success', f: 'failed', r: 'running', c: 'canceled' };

/** `spec` oldest → newest; the newest pipeline ends `end` minutes from NOW; each ran 4 + i%3 min. */
function row(id: number, path: string, spec: string | null, end = 0): PulseRow {
  const pipelines =
    spec === null
      ? null
      : [...spec]
          .map((ch, i): PipelineBasic => {
            const created = end - (spec.length - i) * 10;
            return { id: id * 100 + i, status: STATUS[ch]!, ref: 'main', sha: 'x', created_at: iso(created), updated_at: iso(created + 4 + (i % 3)) };
          })
          .reverse();
  return pulseRow({ id, path, defaultBranch: 'main' }, pipelines);
}

describe('pulseLayout', () => {
  it('shows every column at 80 and gives the path the room it needs', () => {
    expect(pulseLayout(80)).toEqual({
      order: ['path', 'strip', 'running', 'failure', 'spark'],
      widths: { path: 29, strip: 20, running: 3, failure: 12, spark: 12 },
    });
  });

  it('keeps every column at 60 with a shorter strip, and drops from the lowest priority below that', () => {
    expect(pulseLayout(60).widths).toEqual({ path: 23, strip: 10, running: 3, failure: 12, spark: 8 });
    expect(pulseLayout(45).order).toEqual(['path', 'strip', 'running', 'failure']);
    expect(pulseLayout(30).order).toEqual(['path', 'strip', 'running']);
    expect(pulseLayout(20).order).toEqual(['path']);
    expect(pulseLayout(5)).toEqual({ order: ['path'], widths: { path: 5 } });
    expect(pulseLayout(0)).toEqual({ order: [], widths: {} });
  });

  it('always adds up to the width', () => {
    for (let w = 12; w <= 200; w++) {
      const { order, widths } = pulseLayout(w);
      expect(order.reduce((sum, c) => sum + widths[c]!, 0) + order.length - 1).toBe(w);
    }
  });
});

describe('cutLeft', () => {
  it('keeps the end of a long path, where the project name is', () => {
    expect(cutLeft('acme/platform/api', 10)).toBe('…tform/api');
    expect(cutLeft('acme/api', 10)).toBe('acme/api');
    expect(cutLeft('群組/專案', 5)).toBe('…專案');
    expect(cutLeft('abc', 0)).toBe('');
  });
});

describe('PulseView', () => {
  const rows = sortByAttention([
    row(1, 'acme/api', 'ssssfssssfsssssssssf', -3),
    row(2, 'acme/web', 'ssssssssssssssssssr', -1),
    row(3, 'acme/infra/terraform-modules/networking', 'sssssssssssssssssss', -30),
    row(4, 'acme/docs', null),
  ]);

  it('draws one row per project at 80×24, most urgent first', () => {
    const { lastFrame } = render(plain(<PulseView rows={rows} selected={0} width={80} height={24} now={NOW} requestsPerMinute={8} />));
    const out = lines(lastFrame());
    expect(out[0]).toBe('4 projects · 1 red · 1 running · 8 req/min');
    expect(out[1]).toBe(['project'.padEnd(29), 'pipelines'.padStart(20), 'run', 'last failure', 'duration'.padStart(12)].join(' '));
    // acme/api's newest pipeline was created at −13 min and failed 5 minutes later (4 + 19 % 3).
    expect(out[2]!.slice(0, 29).trimEnd()).toBe('acme/api');
    expect(out[2]!.slice(30, 50)).toBe('✔✔✔✔✖✔✔✔✔✖✔✔✔✔✔✔✔✔✔✖');
    expect(out[2]!.slice(51, 54)).toBe('   ');
    expect(out[2]!.slice(55, 67).trimEnd()).toBe('✖ 8m ago');
    expect(out[3]!.slice(0, 29).trimEnd()).toBe('acme/web');
    expect(out[3]!.slice(30, 50)).toBe(' ✔✔✔✔✔✔✔✔✔✔✔✔✔✔✔✔✔✔●');
    expect(out[3]!.slice(51, 54)).toBe(' ●1');
    expect(out[4]!.slice(0, 29)).toBe('…terraform-modules/networking');
    expect(out[4]!.slice(68)).toMatch(/^[▁▂▃▄▅▆▇█]{12}$/);
    expect(out[5]!.slice(0, 29).trimEnd()).toBe('acme/docs');
    expect(out[5]!.slice(30, 50)).toBe(' '.repeat(19) + '…');
    for (const line of out) expect(displayWidth(line)).toBeLessThanOrEqual(80);
  });

  it('fits 60×16 with every column, the strip cut to the newest 10', () => {
    const { lastFrame } = render(plain(<PulseView rows={rows} selected={0} width={60} height={16} now={NOW} />));
    const out = lines(lastFrame());
    expect(out[1]).toBe(['project'.padEnd(23), 'pipelines'.padStart(10), 'run', 'last failure', 'duration'].join(' '));
    expect(out[2]!.slice(24, 34)).toBe('✔✔✔✔✔✔✔✔✔✖');
    for (const line of out) expect(displayWidth(line)).toBeLessThanOrEqual(60);
  });

  it('renders only the rows that fit, and keeps the selection in view', () => {
    const many = Array.from({ length: 500 }, (_, i) => row(i + 1, `group/project-${i}`, 'sssf'));
    const { lastFrame } = render(plain(<PulseView rows={many} selected={300} width={60} height={16} now={NOW} />));
    const out = lines(lastFrame());
    expect(out).toHaveLength(16);
    expect(out.some((l) => l.includes('project-300 '))).toBe(true);
    expect(out.some((l) => l.includes('project-0 '))).toBe(false);
  });

  it('never draws wider than it is given, down to a sliver', () => {
    for (const width of [1, 8, 13, 25, 40, 59]) {
      const { lastFrame, unmount } = render(plain(<PulseView rows={rows} selected={1} width={width} height={6} now={NOW} />));
      const out = lines(lastFrame());
      expect(out.length).toBeLessThanOrEqual(6);
      for (const line of out) expect(displayWidth(line)).toBeLessThanOrEqual(width);
      unmount();
    }
  });

  it('sanitizes what the server sent', () => {
    const hostile = [row(1, 'evil/\x1b]52;c;aGk=\x07name\x1b[2J', 'f')];
    const { lastFrame } = render(plain(<PulseView rows={hostile} selected={0} width={60} height={5} now={NOW} />));
    expect(lastFrame()).not.toMatch(/\x1b\]|\x1b\[2J|\x07/);
    expect(lines(lastFrame())[2]).toContain('name');
  });

  it('says so when there are no projects', () => {
    const { lastFrame } = render(plain(<PulseView rows={[]} selected={0} width={60} height={5} now={NOW} emptyText="No projects in your config." />));
    expect(lines(lastFrame())[2]).toBe('No projects in your config.');
    expect(pulseSummary([])).toBe('0 projects · 0 red · 0 running');
    expect(pulseSummary([], undefined, true)).toBe('loading…');
  });
});
