import { existsSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { lstat, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateJobLog } from '../sim/log-gen.js';
import { FailureTracker } from './failure.js';
import { Growable } from './growable.js';
import { LogModel } from './log-model.js';
import { liveTempFiles } from './temp-file.js';
import { allLines, disposeModels, E, modelOf, newModel, texts } from './test-support.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pipetop-log-test-'));
});
afterEach(disposeModels);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const failedLog = (jobName: string, stage: string, seed = 1) =>
  generateJobLog({ seed, jobId: 5, jobName, stage, outcome: 'failed', startedAt: Date.UTC(2024, 0, 1), durationMs: 300_000 }).text;

describe('firstFailureLine', () => {
  it('a failed unit-test job: the first FAIL of the script output, not the runner\'s "ERROR: Job failed"', async () => {
    const model = await modelOf(failedLog('test:unit', 'test'));
    const at = model.firstFailureLine();
    expect(at).not.toBeNull();
    const line = model.line(at!);
    expect(line.text).toBe(' FAIL  src/auth/auth.validator.test.ts > AuthValidator > paginates duplicate items with a coupon');
    // Inside step_script (in the script's own unit_tests section), well before the runner's verdict.
    const sections = model.sections();
    expect(sections[line.section!]!.name).toBe('unit_tests');
    expect(sections[sections[line.section!]!.parent!]!.name).toBe('step_script');
    expect(texts(model).at(-1)).toBe('ERROR: Job failed: exit code 1');
    expect(at!).toBeLessThan(model.lineCount - 1);
  });

  it.each([
    ['build', 'build', /error TS\d+:/],
    ['lint', 'test', /^✖ \d+ problems \([1-9]\d* errors?/],
    ['test:e2e', 'test', /^\s+✘\s/],
    ['deploy:production', 'deploy', /^✗ health check failed/],
    ['docker:build', 'build', /Transform failed with 1 error:/],
    ['dependency_audit', 'test', /^\d+ vulnerabilities \(.*high\)/],
  ])("a failed %s job points at the tool's own error", async (jobName, stage, expected) => {
    const model = await modelOf(failedLog(jobName, stage));
    const at = model.firstFailureLine();
    expect(model.line(at!).text).toMatch(expected);
  });

  it("falls back to the runner's verdict, and is null for a successful job", async () => {
    const canceled = await modelOf(`$ sleep 600\n${E}[0;33mWARNING: Job was canceled${E}[0;m\n${E}[31;1mERROR: Job failed: canceled${E}[0;m\n`);
    expect(canceled.firstFailureLine()).toBe(2);
    for (const [jobName, stage] of [
      ['test:unit', 'test'],
      ['lint', 'test'],
      ['build', 'build'],
    ]) {
      const log = generateJobLog({ seed: 2, jobId: 5, jobName: jobName!, stage: stage!, outcome: 'success', startedAt: 0, durationMs: 300_000 }).text;
      expect((await modelOf(log)).firstFailureLine()).toBeNull();
    }
  });

  it.each([
    'ERROR: Could not resolve host',
    'src/a.ts(1,2): error TS2322: Type mismatch',
    'error[E0308]: mismatched types',
    'FAIL src/cart.test.ts',
    'FAILED tests/test_api.py::test_login - AssertionError',
    '✖ 3 problems (3 errors, 0 warnings)',
    '✗ health check failed',
    '  ✘  2 [chromium] › tests/orders.spec.ts',
    'Command exited with exit code 2',
    'exit status 127',
    'Traceback (most recent call last):',
    'npm ERR! code ELIFECYCLE',
    'npm error code 1',
    'fatal: could not read Username',
    'TypeError: cannot read properties of undefined',
    '4 vulnerabilities (3 moderate, 1 critical)',
  ])('a failure shape: %s', (line) => {
    const tracker = new FailureTracker();
    tracker.observe(7, line, true);
    expect(tracker.first()).toBe(7);
  });

  it.each(['all good', 'exit code 0', '✖ 22 problems (0 errors, 22 warnings)', 'rerunning 3 flaky tests', '0 vulnerabilities', 'Failed to extract cache'])(
    'not a failure: %s',
    (line) => {
      const tracker = new FailureTracker();
      tracker.observe(7, line, true);
      expect(tracker.first()).toBeNull();
    },
  );

  it('recognises the usual failure shapes', async () => {
    const model = await modelOf(
      [
        'all good',
        'exit code 0',
        'Traceback (most recent call last):',
        'npm ERR! code ELIFECYCLE',
        'fatal: could not read Username',
        'make: *** [all] Error 2 exit status 2',
      ].join('\n') + '\n',
    );
    expect(model.firstFailureLine()).toBe(2);
  });
});

describe('lines read back from the spool', () => {
  it('a small cache still returns every line, identical to the first read', async () => {
    const log = failedLog('test:unit', 'test');
    const model = await newModel({ maxCachedLines: 3 });
    model.append(Buffer.from(log));
    model.end();
    const first = allLines(model).map((l) => JSON.stringify(l));
    const again = Array.from({ length: model.lineCount }, (_, i) => JSON.stringify(model.line(model.lineCount - 1 - i))).reverse();
    expect(again).toEqual(first);
    expect(model.lines(model.lineCount - 2, 10)).toHaveLength(2);
    expect(() => model.line(model.lineCount)).toThrow(RangeError);
    expect(() => model.line(-1)).toThrow(RangeError);
  });

  it('keeps styles through the spool', async () => {
    const model = await newModel({ maxCachedLines: 0 });
    model.append(Buffer.from(`${E}[1;31mbold red${E}[22m red ${E}[4;44munder${E}[0m plain\n`));
    expect(model.line(0).spans).toEqual([
      { text: 'bold red', style: { fg: 'red', bold: true } },
      { text: ' red ', style: { fg: 'red' } },
      { text: 'under', style: { fg: 'red', bg: 'blue', underline: true } },
      { text: ' plain', style: {} },
    ]);
  });
});

describe('growable typed arrays', () => {
  it('double as they fill and give memory back on clear', () => {
    const g = new Growable(Float64Array, 2);
    for (let i = 0; i < 100; i++) g.push(i * 1000);
    g.push(2 ** 33); // past what Uint32 holds: the spool's block offsets past 4 GB
    expect([g.length, g.get(99), g.get(100), g.upperBound(5000)]).toEqual([101, 99_000, 2 ** 33, 6]);
    g.clear();
    expect(g.length).toBe(0);
  });
});

describe('saveTo', () => {
  const LOG = `${E}[32;1m$ make${E}[0;m\nsection_start:1:build\r${E}[0KBuilding\ncc -o app main.c\r\n50%\r100%\n${E}]0;title\x07section_end:2:build\r${E}[0K\nunfinished`;

  it('plain: the visible text, no escapes, one line per line', async () => {
    const model = await newModel();
    model.append(Buffer.from(LOG));
    const out = join(dir, 'plain.log');
    const { bytes } = await model.saveTo(out);
    const text = await readFile(out, 'utf8');
    expect(text).toBe('$ make\nBuilding\ncc -o app main.c\n100%\nunfinished\n');
    expect(bytes).toBe(Buffer.byteLength(text));
  });

  it('raw: the exact bytes received', async () => {
    const model = await newModel();
    const raw = Buffer.concat([Buffer.from(LOG), Buffer.from([0xff, 0xfe])]);
    model.append(raw.subarray(0, 10));
    model.append(raw.subarray(10));
    const out = join(dir, 'raw.log');
    expect(await model.saveTo(out, { raw: true })).toEqual({ bytes: raw.length, path: out });
    expect((await readFile(out)).equals(raw)).toBe(true);
  });

  it('never writes into a FIFO or an existing file unasked (a safe write)', async () => {
    const model = await newModel();
    model.append(Buffer.from('line\n'));
    const fifo = join(dir, 'fifo.log');
    execFileSync('mkfifo', [fifo]);
    await expect(model.saveTo(fifo, { overwrite: true })).rejects.toMatchObject({ name: 'TargetError', kind: 'refused' });
    expect((await lstat(fifo)).isFIFO()).toBe(true);
    const existing = join(dir, 'existing.log');
    await writeFile(existing, 'keep');
    await expect(model.saveTo(existing)).rejects.toMatchObject({ name: 'TargetError', kind: 'exists', path: existing });
    expect(await readFile(existing, 'utf8')).toBe('keep');
    expect(await model.saveTo(existing, { explicit: false })).toEqual({ bytes: 5, path: join(dir, 'existing (1).log') });
  });
});

describe('lifetime', () => {
  it('reset drops everything: lines, sections, bytes, folds, failure', async () => {
    const model = await modelOf(failedLog('test:unit', 'test'));
    expect(model.lineCount).toBeGreaterThan(50);
    model.reset();
    expect([model.lineCount, model.byteSize, model.sections().length, model.visibleCount, model.firstFailureLine()]).toEqual([0, 0, 0, 0, null]);
    model.append(Buffer.from('fresh start\n'));
    expect(texts(model)).toEqual(['fresh start']);
    expect(model.byteSize).toBe(12);
  });

  it('the spool files are private (mode 600) and unlinked at once: nothing is left even if the process is killed', async () => {
    const model = await LogModel.create({ tmpDir: dir });
    model.append(Buffer.from('secret token output\n'));
    expect(model.tempFiles.map((f) => [f.anonymous, f.mode(), f.path.startsWith(join(dir, 'pipetop-'))])).toEqual([
      [true, 0o600, true],
      [true, 0o600, true],
    ]);
    expect((await readdir(dir)).filter((f) => f.startsWith('pipetop-'))).toEqual([]);
    expect(model.line(0).text).toBe('secret token output'); // read back through the descriptor
    await model.dispose();
    expect(() => model.tempFiles[0]!.mode()).toThrow(); // descriptors closed: the space is freed
  });

  it('named spool files (mode 600) are removed by dispose() and listed for the exit hook meanwhile', async () => {
    const model = await LogModel.create({ tmpDir: dir, anonymousFiles: false });
    model.append(Buffer.from('secret token output\n'));
    const paths = model.tempFiles.map((f) => f.path);
    for (const path of paths) {
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(liveTempFiles()).toContain(path);
    }
    expect((await readdir(dir)).filter((f) => f.startsWith('pipetop-'))).toHaveLength(2); // lines + raw bytes
    await model.dispose();
    for (const path of paths) {
      expect(existsSync(path)).toBe(false);
      expect(liveTempFiles()).not.toContain(path);
    }
    expect(() => model.lines(0, 1)).toThrow(/dispose/);
    model.append(Buffer.from('ignored')); // a late chunk from a tail must not throw
    await model.dispose();
  });

  it('subscribers are told once per frame, however many chunks arrive', async () => {
    const model = await newModel();
    let calls = 0;
    const told = new Promise<void>((resolve) => model.subscribe(() => (calls++, resolve())));
    for (let i = 0; i < 500; i++) model.append(Buffer.from(`line ${i}\n`));
    await told;
    expect(calls).toBe(1);
    expect(model.lineCount).toBe(500);
    let second = 0;
    const unsubscribe = model.subscribe(() => second++);
    unsubscribe();
    model.append(Buffer.from('more\n'));
    const again = new Promise<void>((resolve) => model.subscribe(() => resolve()));
    await again;
    expect(calls).toBe(2);
    expect(second).toBe(0);
  });
});
