// Acting on the row you saw: `s manual`, then `p ⏎ y` on the top deploy job of a project's jobs
// list. The played job leaves the `manual` filter and page 1 shifts up by one row; a refresh must
// neither put that newly-read older row on top (the next `p ⏎ y` would deploy an old build) nor move
// the cursor off the job just played. The list stays newest-first (GitLab's order: id desc).
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import { listOf } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { listKeys } from '../../src/domain/list-keys.js';

let app: AppRig;
beforeEach(async () => {
  app = await startApp({ rows: 40 });
});
afterEach(() => app.close());

it('keeps the played job on top, the cursor on it and the rows newest-first after a refresh', async () => {
  const project = app.sim.world.projectsByPath.get('acme/api')!;
  const key = listKeys.projectJobs(project.id);
  await app.type(':project acme/api\r');
  await app.waitFor('1 Pipelines');
  await app.press('2');
  await app.until(() => listOf(app.store.getState(), key).loadedAt !== null, 'the jobs tab');
  await app.press('s');
  await app.type('manual\r');
  const list = () => listOf<Job>(app.store.getState(), key);
  await app.until(() => list().items.length > 0 && list().items.every((j) => j.status === 'manual'), 'manual jobs only');
  // The list has more pages: page 1 is not the whole list (the case where rows shift up).
  expect(list().nextPage).not.toBeNull();
  const top = list().items[0]!;
  const before = list().items.map((j) => j.id);
  await app.press('p');
  await app.waitFor(`Play ${top.name}`);
  await app.press(KEY.enter);
  await app.waitFor('[y/N]');
  // The question checks for a newer pipeline first (and may warn): answer once it has.
  await app.until(() => app.store.getState().confirm !== null && !app.store.getState().confirm!.checking, 'the checked question');
  await app.press('y');
  await app.until(() => app.store.getState().jobs[top.id]?.status === 'pending', 'the job played');
  // A refresh now (as the poller's next tick): page 1 of `manual` no longer holds the played job.
  // It is read as the row the shift brought up from page 2: one row more than before.
  await app.press('R');
  await app.until(() => list().items.length === before.length + 1, 'the refresh');
  const ids = list().items.map((j) => j.id);
  expect(ids[0]).toBe(top.id);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));
  // Every row seen before is still there, in the same order; the one read from below comes after them.
  expect(ids.slice(0, before.length)).toEqual(before);
  expect(list().selected).toBe(0);
  expect(app.frame()).toMatch(new RegExp(`pending\\s+#${top.id}`));
});
