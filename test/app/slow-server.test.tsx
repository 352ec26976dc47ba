// A GitLab that never answers: the app says so after one timeout, in the pane and in the header —
// not "retrying in 0s" for two minutes before "GitLab did not answer in time".
import { expect, it } from 'vitest';
import { startSimulator } from '../../src/sim/index.js';
import { startApp } from '../helpers/app.js';
import { START } from '../helpers/sim.js';
import { startHostile } from '../hostile/server.js';

it('a server that never answers: one timeout, then the list and the header say so (no "retrying in 0s")', async () => {
  const sim = await startSimulator({ seed: 7, speed: 0, startTime: START });
  const hostile = await startHostile({ upstream: sim.url });
  hostile.mount('/api/v4/', () => undefined);
  const app = await startApp({ simulator: { ...sim, url: hostile.url }, renderFirst: true, timeoutMs: 1500, wireRetries: true });
  try {
    // An ink-spinner turns before the word (src/ui/Header.tsx).
    await app.waitFor(/\S connecting/);
    await app.waitFor(/GitLab did not answer in\s+time/, 10_000);
    await app.started;
    await app.waitFor('✖ offline');
    expect(app.frame()).not.toMatch(/retrying in/);
    // One request each for who-am-I and the project list: a timeout is not retried.
    expect(hostile.requests.filter((r) => r.url.startsWith('/api/v4/user'))).toHaveLength(1);
    expect(hostile.requests.filter((r) => r.url.startsWith('/api/v4/projects?'))).toHaveLength(1);
    // GitLab answers again: R brings the list and the header back.
    hostile.unmountAll();
    await app.press('R');
    await app.waitFor('acme/api', 10_000);
  } finally {
    await app.close();
    await hostile.close();
    await sim.close();
  }
});
