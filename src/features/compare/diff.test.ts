import { expect, it } from 'vitest';
import type { Job, TestReport } from '../../api/index.js';
import { compare } from './diff.js';

const job = (id: number, name: string, status: string, duration: number | null = null): Job =>
  ({ id, name, status, stage: 'test', duration }) as unknown as Job;
const report = (cases: [string, string][]): TestReport =>
  ({
    test_suites: [{ name: 'unit', test_cases: cases.map(([name, status]) => ({ name, status, classname: 'api' })) }],
  }) as unknown as TestReport;

it('names flipped, new and gone jobs; the newest attempt of a name counts', () => {
  const r = compare(
    {
      jobs: [job(10, 'build', 'success', 60), job(11, 'test', 'failed', 200), job(12, 'test', 'success', 210), job(13, 'lint', 'failed', 5)],
      duration: 400,
      report: null,
      variables: null,
    },
    { jobs: [job(1, 'build', 'success', 50), job(2, 'test', 'success', 100), job(3, 'docs', 'success', 9)], duration: 300, report: null, variables: null },
  );
  // test's newest attempt (#12) passed: not flipped.
  expect(r.flipped).toEqual([
    { name: 'lint', stage: 'test', before: null, after: 'failed' },
    { name: 'docs', stage: 'test', before: 'success', after: null },
  ]);
  expect(r.durations.map((d) => [d.name, d.before, d.after])).toEqual([
    ['test', 100, 210],
    ['build', 50, 60],
  ]);
  expect([r.totalBefore, r.totalAfter]).toEqual([300, 400]);
});

it('a case failing (or erroring) now that passed or was absent then is newly failing; one failing in both is not', () => {
  const r = compare(
    {
      jobs: [],
      duration: null,
      report: report([
        ['a', 'failed'],
        ['b', 'error'],
        ['c', 'failed'],
        ['d', 'success'],
      ]),
      variables: null,
    },
    {
      jobs: [],
      duration: null,
      report: report([
        ['a', 'success'],
        ['c', 'failed'],
        ['d', 'failed'],
      ]),
      variables: null,
    },
  );
  expect(r.newlyFailing).toEqual(['unit › api › a', 'unit › api › b']);
  expect(r.testsCompared).toBe(true);
  expect(
    compare({ jobs: [], duration: null, report: null, variables: null }, { jobs: [], duration: null, report: report([]), variables: null }).testsCompared,
  ).toBe(false);
});

it('variables: added, removed and changed keys, values never in the result', () => {
  const r = compare(
    {
      jobs: [],
      duration: null,
      report: null,
      variables: [
        { key: 'A', value: '1' },
        { key: 'B', value: 'secret-2' },
        { key: 'C', value: 'x', variable_type: 'file' },
      ],
    },
    {
      jobs: [],
      duration: null,
      report: null,
      variables: [
        { key: 'B', value: 'secret-1' },
        { key: 'C', value: 'x' },
        { key: 'D', value: 'y' },
      ],
    },
  );
  expect(r.variables).toEqual([
    { key: 'A', change: 'added' },
    { key: 'B', change: 'changed' },
    { key: 'C', change: 'changed' },
    { key: 'D', change: 'removed' },
  ]);
  expect(JSON.stringify(r)).not.toContain('secret');
});
