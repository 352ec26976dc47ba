// `:mrs` re-read every merge request every minute (3 lists and one request per merge request: 153
// requests a minute idle with 50). Its timer now reads again only the merge requests the lists say
// changed (their updated_at), those whose head pipeline runs, and the long-unread, within
// MRS_REQUESTS_PER_MINUTE — with the pulse's 40, the fleet budget of 60. The clock is the
// simulator's, moved by the test; the requests are counted at the simulator.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createMrsReader } from '../../src/features/mrs/read.js';
import { MRS_REQUESTS_PER_MINUTE, MRS_SETTLED_RECHECK_MS } from '../../src/lib/budgets.js';
import { startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
beforeEach(async () => {
  app = await startApp({ first: { kind: 'pulse' } });
  await app.waitFor('acme/api');
});
afterEach(() => app.close());

/** Requests about merge requests (the lists and single ones) at the simulator so far. */
const mrRequests = () => app.sim.requests.filter((r) => /\/merge_requests(\?|\/\d+(\?|$)|$)/.test(r.path));

/** Makes alice the author of `n` more open merge requests in acme/api, on its branches. */
function moreMergeRequests(n: number): number[] {
  const { world } = app.sim;
  const api = world.projectsByPath.get('acme/api')!;
  const alice = world.usersByName.get('alice')!.id;
  api.mergeRequests ??= new Map();
  const now = app.sim.clock.now();
  const iids: number[] = [];
  for (let i = 0; i < n; i++) {
    const iid = 500 + i;
    api.mergeRequests.set(iid, {
      id: 950_000 + i,
      iid,
      projectId: api.id,
      title: `Change ${i}`,
      state: 'opened',
      sourceBranch: api.branches[i % api.branches.length]!,
      targetBranch: api.defaultBranch,
      authorId: alice,
      createdAt: now - (i + 1) * 60_000,
      updatedAt: now - (i + 1) * 60_000,
      mergedAt: null,
    });
    iids.push(iid);
  }
  return iids;
}

it('with 50 merge requests, the timer stays within its budget a minute, and reads a changed one at its next tick', async () => {
  const iids = moreMergeRequests(46);
  const reader = createMrsReader(app.controller.ctx);
  const before = mrRequests().length;
  await reader.sync(true);
  const rows = app.store.getState().lists['myMrs']!.items;
  expect(rows.length).toBeGreaterThanOrEqual(50);
  // Opening reads every one: the three lists and each merge request's head pipeline.
  expect(mrRequests().length - before).toBe(3 + rows.length);

  // Ten minutes of ticks every 15 s (more often than the pane's minute): never over the budget in any minute.
  const sent: { at: number; n: number }[] = [];
  const api = app.sim.world.projectsByPath.get('acme/api')!;
  let touchedAt = 0;
  for (let tick = 1; tick <= 40; tick++) {
    app.sim.clock.advance(15_000);
    // A push to one merge request, at the fifth minute: the lists show its new updated_at.
    if (tick === 20) {
      api.mergeRequests!.get(iids[7]!)!.updatedAt = app.sim.clock.now();
      touchedAt = app.sim.clock.now();
    }
    const n0 = mrRequests().length;
    await reader.sync(false);
    sent.push({ at: app.sim.clock.now(), n: mrRequests().length - n0 });
  }
  for (const { at } of sent) {
    const inMinute = sent.filter((s) => s.at > at - 60_000 && s.at <= at).reduce((sum, s) => sum + s.n, 0);
    expect(inMinute).toBeLessThanOrEqual(MRS_REQUESTS_PER_MINUTE);
  }
  // 20 a minute at most over ten minutes; before, 53 a minute.
  const total = sent.reduce((sum, s) => sum + s.n, 0);
  expect(total).toBeLessThanOrEqual(10 * MRS_REQUESTS_PER_MINUTE);
  // The changed one was read at the tick that saw it.
  const changedRead = app.sim.requests.filter((r) => r.path.startsWith(`/projects/${api.id}/merge_requests/${iids[7]}`) && r.at >= touchedAt);
  expect(changedRead.length).toBeGreaterThanOrEqual(1);
  // A settled one is read no more often than MRS_SETTLED_RECHECK_MS: at most twice in ten minutes.
  const settled = app.sim.requests.filter((r) => r.path.startsWith(`/projects/${api.id}/merge_requests/${iids[40]}`));
  expect(settled.length).toBeLessThanOrEqual(1 + Math.ceil((10 * 60_000) / MRS_SETTLED_RECHECK_MS));
}, 60_000);
