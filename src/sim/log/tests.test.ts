// A test job's JUnit cases and its log come from one source: the counts, the failed test and (in a
// verbose run) every case name are the log's.
import { describe, expect, it } from 'vitest';
import { generateJobLog } from '../log-gen.js';

const plain = (s: string) => s.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');

describe('test cases of a test job', () => {
  for (const size of ['small', 'normal', 'huge'] as const) {
    for (const outcome of ['success', 'failed'] as const) {
      it(`${size}, ${outcome}: the report's counts and failed case are the log's`, () => {
        const log = generateJobLog({ seed: 7, jobId: 4242, jobName: 'test:unit', stage: 'test', outcome, startedAt: 1.7e12, durationMs: 90_000, size });
        const text = plain(log.text);
        const cases = log.tests!;
        const n = (s: string) => cases.filter((c) => c.status === s).length;
        const line = /Tests\s+(?:1 failed \| )?(\d+) passed(?: \| (\d+) skipped)? \((\d+)\)/.exec(text)!;
        expect([n('success'), n('skipped'), cases.length]).toEqual([Number(line[1]), Number(line[2] ?? 0), Number(line[3])]);
        expect(n('failed')).toBe(outcome === 'failed' ? 1 : 0);
        for (const failed of cases.filter((c) => c.status === 'failed')) {
          expect(text).toContain(`× ${failed.name}`);
          // The JUnit failure text is vitest's: the error, then its stack (the FAIL heading is the log's own).
          expect(failed.failure!.split('\n')[0]).toBe('AssertionError: expected 4150 to be 4200 // Object.is equality');
          expect(text).toContain(`FAIL  ${failed.file} > ${failed.name}`);
          for (const l of failed.failure!.split('\n')) expect(text).toContain(l);
        }
        if (size === 'huge') {
          for (const c of cases.filter((x) => x.status === 'success').slice(0, 50)) expect(text).toContain(`✓ ${c.name} ${c.timeMs}ms`);
        }
      });
    }
  }

  it('jobs of other kinds publish no cases', () => {
    expect(
      generateJobLog({ seed: 7, jobId: 1, jobName: 'build', stage: 'build', outcome: 'success', startedAt: 1.7e12, durationMs: 60_000 }).tests,
    ).toBeUndefined();
  });
});
