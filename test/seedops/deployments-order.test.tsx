// Deployments newest first by asking GitLab for that order (order_by=id&sort=desc, which
// GitLab's deployments list takes): one request a page, totals or not. The X-Total probe (a one-row
// request, then pages from the end) stays only for a server that refuses the order with a 400.
import { afterEach, expect, it } from 'vitest';
import { startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const deploymentReads = (rig: AppRig, from: number) => rig.sim.requests.slice(from).filter((r) => /^\/projects\/\d+\/deployments(\?|$)/.test(r.path));

async function openTab(rig: AppRig): Promise<{ ids: number[]; projectId: number }> {
  const project = simProject(rig.sim, 'acme/api');
  rig.open({ kind: 'project', projectId: project.id, path: 'acme/api', tab: 'deployments' });
  await rig.until(() => {
    const list = rig.store.getState().lists[`deployments:${project.id}`];
    return !!list && list.loadedAt !== null && !list.loading && list.items.length > 0;
  }, 'the deployments');
  return { ids: (rig.store.getState().lists[`deployments:${project.id}`]!.items as { id: number }[]).map((d) => d.id), projectId: project.id };
}

it('asks GitLab for newest first: one request for the first page, no probe', async () => {
  app = await startApp();
  const before = app.sim.requests.length;
  const { ids, projectId } = await openTab(app);
  const reads = deploymentReads(app, before);
  expect(reads).toHaveLength(1);
  const query = new URLSearchParams(reads[0]!.path.split('?')[1]);
  expect(query.get('order_by')).toBe('id');
  expect(query.get('sort')).toBe('desc');
  expect(query.get('per_page')).toBe('50');
  const newest = [...app.sim.world.deployments.values()].filter((d) => d.projectId === projectId).sort((a, b) => b.id - a.id);
  expect(ids).toEqual(newest.slice(0, ids.length).map((d) => d.id));
});

it('a server that refuses order_by/sort (400): falls back to the total probe, still newest first', async () => {
  app = await startApp();
  app.sim.faults.add({ kind: 'respond', method: 'GET', path: /\/deployments$/, status: 400, body: { error: 'order_by does not have a valid value' } });
  const before = app.sim.requests.length;
  const { ids, projectId } = await openTab(app);
  const reads = deploymentReads(app, before);
  expect(reads[0]!.status).toBe(400);
  expect(reads.slice(1).some((r) => new URLSearchParams(r.path.split('?')[1]).get('per_page') === '1')).toBe(true);
  expect(reads.slice(1).every((r) => !r.path.includes('order_by'))).toBe(true);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
  const newest = Math.max(...[...app.sim.world.deployments.values()].filter((d) => d.projectId === projectId).map((d) => d.id));
  expect(ids[0]).toBe(newest);
});
