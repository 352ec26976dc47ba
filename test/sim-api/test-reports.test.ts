// Test reports through the API module: the summary (totals and suites, no cases) and the full report
// (every case) agree with each other and with the jobs' logs — the failed case is the failed test the
// log prints, with the log's failure lines as its system_output (GitLab's JUnit parser).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PipelineBasic, TraceResult } from '../../src/api/index.js';
import { startRig, type Rig } from '../helpers/sim.js';
import { apiError } from '../helpers/expect.js';

let rig: Rig;

beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

const plain = (t: TraceResult) => (t.kind === 'unchanged' ? '' : t.chunk.toString('utf8').replace(/\x1b\[[0-9;]*[A-Za-z]/g, ''));

async function pipelinesOf(project: string, status: string): Promise<PipelineBasic[]> {
  return (await rig.gl.pipelines.list(project, { perPage: 100 }).all()).filter((p) => p.status === status);
}

describe('test_report_summary', () => {
  it('sums the suites of a passed pipeline; each suite is a job with a JUnit report', async () => {
    const [pipeline] = await pipelinesOf('acme/mobile', 'success');
    const summary = await rig.gl.pipelines.testReportSummary('acme/mobile', pipeline!.id);
    expect(summary.total).toMatchObject({ failed: 0, error: 0, suite_error: null });
    expect(summary.total.count).toBeGreaterThan(0);
    expect(summary.test_suites.map((s) => s.name)).toEqual(['test:unit']);
    const suite = summary.test_suites[0]!;
    expect(suite.total_count).toBe(summary.total.count);
    expect(suite.success_count + suite.skipped_count).toBe(suite.total_count);
    expect(suite.build_ids).toHaveLength(1);
    expect(Object.keys(suite)).not.toContain('test_cases');
    const jobs = await rig.gl.jobs.listForPipeline('acme/mobile', pipeline!.id).all();
    expect(jobs.find((j) => j.id === suite.build_ids![0])!.name).toBe('test:unit');
  });

  it('is empty for a pipeline without test jobs, and 404 for an unknown pipeline', async () => {
    const [pipeline] = await rig.gl.pipelines.list('ops/runbooks', { perPage: 1 }).all();
    const summary = await rig.gl.pipelines.testReportSummary('ops/runbooks', pipeline!.id);
    expect(summary).toEqual({ total: { time: 0, count: 0, success: 0, failed: 0, skipped: 0, error: 0, suite_error: null }, test_suites: [] });
    expect((await apiError(rig.gl.pipelines.testReportSummary('acme/api', 99_999_999))).status).toBe(404);
    expect((await apiError(rig.gl.pipelines.testReport('acme/api', 99_999_999))).status).toBe(404);
  });
});

describe('test_report', () => {
  it('lists every case; the failed one is the failed test of the log, its failure text in system_output', async () => {
    // A failed acme/mobile pipeline whose test:unit (jest) failed (the others failed elsewhere).
    let found = false;
    for (const pipeline of await pipelinesOf('acme/mobile', 'failed')) {
      const jobs = await rig.gl.jobs.listForPipeline('acme/mobile', pipeline.id).all();
      const test = jobs.find((j) => j.name === 'test:unit' && j.status === 'failed');
      if (!test) continue;
      found = true;
      const report = await rig.gl.pipelines.testReport('acme/mobile', pipeline.id);
      const summary = await rig.gl.pipelines.testReportSummary('acme/mobile', pipeline.id);
      expect(report.failed_count).toBe(1);
      expect(report.total_count).toBe(summary.total.count);
      expect(report.success_count).toBe(summary.total.success);
      const suite = report.test_suites[0]!;
      // As TestSuiteEntity: no build_ids in the full report (only the summary's suites have them).
      expect(Object.keys(suite)).not.toContain('build_ids');
      expect(summary.test_suites[0]!.build_ids).toEqual([test.id]);
      expect(suite.test_cases).toHaveLength(suite.total_count);
      const failed = suite.test_cases.filter((c) => c.status === 'failed');
      expect(failed).toHaveLength(1);
      const log = plain(await rig.gl.jobs.trace('acme/mobile', test.id));
      // Jest's heading for the failed test names it; its failure text is the case's system_output
      // (GitLab's JUnit parser), and stack_trace stays null.
      expect(log).toContain(`● ${failed[0]!.name}`);
      expect(failed[0]!.stack_trace).toBeNull();
      expect(failed[0]!.system_output!.split('\n')[0]).toBe('expect(received).toBe(expected) // Object.is equality');
      for (const line of failed[0]!.system_output!.split('\n')) expect(log).toContain(line);
      // The counts in the log's summary line are the report's.
      const tests = /Tests:\s+1 failed, (?:(\d+) skipped, )?(\d+) passed, (\d+) total/.exec(log)!;
      expect(Number(tests[1] ?? 0)).toBe(report.skipped_count);
      expect(Number(tests[2])).toBe(report.success_count);
      expect(Number(tests[3])).toBe(report.total_count);
      break;
    }
    expect(found).toBe(true);
  });

  it('cases carry GitLab’s fields, times in seconds; a passed job’s counts match its log', async () => {
    const [pipeline] = await pipelinesOf('acme/mobile', 'success');
    const report = await rig.gl.pipelines.testReport('acme/mobile', pipeline!.id);
    const c = report.test_suites[0]!.test_cases[0]!;
    expect(Object.keys(c)).toEqual(
      expect.arrayContaining(['status', 'name', 'classname', 'execution_time', 'system_output', 'stack_trace', 'file', 'attachment_url']),
    );
    expect(c.file).toMatch(/\.test\.ts$/);
    expect(c.execution_time).toBeLessThan(1);
    const test = (await rig.gl.jobs.listForPipeline('acme/mobile', pipeline!.id).all()).find((j) => j.name === 'test:unit')!;
    const log = plain(await rig.gl.jobs.trace('acme/mobile', test.id));
    const tests = /Tests:\s+(?:(\d+) skipped, )?(\d+) passed, (\d+) total/.exec(log)!;
    expect(Number(tests[3])).toBe(report.total_count);
  });

  it('child pipelines have their own reports (one suite per parallel job name)', async () => {
    const children = await rig.gl.pipelines.list('acme/platform/deployer', { source: 'parent_pipeline', status: 'success', perPage: 100 }).all();
    const withTests = [];
    for (const child of children) {
      const summary = await rig.gl.pipelines.testReportSummary('acme/platform/deployer', child.id);
      if (summary.total.count) withTests.push(summary);
    }
    expect(withTests.length).toBeGreaterThan(0);
    expect(withTests[0]!.test_suites.map((s) => s.name)).toEqual(['test:api 1/2', 'test:api 2/2']);
  });
});
