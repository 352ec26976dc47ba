// The disk budget of a followed log (src/lib/budgets.ts logDiskBudget): the log engine's temp files
// (pipetop-log-*.tmp, pipetop-raw-*.tmp) grew ~9 MB/s each, already deleted (invisible to du),
// 1.8 GB after 90 s and still growing while the view was paused. Now they live in pipetop's own
// directory, named, within a cap; reaching it stops the reading and the pane says so.
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitLab } from '../../src/api/index.js';
import { startTail } from '../../src/features/log/tail.js';
import { LOG_DISK_MAX, logDiskBudget } from '../../src/lib/budgets.js';
import { LogModel } from '../../src/log/index.js';
import { cleanUpTempDir, freeBytes, pipetopTempDir } from '../../src/log/temp-dir.js';
import { servePerTest } from '../api/test-server.js';

const serve = servePerTest();
const MB = 1024 * 1024;

let base: string;
const models: LogModel[] = [];
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'pipetop-budget-'));
});
afterEach(async () => {
  await Promise.all(models.splice(0).map((m) => m.dispose()));
  await rm(base, { recursive: true, force: true });
});

/** Bytes of the files in `dir`, as du would count them (their sizes). */
const onDisk = (dir: string) => readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);

/** A log line of exactly 64 bytes, coloured, numbered: any byte range of the log can be made. */
const LINE = 64;
function logBytes(from: number, to: number): Buffer {
  const first = Math.floor(from / LINE);
  const last = Math.ceil(to / LINE);
  let text = '';
  for (let i = first; i < last; i++) text += `\x1b[32m${`step ${i} ok`.padEnd(LINE - 10, '.')}\x1b[0m\n`;
  return Buffer.from(text, 'latin1').subarray(from - first * LINE, to - first * LINE);
}

describe('logDiskBudget', () => {
  it('is 2 GB or a tenth of the free space, whichever is less; a configured size wins', () => {
    expect(LOG_DISK_MAX).toBe(2 * 1024 ** 3);
    expect(logDiskBudget(100 * 1024 ** 3)).toBe(LOG_DISK_MAX);
    expect(logDiskBudget(5 * 1024 ** 3)).toBe(Math.floor(0.5 * 1024 ** 3));
    expect(logDiskBudget(undefined)).toBe(LOG_DISK_MAX);
    expect(logDiskBudget(100 * 1024 ** 3, MB)).toBe(MB);
  });
});

