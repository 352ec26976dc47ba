// The events "When" column: past a month it shows the date, whole (not `2026-09-…`).
import { afterEach, expect, it } from 'vitest';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

it('an event older than a month shows its whole date under When', async () => {
  app = await startApp({ columns: 100 });
  const rig = app;
  const project = simProject(rig.sim, 'acme/api');
  const event = rig.sim.world.events.find((e) => e.projectId === project.id)!;
  // Sixty days before the world's now: the oldest of the project's events.
  (event as { createdAt: number }).createdAt = rig.sim.clock.now() - 60 * 86_400_000;
  const day = new Date(event.createdAt).toISOString().slice(0, 10);
  rig.open({ kind: 'project', projectId: project.id, path: 'acme/api', tab: 'pipelines' });
  await rig.waitFor('1 Pipelines');
  await rig.press('5');
  await rig.waitFor(/\d+\+? events · f filters/);
  await rig.press('f');
  await rig.waitFor('Filter activity:');
  await rig.press('\u0015');
  await rig.type('sort=asc');
  await rig.press(KEY.enter);
  const frame = await rig.waitFor(new RegExp(`${day} +${day} \\d\\d:\\d\\d`));
  expect(frame).not.toContain(`${day.slice(0, 8)}…`);
});
