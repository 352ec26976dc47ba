// A pipeline that failed only through a trigger job opens with the cursor on the failed bridge, as
// it opens on a failed job — also when GitLab answers the bridges after the jobs (their own
// endpoint, `…/pipelines/:id/bridges`; the jobs list never has them).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import { listKeyOf } from '../../src/store/sources.js';
import { listOf, topPane } from '../../src/store/store.js';
import { startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
beforeEach(async () => {
  app = await startApp({ columns: 100 });
  await app.waitFor('acme/api');
});
afterEach(() => app.close());

const DEPLOYER = 'acme/platform/deployer';

/** A finished deployer pipeline whose own jobs passed and one depend bridge failed. */
function failedThroughBridge(): number {
  const world = app.sim.world;
  const project = world.projectsByPath.get(DEPLOYER)!;
  for (const id of world.projectPipelines.get(project.id)!) {
    const pipeline = world.pipelines.get(id)!;
    if (pipeline.status !== 'failed' || pipeline.source === 'parent_pipeline') continue;
    const jobs = world.pipelineJobs(pipeline);
    if (jobs.some((j) => !j.trigger && j.status === 'failed')) continue;
    if (jobs.some((j) => j.trigger && j.status === 'failed')) return id;
  }
  throw new Error('no deployer pipeline that failed only through a bridge');
}

describe('a pipeline that failed through a trigger job', () => {
  for (const order of ['bridges first', 'bridges after the jobs'] as const) {
    it(`opens on the failed bridge (${order})`, async () => {
      const pipelineId = failedThroughBridge();
      const projectId = app.sim.world.projectsByPath.get(DEPLOYER)!.id;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const path = new RegExp(`/pipelines/${pipelineId}/${order === 'bridges first' ? 'jobs' : 'bridges'}$`);
      app.sim.faults.add({ kind: 'delay', method: 'GET', path, until: held });
      app.open({ kind: 'pipeline', projectId, path: DEPLOYER, pipelineId, view: 'list' });
      const key = () => listKeyOf(topPane(app.store.getState()))!;
      // The first answer is in before the held one is let go.
      await app.until(
        () => (order === 'bridges first' ? app.store.getState().bridges[pipelineId] !== undefined : listOf(app.store.getState(), key()).loadedAt !== null),
        'the first answer',
      );
      release();
      await app.until(() => {
        const state = app.store.getState();
        return (
          state.bridges[pipelineId] !== undefined &&
          listOf(state, key()).loadedAt !== null &&
          app.controller.rowsOf<Job>(key()).some((j) => j.name === 'integration')
        );
      }, 'jobs and bridges');
      const rows = app.controller.rowsOf<Job>(key());
      const bridge = rows.findIndex((j) => j.name === 'integration' && j.status === 'failed');
      expect(bridge).toBeGreaterThan(0);
      await app.until(() => listOf(app.store.getState(), key()).selected === bridge, 'the cursor on the failed bridge');
      expect(rows.slice(0, bridge).every((j) => j.status !== 'failed')).toBe(true);
    });
  }
});
