import { describe, expect, it } from 'vitest';
import { pipeline } from '../../test/helpers/pipelines.js';
import { durationsByRef, median, pastDurations, usualDuration, type PastRun } from './durations.js';

describe('durationsByRef', () => {
  it('groups a newest-first page by ref into oldest → newest series, refs in list order', () => {
    const page = [
      pipeline(6, 'main', 'running', 500, 510),
      pipeline(5, 'feature/x', 'success', 400, 460),
      pipeline(4, 'main', 'success', 300, 400),
      pipeline(3, 'feature/x', 'failed', 200, 220),
      pipeline(2, 'main', 'failed', 100, 150),
    ];
    const series = durationsByRef(page);
    expect([...series.keys()]).toEqual(['main', 'feature/x']);
    expect(series.get('main')).toEqual({ ref: 'main', seconds: [50, 100, null], newestId: 6 });
    expect(series.get('feature/x')).toEqual({ ref: 'feature/x', seconds: [20, 60], newestId: 5 });
    expect(durationsByRef([]).size).toBe(0);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the middle two, ignoring junk', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([null, undefined, Number.NaN, -5, 7])).toBe(7);
    expect(median([])).toBeNull();
  });
});

describe('pastDurations and usualDuration', () => {
  const runs: PastRun[] = [
    { id: 50, name: 'test:unit', ref: 'main', status: 'success', duration: 192 }, // the job itself
    { id: 49, name: 'lint', ref: 'main', status: 'success', duration: 30 },
    { id: 48, name: 'test:unit', ref: 'feature/x', status: 'success', duration: 999 },
    { id: 47, name: 'test:unit', ref: 'main', status: 'failed', duration: 5 },
    ...Array.from({ length: 25 }, (_, i): PastRun => ({ id: 46 - i, name: 'test:unit', ref: 'main', status: 'success', duration: 90 + (i % 5) * 5 })),
  ];

  it('takes the last 20 successful runs of the same name on the same ref, not the job itself', () => {
    const past = pastDurations(runs, 'test:unit', 'main', 50);
    expect(past).toHaveLength(20);
    expect(past[0]).toBe(90);
    expect(past).not.toContain(192);
    expect(past).not.toContain(999);
    expect(past).not.toContain(5);
  });

  it('says "3m 12s, usual 1m 40s"', () => {
    const u = usualDuration(192, pastDurations(runs, 'test:unit', 'main', 50));
    expect(u).toEqual({ seconds: 192, usual: 100, runs: 20, ratio: 1.92, text: '3m 12s, usual 1m 40s' });
  });

  it('shows the duration alone with fewer than three past runs, the usual alone before it ran', () => {
    expect(usualDuration(192, [100, 110]).text).toBe('3m 12s');
    expect(usualDuration(192, [100, 110]).usual).toBeNull();
    expect(usualDuration(null, [100, 110, 120])).toMatchObject({ text: 'usual 1m 50s', ratio: null });
    expect(usualDuration(undefined, []).text).toBe('—');
  });
});
