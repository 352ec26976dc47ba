// `:browse` / `b`: a job's artifacts as a file tree read from the zip's central directory (by
// Range, or a spooled download when Range is dropped), a text file previewed, a binary one refused,
// one saved, one opened in $PAGER, hostile names shown as text and never used as paths.
import { existsSync, lstatSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import { rowsOf } from '../../src/features/browse/load.js';
import { archiveKey } from '../../src/features/browse/slice.js';
import { pipetopTempDir } from '../../src/log/index.js';
import type { SimJob } from '../../src/sim/model.js';
import type { SimulatorOptions } from '../../src/sim/index.js';
import { topPane } from '../../src/store/store.js';
import type { Pane } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

const PROJECT = 'acme/web';
let app: AppRig;
let projectId: number;

afterEach(() => app?.close());

async function open(sim: SimulatorOptions = {}, more: Parameters<typeof startApp>[0] = {}): Promise<SimJob> {
  app = await startApp({ rows: 30, columns: 100, sim, ...more });
  await app.waitFor('acme/api');
  projectId = app.sim.world.projectsByPath.get(PROJECT)!.id;
  const job = [...app.sim.world.jobs.values()].find((j) => j.projectId === projectId && j.name === 'build:app' && j.artifacts && j.erasedAt === null)!;
  const apiJob = (await app.controller.ctx.gl.jobs.get(projectId, job.id)) as Job;
  app.store.setState((s) => ({
    jobs: { ...s.jobs, [apiJob.id]: apiJob },
    stack: [...s.stack.slice(0, 1), { kind: 'job', projectId, path: PROJECT, jobId: job.id } as Pane],
  }));
  await app.waitFor('build:app');
  return job;
}

const listing = (jobId: number) => app.store.getState().archives[archiveKey(projectId, jobId)];
const selectedName = (jobId: number) => {
  const l = listing(jobId)!;
  return rowsOf(l)[l.selected]?.node.name;
};

/** Moves the tree's cursor to the row named `name` with j, one key at a time (bounded). */
async function selectRow(jobId: number, name: string): Promise<void> {
  for (let i = 0; i < 20 && selectedName(jobId) !== name; i++) {
    const before = listing(jobId)!.selected;
    await app.press('j');
    await app.until(() => listing(jobId)!.selected !== before, 'the cursor moved');
  }
  expect(selectedName(jobId)).toBe(name);
}

it('b on a job lists its artifacts by two ranged reads at most, and Enter previews a text file', async () => {
  const job = await open();
  await app.press('b');
  const frame = await app.waitFor(/Artifacts of build:app #\d+ · 8 files/);
  // The lone top folder is open; folders first, then files.
  expect(frame).toContain('▾ build/');
  expect(frame).toContain('▸ assets/');
  expect(frame).toMatch(/ {4}index\.html +\d/);
  expect(frame).toMatch(/ {4}BUILD_INFO\.txt/);
  const l = listing(job.id)!;
  expect(l.via).toBe('range');
  expect(l.reads).toBe(1);
  expect(frame).toContain('read by range: 1 request');
  // What went over the wire: one Range request for the archive's end, answered 206.
  const asked = app.sim.requests.filter((r) => r.path.includes(`/jobs/${job.id}/artifacts`));
  expect(asked).toHaveLength(1);
  expect(asked[0]!.headers.range).toBe('bytes=-131072');
  expect(asked[0]!.status).toBe(206);
  await selectRow(job.id, 'BUILD_INFO.txt');
  await app.press(KEY.enter);
  const file = await app.waitFor(/build\/BUILD_INFO\.txt · 4 lines/);
  expect(file).toContain(`1 job: build:app (${job.id})`);
  expect(file).toContain(`3 sha: ${job.sha}`);
  expect(app.sim.requests.some((r) => r.path.endsWith(`/jobs/${job.id}/artifacts/build/BUILD_INFO.txt`) && r.status === 200)).toBe(true);
  // Esc goes back to the tree, the cursor where it was.
  await app.press(KEY.escape);
  await app.until(
    () => topPane(app.store.getState()).kind === 'browse' && (topPane(app.store.getState()) as { file?: string }).file === undefined,
    'back on the tree',
  );
  expect(selectedName(job.id)).toBe('BUILD_INFO.txt');
});

it('Enter opens and closes a folder; a binary file is refused with a message (keys in one write)', async () => {
  const job = await open();
  await app.press('b');
  await app.waitFor('▸ assets/');
  // j then Enter in one write: the cursor on assets/, opened.
  await app.press(`j${KEY.enter}`);
  await app.waitFor('▾ assets/');
  const frame = app.frame();
  expect(frame).toContain('▸ fonts/');
  expect(frame).toMatch(/ {6}logo\.png/);
  await selectRow(job.id, 'logo.png');
  await app.press(KEY.enter);
  await app.waitFor('Not shown: a binary file (s saves it).');
  await app.press(KEY.escape);
  await app.waitFor('▾ assets/');
  // Back to assets/ and closed again.
  await app.press('g', 'j', KEY.enter);
  await app.waitFor('▸ assets/');
  expect(app.frame()).not.toContain('logo.png');
});

it('s saves one file under its base name, safely, to the downloads directory', async () => {
  const job = await open();
  await app.press('b');
  await app.waitFor('▸ assets/');
  await selectRow(job.id, 'manifest.json');
  await app.press('s');
  await app.waitFor('Save file to:');
  expect(app.store.getState().prompt!.initial).toBe(join(app.downloadDir, 'manifest.json'));
  await app.press(KEY.enter);
  await app.waitFor(/Saved manifest\.json/);
  const saved = await readFile(join(app.downloadDir, 'manifest.json'), 'utf8');
  expect(JSON.parse(saved)).toEqual({ version: '15.0.0', job: job.id, vulnerabilities: [], scan: { status: 'success' } });
});

it('lists by a spooled download when Range is dropped', async () => {
  const job = await open({ artifactsNoRange: true });
  await app.press(':');
  await app.type('browse');
  await app.press(KEY.enter);
  const frame = await app.waitFor(/Artifacts of build:app #\d+ · 8 files/);
  expect(frame).toContain('downloaded whole (no Range): 1 request');
  const l = listing(job.id)!;
  expect(l.via).toBe('download');
  expect(l.bytes).toBe(l.total);
  // The one request was answered whole (200), as a proxy that drops Range would.
  const asked = app.sim.requests.filter((r) => r.path.includes(`/jobs/${job.id}/artifacts`));
  expect(asked.map((r) => [r.headers.range, r.status])).toEqual([['bytes=-131072', 200]]);
});

it('hostile names are listed apart as text, never opened or saved by their names', async () => {
  app = await startApp({ rows: 30, columns: 100 });
  await app.waitFor('acme/api');
  projectId = app.sim.world.projectsByPath.get(PROJECT)!.id;
  const job = [...app.sim.world.jobs.values()].find((j) => j.projectId === projectId && j.name === 'build:app' && j.artifacts && j.erasedAt === null)!;
  // The archive is built on its first request: these names go into the zip as they are.
  job.artifactPaths = ['build/index.html', '../../escape.txt', '/etc/cron.d/evil', 'build/\u001b]52;c;aGk=\u0007.txt'];
  app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'project', projectId, path: PROJECT, tab: 'jobs' } as Pane] }));
  await app.press(':');
  await app.type(`browse ${job.id}`);
  await app.press(KEY.enter);
  const frame = await app.waitFor('names that are unsafe as paths');
  expect(frame).not.toContain('\u001b]52');
  await selectRow(job.id, 'names that are unsafe as paths (shown, never used)');
  await app.press(KEY.enter);
  await app.waitFor('../../escape.txt');
  expect(app.frame()).toContain('⚠ it climbs out of its folder (..)');
  expect(app.frame()).toContain('⚠ an absolute path');
  await selectRow(job.id, '../../escape.txt');
  await app.press(KEY.enter);
  await app.waitFor('Not opened: its name is unsafe as a path (it climbs out of its folder (..)).');
  await app.press('s');
  await app.waitFor(/Not saved: its name is unsafe/);
  // Nothing was asked of GitLab by those names, nothing written.
  expect(app.sim.requests.some((r) => /escape|evil/.test(r.path))).toBe(false);
  expect(await readdir(app.downloadDir)).toEqual([]);
});

