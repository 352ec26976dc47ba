// Flaky marks in the Tests view on the demo world: a failed case that passed in the previous pipeline
// of the same sha is marked "flaky?" with that pipeline; F sorts by failures across the ref's last
// pipelines, within bounded reads.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SimPipeline } from '../../src/sim/model.js';
import { topPane } from '../../src/store/store.js';
import { startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;

beforeEach(async () => {
  app = await startApp({ rows: 30, columns: 120 });
  await app.waitFor('acme/api');
});
afterEach(() => app.close());

/** A finished pipeline with a failed JUnit case and, before it, a finished pipeline of the same sha where that job passed. */
async function flakyPipeline(): Promise<{ pipeline: SimPipeline; previous: SimPipeline; path: string; caseName: string }> {
  const world = app.sim.world;
  const gl = app.controller.ctx.gl;
  const finished = (p: SimPipeline) => p.status === 'success' || p.status === 'failed';
  const pipelines = [...world.pipelines.values()].filter(finished).sort((a, b) => b.id - a.id);
  for (const pipeline of pipelines.slice(0, 400)) {
    if (pipeline.status !== 'failed') continue;
    const previous = pipelines.find((p) => p.projectId === pipeline.projectId && p.sha === pipeline.sha && p.id < pipeline.id);
    if (!previous) continue;
    const report = await gl.pipelines.testReport(pipeline.projectId, pipeline.id);
    for (const suite of report.test_suites) {
      const bad = suite.test_cases.find((c) => c.status === 'failed');
      if (!bad) continue;
      const before = await gl.pipelines.testReport(pipeline.projectId, previous.id);
      const same = before.test_suites.find((s) => s.name === suite.name)?.test_cases.find((c) => c.name === bad.name && c.classname === bad.classname);
      if (same?.status === 'success')
        return {
          pipeline,
          previous,
          path: `${world.projects.get(pipeline.projectId)!.namespace}/${world.projects.get(pipeline.projectId)!.path}`,
          caseName: bad.name,
        };
    }
  }
  throw new Error('the demo world has no flaky case');
}

it('marks a failed case that passed in the previous pipeline of the same sha, with that pipeline', async () => {
  const { pipeline, previous, path, caseName } = await flakyPipeline();
  app.open({ kind: 'pipeline', projectId: pipeline.projectId, path, pipelineId: pipeline.id, view: 'list' });
  await app.waitFor(`#${pipeline.id}`);
  const before = app.sim.requests.length;
  await app.press('T');
  await app.waitFor(/\d+ flaky\?/);
  expect(app.frame()).toMatch(/✖ failed\s+flaky\?/);
  // Enter on the first (failed) case: its evidence names the pipeline.
  const rows = app.store.getState().lists[`testCases:${pipeline.projectId}:${pipeline.id}`]!.items as { test: { name: string } }[];
  expect(rows[0]!.test.name).toBe(caseName);
  await app.press('\r');
  await app.waitFor(`flaky? passed in #${previous.id} (same sha)`);
  // Bounded: the report, jobs, the sha's pipelines, the earlier report and summary, the ref's last pipelines.
  const history = app.store.getState().testHistory[pipeline.id]!;
  expect(history.state).toBe('ready');
  expect(history.reads).toBeLessThanOrEqual(4 + 2 * 5);
  expect(app.sim.requests.length - before).toBeLessThan(30);
});

it('F sorts the cases by failures across the ref’s last pipelines, and back', async () => {
  const { pipeline, path } = await flakyPipeline();
  app.open({ kind: 'tests', projectId: pipeline.projectId, path, pipelineId: pipeline.id, open: false });
  await app.until(() => app.store.getState().testHistory[pipeline.id]?.state === 'ready', 'the history read');
  const history = app.store.getState().testHistory[pipeline.id]!;
  expect(history.pipelines[0]).toBe(pipeline.id);
  expect(history.pipelines.length).toBeGreaterThan(1);
  expect(history.pipelines.length).toBeLessThanOrEqual(5);
  await app.press('F');
  await app.waitFor(/most failing in the last \d on the ref first/);
  const key = `testCases:${pipeline.projectId}:${pipeline.id}`;
  const counts = () =>
    (app.store.getState().lists[key]!.items as { suite: string; test: { classname: string; name: string } }[]).map(
      (r) => history.failures[`${r.suite}\u0000${r.test.classname}\u0000${r.test.name}`] ?? 0,
    );
  const sorted = counts();
  expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
  expect(sorted[0]).toBeGreaterThan(0);
  expect(app.frame()).toMatch(new RegExp(`${sorted[0]}/${history.pipelines.length}`));
  await app.press('F');
  await app.until(() => !app.frame().includes('most failing in the last'), 'sorted back');
  expect(topPane(app.store.getState()).kind).toBe('tests');
});
