// What the Tests view knows beyond one report: which failed cases look flaky, and how often each
// case failed across the ref's last pipelines
// (docs/gitlab-api.md "Flaky marks and failures across pipelines"). A failed case is "flaky?" when it passed elsewhere on the same code:
//   * another attempt of the same job in this pipeline succeeded (GitLab's report holds only the
//     latest attempt of each job, so the evidence is the attempt's status: a JUnit job that
//     succeeded had no failing test);
//   * the previous pipeline of the same sha has the case passing (its full report), or its suite
//     with no failure at all (its summary).
// Failures across the ref's last TEST_HISTORY_PIPELINES pipelines: every summary is read (cheap),
// and a full report only for pipelines whose summary counts failures. All reads are bounded.
import { patchList } from '../../store/store.js';
import { writePipelines } from './writers.js';
import type { Job, PipelineBasic, TestCase, TestReport, TestReportSummary } from '../../api/index.js';
import { TEST_HISTORY_PIPELINES } from '../../lib/budgets.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { listKeyText, type AppState, type PaneKinds } from '../../store/types.js';
import { caseKey, defaultOrder, sortByFailures } from './test-order.js';
import { caseRows, type TestCaseRow } from './tests-view.js';
import { testCasesList } from './list-keys.js';

export { caseKey, sortByFailures };

export interface FlakyEvidence {
  kind: 'retry' | 'sha';
  /** "passed in job #123, another attempt of test:unit", "passed in #4512 (same sha)". */
  text: string;
}

export interface TestHistory {
  state: 'loading' | 'ready' | 'error';
  error?: string;
  /** By caseKey. */
  flaky: Record<string, FlakyEvidence>;
  /** Failed (or errored) runs of each case across `pipelines`, by caseKey. */
  failures: Record<string, number>;
  /** The pipelines counted, newest first (this one included). */
  pipelines: number[];
  /** Requests the history took. */
  reads: number;
  /** The Tests view's rows sorted by `failures` (F), instead of failed first. */
  sorted: boolean;
}

const failed = (status: string) => status === 'failed' || status === 'error';
/** A parallel job's suite is its group's name (`test 1/3` → `test`). */
const groupOf = (name: string) => name.replace(/\s+\d+\/\d+$/, '');

/** Evidence from other attempts of a suite's job: one that succeeded. */
export function retryEvidence(jobs: readonly Pick<Job, 'id' | 'name' | 'status'>[], suite: string): FlakyEvidence | null {
  const attempts = jobs.filter((j) => j.name === suite || groupOf(j.name) === suite);
  const byName = new Map<string, typeof attempts>();
  for (const j of attempts) byName.set(j.name, [...(byName.get(j.name) ?? []), j]);
  for (const [name, runs] of byName) {
    if (runs.length < 2) continue;
    const latest = runs.reduce((a, b) => (b.id > a.id ? b : a));
    const passed = runs.find((j) => j.id !== latest.id && j.status === 'success');
    if (latest.status !== 'success' && passed) return { kind: 'retry', text: `passed in job #${passed.id}, another attempt of ${name}` };
  }
  return null;
}

/** Evidence from another pipeline of the same sha: the case passing in its report, or its whole suite passing. */
export function shaEvidence(
  suite: string,
  test: TestCase,
  other: { id: number; report: TestReport | null; summary: TestReportSummary | null },
): FlakyEvidence | null {
  const same = other.report?.test_suites.find((s) => s.name === suite)?.test_cases.find((c) => c.name === test.name && c.classname === test.classname);
  if (same?.status === 'success') return { kind: 'sha', text: `passed in #${other.id} (same sha)` };
  if (same) return null;
  const s = other.summary?.test_suites.find((x) => x.name === suite);
  if (s && s.total_count > 0 && s.failed_count === 0 && s.error_count === 0) return { kind: 'sha', text: `its suite passed in #${other.id} (same sha)` };
  return null;
}

/** Failures per case across reports (null: a pipeline whose summary counted none). */
export function countFailures(reports: readonly (TestReport | null)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const report of reports) {
    for (const suite of report?.test_suites ?? []) {
      for (const c of suite.test_cases) if (failed(c.status)) out[caseKey(suite.name, c)] = (out[caseKey(suite.name, c)] ?? 0) + 1;
    }
  }
  return out;
}

function patch(ctx: Ctx, pipelineId: number, change: Partial<TestHistory>): void {
  writePipelines(ctx.store, (s) => ({
    testHistory: {
      ...s.testHistory,
      [pipelineId]: { ...(s.testHistory[pipelineId] ?? { state: 'loading', flaky: {}, failures: {}, pipelines: [], reads: 0, sorted: false }), ...change },
    },
  }));
}

