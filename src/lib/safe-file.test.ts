import { spawn, spawnSync } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { beginSafeWrite, checkTarget, liveSafeWrites, removeStaleTempFiles, safeBasename, TargetError, writeFileSafely } from './safe-file.js';

let dir: string;
let outside: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pipetop-safe-'));
  outside = await mkdtemp(join(tmpdir(), 'pipetop-outside-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const write = (text: string) => async (out: import('node:fs/promises').FileHandle) => void (await out.writeFile(text));

async function failure(promise: Promise<unknown>): Promise<TargetError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TargetError);
  return err as TargetError;
}

function mkfifo(path: string): void {
  const r = spawnSync('mkfifo', ['-m', '600', path]);
  if (r.status !== 0) throw new Error(`mkfifo failed: ${r.stderr}`);
}

describe('safe file writes: targets', () => {
  it('writes a new file with mode 600 and leaves no temp file', async () => {
    const path = await writeFileSafely(join(dir, 'a.log'), { explicit: true }, write('hello'));
    expect(path).toBe(join(dir, 'a.log'));
    expect(await readFile(path, 'utf8')).toBe('hello');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toEqual(['a.log']);
    expect(liveSafeWrites()).toEqual([]);
  });

  it('keeps the temp file private in the target directory while writing', async () => {
    const pending = await beginSafeWrite(join(dir, 'b.zip'), { explicit: true });
    expect(pending.tempPath.startsWith(join(dir, '.pipetop-'))).toBe(true);
    expect((await stat(pending.tempPath)).mode & 0o777).toBe(0o600);
    expect(liveSafeWrites()).toContain(pending.tempPath);
    await pending.discard();
    expect(await readdir(dir)).toEqual([]);
    expect(liveSafeWrites()).toEqual([]);
  });

  it('refuses a FIFO, and the FIFO is still a FIFO', async () => {
    const fifo = join(dir, 'pipe');
    mkfifo(fifo);
    for (const overwrite of [false, true]) {
      const err = await failure(writeFileSafely(fifo, { explicit: true, overwrite }, write('x')));
      expect(err.kind).toBe('refused');
      expect(err.message).toBe(`${fifo} is a named pipe, not a regular file; pipetop does not write to it`);
    }
    expect((await lstat(fifo)).isFIFO()).toBe(true);
    expect(await readdir(dir)).toEqual(['pipe']);
  });

  it('refuses a directory and a socket', async () => {
    await mkdir(join(dir, 'sub'));
    expect(await checkTarget(join(dir, 'sub'), { explicit: true, overwrite: true })).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('is a directory'),
    });
    const sock = join(dir, 's.sock');
    const server: Server = createServer();
    await new Promise<void>((done) => server.listen(sock, done));
    try {
      expect(await checkTarget(sock, { explicit: true, overwrite: true })).toMatchObject({ kind: 'refused', message: expect.stringContaining('is a socket') });
    } finally {
      await new Promise((done) => server.close(done));
    }
    expect(await checkTarget(join(dir, 'missing', 'x.log'), { explicit: true })).toMatchObject({
      kind: 'refused',
      message: `the directory ${join(dir, 'missing')} does not exist`,
    });
    expect(await checkTarget(`${dir}/`, { explicit: true })).toMatchObject({ kind: 'refused' });
  });

  it('never follows a symlink out of the directory, nor replaces it', async () => {
    const secret = join(outside, 'secret.txt');
    await writeFile(secret, 'keep me');
    const linkPath = join(dir, 'link.log');
    await symlink(secret, linkPath);
    for (const overwrite of [false, true]) {
      const err = await failure(writeFileSafely(linkPath, { explicit: true, overwrite }, write('evil')));
      expect(err.kind).toBe('refused');
      expect(err.message).toContain('symbolic link out of its directory');
    }
    expect(await readFile(secret, 'utf8')).toBe('keep me');
    expect((await lstat(linkPath)).isSymbolicLink()).toBe(true);
    expect(await readlink(linkPath)).toBe(secret);
    expect(await readdir(dir)).toEqual(['link.log']);
  });

  it('refuses a dangling symlink (it would create a file wherever it points)', async () => {
    const linkPath = join(dir, 'dangling.log');
    await symlink(join(outside, 'created-by-pipetop'), linkPath);
    const err = await failure(writeFileSafely(linkPath, { explicit: true, overwrite: true }, write('x')));
    expect(err.message).toContain('symbolic link');
    expect(await readdir(outside)).toEqual([]);
  });

  it('a symlink to a sibling file: asks, then writes the sibling and keeps the link', async () => {
    await writeFile(join(dir, 'real.log'), 'old');
    await symlink('real.log', join(dir, 'alias.log'));
    expect(await checkTarget(join(dir, 'alias.log'), { explicit: true })).toEqual({ kind: 'exists', path: join(dir, 'real.log') });
    await writeFileSafely(join(dir, 'alias.log'), { explicit: true, overwrite: true }, write('new'));
    expect(await readFile(join(dir, 'real.log'), 'utf8')).toBe('new');
    expect(await readlink(join(dir, 'alias.log'))).toBe('real.log');
  });

  it('an explicit name that exists is not overwritten unasked; with overwrite it is replaced', async () => {
    const path = join(dir, 'job-1.log');
    await writeFile(path, 'previous');
    expect(await checkTarget(path, { explicit: true })).toEqual({ kind: 'exists', path });
    const err = await failure(writeFileSafely(path, { explicit: true }, write('new')));
    expect(err.kind).toBe('exists');
    expect(err.path).toBe(path);
    expect(await readFile(path, 'utf8')).toBe('previous');
    await writeFileSafely(path, { explicit: true, overwrite: true }, write('new'));
    expect(await readFile(path, 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['job-1.log']);
  });

  it('a default name that exists gets a free suffix, whatever holds the name', async () => {
    await writeFile(join(dir, 'job-123.log'), 'one');
    mkfifo(join(dir, 'job-123 (1).log'));
    const path = await writeFileSafely(join(dir, 'job-123.log'), { explicit: false }, write('two'));
    expect(path).toBe(join(dir, 'job-123 (2).log'));
    expect(await readFile(join(dir, 'job-123.log'), 'utf8')).toBe('one');
    expect((await lstat(join(dir, 'job-123 (1).log'))).isFIFO()).toBe(true);
    expect(await readFile(path, 'utf8')).toBe('two');
    const tgz = await writeFileSafely(join(dir, 'a.tar.gz'), { explicit: false }, write('1'));
    const tgz2 = await writeFileSafely(join(dir, 'a.tar.gz'), { explicit: false }, write('2'));
    expect([tgz, tgz2]).toEqual([join(dir, 'a.tar.gz'), join(dir, 'a (1).tar.gz')]);
  });

  it('a file that appears at the name while writing is not clobbered', async () => {
    const path = join(dir, 'race.log');
    const err = await failure(
      writeFileSafely(path, { explicit: true }, async (out) => {
        await out.writeFile('mine');
        await writeFile(path, 'theirs');
      }),
    );
    expect(err.kind).toBe('exists');
    expect(await readFile(path, 'utf8')).toBe('theirs');
    expect(await readdir(dir)).toEqual(['race.log']);
    // A default name moves on to a free one instead.
    const moved = await writeFileSafely(join(dir, 'd.log'), { explicit: false }, async (out) => {
      await out.writeFile('mine');
      await writeFile(join(dir, 'd.log'), 'theirs');
    });
    expect(moved).toBe(join(dir, 'd (1).log'));
    expect(await readFile(moved, 'utf8')).toBe('mine');
    // Taken again while writing under the suffixed name: the next suffix, not 'd (1) (1).log'.
    const again = await writeFileSafely(join(dir, 'd.log'), { explicit: false }, async (out) => {
      await out.writeFile('third');
      await writeFile(join(dir, 'd (2).log'), 'theirs');
    });
    expect(again).toBe(join(dir, 'd (3).log'));
  });

  it('a FIFO that replaces the agreed file meanwhile is still refused', async () => {
    const path = join(dir, 'swap.log');
    await writeFile(path, 'old');
    const err = await failure(
      writeFileSafely(path, { explicit: true, overwrite: true }, async (out) => {
        await out.writeFile('new');
        await rm(path);
        mkfifo(path);
      }),
    );
    expect(err.kind).toBe('refused');
    expect((await lstat(path)).isFIFO()).toBe(true);
    expect(await readdir(dir)).toEqual(['swap.log']);
  });

  // Root writes anywhere (EACCES never happens to it, and CI runs as root), so the refusal is
  // shown with a read-only directory as a normal user sees it, and with a missing one as root does.
  it('a directory it cannot write in: a clear refusal naming the directory', async () => {
    const locked = join(dir, 'locked');
    await mkdir(locked, 0o500);
    const missing = join(dir, 'missing');
    const target = process.getuid?.() === 0 ? join(missing, 'x.log') : join(locked, 'x.log');
    const err = await failure(writeFileSafely(target, { explicit: true }, write('x')));
    expect(err.message).toBe(process.getuid?.() === 0 ? `the directory ${missing} does not exist` : `cannot write in ${locked} (EACCES)`);
  });

  it('removes the temp file when the writer fails', async () => {
    await expect(
      writeFileSafely(join(dir, 'f.log'), { explicit: true }, async (out) => {
        await out.writeFile('partial');
        throw new Error('disk on fire');
      }),
    ).rejects.toThrow('disk on fire');
    expect(await readdir(dir)).toEqual([]);
    expect(liveSafeWrites()).toEqual([]);
  });
});

