// `--project` is looked up inside the app: the first frame comes at once, keys work
// while GitLab is slow, and a project that does not exist says so in its pane.
import { afterEach, expect, it } from 'vitest';
import { startSimulator } from '../../src/sim/index.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { START } from '../helpers/sim.js';
import { startHostile } from '../hostile/server.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

it('opens a project named by --project above the project list', async () => {
  app = await startApp({ project: 'acme/api', renderFirst: true });
  await app.waitFor(/#\d+\s+main/);
  expect(app.frame()).toContain('projects › acme/api');
  expect(app.store.getState().stack.map((p) => p.kind)).toEqual(['projects', 'project']);
  await app.press(KEY.escape);
  await app.waitFor('acme/web');
});

it('a --project that does not exist says "not found" in its pane; Esc opens the project list', async () => {
  app = await startApp({ project: 'acme/nope', renderFirst: true });
  await app.waitFor(/Project acme\/nope not found/);
  expect(app.frame()).toMatch(/404/);
  // The start's first poll may be asking again ("Asking again…"); the hint follows its answer.
  await app.waitFor(/R asks again · Esc opens your project list · q quits/);
  await app.press(KEY.escape);
  await app.waitFor('acme/web');
  expect(app.store.getState().stack).toEqual([{ kind: 'projects' }]);
});

it('a project from the git remote that is not found says where it came from', async () => {
  app = await startApp({ project: 'acme/fork', projectFrom: 'git remote origin', renderFirst: true });
  await app.waitFor(/Project acme\/fork \(from git remote origin\) not found/);
});

it('a numeric --project id opens that project', async () => {
  const sim = await startSimulator({ seed: 7, speed: 0, startTime: START });
  const project = [...sim.world.projects.values()].find((p) => p.path === 'web')!;
  app = await startApp({ simulator: sim, project: String(project.id), renderFirst: true });
  try {
    await app.waitFor('projects › acme/web');
  } finally {
    await app.close();
    app = undefined;
    await sim.close();
  }
});

// A GitLab that never answers the lookup: before, the lookup ran before the first frame (a blank
// terminal for two minutes, `q` ignored). Now the pane says it is looking, keys answer, and after one
// timeout the pane and the header say GitLab did not answer — not "retrying in 0s". Who-am-I is
// answered, so the poller runs from the start and its first poll meets the lookup still in flight:
// the count below is the client's (no retry after a timeout), not a race between two timeouts.
it('a server that never answers: the lookup pane draws at once, keys work, then one timeout says so', async () => {
  const sim = await startSimulator({ seed: 7, speed: 0, startTime: START });
  const hostile = await startHostile({ upstream: sim.url });
  hostile.mount(/^\/api\/v4\/projects\//, () => undefined);
  try {
    const rig = await startApp({ simulator: { ...sim, url: hostile.url }, project: 'acme/api', renderFirst: true, timeoutMs: 1500, wireRetries: true });
    app = rig;
    await rig.waitFor('Looking up project acme/api…');
    await rig.press('?');
    await rig.waitFor(/Here: |Move down/); // help opens on the pane's own keys, if it has any
    await rig.press(KEY.escape);
    await rig.waitFor(/Could not open project acme\/api: GitLab did not\s+answer in time/, 10_000);
    await rig.started;
    expect(rig.frame()).toMatch(/✖ offline/);
    expect(rig.frame()).not.toMatch(/retrying in 0s/);
    // One request for the lookup: no retry after a timeout.
    expect(hostile.requests.filter((r) => r.url.startsWith('/api/v4/projects/acme%2Fapi'))).toHaveLength(1);
    // GitLab comes back: R asks again and the project opens.
    hostile.unmountAll();
    await rig.press('R');
    await rig.waitFor('projects › acme/api', 10_000);
  } finally {
    await app?.close();
    app = undefined;
    await hostile.close();
    await sim.close();
  }
});

it('q on the lookup pane quits at once, while GitLab has not answered', async () => {
  const sim = await startSimulator({ seed: 7, speed: 0, startTime: START });
  const hostile = await startHostile({ upstream: sim.url });
  hostile.mount('/api/v4/', () => undefined);
  try {
    const rig = await startApp({ simulator: { ...sim, url: hostile.url }, project: 'acme/api', renderFirst: true, timeoutMs: 1500 });
    app = rig;
    await rig.waitFor('Looking up project acme/api…');
    await rig.press('q');
    await rig.until(() => rig.store.getState().quit, 'quit');
  } finally {
    await app?.close();
    app = undefined;
    await hostile.close();
    await sim.close();
  }
});
