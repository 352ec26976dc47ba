// A pipeline's jobs are shown whole: after page 1, the remaining pages (X-Total-Pages known) load
// several at a time and land in page order, each job once.
import { afterEach, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import { startApp, type AppRig } from '../helpers/app.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

it("loads a 322-job pipeline's four pages, the last three at once, in GitLab's order", async () => {
  app = await startApp();
  const rig = app;
  const project = [...rig.sim.world.projects.values()].find((p) => p.path === 'monorepo')!;
  const ids = rig.sim.world.projectPipelines.get(project.id)!;
  const pipelineId = ids[ids.length - 1]!;
  const expected = rig.sim.world.pipelineJobs(rig.sim.world.pipelines.get(pipelineId)!);
  expect(expected.length).toBeGreaterThan(300);
  // Each page waits a little at the simulator, so pages 2–4 overlap only if they are asked together.
  rig.sim.faults.add({ kind: 'delay', method: 'GET', path: new RegExp(`/pipelines/${pipelineId}/jobs$`), delayMs: 150, times: 4 });
  const before = rig.sim.requests.length;
  rig.open({ kind: 'pipeline', projectId: project.id, path: 'acme/monorepo', pipelineId, view: 'list' });
  const key = `pipelineJobs:${project.id}:${pipelineId}`;
  await rig.until(() => rig.store.getState().lists[key]?.nextPage === null && !rig.store.getState().lists[key]?.loading, 'every page of jobs');
  const items = rig.store.getState().lists[key]!.items as Job[];
  // GitLab lists a pipeline's jobs newest first; what matters is that the pages kept their order.
  const pages = rig.sim.requests.slice(before).filter((r) => r.path.includes(`/pipelines/${pipelineId}/jobs`));
  expect(pages.map((r) => new URLSearchParams(r.path.split('?')[1]).get('page')).sort()).toEqual(['1', '2', '3', '4']);
  const direct = await fetch(`${rig.sim.apiUrl}/projects/${project.id}/pipelines/${pipelineId}/jobs?per_page=100&page=1`, {
    headers: { 'PRIVATE-TOKEN': 'demo-user-token' },
  });
  const firstPage = (await direct.json()) as Job[];
  expect(items.slice(0, 100).map((j) => j.id)).toEqual(firstPage.map((j) => j.id));
  expect(new Set(items.map((j) => j.id)).size).toBe(items.length);
  expect(items.map((j) => j.id).sort((a, b) => a - b)).toEqual(expected.map((j) => j.id).sort((a, b) => a - b));
  // Pages 2–4 were in flight together: each was asked before the one before it was answered.
  const asked = pages.map((r) => r.at);
  expect(Math.max(...asked.slice(1)) - Math.min(...asked.slice(1))).toBeLessThan(150);
  await rig.waitFor(`${expected.length} jobs ·`);
});
