// The Tests view (`T` on a pipeline): every case of the pipeline's test report, failed first, with
// duration and suite. The full report is read only here (it is slow on real GitLab) and kept by
// pipeline until the pipeline changes, so the poller's refreshes of the list cost no request.
// Enter shows a case's output; `L` opens its job's log at the failing line, found with the log
// engine's search (the failure's first line, else the case name). GitLab's full report names no
// jobs: its suites (TestSuiteEntity) have no `build_ids`; only the summary's (TestSuiteSummaryEntity)
// have, so `L` finds the suite's jobs there (docs/gitlab-api.md, "Test reports").
import { writePipelines } from './writers.js';
import * as nav from '../../store/nav.js';
import type { GitLab, TestCase, TestReport, TestReportSummary } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { moveSelection, selectedRow } from '../../store/lists.js';
import { type ListSource } from '../../store/sources.js';
import { toast, topPane } from '../../store/store.js';
import type { AppState, ListKey, Pane, PaneKinds } from '../../store/types.js';
import { pipelineStamp } from './pipeline-extras.js';
import { logLoaded } from '../log/index.js';
import { sortByFailures } from './test-order.js';
import { testCasesList } from './list-keys.js';

export interface TestCaseRow {
  /** Position in the report (GitLab's cases have no id). */
  id: number;
  suite: string;
  buildIds: number[];
  test: TestCase;
}

const ORDER: Record<string, number> = { failed: 0, error: 0, skipped: 2, success: 3 };

/** Cases failed (and errored) first, then the rest; the report's order within each group. */
export function caseRows(report: TestReport): TestCaseRow[] {
  const rows: TestCaseRow[] = [];
  for (const suite of report.test_suites) {
    for (const test of suite.test_cases) rows.push({ id: rows.length, suite: suite.name, buildIds: suite.build_ids ?? [], test });
  }
  return rows.sort((a, b) => (ORDER[a.test.status] ?? 1) - (ORDER[b.test.status] ?? 1) || a.id - b.id);
}

export function testCasesSource(key: ListKey, gl: GitLab, state: () => AppState): ListSource<unknown> | undefined {
  if (key.kind !== 'testCases') return undefined;
  const { projectId, pipelineId } = key;
  return {
    perPage: 10_000,
    complete: false,
    async fetch(_page, signal) {
      const pipeline = state().pipelines[pipelineId];
      const stamp = pipeline ? pipelineStamp(pipeline) : '';
      const known = state().testReports[pipelineId];
      const report = known && known.at === stamp ? known.report : await gl.pipelines.testReport(projectId, pipelineId, { signal });
      const history = state().testHistory[pipelineId];
      return { items: history?.sorted ? sortByFailures(caseRows(report), history.failures) : caseRows(report), page: 1, nextPage: null };
    },
    idOf: (row) => (row as TestCaseRow).id,
    textOf: (row) => {
      const r = row as TestCaseRow;
      return `${r.test.status} ${r.suite} ${r.test.classname} ${r.test.name}`;
    },
  } satisfies ListSource<TestCaseRow> as ListSource<unknown>;
}

/** Keeps the report a fetch read (sources cannot write the store; the feature's watcher does). */
export function rememberReports(ctx: Ctx): (state: AppState, pane: PaneKinds['tests']) => void {
  let lastItems: unknown = null;
  return (state, pane) => {
    const list = state.lists[`testCases:${pane.projectId}:${pane.pipelineId}`];
    if (!list || list.items === lastItems) return;
    lastItems = list.items;
    const pipeline = state.pipelines[pane.pipelineId];
    const rows = list.items as TestCaseRow[];
    if (!pipeline || !rows.length || state.testReports[pane.pipelineId]?.at === pipelineStamp(pipeline)) return;
    writePipelines(ctx.store, (s) => ({ testReports: { ...s.testReports, [pane.pipelineId]: { at: pipelineStamp(pipeline), report: reportOf(rows) } } }));
  };
}

/** The report back from its rows (what the cache keeps: suites with their cases, order kept). */
function reportOf(rows: TestCaseRow[]): TestReport {
  const suites = new Map<string, TestReport['test_suites'][number]>();
  for (const r of [...rows].sort((a, b) => a.id - b.id)) {
    let suite = suites.get(r.suite);
    if (!suite)
      suites.set(
        r.suite,
        (suite = {
          name: r.suite,
          total_time: 0,
          total_count: 0,
          success_count: 0,
          failed_count: 0,
          skipped_count: 0,
          error_count: 0,
          suite_error: null,
          build_ids: r.buildIds,
          test_cases: [],
        }),
      );
    suite.test_cases.push(r.test);
  }
  return { total_time: 0, total_count: rows.length, success_count: 0, failed_count: 0, skipped_count: 0, error_count: 0, test_suites: [...suites.values()] };
}

export function openTests(ctx: Ctx, pane: Extract<Pane, { kind: 'pipeline' }>): void {
  nav.push(ctx.store, { kind: 'tests', projectId: pane.projectId, path: pane.path, pipelineId: pane.pipelineId, open: false });
}

