// The real app (test/helpers/app.tsx) against a GitLab that turns hostile after start: the header
// and the pane say what happened, and the app keeps asking and recovers by itself.
import { afterEach, expect, it } from 'vitest';
import type { Pane } from '../../src/store/types.js';
import { startSimulator } from '../../src/sim/index.js';
import { startApp, type AppRig } from '../helpers/app.js';
import { START } from '../helpers/sim.js';
import { probes, startHostile } from './server.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

// `Retry-After: 999999` must not show "retrying in 999998s" and never ask again.
it('Retry-After: 999999 is capped by the back-off: the app asks again and is live once GitLab recovers', async () => {
  // Polling as in the app, shortened: the back-off ceiling is 400 ms here (60 s in the app).
  app = await startApp({ timing: { activeMs: 100, idleMs: 100, maxBackoffMs: 400 } });
  await app.waitFor('acme/api');
  await app.waitFor('● live');
  app.sim.faults.add({
    kind: 'respond',
    method: 'GET',
    path: '/projects',
    status: 429,
    body: { message: '429 Too Many Requests' },
    headers: { 'retry-after': '999999' },
    times: 8,
  });
  await app.waitFor(/retrying in \d+s/);
  expect(app.frame()).not.toMatch(/retrying in \d{3,}s/);
  await app.waitFor('● live', 10_000);
});

// A job whose id comes as a string must not leave "Loading job #…" for ever: validation at the API
// boundary turns a wrong type into an error; the pipeline list shows it in its pane (the job pane
// too: test/app/job-load-error.test.tsx).
it('a pipeline list with a non-numeric id says so in the pane, and the app keeps working', async () => {
  app = await startApp();
  await app.waitFor('acme/api');
  const project = [...app.sim.world.projects.values()].find((p) => p.path === 'web')!;
  const bad = [
    {
      id: '12',
      iid: 3,
      project_id: project.id,
      status: 'success',
      ref: 'main',
      sha: 'abc',
      web_url: 'http://x',
      created_at: '2026-11-20T11:00:00Z',
      updated_at: '2026-11-20T11:00:00Z',
    },
  ];
  app.sim.faults.add({ kind: 'respond', method: 'GET', path: `/projects/${project.id}/pipelines`, status: 200, body: bad, times: 50 });
  app.store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId: project.id, path: 'acme/web', tab: 'pipelines' } as Pane] }));
  await app.waitFor(/Could not load pipelines\./);
  expect(app.frame()).toMatch(/GitLab sent a pipeline whose id is not\s+(\S+\s+)?a number/);
  await app.press('?');
  await app.waitFor(/Here: |Move down/); // help opens on the pane's own keys, if it has any
  app.sim.faults.clear();
});

// `y` must not copy a raw web_url with ESC, BEL, a newline, `$(id)` or U+202E while the toast shows
// a cleaned one: nothing is copied or opened, and the toast says why.
it('y and o refuse a hostile web_url and say why; a clean one is copied as shown', async () => {
  app = await startApp();
  await app.waitFor('acme/api');
  const project = [...app.sim.world.projects.values()].find((p) => p.path === 'api')!;
  app.store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId: project.id, path: 'acme/api', tab: 'pipelines' } as Pane] }));
  await app.waitFor(/#\d+\s+main/);
  const row = app.store.getState().lists[Object.keys(app.store.getState().lists).find((k) => k.includes('pipelines'))!]!.items[0] as {
    id: number;
    web_url: string;
  };
  const clean = row.web_url;
  const hostile = `${clean}\u001b]52;c;cHduZWQ=\u0007\n$(id)\u202e`;
  app.store.setState((s) => ({
    pipelines: s.pipelines,
    lists: Object.fromEntries(
      Object.entries(s.lists).map(([k, l]) => [
        k,
        k.includes('pipelines') ? { ...l, items: l.items.map((i, n) => (n === 0 ? { ...(i as object), web_url: hostile } : i)) } : l,
      ]),
    ),
  }));
  await app.press('y');
  await app.waitFor(/Not copied: its web address contains a hidden or control/);
  expect(app.copied).toEqual([]);
  await app.press('o');
  await app.waitFor(/Not opened:/);
  expect(app.opened).toEqual([]);
  app.store.setState((s) => ({
    lists: Object.fromEntries(
      Object.entries(s.lists).map(([k, l]) => [
        k,
        k.includes('pipelines') ? { ...l, items: l.items.map((i, n) => (n === 0 ? { ...(i as object), web_url: 'https://evil.example/x' } : i)) } : l,
      ]),
    ),
  }));
  // A clean address on another host is copied as it is, its host said; `o` asks before opening it.
  await app.press('y');
  await app.waitFor(/Link https:\/\/evil\.example\/x .* — on evil\.example, not on /);
  expect(app.copied).toEqual(['https://evil.example/x']);
  await app.press('o');
  await app.waitFor('Open https://evil.example/x? [y/N]');
  await app.press('n');
  expect(app.opened).toEqual([]);
  app.copied.length = 0;
  app.store.setState((s) => ({
    lists: Object.fromEntries(
      Object.entries(s.lists).map(([k, l]) => [
        k,
        k.includes('pipelines') ? { ...l, items: l.items.map((i, n) => (n === 0 ? { ...(i as object), web_url: clean } : i)) } : l,
      ]),
    ),
  }));
  await app.press('y');
  await app.until(() => app!.copied.length === 1, 'a copy');
  expect(app.copied).toEqual([clean]);
});

