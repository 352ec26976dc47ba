// The orders of the Tests view's cases: failed first (the report's order within), or most failing
// across the ref's last pipelines first (test-history.ts counts them). Apart from both, so that
// tests-view.ts and test-history.ts need not import each other.
import type { TestCase } from '../../api/index.js';

/** What ordering needs of a row (tests-view.ts TestCaseRow). */
interface Row {
  id: number;
  suite: string;
  test: Pick<TestCase, 'classname' | 'name' | 'status'>;
}

/** A case across reports: its suite, class and name (GitLab's cases have no id). */
export const caseKey = (suite: string, test: Pick<TestCase, 'classname' | 'name'>) => `${suite}\u0000${test.classname}\u0000${test.name}`;

const ORDER: Record<string, number> = { failed: 0, error: 0, skipped: 2, success: 3 };
/** Failed and errored first, then the report's order. */
export const defaultOrder = (a: Row, b: Row) => (ORDER[a.test.status] ?? 1) - (ORDER[b.test.status] ?? 1) || a.id - b.id;

/** Rows most-failing first (across the pipelines counted), then failed first as before. */
export function sortByFailures<R extends Row>(rows: readonly R[], failures: Record<string, number>): R[] {
  const n = (r: R) => failures[caseKey(r.suite, r.test)] ?? 0;
  return [...rows].sort((a, b) => n(b) - n(a) || defaultOrder(a, b));
}
