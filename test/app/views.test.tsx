// Saved views: named filters of the config file shown as sections with counts;
// `:view NAME` opens one, Tab the next; an unknown name is a clear message and keeps what was typed.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
beforeEach(async () => {
  // As the config file's `views:` gives them.
  app = await startApp({
    first: { kind: 'pulse' },
    views: [
      { name: 'deploys', projects: ['acme/api', 'acme/web'], refs: ['main'], statuses: ['manual', 'failed'] },
      { name: 'scheduled', sources: ['schedule'] },
    ],
  });
  await app.waitFor('acme/api');
});
afterEach(() => app.close());

interface Row {
  pipeline: { id: number; ref: string; status: string; source: string; created_at: string };
  path: string;
}

it(':view deploys shows its pipelines across its projects, the sections with counts, and Enter opens one', async () => {
  await app.palette('view deploys');
  await app.until(() => app.store.getState().lists['view:deploys']?.loadedAt != null, 'the view');
  await app.until(() => app.store.getState().lists['view:scheduled']?.loadedAt != null, 'the other section');
  const rows = app.store.getState().lists['view:deploys']!.items as Row[];
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.pipeline.ref === 'main' && ['manual', 'failed'].includes(r.pipeline.status))).toBe(true);
  expect(rows.every((r) => r.path === 'acme/api' || r.path === 'acme/web')).toBe(true);
  const times = rows.map((r) => Date.parse(r.pipeline.created_at));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  const scheduled = app.store.getState().lists['view:scheduled']!.items as Row[];
  expect(scheduled.every((r) => r.pipeline.source === 'schedule')).toBe(true);
  const frame = await app.waitFor(`deploys ${rows.length}  scheduled ${scheduled.length}`);
  expect(frame).toContain('refs: main · statuses: manual, failed');
  await app.press(KEY.enter);
  await app.until(() => topPane(app.store.getState()).kind === 'pipeline', 'the pipeline');
  expect(topPane(app.store.getState())).toMatchObject({ kind: 'pipeline', pipelineId: rows[0]!.pipeline.id, path: rows[0]!.path });
  await app.press(KEY.escape);
  await app.press(KEY.tab);
  await app.until(() => (topPane(app.store.getState()) as { name?: string }).name === 'scheduled', 'the next section');
});

it('an unknown view is a clear message naming the views', async () => {
  await app.palette('view nope');
  await app.waitFor('No view "nope" in the config file: deploys, scheduled');
  expect(topPane(app.store.getState()).kind).toBe('pulse');
});
