// Pipeline variables and test reports through the real app against the simulator: the pipeline
// pane's `tests N · M failed` and `variables: …` line (read once per pipeline state), `i` details
// with the values, and the Tests view: failed case first → its output → its job's log at the line.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PipelineBasic } from '../../src/api/index.js';
import { topPane } from '../../src/store/store.js';
import type { Pane } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

const DEPLOYER = 'acme/platform/deployer';
let app: AppRig;
let projectId: number;

// Each test its own app: nothing read for one test is cached for the next.
beforeEach(async () => {
  app = await startApp();
  await app.waitFor('acme/api');
  projectId = app.sim.world.projectsByPath.get(DEPLOYER)!.id;
});
afterEach(() => app.close());

const gets = (suffix: string) => app.sim.requests.filter((r) => r.method === 'GET' && r.path.split('?')[0]!.endsWith(suffix));

function openPipeline(pipelineId: number): void {
  app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'pipeline', projectId, path: DEPLOYER, pipelineId, view: 'list' } as Pane] }));
}

/** A finished deployer pipeline whose report has a failed case. */
async function failedTestsPipeline(): Promise<PipelineBasic> {
  const gl = app.controller.ctx.gl;
  for (const p of await gl.pipelines.list(projectId, { perPage: 100 }).all()) {
    if (p.status !== 'failed' && p.status !== 'success') continue;
    const summary = await gl.pipelines.testReportSummary(projectId, p.id);
    if (summary.total.failed > 0) return p;
  }
  throw new Error('no deployer pipeline with a failed test');
}

describe('pipeline variables', () => {
  it('the pane names the variables (keys only); i shows their values', async () => {
    const [run] = await app.controller.ctx.gl.pipelines.list(projectId, { source: 'api', ref: 'feature/canary' }).all();
    openPipeline(run!.id);
    await app.waitFor('variables: DEPLOY_TARGET ROLLOUT_PLAN (file)');
    expect(app.frame()).not.toContain('= canary');
    await app.press('i');
    await app.waitFor('DEPLOY_TARGET = canary');
    expect(app.frame()).toMatch(/ROLLOUT_PLAN \(file\) = steps: … \(\d+ bytes, \d+ lines\)/);
    await app.press('i');
    await app.until(() => !app.frame().includes('DEPLOY_TARGET = canary'), 'details closed');
  });
});

describe('test reports', () => {
  it('shows tests N · M failed, read once per pipeline state (a refresh of an unchanged pipeline asks nothing)', async () => {
    const pipeline = await failedTestsPipeline();
    const summary = await app.controller.ctx.gl.pipelines.testReportSummary(projectId, pipeline.id);
    const before = gets(`/pipelines/${pipeline.id}/test_report_summary`).length;
    openPipeline(pipeline.id);
    await app.waitFor(`tests ${summary.total.count.toLocaleString('en')} · ${summary.total.failed} failed`);
    expect(gets(`/pipelines/${pipeline.id}/test_report_summary`).length).toBe(before + 1);
    await app.press('R');
    await app.until(() => gets(`/pipelines/${pipeline.id}`).length >= 2, 'the pipeline re-read');
    await app.waitFor('tests ');
    expect(gets(`/pipelines/${pipeline.id}/test_report_summary`).length).toBe(before + 1);
    // The full report is not read until the Tests view opens.
    expect(gets(`/pipelines/${pipeline.id}/test_report`)).toHaveLength(0);
    // A pipeline that changed (here: as a poll would see it) has its summary read again.
    app.store.setState((s) => ({ pipelines: { ...s.pipelines, [pipeline.id]: { ...s.pipelines[pipeline.id]!, updated_at: '2030-01-01T00:00:00.000Z' } } }));
    await app.until(() => gets(`/pipelines/${pipeline.id}/test_report_summary`).length === before + 2, 'the summary re-read');
  });

  it('T lists failed cases first; Enter shows the output; L opens the job log at the failing line', async () => {
    const pipeline = await failedTestsPipeline();
    const report = await app.controller.ctx.gl.pipelines.testReport(projectId, pipeline.id);
    const summary = await app.controller.ctx.gl.pipelines.testReportSummary(projectId, pipeline.id);
    const suite = report.test_suites.find((s) => s.failed_count > 0)!;
    // As GitLab serves them: the full report's suites name no jobs, the summary's do.
    expect(suite.build_ids).toBeUndefined();
    expect(suite.test_cases.find((c) => c.status === 'failed')!.stack_trace).toBeNull();
    const failed = suite.test_cases.find((c) => c.status === 'failed')!;
    openPipeline(pipeline.id);
    await app.waitFor(/tests [\d,]+ · \d+ failed/);
    await app.press('T');
    await app.waitFor(`Tests of pipeline #${pipeline.id}`);
    await app.waitFor(/✖ failed/);
    const rows = app
      .frame()
      .split('\n')
      .filter((l) => /passed|failed|skipped/.test(l) && /ms|s\s/.test(l));
    expect(rows[0]).toMatch(/failed/);
    expect(app.frame()).toContain(failed.name.slice(0, 20));
    await app.press(KEY.enter);
    await app.waitFor('Output');
    const firstTrace = failed
      .system_output!.split('\n')
      .find((l) => l.trim() !== '')!
      .trim();
    expect(app.frame()).toContain(firstTrace.slice(0, 30));
    // With the output open, j/k scroll it and leave the selected case alone.
    const selected = app.store.getState().lists[`testCases:${projectId}:${pipeline.id}`]!.selected;
    await app.press('j', 'j');
    await app.until(() => (topPane(app.store.getState()) as { scroll?: number }).scroll === 2, 'the output scrolled');
    await app.press('k', 'k');
    await app.until(() => (topPane(app.store.getState()) as { scroll?: number }).scroll === 0, 'the output back at its top');
    expect(app.store.getState().lists[`testCases:${projectId}:${pipeline.id}`]!.selected).toBe(selected);
    await app.waitFor('Output');
    await app.press('L');
    const jobId = summary.test_suites.find((s) => s.name === suite.name)!.build_ids![0]!;
    await app.until(() => topPane(app.store.getState()).kind === 'job', 'the job pane');
    expect(topPane(app.store.getState())).toMatchObject({ kind: 'job', jobId });
    await app.until(() => (app.store.getState().logViews[jobId]?.search?.matches.length ?? 0) > 0, 'the failing line found', 15_000);
    const view = app.store.getState().logViews[jobId]!;
    expect(view.search!.query).toBe(firstTrace.slice(0, 200));
    await app.waitFor(firstTrace.slice(0, 30));
    // Back: the job, then the case's output, then the list.
    await app.press(KEY.escape);
    await app.waitFor('Output');
    await app.press(KEY.escape);
    await app.waitFor(`Tests of pipeline #${pipeline.id}`);
    expect(gets(`/pipelines/${pipeline.id}/test_report`).length).toBeGreaterThanOrEqual(1);
  });
});