describe('safe file names from the server', () => {
  it.each([
    ['../../etc/passwd', 'etc_passwd'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['.bashrc', 'bashrc'],
    ['-rf', 'rf'],
    ['--- .. ---x', 'x'],
    ['build\x1b]0;pwned\x07.log', 'build]0;pwned.log'],
    ['evil\u202Egol.exe', 'evilgol.exe'],
    ['zero\u200Bwidth\uFEFF', 'zerowidth'],
    ['line\nbreak\u2028sep', 'linebreaksep'],
    ['a:b|c?*"<>', 'a_b_c_____'],
    ['   ', 'file'],
    ['..', 'file'],
    ['build job', 'build job'],
    ['测试 job', '测试 job'],
  ])('%j → %j', (input, expected) => {
    expect(safeBasename(input)).toBe(expected);
  });

  it('bounds the length in bytes and keeps the extension', () => {
    const long = safeBasename(`${'é'.repeat(200)}.zip`);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(100);
    expect(long.endsWith('é.zip')).toBe(true);
    expect(Buffer.byteLength(safeBasename('x'.repeat(500)))).toBe(100);
  });
});

// A child process that starts a safe write and then waits, to be signalled.
const here = fileURLToPath(new URL('.', import.meta.url));
async function childScript(): Promise<string> {
  const out = await build({
    stdin: {
      contents: `
        import { beginSafeWrite } from './safe-file.ts';
        const [target, extra] = process.argv.slice(2);
        if (extra === 'handler') process.on('SIGTERM', () => process.exit(7));
        const p = await beginSafeWrite(target, { explicit: true });
        await p.handle.write('partial data');
        process.stdout.write('ready ' + p.tempPath + '\\n');
        setInterval(() => undefined, 1000);
      `,
      resolveDir: here,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
  });
  const path = join(dir, '..', `${dir.split('/').pop()}-child.mjs`);
  await writeFile(path, out.outputFiles[0]!.text);
  return path;
}

async function runChild(
  script: string,
  target: string,
  extra = '',
): Promise<{ temp: string; kill: (s: NodeJS.Signals) => Promise<{ code: number | null; signal: string | null }> }> {
  const child = spawn(process.execPath, [script, target, extra], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<{ code: number | null; signal: string | null }>((done) => child.on('exit', (code, signal) => done({ code, signal })));
  let out = '';
  const temp = await new Promise<string>((done, fail) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready (.+)\n/.exec(out);
      if (m) done(m[1]!);
    });
    child.on('exit', () => fail(new Error(`child exited early: ${out}`)));
  });
  return { temp, kill: async (s) => (child.kill(s), exited) };
}

