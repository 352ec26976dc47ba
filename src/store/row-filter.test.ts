// The remembered `/` filter gives exactly what filtering every row afresh gives, whatever was
// typed before: characters added, removed, words added, another rows array, another textOf.
import { describe, expect, it } from 'vitest';
import { prepareFilter, visibleRows } from './row-filter.js';

interface Row {
  id: number;
  name: string;
  stage: string;
}

const textOf = (r: Row) => `#${r.id} ${r.name} ${r.stage}`;

/** The filter as the list defines it, with nothing remembered. */
function fresh(rows: Row[], filter: string, text: (r: Row) => string = textOf): Row[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((r) => words.every((w) => text(r).toLowerCase().includes(w)));
}

const STAGES = ['build', 'Test', 'deploy'];
function makeRows(n: number, salt = 0): Row[] {
  return Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `job-${(i * 7 + salt) % 31} Verbose${i % 3}`, stage: STAGES[i % 3]! }));
}

describe('visibleRows', () => {
  it('returns the rows themselves for an empty filter', () => {
    const rows = makeRows(10);
    expect(visibleRows(rows, '', textOf)).toBe(rows);
    expect(visibleRows(rows, '   ', textOf)).toBe(rows);
  });

  it('matches a fresh filter through typing, backspacing and new words', () => {
    const rows = makeRows(500);
    const typed = [
      'v',
      've',
      'ver',
      'verb',
      'verbose1',
      'verbose',
      'verbose ',
      'verbose t',
      'verbose te',
      'verbose tes',
      'verbose te',
      'j',
      'job-1',
      'job-1 b',
      'JOB-1 B',
      'x',
      '',
    ];
    for (const filter of typed) expect(visibleRows(rows, filter, textOf), filter).toEqual(fresh(rows, filter));
  });

  it('gives the same array for the same rows and filter, a new one for new rows', () => {
    const rows = makeRows(100);
    const a = visibleRows(rows, 'test', textOf);
    expect(visibleRows(rows, 'TEST', textOf)).toBe(a);
    const changed = rows.map((r) => (r.id === 2 ? { ...r, stage: 'build' } : r));
    const b = visibleRows(changed, 'test', textOf);
    expect(b).toEqual(fresh(changed, 'test'));
    expect(b).not.toEqual(a);
  });

  it('filters by the text the given textOf makes', () => {
    const rows = makeRows(60);
    expect(visibleRows(rows, 'deploy', textOf)).toEqual(fresh(rows, 'deploy'));
    const byName = (r: Row) => r.name;
    expect(visibleRows(rows, 'deploy', byName)).toEqual([]);
    expect(visibleRows(rows, 'verbose2', byName)).toEqual(fresh(rows, 'verbose2', byName));
  });

  it('keeps matching after many filters (older results let go)', () => {
    const rows = makeRows(300, 5);
    for (let n = 0; n < 40; n++) {
      const filter = `job-${n % 31}`;
      expect(visibleRows(rows, filter, textOf), filter).toEqual(fresh(rows, filter));
      expect(visibleRows(rows, `${filter} t`, textOf)).toEqual(fresh(rows, `${filter} t`));
    }
  });
});

describe('prepareFilter', () => {
  it('makes no difference to what a filter keeps', () => {
    const rows = makeRows(200);
    prepareFilter(rows, textOf);
    for (const filter of ['t', 'te', 'test', 'job-3', 'job-3 d']) expect(visibleRows(rows, filter, textOf), filter).toEqual(fresh(rows, filter));
  });
});
