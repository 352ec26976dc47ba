import { describe, expect, it } from 'vitest';
import type { Job } from '../../api/index.js';
import { arrangeAttempts, latestAttempts } from './attempts.js';

const job = (id: number, stage: string, name: string, status = 'success'): Job => ({ id, stage, name, status }) as Job;

describe('latestAttempts', () => {
  it("puts a retried job in its stage's place, shows its newest attempt and counts them", () => {
    const rows = latestAttempts([
      job(1, 'build', 'build'),
      job(2, 'test', 'test:e2e', 'failed'),
      job(3, 'test', 'lint'),
      job(4, 'deploy', 'pages', 'created'),
      job(9, 'test', 'test:e2e', 'running'),
    ]);
    expect(rows.map((r) => [r.id, r.name, r.attempts])).toEqual([
      [1, 'build', undefined],
      [9, 'test:e2e', 2],
      [3, 'lint', undefined],
      [4, 'pages', undefined],
    ]);
  });

  it('keeps a stage in place when its only job was retried', () => {
    const rows = latestAttempts([job(1, 'build', 'build', 'failed'), job(2, 'test', 'unit', 'skipped'), job(5, 'build', 'build'), job(7, 'build', 'build')]);
    expect(rows.map((r) => [r.id, r.attempts])).toEqual([
      [7, 3],
      [2, undefined],
    ]);
  });

  it('gives the same rows for the same list (memoized by identity)', () => {
    const items = [job(1, 'build', 'a'), job(2, 'build', 'a')];
    expect(arrangeAttempts(items)).toBe(arrangeAttempts(items));
  });
});
