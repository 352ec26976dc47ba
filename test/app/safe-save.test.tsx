// `w` (save the log) and `d` (download artifacts) never clobber a file: the default name gets a free
// suffix, a typed name that exists is asked about first, a FIFO is refused and stays a FIFO.
import { execFileSync } from 'node:child_process';
import { lstat, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import type { Pane } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

const CTRL_U = '\u0015';
let app: AppRig;
let projectId: number;
let jobId: number;

// Each test its own app (and download directory), on the job's pane.
beforeEach(async () => {
  app = await startApp();
  await app.waitFor('acme/api');
  const p = [...app.sim.world.projects.values()].find((x) => `${x.namespace}/${x.path}` === 'acme/api')!;
  projectId = p.id;
  const job = [...app.sim.world.jobs.values()].find((j) => j.projectId === p.id && j.artifacts && j.erasedAt === null && j.status === 'success' && !j.retried)!;
  jobId = job.id;
  const apiJob = (await app.controller.ctx.gl.jobs.get(projectId, jobId)) as Job;
  app.store.setState((s) => ({
    jobs: { ...s.jobs, [jobId]: apiJob },
    stack: [...s.stack.slice(0, 1), { kind: 'job', projectId, path: 'acme/api', jobId } as Pane],
  }));
  await app.waitFor(/Job succeeded/);
});
afterEach(() => app.close());

async function submit(key: 'w' | 'd', label: string, path?: string): Promise<void> {
  await app.press(key);
  await app.waitFor(label);
  if (path !== undefined) {
    await app.press(CTRL_U);
    await app.type(path);
  }
  await app.press(KEY.enter);
}

const toastText = () => app.store.getState().toast?.message ?? '';

describe('w saves the log safely', () => {
  it('the default name, taken, gets a free suffix', async () => {
    await submit('w', 'Save the log to:');
    await app.until(() => /Saved the log/.test(toastText()), 'first save');
    app.store.setState({ toast: null });
    await submit('w', 'Save the log to:');
    await app.until(() => /Saved the log/.test(toastText()), 'second save');
    expect(toastText()).toMatch(/job-\d+-[^ ]+ \(1\)\.log; job-\d+-[^ ]+\.log exists, so a new name$/);
    const logs = (await readdir(app.downloadDir)).filter((f) => f.startsWith(`job-${jobId}-`));
    expect(logs).toHaveLength(2);
  });

  it('a typed name that exists asks first: n keeps the file, y replaces it', async () => {
    const path = join(app.downloadDir, 'mine.log');
    await writeFile(path, 'my notes');
    await submit('w', 'Save the log to:', path);
    await app.waitFor('mine.log exists. Replace it?');
    await app.press('n');
    await app.until(() => app.store.getState().confirm === null, 'the confirm to close');
    expect(await readFile(path, 'utf8')).toBe('my notes');
    await submit('w', 'Save the log to:', path);
    await app.waitFor('mine.log exists. Replace it?');
    await app.press('y');
    await app.until(() => /Saved the log/.test(toastText()), 'the save');
    expect(await readFile(path, 'utf8')).toContain('Job succeeded');
  });

  it('a typed name that is a link to a sibling: asks naming both, replaces the sibling, keeps the link, and says so', async () => {
    const real = join(app.downloadDir, 'real.log');
    const link = join(app.downloadDir, 'link.log');
    await writeFile(real, 'my notes');
    execFileSync('ln', ['-s', 'real.log', link]);
    await submit('w', 'Save the log to:', link);
    await app.waitFor('Replace real.log?');
    expect(app.store.getState().confirm!.message).toBe(`Replace real.log? link.log is a link to it, in ${app.downloadDir}`);
    await app.press('y');
    await app.until(() => /Saved the log/.test(toastText()), 'the save');
    expect(toastText()).toMatch(/ to \S+real\.log; written through the link link\.log, which points at real\.log; the link is kept$/);
    expect(toastText()).not.toContain('so a new name');
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readFile(real, 'utf8')).toContain('Job succeeded');
  });

  it('a FIFO is refused with a clear message and stays a FIFO', async () => {
    const fifo = join(app.downloadDir, 'pipe.log');
    execFileSync('mkfifo', [fifo]);
    await submit('w', 'Save the log to:', fifo);
    await app.waitFor('is a named pipe, not a regular file');
    expect(app.store.getState().prompt?.error).toContain(`Cannot save: ${fifo} is a named pipe`);
    expect((await lstat(fifo)).isFIFO()).toBe(true);
    await app.press(KEY.escape);
  });
});

describe('d downloads artifacts safely', () => {
  it('a typed name that exists asks first, and y replaces it with the artifacts', async () => {
    const path = join(app.downloadDir, 'mine.zip');
    await writeFile(path, 'not a zip');
    await submit('d', 'Save artifacts to:', path);
    await app.waitFor('mine.zip exists. Replace it?');
    expect(await readFile(path, 'utf8')).toBe('not a zip');
    await app.press('y');
    await app.until(() => /Saved artifacts/.test(toastText()), 'the download');
    expect((await readFile(path)).subarray(0, 2).toString()).toBe('PK');
  });

  it('a symlink out of the directory is refused, and the file it points to is untouched', async () => {
    const outsideFile = join(app.downloadDir, '..', `${app.downloadDir.split('/').pop()}-outside.txt`);
    await writeFile(outsideFile, 'outside');
    const link = join(app.downloadDir, 'link.zip');
    execFileSync('ln', ['-s', outsideFile, link]);
    try {
      await submit('d', 'Save artifacts to:', link);
      await app.until(() => /Download of .* failed: .*symbolic link out of its directory/.test(toastText()), 'the refusal');
      expect(await readFile(outsideFile, 'utf8')).toBe('outside');
      expect((await lstat(link)).isSymbolicLink()).toBe(true);
    } finally {
      execFileSync('rm', ['-f', outsideFile]);
    }
  });
});

describe('d: artifacts larger than GitLab lists', () => {
  it('stops with a clear message and leaves no file', async () => {
    const listed = app.store.getState().jobs[jobId]!.artifacts_file!.size;
    app.sim.faults.add({
      kind: 'respond',
      method: 'GET',
      path: new RegExp(`/jobs/${jobId}/artifacts$`),
      status: 200,
      contentType: 'application/zip',
      body: Buffer.alloc(listed + 3 * 1024 * 1024, 1),
    });
    const path = join(app.downloadDir, 'big.zip');
    await submit('d', 'Save artifacts to:', path);
    await app.until(() => /Download of artifacts of job #\d+ .* failed: .*larger than advertised \(/.test(toastText()), 'the refusal');
    expect((await readdir(app.downloadDir)).filter((f) => f === 'big.zip' || f.endsWith('.part'))).toEqual([]);
  });
});
