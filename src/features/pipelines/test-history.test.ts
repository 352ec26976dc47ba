import { describe, expect, it } from 'vitest';
import type { TestCase, TestReport, TestReportSummary } from '../../api/index.js';
import { caseKey, countFailures, retryEvidence, shaEvidence, sortByFailures } from './test-history.js';
import type { TestCaseRow } from './tests-view.js';

const tc = (name: string, status: string): TestCase =>
  ({ name, classname: 'a.test.ts', status, execution_time: 0, system_output: null, stack_trace: null }) as TestCase;
const report = (suites: Record<string, TestCase[]>): TestReport =>
  ({ test_suites: Object.entries(suites).map(([name, test_cases]) => ({ name, test_cases })) }) as unknown as TestReport;
const summary = (suites: Record<string, [number, number]>): TestReportSummary =>
  ({
    total: {},
    test_suites: Object.entries(suites).map(([name, [total_count, failed_count]]) => ({ name, total_count, failed_count, error_count: 0 })),
  }) as unknown as TestReportSummary;

describe('retryEvidence', () => {
  it('is another attempt of the same job that succeeded while the latest failed', () => {
    const jobs = [
      { id: 1, name: 'test', status: 'success' },
      { id: 5, name: 'test', status: 'failed' },
      { id: 3, name: 'lint', status: 'success' },
    ];
    expect(retryEvidence(jobs, 'test')).toEqual({ kind: 'retry', text: 'passed in job #1, another attempt of test' });
    // The latest passing, or one attempt only: no evidence.
    expect(
      retryEvidence(
        [
          { id: 1, name: 'test', status: 'failed' },
          { id: 5, name: 'test', status: 'success' },
        ],
        'test',
      ),
    ).toBeNull();
    expect(retryEvidence([{ id: 5, name: 'test', status: 'failed' }], 'test')).toBeNull();
    // Parallel jobs: each job of the group is its own attempts.
    expect(
      retryEvidence(
        [
          { id: 1, name: 'e2e 1/2', status: 'success' },
          { id: 2, name: 'e2e 2/2', status: 'failed' },
        ],
        'e2e',
      ),
    ).toBeNull();
    expect(
      retryEvidence(
        [
          { id: 1, name: 'e2e 2/2', status: 'success' },
          { id: 2, name: 'e2e 2/2', status: 'failed' },
        ],
        'e2e',
      )!.text,
    ).toContain('job #1');
  });
});

describe('shaEvidence', () => {
  it('is the case passing in the other report, else its whole suite passing in the summary', () => {
    const bad = tc('adds', 'failed');
    expect(shaEvidence('unit', bad, { id: 9, report: report({ unit: [tc('adds', 'success')] }), summary: null })!.text).toBe('passed in #9 (same sha)');
    // Failing there too: no evidence, whatever the suite.
    expect(shaEvidence('unit', bad, { id: 9, report: report({ unit: [tc('adds', 'failed')] }), summary: summary({ unit: [3, 0] }) })).toBeNull();
    expect(shaEvidence('unit', bad, { id: 9, report: null, summary: summary({ unit: [3, 0] }) })!.text).toBe('its suite passed in #9 (same sha)');
    expect(shaEvidence('unit', bad, { id: 9, report: null, summary: summary({ unit: [3, 1] }) })).toBeNull();
    expect(shaEvidence('unit', bad, { id: 9, report: null, summary: summary({ unit: [0, 0] }) })).toBeNull();
  });
});

describe('countFailures and sortByFailures', () => {
  it('counts failed and errored runs per case, and sorts most failing first', () => {
    const failures = countFailures([report({ unit: [tc('a', 'failed'), tc('b', 'success')] }), null, report({ unit: [tc('a', 'error'), tc('b', 'failed')] })]);
    expect(failures).toEqual({ [caseKey('unit', tc('a', 'x'))]: 2, [caseKey('unit', tc('b', 'x'))]: 1 });
    const rows: TestCaseRow[] = [tc('c', 'failed'), tc('b', 'success'), tc('a', 'success')].map((test, id) => ({ id, suite: 'unit', buildIds: [], test }));
    expect(sortByFailures(rows, failures).map((r) => r.test.name)).toEqual(['a', 'b', 'c']);
  });
});