describe("pipetop's temp directory", () => {
  it('is $TMPDIR/pipetop-<uid>, mode 700, and removes the files of pipetop processes that are gone', () => {
    const uid = process.getuid!();
    const dir = join(base, `pipetop-${uid}`);
    mkdirSync(dir, { mode: 0o700 });
    // A pid that cannot be running (above Linux's pid_max), and this process's own file.
    writeFileSync(join(dir, 'pipetop-raw-99999999-0123456789abcdef.tmp'), 'left by a killed pipetop');
    writeFileSync(join(dir, `pipetop-log-${process.pid}-0123456789abcdef.tmp`), 'ours');
    expect(pipetopTempDir(base)).toBe(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).toEqual([`pipetop-log-${process.pid}-0123456789abcdef.tmp`]);
    expect(freeBytes(dir)).toBeGreaterThan(0);
  });

  it("at exit loses this process's files, and goes when no other pipetop uses it", () => {
    const dir = pipetopTempDir(base);
    const ours = join(dir, `pipetop-log-${process.pid}-00ff.tmp`);
    const theirs = join(dir, `pipetop-raw-${process.ppid}-00ff.tmp`); // a running process: another pipetop
    writeFileSync(ours, 'x');
    writeFileSync(theirs, 'y');
    cleanUpTempDir(dir);
    expect(readdirSync(dir)).toEqual([`pipetop-raw-${process.ppid}-00ff.tmp`]);
    rmSync(theirs);
    cleanUpTempDir(dir);
    expect(existsSync(dir)).toBe(false);
  });

  it('is made again when another pipetop removed it on its way out', () => {
    const dir = pipetopTempDir(base);
    cleanUpTempDir(dir); // what another pipetop's exit does to the empty directory
    expect(existsSync(dir)).toBe(false);
    expect(pipetopTempDir(base)).toBe(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    writeFileSync(join(dir, `pipetop-log-${process.pid}-00aa.tmp`), 'a spool file finds its directory');
  });

  it('is never a directory others can enter: a fresh private one is made instead', () => {
    const uid = process.getuid!();
    const shared = join(base, `pipetop-${uid}`);
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    const dir = pipetopTempDir(base);
    expect(dir).not.toBe(shared);
    expect(dir.startsWith(`${shared}-`)).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});

describe('a log model with a disk budget', () => {
  it('takes what fits under 1 MB of a 20 MB log, then takes nothing more; its files stay under the cap', async () => {
    const dir = pipetopTempDir(base);
    const model = await LogModel.create({ tmpDir: dir, anonymousFiles: false, maxDiskBytes: MB });
    models.push(model);
    // Named files in pipetop's directory: what du sees.
    expect(model.tempFiles.map((f) => f.path.startsWith(dir) && existsSync(f.path))).toEqual([true, true]);
    let taken = 0;
    for (let at = 0; at < 20 * MB; at += 512 * 1024) {
      const n = model.append(logBytes(at, at + 512 * 1024));
      taken += n;
      if (n < 512 * 1024) break;
    }
    expect(model.full).toBe(true);
    expect(model.append(logBytes(taken, taken + 1024))).toBe(0);
    expect(model.byteSize).toBe(taken);
    // Close to the cap: the steps shrink as the room does.
    expect(model.diskBytes).toBeGreaterThan(0.95 * MB);
    expect(model.diskBytes).toBeLessThanOrEqual(MB);
    model.end();
    expect(onDisk(dir)).toBeLessThanOrEqual(MB);
    // What was taken is whole: line for line as sent.
    expect(model.lineCount).toBe(Math.ceil(taken / LINE));
    // A reset (the job was retried) starts a new log within the same budget.
    model.reset();
    expect(model.full).toBe(false);
    expect(model.append(logBytes(0, 1024))).toBe(1024);
  });
});

describe('following a fast-growing log with a 1 MB budget', () => {
  it('stops reading once the budget is reached and says so; the files stay under the cap', async () => {
    // The log grows 2 MB between two reads (a job printing ~9 MB/s, read every few seconds).
    let size = 0;
    let reads = 0;
    const s = await serve((req, res) => {
      reads++;
      size += 2 * MB;
      const from = Number(/bytes=(\d+)-/.exec(req.headers.range ?? '')?.[1] ?? 0);
      const body = logBytes(from, size);
      res.writeHead(from > 0 ? 206 : 200, {
        'content-type': 'text/plain',
        'content-length': body.length,
        ...(from > 0 ? { 'content-range': `bytes ${from}-${size - 1}/${size}` } : {}),
      });
      res.end(body);
    });
    const dir = pipetopTempDir(base);
    const model = await LogModel.create({ tmpDir: dir, anonymousFiles: false, maxDiskBytes: MB });
    models.push(model);
    let full = 0;
    const tail = startTail({
      gl: createGitLab({ baseUrl: s.url, token: 't' }),
      projectId: 1,
      jobId: 9,
      model,
      isRunning: () => true,
      intervalMs: 1,
      onFull: () => full++,
    });
    try {
      for (let i = 0; i < 2000 && tail.state !== 'full'; i++) await new Promise((r) => setTimeout(r, 1));
      expect(tail.state).toBe('full');
      expect(full).toBe(1);
      expect(model.full).toBe(true);
      expect(onDisk(dir)).toBeLessThanOrEqual(MB);
      // Nothing more is read: not on a refresh (R), not on a timer.
      const before = reads;
      await tail.refresh();
      expect(reads).toBe(before);
      expect(onDisk(dir)).toBeLessThanOrEqual(MB);
    } finally {
      tail.stop();
    }
  });

  it('reads nothing while paused (the view not following), and reads on at once when resumed', async () => {
    let reads = 0;
    const s = await serve((_req, res) => {
      reads++;
      const body = logBytes(0, 64 * reads);
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': body.length });
      res.end(body);
    });
    const model = await LogModel.create({ tmpDir: pipetopTempDir(base), anonymousFiles: false, maxDiskBytes: MB });
    models.push(model);
    const tail = startTail({ gl: createGitLab({ baseUrl: s.url, token: 't' }), projectId: 1, jobId: 9, model, isRunning: () => true, intervalMs: 1 });
    try {
      for (let i = 0; i < 2000 && reads < 3; i++) await new Promise((r) => setTimeout(r, 1));
      tail.pause();
      for (let i = 0; i < 2000 && tail.state !== 'paused'; i++) await new Promise((r) => setTimeout(r, 1));
      expect(tail.state).toBe('paused');
      const paused = reads;
      const bytes = model.byteSize;
      // Many intervals go by: no read.
      for (let i = 0; i < 50; i++) await new Promise((r) => setTimeout(r, 1));
      expect(reads).toBe(paused);
      expect(model.byteSize).toBe(bytes);
      tail.resume();
      for (let i = 0; i < 2000 && reads === paused; i++) await new Promise((r) => setTimeout(r, 1));
      expect(reads).toBeGreaterThan(paused);
    } finally {
      tail.stop();
    }
  });
});
