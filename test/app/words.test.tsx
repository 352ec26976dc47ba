// Small words, as a new user reads them: no "0 projects" beside "Loading projects…" while the first
// page loads, "1 schedule" not "1 schedules".
import { afterEach, expect, it } from 'vitest';
import { startApp, type AppRig } from '../helpers/app.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';

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
  // The caller's projects, counted in the world once a request has had it built (reading
  // sim.world any sooner would build it before the app's first frames).
  let counted: string | null = null;
  const expected = (): string | null => {
    if (counted === null && rig.sim.requests.length > 0) {
      const userId = rig.sim.world.tokens.get(DEMO_TOKENS.user)!.userId;
      counted = `${[...rig.sim.world.projects.values()].filter((p) => p.members.has(userId)).length} projects`;
    }
    return counted;
  };
  await rig.until(() => {
    frames.push(rig.frame());
    const count = expected();
    return count !== null && rig.frame().includes(count);
  }, "the caller's projects counted");
  const loading = frames.filter((f) => f.includes('Loading projects…'));
  expect(loading.length).toBeGreaterThan(0);
  for (const frame of loading) {
    expect(frame).not.toMatch(/\b0 projects/);
    expect(frame).toContain('loading projects…');
  }
});
