// Small words, as a new user reads them: no "0 projects" beside "Loading projects…" while the first
// page loads, "1 schedule" not "1 schedules".
import { afterEach, expect, it } from 'vitest';
import { startApp, type AppRig } from '../helpers/app.js';

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

it('says it is loading the projects instead of counting none, then counts them', async () => {
  // The world is built on the first request (~0.5 s): the first frames are drawn while it loads.
  app = await startApp({ renderFirst: true, sim: { deferWorld: true } });
  const frames: string[] = [];
  const rig = app;
  await rig.until(() => {
    frames.push(rig.frame());
    return rig.frame().includes('7 projects');
  }, '7 projects');
  const loading = frames.filter((f) => f.includes('Loading projects…'));
  expect(loading.length).toBeGreaterThan(0);
  for (const frame of loading) {
    expect(frame).not.toMatch(/\b0 projects/);
    expect(frame).toContain('loading projects…');
  }
});