it('follows the redirect to object storage with the Range and without the token', async () => {
  const job = await open({ artifactsRedirect: true });
  await app.press('b');
  await app.waitFor(/Artifacts of build:app #\d+ · 8 files/);
  expect(listing(job.id)!.via).toBe('range');
  const stored = app.sim.storage!.requests.filter((r) => r.path.includes(`/${job.id}/artifacts.zip`));
  expect(stored).toHaveLength(1);
  expect(stored[0]!.headers.range).toBe('bytes=-131072');
  expect(stored[0]!.headers['private-token']).toBeUndefined();
  // A preview goes through GitLab's single-file endpoint, not the archive.
  await selectRow(job.id, 'index.html');
  await app.press(KEY.enter);
  await app.waitFor(/build\/index\.html · \d+ line/);
  expect(app.frame()).toContain('<!doctype html><title>build:app</title>');
});

it('| opens the text file in $PAGER: exactly its text, in a private temp file removed after; binary refused', async () => {
  // The pager: a script that keeps what it was given (the file, its mode, its path) and counts its runs.
  const out = mkdtempSync(join(tmpdir(), 'pipetop-pager-'));
  writeFileSync(
    join(out, 'pager.sh'),
    'cp "$1" "$OUT/got"; stat -c %a "$1" > "$OUT/mode"; printf %s "$1" > "$OUT/path"; echo run >> "$OUT/runs"; printf %s "$GITLAB_TOKEN" > "$OUT/token"\n',
  );
  // pipetop's token in its own environment never reaches the pager.
  const job = await open({}, { suspend: true, env: { PATH: process.env.PATH, OUT: out, PAGER: `sh ${join(out, 'pager.sh')}`, GITLAB_TOKEN: 'glpat-secret' } });
  const runs = () => (existsSync(join(out, 'runs')) ? readFileSync(join(out, 'runs'), 'utf8').split('\n').length - 1 : 0);
  const text = `job: build:app (${job.id})\nref: ${job.ref}\nsha: ${job.sha}\nnode: 20.18.0\n`;
  await app.press('b');
  await app.waitFor('▸ assets/');
  expect(app.frame()).toContain('| pager');
  // From the tree: the selected row.
  await selectRow(job.id, 'BUILD_INFO.txt');
  await app.press('|');
  await app.until(() => runs() === 1, 'the pager ran');
  expect(readFileSync(join(out, 'got'), 'utf8')).toBe(text);
  expect(readFileSync(join(out, 'token'), 'utf8')).toBe('');
  expect(readFileSync(join(out, 'mode'), 'utf8').trim()).toBe('600');
  const path = readFileSync(join(out, 'path'), 'utf8');
  expect(dirname(path)).toBe(pipetopTempDir());
  // The file goes in the pager's last step; the action ends just after (its guard cleared).
  await app.until(() => !existsSync(path) && Object.keys(app.store.getState().inflight).length === 0, 'the temp file removed, the pager done');
  // From the file's preview, Enter and | in one write: the same text again, a new temp file.
  await app.press(`${KEY.enter}|`);
  await app.until(() => runs() === 2, 'the pager ran again');
  expect(app.frame()).toMatch(/build\/BUILD_INFO\.txt · 4 lines/);
  expect(readFileSync(join(out, 'got'), 'utf8')).toBe(text);
  expect(readFileSync(join(out, 'path'), 'utf8')).not.toBe(path);
  await app.until(() => !existsSync(readFileSync(join(out, 'path'), 'utf8')), 'the second temp file removed');
  // A binary file is refused with the preview's message, the pager not run; a folder is not opened.
  await app.press(KEY.escape);
  await app.waitFor('▸ assets/');
  await app.press('g', 'j', KEY.enter);
  await app.waitFor('▾ assets/');
  await selectRow(job.id, 'logo.png');
  await app.press('|');
  await app.waitFor('Not shown: a binary file (s saves it).');
  await app.press('g', 'j');
  await app.until(() => selectedName(job.id) === 'assets', 'on assets/');
  await app.press('|');
  await app.waitFor('Select a file to open in the pager (a folder is not opened)');
  expect(runs()).toBe(2);
  expect(app.sim.requests.filter((r) => r.path.endsWith('/artifacts/build/assets/logo.png'))).toHaveLength(1);
});

it('an archive of 1,000 files 2,000 folders deep lists what fits and says what it left out', async () => {
  app = await startApp({ rows: 30, columns: 120 });
  await app.waitFor('acme/api');
  projectId = app.sim.world.projectsByPath.get(PROJECT)!.id;
  const job = [...app.sim.world.jobs.values()].find((j) => j.projectId === projectId && j.name === 'build:app' && j.artifacts && j.erasedAt === null)!;
  // Each name within PATH_MAX (4,096 bytes); the archive is over 8 MB, its directory read by Range.
  const deep = Array.from({ length: 1000 }, (_, i) => `${'abcdefghij'[i % 10]!}/`.repeat(2000) + `f${i}.txt`);
  job.artifactPaths = ['dist/app.js', ...deep, 'README.md'];
  app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'project', projectId, path: PROJECT, tab: 'jobs' } as Pane] }));
  await app.press(':');
  await app.type(`browse ${job.id}`);
  await app.press(KEY.enter);
  const frame = await app.waitFor('Not listed: 1,000 entries (1,000 deeper than 128 levels).');
  expect(frame).toMatch(/· 2 files/);
  expect(frame).toContain('▸ dist/');
  expect(frame).toContain('README.md');
  expect(listing(job.id)!.via).toBe('range');
  // Keys still answer: the tree opens as usual.
  await app.press(KEY.enter);
  await app.waitFor('app.js');
});