describe('safe file writes: temp files and signals', () => {
  let script: string;
  beforeEach(async () => {
    script = await childScript();
  });
  afterEach(async () => {
    await rm(script, { force: true });
  });

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('%s removes the temp file and still ends the process', async (signal) => {
    const { temp, kill } = await runChild(script, join(dir, 'out.log'));
    expect(await readdir(dir)).toEqual([temp.split('/').pop()]);
    const result = await kill(signal);
    expect(result.signal).toBe(signal);
    expect(await readdir(dir)).toEqual([]);
  });

  it("SIGTERM with the app's own handler: the handler decides the exit, the temp file is gone", async () => {
    const { kill } = await runChild(script, join(dir, 'out.log'), 'handler');
    expect(await kill('SIGTERM')).toEqual({ code: 7, signal: null });
    expect(await readdir(dir)).toEqual([]);
  });

  it('after a SIGKILL the next start removes the stale temp file, and only stale pipetop ones', async () => {
    const { temp, kill } = await runChild(script, join(dir, 'out.log'));
    expect((await kill('SIGKILL')).signal).toBe('SIGKILL');
    const name = temp.split('/').pop()!;
    expect(await readdir(dir)).toEqual([name]);
    const mine = `.pipetop-${process.pid}-0123456789ab.part`; // a live process (this one)
    await writeFile(join(dir, mine), '');
    await writeFile(join(dir, '.pipetop-notes.part'), '');
    await writeFile(join(dir, 'user.part'), '');
    expect(await removeStaleTempFiles(dir)).toEqual([name]);
    expect((await readdir(dir)).sort()).toEqual([mine, '.pipetop-notes.part', 'user.part'].sort());
  });
});
