// The jobs tab shows a merge request's ref as `!N`, as the pipelines tab does, never
// `refs/merge-requests/N/head` cut short.
import { afterEach, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import { startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

it('a merge-request job reads !N under Ref', async () => {
  app = await startApp({ columns: 140, rows: 60 });
  const rig = app;
  const project = simProject(rig.sim, 'acme/mobile');
  const key = `projectJobs:${project.id}`;
  rig.open({ kind: 'project', projectId: project.id, path: 'acme/mobile', tab: 'jobs' });
  await rig.until(() => (rig.store.getState().lists[key]?.items.length ?? 0) > 0, 'the jobs');
  const items = rig.store.getState().lists[key]!.items as Job[];
  const at = items.findIndex((j) => /^refs\/merge-requests\/\d+\/head$/.test(j.ref));
  expect(at).toBeGreaterThanOrEqual(0);
  const iid = /(\d+)/.exec(items[at]!.ref)![1];
  // Move the cursor to it so it is on screen.
  for (let i = 0; i < at; i++) await rig.press('j');
  const frame = await rig.waitFor(new RegExp(`#${items[at]!.id}\\s.*!${iid}\\b`));
  expect(frame).not.toContain('refs/merge-req');
});