/** Enter: the selected case's output (again: back to the list). */
export function toggleCase(ctx: Ctx, pane: Extract<Pane, { kind: 'tests' }>): void {
  if (!selectedRow<TestCaseRow>(ctx, testCasesList(pane.projectId, pane.pipelineId))) return;
  nav.replaceTop(ctx.store, { ...pane, open: !pane.open, scroll: 0 });
}

/**
 * j/k, PgDn/PgUp: through the list, or — with a case's output open — through the output (the
 * view clamps the offset to what there is).
 */
export function moveTests(ctx: Ctx, pane: Extract<Pane, { kind: 'tests' }>, by: number): void {
  if (pane.open) {
    const scroll = Math.max(0, (pane.scroll ?? 0) + by);
    return nav.replaceTop(ctx.store, { ...pane, scroll });
  }
  moveSelection(ctx, testCasesList(pane.projectId, pane.pipelineId), (i) => i + by);
}

/** Esc: closes the case's output first, then the view. */
export function closeTests(ctx: Ctx, pane: Extract<Pane, { kind: 'tests' }>): void {
  if (pane.open) nav.replaceTop(ctx.store, { ...pane, open: false });
  else nav.back(ctx.store);
}

/** `System Out:` / `System Err:` blocks GitLab appends to a failure's text (lib/gitlab/ci/parsers/test/junit.rb). */
const STREAM_HEADER = /^System (?:Out|Err):$/;

/** The first line of a text worth searching a log for: not blank, not GitLab's stream headers. */
function firstLine(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const line = text
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .find((l) => l !== '' && !STREAM_HEADER.test(l));
  return line ? line.slice(0, 200) : null;
}

/**
 * What to search the job's log for, best first. GitLab's JUnit parser puts the `<failure>`/`<error>`
 * text in `system_output` and leaves `stack_trace` null, so the failure's first line comes from
 * `system_output`; `stack_trace` (other report formats) next, then the case's name.
 */
export function needlesOf(test: TestCase): string[] {
  const found: string[] = [];
  for (const line of [firstLine(test.system_output), firstLine(test.stack_trace), test.name.slice(0, 200)]) {
    if (line && !found.includes(line)) found.push(line);
  }
  return found;
}

/**
 * The jobs of a case's suite: the full report's `build_ids` when given (older pipetop caches and
 * non-GitLab servers), else the summary's suite of that name — read now if the pane has none.
 * A job known to have failed comes first (a suite of parallel jobs names them all).
 */
export async function suiteJobs(ctx: Ctx, pane: Extract<Pane, { kind: 'tests' }>, row: TestCaseRow): Promise<number[] | { error: string }> {
  let ids = row.buildIds;
  if (!ids.length) {
    let summary: TestReportSummary | { error: string } | undefined = ctx.store.getState().pipelineExtras[pane.pipelineId]?.tests;
    if (!summary || 'error' in summary) {
      try {
        summary = await ctx.gl.pipelines.testReportSummary(pane.projectId, pane.pipelineId);
      } catch (error) {
        return { error: describeError(error) };
      }
    }
    const ofSuite = summary.test_suites.find((s) => s.name === row.suite)?.build_ids;
    ids = Array.isArray(ofSuite) ? ofSuite.filter((id): id is number => Number.isSafeInteger(id)) : [];
  }
  if (row.test.status !== 'failed' && row.test.status !== 'error') return ids;
  const jobs = ctx.store.getState().jobs;
  return [...ids].sort((a, b) => Number(jobs[b]?.status === 'failed') - Number(jobs[a]?.status === 'failed'));
}

/**
 * `L`: the case's job (its suite's build_ids from the summary, a failed one first) opens at the
 * failing line. The log loads asynchronously: wait for it, bounded, then search.
 */
export async function caseLog(
  ctx: Ctx,
  pane: Extract<Pane, { kind: 'tests' }>,
  searchLog: (jobId: number, query: string) => Promise<string | null>,
): Promise<void> {
  const row = selectedRow<TestCaseRow>(ctx, testCasesList(pane.projectId, pane.pipelineId));
  if (!row) return;
  const ids = await suiteJobs(ctx, pane, row);
  if ('error' in ids) return void toast(ctx.store, 'error', `No job for this suite: ${ids.error}`);
  const jobId = ids[0];
  if (jobId === undefined) return void toast(ctx.store, 'info', 'GitLab names no job for this suite');
  // The user may have moved on while the summary was read.
  const top = topPane(ctx.store.getState());
  if (top.kind !== 'tests' || top.pipelineId !== pane.pipelineId) return;
  nav.push(ctx.store, { kind: 'job', projectId: pane.projectId, path: pane.path, jobId });
  const loaded = await logLoaded(ctx, jobId);
  if (!loaded) return;
  for (const needle of needlesOf(row.test)) {
    const error = await searchLog(jobId, needle);
    if (error) return void toast(ctx.store, 'error', error);
    if (ctx.store.getState().logViews[jobId]?.search?.matches.length) return;
  }
}
