// deferWorld (the demo's start): the simulator listens before it builds its world, and builds it
// once, for the first request or the first read of `world` — so the TUI's first frame comes first.
import { afterEach, expect, it, vi } from 'vitest';
import { createGitLab } from '../../src/api/index.js';
import { DEMO_TOKENS, startSimulator, type Simulator } from '../../src/sim/index.js';

const builds = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/sim/world/build.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/sim/world/build.js')>();
  return {
    ...real,
    buildWorld: (...args: Parameters<typeof real.buildWorld>) => {
      builds.count++;
      return real.buildWorld(...args);
    },
  };
});

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
  builds.count = 0;
});

it('builds the world on the first request, once, and answers it from that world', async () => {
  sim = await startSimulator({ port: 0, seed: 3, speed: 0, deferWorld: true });
  expect(builds.count).toBe(0);
  const gl = createGitLab({ baseUrl: sim.url, token: DEMO_TOKENS.user, sleep: async () => {} });
  expect((await gl.users.current()).username).toBe('alice');
  expect(builds.count).toBe(1);
  const projects = await gl.projects.list({ membership: true }).all(100);
  expect(projects.map((p) => p.path_with_namespace)).toContain('acme/api');
  expect(sim.world.projects.size).toBeGreaterThan(0);
  expect(builds.count).toBe(1);
});

it('builds it before start returns by default', async () => {
  sim = await startSimulator({ port: 0, seed: 3, speed: 0 });
  expect(builds.count).toBe(1);
});