export async function loadTestHistory(ctx: Ctx, projectId: number, pipelineId: number): Promise<void> {
  patch(ctx, pipelineId, { state: 'loading', error: undefined });
  let reads = 0;
  const read = <T>(p: Promise<T>) => {
    reads++;
    return p;
  };
  const summaries = new Map<number, TestReportSummary | null>();
  const reports = new Map<number, TestReport | null>();
  const summaryOf = async (id: number) => {
    if (!summaries.has(id)) summaries.set(id, await read(ctx.gl.pipelines.testReportSummary(projectId, id)).catch(() => null));
    return summaries.get(id)!;
  };
  /** The full report, only where the summary counts failures (else it adds nothing). */
  const reportOf = async (id: number, always = false) => {
    if (!reports.has(id)) {
      const summary = always ? null : await summaryOf(id);
      const worth = always || (summary && summary.total.failed + summary.total.error > 0);
      reports.set(id, worth ? await read(ctx.gl.pipelines.testReport(projectId, id)).catch(() => null) : null);
    }
    return reports.get(id)!;
  };
  try {
    const state = ctx.store.getState();
    const pipeline = state.pipelines[pipelineId] ?? (await read(ctx.gl.pipelines.get(projectId, pipelineId)));
    const cached = state.testReports[pipelineId]?.report;
    const report = cached ?? (await read(ctx.gl.pipelines.testReport(projectId, pipelineId)));
    reports.set(pipelineId, report);
    const failing = caseRows(report).filter((r) => failed(r.test.status));
    const flaky: Record<string, FlakyEvidence> = {};
    if (failing.length) {
      const [jobs, sameSha] = await Promise.all([
        read(ctx.gl.jobs.listForPipeline(projectId, pipelineId, { includeRetried: true, perPage: 100 }).all(300)),
        read(ctx.gl.pipelines.list(projectId, { sha: pipeline.sha, order_by: 'id', sort: 'desc', perPage: 20 }).all(20)),
      ]);
      const previous: PipelineBasic | undefined = sameSha.find((p) => p.id < pipelineId && (p.status === 'success' || p.status === 'failed'));
      const other = previous ? { id: previous.id, summary: await summaryOf(previous.id), report: null as TestReport | null } : null;
      if (other) other.report = await reportOf(other.id, true);
      for (const row of failing) {
        const evidence = retryEvidence(jobs, row.suite) ?? (other ? shaEvidence(row.suite, row.test, other) : null);
        if (evidence) flaky[caseKey(row.suite, row.test)] = evidence;
      }
    }
    // The ref's last pipelines up to this one, newest first.
    const recent = (await read(ctx.gl.pipelines.list(projectId, { ref: pipeline.ref, order_by: 'id', sort: 'desc', perPage: 50 }).all(50)))
      .filter((p) => p.id <= pipelineId && p.status !== 'running' && p.status !== 'pending' && p.status !== 'created')
      .slice(0, TEST_HISTORY_PIPELINES);
    if (!recent.some((p) => p.id === pipelineId)) recent.unshift({ id: pipelineId } as PipelineBasic);
    const counted = recent.slice(0, TEST_HISTORY_PIPELINES);
    const all = await Promise.all(counted.map((p) => (p.id === pipelineId ? report : reportOf(p.id))));
    patch(ctx, pipelineId, { state: 'ready', flaky, failures: countFailures(all), pipelines: counted.map((p) => p.id), reads });
    if (ctx.store.getState().testHistory[pipelineId]?.sorted) resortTests(ctx, projectId, pipelineId);
  } catch (error) {
    patch(ctx, pipelineId, { state: 'error', error: describeError(error), reads });
  }
}

/**
 * Reads a pipeline's test history once the Tests view has read its report (rememberReports keeps
 * it, so it is not read twice), once per pipeline.
 */
export function watchTestHistory(ctx: Ctx): (state: AppState, pane: PaneKinds['tests']) => void {
  return (state, pane) => {
    if (state.testHistory[pane.pipelineId]) return;
    // After the list's first read: its report is then kept (rememberReports) when the pipeline is known.
    if (!state.lists[listKeyText(testCasesList(pane.projectId, pane.pipelineId))]?.loadedAt) return;
    void loadTestHistory(ctx, pane.projectId, pane.pipelineId);
  };
}

/** `F`: sorts the cases by failures across the ref's last pipelines, or back to failed first. */
export function toggleFailureSort(ctx: Ctx, projectId: number, pipelineId: number): void {
  const history = ctx.store.getState().testHistory[pipelineId];
  patch(ctx, pipelineId, { sorted: !history?.sorted });
  resortTests(ctx, projectId, pipelineId);
}

/** Re-orders the loaded rows in place (the selection stays on its case). */
export function resortTests(ctx: Ctx, projectId: number, pipelineId: number): void {
  const key = testCasesList(projectId, pipelineId);
  const state = ctx.store.getState();
  const history = state.testHistory[pipelineId];
  if (!state.lists[listKeyText(key)] || !history) return;
  patchList<TestCaseRow>(ctx.store, key, (list) => {
    const rows = list.items;
    const current = rows[list.selected]?.id;
    const sorted = history.sorted ? sortByFailures(rows, history.failures) : [...rows].sort(defaultOrder);
    const selected = Math.max(
      0,
      sorted.findIndex((r) => r.id === current),
    );
    return { items: sorted, selected };
  });
}
