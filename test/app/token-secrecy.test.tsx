// The token never reaches what the app produces for the user: the screen, a saved log, an OSC 52
// copy (y). The simulator's user token is the secret; every pane visited is checked.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import type { Pane } from '../../src/store/types.js';
import { clearToast } from '../../src/store/writers.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { rememberJob } from '../../src/domain/jobs.js';

const SECRET = DEMO_TOKENS.user;
let app: AppRig;
const frames: string[] = [];

beforeEach(async () => {
  frames.length = 0;
  app = await startApp({ token: SECRET });
  await app.waitFor('acme/api');
});
afterEach(() => app.close());

async function visit(pane: Pane, ready: RegExp | string): Promise<void> {
  app.open(pane);
  clearToast(app.store);
  await app.waitFor(ready);
  frames.push(app.frame());
  await app.press('y');
  await app.until(() => /sent to the terminal/.test(app.store.getState().toast?.message ?? ''), 'the copy toast');
  frames.push(app.frame());
}

it('y copies web URLs without the token, and no frame shows it', async () => {
  const p = [...app.sim.world.projects.values()].find((x) => `${x.namespace}/${x.path}` === 'acme/api')!;
  frames.push(app.frame());
  await app.press('y');
  await app.until(() => app.copied.length > 0, 'a copy from the project list');
  await visit({ kind: 'project', projectId: p.id, path: 'acme/api', tab: 'pipelines' }, /#\d+\s+main/);
  const job = [...app.sim.world.jobs.values()].find((j) => j.projectId === p.id && j.status === 'failed' && !j.retried && j.erasedAt === null)!;
  const apiJob = (await app.controller.ctx.gl.jobs.get(p.id, job.id)) as Job;
  rememberJob(app.store, apiJob);
  await visit({ kind: 'job', projectId: p.id, path: 'acme/api', jobId: job.id } as Pane, /Job failed/);
  expect(app.copied.length).toBeGreaterThanOrEqual(3);
  for (const text of app.copied) expect(text).not.toContain(SECRET);
  for (const frame of frames) expect(frame).not.toContain(SECRET);
});

it('a saved log (w) does not contain the token', async () => {
  const p = [...app.sim.world.projects.values()].find((x) => `${x.namespace}/${x.path}` === 'acme/api')!;
  const job = [...app.sim.world.jobs.values()].find((j) => j.projectId === p.id && j.status === 'success' && !j.retried && j.erasedAt === null)!;
  app.open({ kind: 'job', projectId: p.id, path: 'acme/api', jobId: job.id });
  clearToast(app.store);
  await app.waitFor(/Job succeeded/);
  await app.press('w');
  await app.waitFor('Save the log to:');
  await app.press(KEY.enter);
  await app.until(() => /Saved the log/.test(app.store.getState().toast?.message ?? ''), 'the save');
  const name = (await readdir(app.downloadDir)).find((f) => f.startsWith(`job-${job.id}-`))!;
  const text = await readFile(join(app.downloadDir, name), 'utf8');
  expect(text).toContain('Job succeeded');
  expect(text).not.toContain(SECRET);
});