// A gzip bomb (2 MB → 2 GiB) on the pipeline list must not kill the app (V8 out of memory after
// ~24 s, unbounded). The app talks to the simulator through the hostile server, which turns the list into a bomb.
it('a gzip bomb on the pipeline list ends in a message in the pane; memory stays bounded and keys work', async () => {
  const sim = await startSimulator({ seed: 7, speed: 0, startTime: START });
  const hostile = await startHostile({ upstream: sim.url });
  try {
    const rig = await startApp({ simulator: { ...sim, url: hostile.url } });
    app = rig;
    await rig.waitFor('acme/api');
    const project = [...sim.world.projects.values()].find((p) => p.path === 'web')!;
    hostile.mount(new RegExp(`^/api/v4/projects/${project.id}/pipelines\\?`), probes.gzipBomb(2 * 1024 * 1024 * 1024));
    const before = process.memoryUsage().rss;
    rig.store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId: project.id, path: 'acme/web', tab: 'pipelines' } as Pane] }));
    await rig.waitFor(/Could not load pipelines\./, 15_000);
    expect(rig.frame()).toMatch(/decompressed size over 50\s+MB/);
    expect((process.memoryUsage().rss - before) / 1024 / 1024).toBeLessThan(300);
    await rig.press('?');
    await rig.waitFor(/Here: |Move down/); // help opens on the pane's own keys, if it has any
  } finally {
    await app?.close();
    app = undefined;
    await hostile.close();
    await sim.close();
  }
});

// Slowloris on the pipeline list: the pane says GitLab did not answer, after one timeout (not four),
// and keys answer meanwhile.
it('a server that trickles headers forever: keys work meanwhile, then the pane says it timed out', async () => {
  const sim = await startSimulator({ seed: 7, speed: 0, startTime: START });
  const hostile = await startHostile({ upstream: sim.url });
  try {
    const rig = await startApp({ simulator: { ...sim, url: hostile.url }, timeoutMs: 1500 });
    app = rig;
    await rig.waitFor('acme/api');
    const project = [...sim.world.projects.values()].find((p) => p.path === 'web')!;
    hostile.mount(new RegExp(`^/api/v4/projects/${project.id}/pipelines\\?`), probes.slowHeaders(50));
    rig.store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId: project.id, path: 'acme/web', tab: 'pipelines' } as Pane] }));
    await rig.press('?');
    await rig.waitFor(/Here: |Move down/); // help opens on the pane's own keys, if it has any
    await rig.press('\u001B');
    await rig.waitFor(/Could not load pipelines\./, 15_000);
    expect(rig.frame()).toMatch(/GitLab did not answer in\s+time/);
    expect(hostile.requests.filter((r) => r.url.startsWith(`/api/v4/projects/${project.id}/pipelines?`))).toHaveLength(1);
  } finally {
    await app?.close();
    app = undefined;
    await hostile.close();
    await sim.close();
  }
});
