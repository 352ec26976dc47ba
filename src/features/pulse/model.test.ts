import { describe, expect, it } from 'vitest';
import type { PipelineBasic } from '../../api/index.js';
import { attentionTier, pulseRow, sortByAttention, type PulseProject, type PulseRow } from './model.js';

const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const iso = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

/** Pipelines newest first, as GitLab lists them; `spec` is oldest → newest for readability. */
function history(spec: string, ref = 'main', endMinute = 0): PipelineBasic[] {
  const statuses: Record<string, string> = { s: 'success', f: 'failed', r: 'running', p: 'pending', c: 'canceled', k: 'skipped', m: 'manual' };
  return [...spec]
    .map((ch, i) => {
      const created = endMinute - (spec.length - i) * 10;
      const status = statuses[ch]!;
      return { id: 100 + i, status, ref, sha: 'abc', created_at: iso(created), updated_at: iso(created + 4) } as PipelineBasic;
    })
    .reverse();
}

const project = (id: number, path: string, extra: Partial<PulseProject> = {}): PulseProject => ({ id, path, defaultBranch: 'main', ...extra });

describe('pulseRow', () => {
  it('reads the strip oldest → newest, the running count and the newest failure', () => {
    const row = pulseRow(project(1, 'acme/api'), history('sfsfsr'));
    expect(row.strip).toEqual(['success', 'failed', 'success', 'failed', 'success', 'running']);
    expect(row.running).toBe(1);
    expect(row.newestFailure).toEqual({ pipelineId: 103, at: T0 + (-30 + 4) * 60_000, iso: iso(-26) });
    expect(row.broken).toBe(false); // newest verdict is a success
    expect(row.newestPipelineId).toBe(105);
    expect(row.loaded).toBe(true);
  });

  it('estimates durations for ended pipelines and leaves gaps for the rest', () => {
    const row = pulseRow(project(1, 'acme/api'), history('sfcrkm'));
    expect(row.durations).toEqual([240, 240, 240, null, null, null]);
  });

  it('is broken while a newer run is still in flight or was canceled', () => {
    expect(pulseRow(project(1, 'a'), history('sfr')).broken).toBe(true);
    expect(pulseRow(project(1, 'a'), history('sfc')).broken).toBe(true);
    expect(pulseRow(project(1, 'a'), history('fs')).broken).toBe(false);
  });

  it('keeps the last 20 pipelines of the default branch only', () => {
    const mixed = [...history('f', 'feature/x', 5), ...history('s'.repeat(25))];
    const row = pulseRow(project(1, 'a'), mixed);
    expect(row.strip).toHaveLength(20);
    expect(row.newestFailure).toBeNull();
  });

  it('is a placeholder until loaded, ordered by the project activity', () => {
    const row = pulseRow(project(1, 'a', { lastActivityAt: iso(-5) }), null);
    expect(row).toMatchObject({ loaded: false, strip: [], running: 0, newestFailure: null, lastActivity: T0 - 5 * 60_000 });
  });
});

describe('sortByAttention', () => {
  // Each case: rows as [path, pipelines oldest → newest, minute of the newest pipeline's end].
  const row = (path: string, spec: string | null, end = 0, id = path.length): PulseRow =>
    pulseRow(project(id, path, { lastActivityAt: iso(-1000) }), spec === null ? null : history(spec, 'main', end));
  const order = (rows: PulseRow[]) => sortByAttention(rows).map((r) => r.path);

  const cases: { name: string; rows: PulseRow[]; expected: string[] }[] = [
    {
      name: 'broken before running before green before empty',
      rows: [row('green', 'ss'), row('empty', ''), row('running', 'sr'), row('broken', 'sf')],
      expected: ['broken', 'running', 'green', 'empty'],
    },
    {
      name: 'broken rows: the most recent failure first',
      rows: [row('old-fail', 'sf', -60), row('new-fail', 'sf', -5), row('mid-fail', 'sf', -30)],
      expected: ['new-fail', 'mid-fail', 'old-fail'],
    },
    {
      name: 'a broken branch with a fix running is still broken, and outranks a merely running one',
      rows: [row('running', 'sr', 0), row('fixing', 'sfr', -50)],
      expected: ['fixing', 'running'],
    },
    {
      name: 'an old failure on a now-green branch does not count',
      rows: [row('recovered', 'fs', 0), row('green', 'ss', -1)],
      expected: ['recovered', 'green'],
    },
    {
      name: 'running and green rows by last activity, most recent first',
      rows: [row('r-old', 'sr', -40), row('g-new', 'ss', 0), row('r-new', 'sr', -10), row('g-old', 'ss', -90)],
      expected: ['r-new', 'r-old', 'g-new', 'g-old'],
    },
    {
      name: 'rows not loaded yet sit with the green ones, by project activity',
      rows: [row('unloaded', null), row('green', 'ss', 0)],
      expected: ['green', 'unloaded'],
    },
    {
      name: 'ties broken by path, so the order is stable between polls',
      rows: [row('b', 'ss', 0, 1), row('a', 'ss', 0, 2), row('c', 'ss', 0, 3)],
      expected: ['a', 'b', 'c'],
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      expect(order(c.rows)).toEqual(c.expected);
      expect(order([...c.rows].reverse())).toEqual(c.expected); // independent of input order
    });
  }

  it('names the tiers', () => {
    expect([row('x', 'sf'), row('x', 'r'), row('x', 's'), row('x', null), row('x', '')].map(attentionTier)).toEqual([0, 1, 2, 2, 3]);
  });
});
