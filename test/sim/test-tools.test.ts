// The simulator's test jobs of other stacks (pytest, jest, go test, RSpec, Maven): their JUnit cases
// are the log's (counts, the failed and errored cases, the failure text word for word), and the log's
// first real failure line — what `F` and `pipetop watch` find — is the runner's account of the
// failure, not the first line that says FAIL.
import { describe, expect, it } from 'vitest';
import { generateJobLog, type GeneratedLog, type TestTool } from '../../src/sim/log-gen.js';
import { firstFailureLine } from '../../src/watch/failure-line.js';

const plain = (s: string) => s.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');

function logOf(tool: TestTool, jobId: number, outcome: 'success' | 'failed', size: 'small' | 'normal' = 'normal'): GeneratedLog {
  return generateJobLog({ seed: 7, jobId, jobName: 'test:unit', stage: 'test', outcome, startedAt: 1.7e12, durationMs: 90_000, size, tool });
}

/** A failed job of `tool` whose report has an errored case too (bounded search over job ids). */
function withError(tool: TestTool): GeneratedLog {
  for (let jobId = 1; jobId <= 50; jobId++) {
    const log = logOf(tool, jobId, 'failed');
    if (log.tests!.some((c) => c.status === 'error')) return log;
  }
  throw new Error(`no ${tool} job with an errored case`);
}

/** The first line that contains FAIL (what a plain search would land on). */
const firstFail = (text: string) =>
  text
    .split('\n')
    .find((l) => /FAIL/i.test(l))
    ?.trim();

const REAL_FAILURE: Record<Exclude<TestTool, 'vitest'>, RegExp> = {
  pytest: /^E {2,}(?:AssertionError: assert \d+ == 201|fixture 'db_session' not found)$/,
  jest: /^● \w+ › .+$/,
  go: /^\w+_test\.go:\d+: .+: got status \d+, want 201$/,
  rspec: /^Failure\/Error: expect\(\w+\)\.to be_valid$/,
  maven: /^(?:org\.opentest4j\.AssertionFailedError: expected: <201> but was: <\d+>|java\.lang\.NullPointerException: .+)$/,
};

describe('test jobs of other stacks', () => {
  for (const tool of ['pytest', 'jest', 'go', 'rspec', 'maven'] as const) {
    it(`${tool}: the first failure line is the runner's account, not the first line saying FAIL`, () => {
      const log = logOf(tool, 4242, 'failed');
      const text = plain(log.text);
      const line = firstFailureLine(Buffer.from(log.text))!;
      expect(line).toMatch(REAL_FAILURE[tool]);
      expect(firstFail(text)).not.toBe(line);
      // The failed case's failure text (GitLab's system_output) is the log's, line by line.
      const failed = log.tests!.filter((c) => c.status === 'failed');
      expect(failed).toHaveLength(1);
      for (const l of failed[0]!.failure!.split('\n')) expect(text).toContain(l);
      expect(log.tests!.filter((c) => c.status === 'success').every((c) => c.failure === null)).toBe(true);
    });

    it(`${tool}: a passed job has no failed case and no failure line of its runner`, () => {
      const log = logOf(tool, 4242, 'success');
      expect(log.tests!.length).toBeGreaterThan(0);
      expect(log.tests!.some((c) => c.status === 'failed' || c.status === 'error')).toBe(false);
      expect(firstFailureLine(Buffer.from(log.text))).toBeNull();
    });
  }

  it('pytest counts errored cases apart, as its summary line and GitLab do', () => {
    const log = withError('pytest');
    const text = plain(log.text);
    const n = (s: string) => log.tests!.filter((c) => c.status === s).length;
    const summary = /=+ (\d+) failed, (\d+) passed(?:, (\d+) skipped)?, (\d+) errors? in /.exec(text)!;
    expect([Number(summary[1]), Number(summary[2]), Number(summary[3] ?? 0), Number(summary[4])]).toEqual([
      n('failed'),
      n('success'),
      n('skipped'),
      n('error'),
    ]);
    const errored = log.tests!.find((c) => c.status === 'error')!;
    expect(text).toContain(`ERROR at setup of ${errored.name}`);
    for (const l of errored.failure!.split('\n')) expect(text).toContain(l);
  });

  it('Maven counts errored cases apart, as its tally does', () => {
    const log = withError('maven');
    const text = plain(log.text);
    const n = (s: string) => log.tests!.filter((c) => c.status === s).length;
    expect(text).toContain(`[ERROR] Tests run: ${log.tests!.length}, Failures: ${n('failed')}, Errors: ${n('error')}, Skipped: ${n('skipped')}`);
  });

  it('jest, go and RSpec counts are the log’s', () => {
    const count = (log: GeneratedLog, s: string) => log.tests!.filter((c) => c.status === s).length;
    const jest = logOf('jest', 4242, 'failed');
    expect(plain(jest.text)).toContain(
      `Tests:       1 failed, ${count(jest, 'skipped') ? `${count(jest, 'skipped')} skipped, ` : ''}${count(jest, 'success')} passed, ${jest.tests!.length} total`,
    );
    const rspec = logOf('rspec', 4242, 'failed');
    expect(plain(rspec.text)).toContain(`${rspec.tests!.length} examples, 1 failure`);
    const go = logOf('go', 4242, 'failed');
    expect(plain(go.text)).toContain(`--- FAIL: ${go.tests!.find((c) => c.status === 'failed')!.name} (`);
  });
});
