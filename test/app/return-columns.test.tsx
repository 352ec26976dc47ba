// A project's pipelines list, left and opened again: every row near the cursor gets its full form
// (By, Duration) again. The store forgets a left project's pipelines (src/store/retention.ts); the
// pipelines feature's reader (features/pipelines/hydrate.ts) must not take its own record of having
// asked for what the store still holds.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PipelineBasic } from '../../src/api/index.js';
import { nearSelection } from '../../src/store/lists.js';
import { listKeys } from '../../src/domain/list-keys.js';
import { listOf } from '../../src/store/store.js';
import { duration } from '../../src/time/duration.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
let projectId: number;
beforeEach(async () => {
  app = await startApp({ rows: 30, columns: 140 });
  await app.waitFor('acme/api');
  projectId = app.sim.world.projectsByPath.get('acme/api')!.id;
});
afterEach(() => app.close());

/** The rows the reader reads (a screen's height each side of the cursor), each read whole. */
function nearRowsWhole(): boolean {
  const state = app.store.getState();
  const list = listOf<PipelineBasic>(state, listKeys.pipelines(projectId));
  if (list.loading || list.items.length === 0) return false;
  return nearSelection(list.items, list.selected, state.viewport.height - 2).every((p) => 'before_sha' in (state.pipelines[p.id] ?? {}));
}

/** The first finished pipeline on screen, its row's line, and its user and duration as GitLab has them. */
function finishedRow(): { line: string; user: string; seconds: number } {
  const state = app.store.getState();
  const p = listOf<PipelineBasic>(state, listKeys.pipelines(projectId)).items.find((r) => ['success', 'failed'].includes(r.status))!;
  const full = state.pipelines[p.id]!;
  const line = app
    .frame()
    .split('\n')
    .find((l) => l.includes(`#${p.id}`))!;
  return { line, user: full.user!.username, seconds: full.duration! };
}

it(':project acme/api, Esc, :project acme/api again: the rows keep By and Duration', async () => {
  await app.type(':project acme/api\r');
  await app.until(nearRowsWhole, 'the rows read whole on first open');
  const first = finishedRow();
  expect(first.line).toContain(first.user);
  expect(first.line).toContain(duration(first.seconds));
  await app.press(KEY.escape);
  await app.until(() => app.store.getState().stack.length === 1, 'back on the projects');
  // The store let go of the project's pipelines with it.
  expect(app.store.getState().lists[`pipelines:${projectId}`]).toBeUndefined();
  await app.type(':project acme/api\r');
  await app.until(nearRowsWhole, 'the rows read whole again');
  await app.until(() => finishedRow().line.includes(first.user), 'the By column filled');
  const again = finishedRow();
  expect(again.line).toContain(again.user);
  expect(again.line).toContain(duration(again.seconds));
});
