// Wrong types never take down a whole pane ("This view could not be shown"): every answer goes
// through its decoder (src/api/decoders.ts), so the pipeline pane says what GitLab sent and goes on
// working.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PipelineBasic } from '../../src/api/index.js';
import type { Pane } from '../../src/store/types.js';
import { startApp, type AppRig } from '../helpers/app.js';

const DEPLOYER = 'acme/platform/deployer';
let app: AppRig;
let projectId: number;
let pipeline: PipelineBasic;

beforeEach(async () => {
  app = await startApp();
  await app.waitFor('acme/api');
  projectId = app.sim.world.projectsByPath.get(DEPLOYER)!.id;
  pipeline = (await app.controller.ctx.gl.pipelines.list(projectId, { perPage: 100 }).all()).find((p) => p.status === 'failed' || p.status === 'success')!;
});
afterEach(() => app.close());

/** `body` as GitLab would send it: its JSON text (a string body is sent as a JSON string). */
function answer(suffix: string, body: unknown): void {
  const path = `/projects/${projectId}/pipelines/${pipeline.id}/${suffix}`;
  app.sim.faults.add({
    kind: 'respond',
    method: 'GET',
    path,
    status: 200,
    body: Buffer.from(JSON.stringify(body)),
    contentType: 'application/json',
    times: 20,
  });
}

function openPipeline(): void {
  app.store.setState((s) => ({
    stack: [...s.stack.slice(0, 1), { kind: 'pipeline', projectId, path: DEPLOYER, pipelineId: pipeline.id, view: 'list' } as Pane],
  }));
}

const summary = (total: Record<string, unknown>) => ({
  total: { time: 1, count: 0, success: 0, failed: 0, skipped: 0, error: 0, suite_error: null, ...total },
  test_suites: [],
});

it('variables answered as a JSON string: the pane says so ("Cannot use \'in\' operator" before)', async () => {
  answer('variables', JSON.stringify([{ key: 'A', value: '1' }]));
  openPipeline();
  await app.waitFor(/variables: GitLab answered something unexpected/);
  await app.press('i');
  await app.waitFor(/GitLab sent pipeline variables that are\s+not a list/);
  expect(app.frame()).not.toMatch(/could not be shown/);
});

it('a variable whose value is not text: i says so ("v.value.split is not a function" before)', async () => {
  answer('variables', [
    { key: 'DEPLOY_TARGET', value: 'canary', variable_type: 'env_var' },
    { key: 'REPLICAS', value: 3, variable_type: 'env_var' },
  ]);
  openPipeline();
  await app.waitFor(/variables: GitLab answered something unexpected/);
  await app.press('i');
  await app.waitFor(/GitLab sent a pipeline variable whose value is not\s+text/);
  expect(app.frame()).not.toMatch(/could not be shown/);
});

it('a test summary {}: the pane says what is missing ("reading \'count\'" before)', async () => {
  answer('test_report_summary', {});
  openPipeline();
  await app.waitFor(/tests: GitLab answered something unexpected/);
  await app.press('i');
  await app.waitFor(/GitLab sent a test report summary with\s+no total/);
  expect(app.frame()).not.toMatch(/could not be shown/);
});

it('counts sent as strings are numbers: one failure reads "1 failed", not "10 failed"', async () => {
  answer('test_report_summary', summary({ count: '12', success: '11', failed: '1', error: '0', skipped: '0' }));
  openPipeline();
  await app.waitFor(/tests 12 · 1 failed/);
  expect(app.frame()).not.toMatch(/10 failed/);
});