it('s onto a link to a sibling file says it replaced the sibling through the link, not that it took a new name', async () => {
  const job = await open();
  await app.press('b');
  await app.waitFor('▸ assets/');
  await selectRow(job.id, 'manifest.json');
  const real = join(app.downloadDir, 'real.json');
  const link = join(app.downloadDir, 'link.json');
  writeFileSync(real, 'mine');
  symlinkSync('real.json', link);
  await app.press('s');
  await app.waitFor('Save file to:');
  await app.press('\u0015');
  await app.type(link);
  await app.press(KEY.enter);
  await app.until(() => app.store.getState().confirm !== null, 'the question');
  expect(app.store.getState().confirm!.message).toBe(`Replace real.json? link.json is a link to it, in ${app.downloadDir}`);
  await app.press('y');
  await app.until(() => /Saved manifest\.json/.test(app.store.getState().toast?.message ?? ''), 'the save');
  const said = app.store.getState().toast!.message;
  expect(said).toContain(`to ${real} (`);
  expect(said).toMatch(/; written through the link link\.json, which points at real\.json; the link is kept\)$/);
  expect(said).not.toContain('so a new name');
  expect(lstatSync(link).isSymbolicLink()).toBe(true);
  expect(JSON.parse(readFileSync(real, 'utf8')).job).toBe(job.id);
});
