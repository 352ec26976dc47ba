// Refreshing a pipeline of more than 5,000 jobs (the simulator's scale option) re-reads every page,
// four at a time, and keeps every job; a refresh that reaches its page bound says so under the list.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import { refreshList } from '../../src/store/lists.js';
import { startApp, type AppRig } from '../helpers/app.js';
import { openMonolithPipeline } from '../helpers/monolith.js';
import type { ListKey } from '../../src/store/types.js';

const JOBS = 5_250;
let rig: AppRig;
let key: string;
let listKey: ListKey;
let pipelineId: number;

// Each test its own world: the page-bound test cuts the list to 1,000 jobs, which the other must not see.
beforeEach(async () => {
  rig = await startApp({ sim: { scale: { pipelineJobs: JOBS }, graphql: 'off' } });
  ({ pipelineId, key, listKey } = await openMonolithPipeline(rig));
}, 30_000);
afterEach(async () => {
  await rig?.close();
});

const pagesAsked = (from: number) =>
  rig.sim.requests
    .slice(from)
    .filter((r) => r.path.includes(`/pipelines/${pipelineId}/jobs`))
    .map((r) => Number(new URLSearchParams(r.path.split('?')[1]).get('page')));

it(`re-reads all ${Math.ceil(JOBS / 100)} pages of a ${JOBS}-job pipeline, four at a time, and keeps every job`, async () => {
  const first = (rig.store.getState().lists[key]!.items as Job[]).map((j) => j.id);
  expect(first).toHaveLength(JOBS);
  await rig.waitFor(`${JOBS} jobs ·`);

  const before = rig.sim.requests.length;
  // Each page waits at the simulator, so pages overlap only if they are asked together.
  rig.sim.faults.add({ kind: 'delay', method: 'GET', path: new RegExp(`/pipelines/${pipelineId}/jobs$`), delayMs: 40, times: 8 });
  await rig.controller.refresh();
  const pages = pagesAsked(before);
  expect([...pages].sort((a, b) => a - b)).toEqual(Array.from({ length: Math.ceil(JOBS / 100) }, (_, i) => i + 1));
  const asked = rig.sim.requests
    .slice(before)
    .filter((r) => r.path.includes(`/pipelines/${pipelineId}/jobs`))
    .map((r) => r.at);
  // Pages 2–5 were asked within the 40 ms page 2 took to answer.
  expect(asked[4]! - asked[1]!).toBeLessThan(40);

  const list = rig.store.getState().lists[key]!;
  expect(list.nextPage).toBeNull();
  expect((list.items as Job[]).map((j) => j.id)).toEqual(first);
  await rig.waitFor(`${JOBS} jobs ·`);
});

it('says so under the list when a refresh reaches its page bound, and keeps the next page', async () => {
  await refreshList(rig.controller.ctx, listKey, { maxPages: 10 });
  const list = rig.store.getState().lists[key]!;
  expect(list.items).toHaveLength(1_000);
  expect(list.nextPage).toBe(11);
  await rig.waitFor('1000+ jobs');
  await rig.waitFor('only the first 10 pages were re-read');
});
