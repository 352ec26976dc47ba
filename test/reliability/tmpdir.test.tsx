// A TMPDIR that is no usable directory (missing, a device, a FIFO) crashed pipetop with a stack trace
// as soon as a log opened (mkdtempSync, uncaught). Temporary files now go to the next place of
// os.tmpdir()'s rules (TMP, TEMP, /tmp) or the cache directory (src/log/temp-dir.ts); when none will
// do, the job pane says why, and R tries again.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import type { LogHooks } from '../../src/features/log/log-view.js';
import type { Pane } from '../../src/store/types.js';
import { startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

const scratch = mkdtempSync(join(tmpdir(), 'pipetop-tmpdir-'));
const fifo = join(scratch, 'fifo');
execFileSync('mkfifo', [fifo]);
const saved = { TMPDIR: process.env.TMPDIR, TMP: process.env.TMP, TEMP: process.env.TEMP };
let app: AppRig | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  vi.resetModules();
});

/** The module afresh (its directory is found once a process), with `env` in process.env. */
async function freshTempDir(env: Record<string, string>) {
  delete process.env.TMP;
  delete process.env.TEMP;
  Object.assign(process.env, env);
  vi.resetModules();
  return import('../../src/log/temp-dir.js');
}

it.each([
  ['a FIFO', fifo],
  ['a device', '/dev/null'],
  ['missing', join(scratch, 'nowhere')],
])('TMPDIR %s: temporary files go to /tmp', async (_, path) => {
  const { pipetopTempDir } = await freshTempDir({ TMPDIR: path });
  expect(pipetopTempDir()).toBe(join('/tmp', `pipetop-${process.getuid!()}`));
});

it('TMPDIR unusable, TMP usable: TMP, as os.tmpdir() would take it', async () => {
  const tmp = mkdtempSync(join(scratch, 'tmp-'));
  const { pipetopTempDir } = await freshTempDir({ TMPDIR: fifo, TMP: `${tmp}/` });
  expect(pipetopTempDir()).toBe(join(tmp, `pipetop-${process.getuid!()}`));
});

it('a place that will not do is named with why', async () => {
  const { pipetopTempDir, TempDirError } = await freshTempDir({});
  const file = join(scratch, 'a-file');
  writeFileSync(file, '');
  expect(() => pipetopTempDir(fifo)).toThrow(TempDirError);
  expect(() => pipetopTempDir(fifo)).toThrow(`no directory for temporary files: ${fifo} (${fifo}): a FIFO, not a directory`);
  expect(() => pipetopTempDir('/dev/null')).toThrow('a device, not a directory');
  expect(() => pipetopTempDir(file)).toThrow('a-file): not a directory');
});

function openFailedJob(rig: AppRig): number {
  const p = simProject(rig.sim, 'acme/api');
  const job = rig.sim.world.projectJobs
    .get(p.id)!
    .map((id) => rig.sim.world.jobs.get(id)!)
    .filter((j) => !j.retried && j.erasedAt === null && j.status === 'failed' && j.name === 'test:unit')
    .at(-1)!;
  rig.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'job', projectId: p.id, path: 'acme/api', jobId: job.id } as Pane] }));
  return job.id;
}

it('in the app, with TMPDIR a FIFO, a job log opens (spooled under /tmp)', async () => {
  app = await startApp();
  await app.waitFor('acme/api');
  process.env.TMPDIR = fifo;
  const jobId = openFailedJob(app);
  await app.waitFor(/ERROR: Job failed/);
  expect(app.controller.ctx.logs!.model(jobId)!.tempFiles[0]!.path.startsWith(`/tmp/pipetop-${process.getuid!()}/`)).toBe(true);
});

it('in the app, with no place for the spool, the job pane says why and R tries again', async () => {
  app = await startApp();
  await app.waitFor('acme/api');
  // The registry's spool directory, as its hooks give it (log-view.ts LogHooks.tmpDir): a FIFO.
  const hooks = (app.controller.ctx.logs as unknown as { hooks: LogHooks }).hooks;
  hooks.tmpDir = fifo;
  openFailedJob(app);
  const frame = await app.waitFor('Cannot read the log: no place to spool it on disk');
  expect(frame).toContain('R tries again');
  hooks.tmpDir = mkdtempSync(join(scratch, 'spool-'));
  await app.press('R');
  await app.waitFor(/ERROR: Job failed/);
});
