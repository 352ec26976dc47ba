import { describe, expect, it } from 'vitest';
import type { TestCase, TestReport } from '../../api/index.js';
import { badText, testsText, variablesText } from './pipeline-extras.js';
import { caseRows, needlesOf } from './tests-view.js';
import { caseDuration, caseOutput, caseStatusCell } from './TestsPane.js';
import { createTheme } from '../../ui/theme.js';

const tc = (name: string, status: TestCase['status'], extra: Partial<TestCase> = {}): TestCase => ({
  name,
  status,
  classname: 'c',
  execution_time: 0.5,
  system_output: null,
  stack_trace: null,
  ...extra,
});
const suite = (name: string, cases: TestCase[], build_ids: number[]) => ({
  name,
  total_time: 0,
  total_count: cases.length,
  success_count: 0,
  failed_count: 0,
  skipped_count: 0,
  error_count: 0,
  suite_error: null,
  build_ids,
  test_cases: cases,
});

describe('the Tests view', () => {
  it('lists failed and errored cases first, keeping the report’s order within each group', () => {
    const report: TestReport = {
      total_time: 1,
      total_count: 5,
      success_count: 2,
      failed_count: 1,
      skipped_count: 1,
      error_count: 1,
      test_suites: [
        suite('unit', [tc('a', 'success'), tc('b', 'failed'), tc('c', 'skipped')], [11]),
        suite('api', [tc('d', 'success'), tc('e', 'error')], [12, 13]),
      ],
    };
    const rows = caseRows(report);
    expect(rows.map((r) => r.test.name)).toEqual(['b', 'e', 'c', 'a', 'd']);
    expect(rows[1]).toMatchObject({ suite: 'api', buildIds: [12, 13] });
  });

  it('looks for the failure’s first line (system_output, as GitLab’s JUnit parser fills it), then the stack trace’s, then the name', () => {
    // GitLab: the <failure> text in system_output, stack_trace null, System Out appended.
    const gitlab = tc('test_create_user', 'failed', {
      system_output: '\n    def test_create_user(client):\nE       AssertionError: assert 500 == 201\n\nSystem Out:\n\nconnecting',
    });
    expect(needlesOf(gitlab)).toEqual(['def test_create_user(client):', 'test_create_user']);
    expect(needlesOf(tc('x', 'error', { system_output: 'System Err:\n\nboom' }))).toEqual(['boom', 'x']);
    expect(needlesOf(tc('adds', 'failed', { stack_trace: '\n  FAIL src/a.test.ts > adds\nExpected 1' }))).toEqual(['FAIL src/a.test.ts > adds', 'adds']);
    expect(needlesOf(tc('adds', 'failed', { system_output: 'adds' }))).toEqual(['adds']);
    expect(needlesOf(tc('adds', 'failed'))).toEqual(['adds']);
  });

  it('counts errored cases apart from failed ones, as GitLab does', () => {
    expect(badText(2, 1)).toBe('2 failed, 1 error');
    expect(badText(0, 3)).toBe('3 errors');
    expect(badText(1, 0)).toBe('1 failed');
    expect(badText(0, 0)).toBe('');
    const total = { time: 1, count: 12, success: 9, failed: 2, skipped: 0, error: 1, suite_error: null };
    expect(testsText({ total, test_suites: [] })).toBe('tests 12 · 2 failed, 1 error');
    // In the Tests view an errored case says so, in failed's colour.
    const theme = createTheme({});
    expect(caseStatusCell(theme, 'error')).toEqual({ text: `${theme.status('failed').icon} error`, color: theme.status('failed').color });
    expect(caseStatusCell(theme, 'failed').text).toMatch(/failed$/);
  });

  it('shows a case’s output without the terminal escapes a test printed', () => {
    const [row] = caseRows({
      total_time: 0,
      total_count: 1,
      success_count: 0,
      failed_count: 1,
      skipped_count: 0,
      error_count: 0,
      test_suites: [suite('s', [tc('x', 'failed', { stack_trace: '\u001b[31mboom\u001b[39m\n\u001b]52;c;aGk=\u0007at x' })], [1])],
    });
    const out = caseOutput(row!);
    expect(out).toEqual(['Stack trace', '  boom', '  at x']);
    expect(caseDuration(0.0042)).toBe('4ms');
    expect(caseDuration(1.5)).toBe('1.50s');
    expect(caseDuration(75)).toBe('1m15s');
  });

  it('words the pipeline’s tests and variables (keys only)', () => {
    const total = { time: 1, count: 1204, success: 1199, failed: 3, skipped: 2, error: 0, suite_error: null };
    expect(testsText({ total, test_suites: [] })).toBe('tests 1,204 · 3 failed · 2 skipped');
    expect(testsText({ total: { ...total, count: 0 }, test_suites: [] })).toBe('');
    expect(
      variablesText([
        { key: 'DEPLOY_TARGET', value: 'secret', variable_type: 'env_var' },
        { key: 'ROLLOUT_PLAN', value: 'x', variable_type: 'file' },
      ]),
    ).toBe('variables: DEPLOY_TARGET ROLLOUT_PLAN (file)');
  });
});
