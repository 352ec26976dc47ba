// V8's code cache of the built bundle (src/boot/chunk-loader.ts, src/boot/code-cache.ts): written by
// one run and used by the next; never used for a changed source, from a directory that is not the
// user's own, or when turned off; and the app starts whatever happens to it. Every run here has its
// own XDG_CACHE_HOME in a temporary directory. PIPETOP_DEBUG_CODE_CACHE=1 makes the bundle say, at
// exit, what each chunk's cache did: `pipetop code cache: main.js hit`.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheName, crc32, runtimeKey } from '../src/boot/code-cache.js';
import { VERSION } from '../src/version.js';
import { BUNDLE, ensureBundle, ptyFile } from './helpers/pty.js';
import { until } from './helpers/until.js';

const scratch = mkdtempSync(join(tmpdir(), 'pipetop-code-cache-'));
beforeAll(ensureBundle);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let n = 0;
/** A fresh, empty XDG_CACHE_HOME (not created: the app makes it). */
const freshCacheHome = (): string => join(scratch, `xdg-${++n}`);

interface Run {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Each chunk's outcome: 'hit', 'miss, written', …; `off` holds the reason when there is no cache. */
  chunks: Map<string, string>;
  off: string | undefined;
}

function run(cacheHome: string, env: NodeJS.ProcessEnv = {}, bundle = BUNDLE): Run {
  const result = spawnSync(process.execPath, [bundle, '--version'], {
    encoding: 'utf8',
    env: { ...process.env, XDG_CACHE_HOME: cacheHome, PIPETOP_DEBUG_CODE_CACHE: '1', PIPETOP_NO_CODE_CACHE: '', ...env },
    timeout: 15_000,
  });
  const chunks = new Map<string, string>();
  let off: string | undefined;
  for (const line of result.stderr.split('\n')) {
    const m = /^pipetop code cache: (\S+) (.+)$/.exec(line);
    if (!m) continue;
    if (m[1] === 'off') off = m[2]!.replace(/^\((.*)\)$/, '$1');
    else chunks.set(m[1]!, m[2]!);
  }
  return { status: result.status, signal: result.signal, stdout: result.stdout.trim(), stderr: result.stderr, chunks, off };
}

const cacheFiles = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.v8')) : []);

describe('the code cache', () => {
  it('is written by the first run, private, and used by the second', () => {
    const home = freshCacheHome();
    const first = run(home);
    expect(first.status).toBe(0);
    expect(first.stdout).toBe(VERSION);
    expect(first.off).toBeUndefined();
    expect(first.chunks.get('main.js')).toBe('miss, written');
    expect([...first.chunks.values()].every((o) => o === 'miss, written')).toBe(true);

    const dir = join(home, 'pipetop');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = cacheFiles(dir);
    expect(files.length).toBe(first.chunks.size);
    for (const f of files) expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);
    // Written atomically: no temporary file is left behind.
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const second = run(home);
    expect(second.stdout).toBe(VERSION);
    expect([...second.chunks.keys()]).toEqual([...first.chunks.keys()]);
    expect([...second.chunks.values()].every((o) => o === 'hit')).toBe(true);
  });

  it('is not used for a changed source of the same length (V8 checks only the length)', () => {
    const copy = join(scratch, `dist-${++n}`);
    cpSync(dirname(BUNDLE), copy, { recursive: true });
    const bundle = join(copy, 'pipetop.js');
    const home = freshCacheHome();
    expect(run(home, {}, bundle).stdout).toBe(VERSION);
    // The chunk that holds the version string, changed to another version of the same length.
    const chunkDir = join(copy, 'chunks');
    const holder = readdirSync(chunkDir).find((f) => readFileSync(join(chunkDir, f), 'utf8').includes(`"${VERSION}"`));
    expect(holder).toBeDefined();
    const source = readFileSync(join(chunkDir, holder!), 'utf8');
    const other = VERSION.replace(/\d/g, '9');
    expect(other).not.toBe(VERSION);
    const changed = source.replace(`"${VERSION}"`, `"${other}"`);
    expect(changed.length).toBe(source.length);
    writeFileSync(join(chunkDir, holder!), changed);

    const after = run(home, {}, bundle);
    expect(after.stdout).toBe(other);
    expect(after.chunks.get(holder!)).toBe('miss, written');
    expect(after.chunks.get('main.js')).toBe(holder === 'main.js' ? 'miss, written' : 'hit');
  });

  it('is keyed by the content, the Node version and the V8 flags', () => {
    const runtime = runtimeKey({}, []);
    expect(cacheName('a.js', 'let x = 1;', runtime)).not.toBe(cacheName('a.js', 'let x = 2;', runtime));
    expect(runtimeKey({}, ['--max-old-space-size=100'])).not.toBe(runtime);
    expect(runtimeKey({ NODE_OPTIONS: '--stack-size=2000' }, [])).not.toBe(runtime);
    expect(runtimeKey({}, [])).toBe(runtime);
  });

  it('names by a CRC-32 that is the same with zlib and without it (Node before 20.15)', () => {
    // The check value of CRC-32/ISO-HDLC, the CRC zlib computes.
    expect(crc32('123456789')).toBe('cbf43926');
    expect(crc32('123456789', null)).toBe('cbf43926');
    const bytes = Buffer.from('é\u0000\u{1F600} chunk source', 'utf8');
    expect(crc32(bytes, null)).toBe(crc32(bytes));
    expect(crc32('', null)).toBe('00000000');
  });

  it('is not used when its directory is a symlink', () => {
    const home = freshCacheHome();
    const elsewhere = join(scratch, `elsewhere-${++n}`);
    mkdirSync(elsewhere, { mode: 0o700 });
    mkdirSync(home, { mode: 0o700 });
    symlinkSync(elsewhere, join(home, 'pipetop'));
    const r = run(home);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(VERSION);
    expect(r.off).toBe(`cannot use ${join(home, 'pipetop')}`);
    expect([...r.chunks.values()].every((o) => o === 'off')).toBe(true);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('is not used when others may write its directory', () => {
    const home = freshCacheHome();
    mkdirSync(join(home, 'pipetop'), { recursive: true });
    chmodSync(join(home, 'pipetop'), 0o777);
    const r = run(home);
    expect(r.stdout).toBe(VERSION);
    expect(r.off).toBe(`cannot use ${join(home, 'pipetop')}`);
    expect(cacheFiles(join(home, 'pipetop'))).toEqual([]);
  });

  it.skipIf(process.getuid?.() !== 0)('is not used when its directory belongs to another user', () => {
    const home = freshCacheHome();
    mkdirSync(join(home, 'pipetop'), { recursive: true, mode: 0o700 });
    chownSync(join(home, 'pipetop'), 65534, 65534);
    const r = run(home);
    expect(r.stdout).toBe(VERSION);
    expect(r.off).toBe(`cannot use ${join(home, 'pipetop')}`);
    expect(cacheFiles(join(home, 'pipetop'))).toEqual([]);
  });

  it('follows no symlink in place of a cache file, and replaces it', () => {
    const home = freshCacheHome();
    run(home);
    const dir = join(home, 'pipetop');
    const main = cacheFiles(dir).find((f) => f.startsWith('main.js.'))!;
    const planted = join(scratch, `planted-${++n}`);
    cpSync(join(dir, main), planted);
    rmSync(join(dir, main));
    symlinkSync(planted, join(dir, main));
    const r = run(home);
    expect(r.stdout).toBe(VERSION);
    expect(r.chunks.get('main.js')).toBe('miss, written');
    expect(lstatSync(join(dir, main)).isFile()).toBe(true);
  });

  it('cannot be written (XDG_CACHE_HOME is a file): the app runs without it', () => {
    const file = join(scratch, `a-file-${++n}`);
    writeFileSync(file, 'not a directory');
    const r = run(file);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(VERSION);
    expect(r.off).toBe(`cannot use ${join(file, 'pipetop')}`);
  });

  it.skipIf(process.getuid?.() === 0)('cannot be written (a read-only directory): the app runs without it', () => {
    const home = freshCacheHome();
    mkdirSync(join(home, 'pipetop'), { recursive: true, mode: 0o500 });
    const r = run(home);
    expect(r.stdout).toBe(VERSION);
    expect(r.chunks.get('main.js')).toBe('miss');
    expect(readdirSync(join(home, 'pipetop'))).toEqual([]);
  });

  it('is off with PIPETOP_NO_CODE_CACHE=1: nothing read, nothing written', () => {
    const home = freshCacheHome();
    const r = run(home, { PIPETOP_NO_CODE_CACHE: '1' });
    expect(r.stdout).toBe(VERSION);
    expect(r.off).toBe('PIPETOP_NO_CODE_CACHE');
    expect(existsSync(home)).toBe(false);
  });
});

describe('a damaged code cache', () => {
  /** A home whose cache a first run wrote, and the main chunk's cache file. */
  function written(): { home: string; dir: string; main: string } {
    const home = freshCacheHome();
    expect(run(home).status).toBe(0);
    const dir = join(home, 'pipetop');
    return {
      home,
      dir,
      main: join(
        dir,
        cacheFiles(dir).find((f) => f.startsWith('main.js.'))!,
      ),
    };
  }

  it('starts with a header of ours: PTC1, a CRC-32 of the rest, its length', () => {
    const { main } = written();
    const bytes = readFileSync(main);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PTC1');
    expect(bytes.readUInt32LE(8)).toBe(bytes.length - 12);
    expect(bytes.readUInt32LE(4).toString(16).padStart(8, '0')).toBe(crc32(bytes.subarray(12)));
  });

  it('a file whose tail is zeros (a power cut after an unsynced rename) is removed, not given to V8', () => {
    const { home, dir, main } = written();
    const bytes = readFileSync(main);
    bytes.fill(0, Math.floor(bytes.length / 2));
    writeFileSync(main, bytes);
    const r = run(home);
    expect([r.status, r.signal, r.stdout]).toEqual([0, null, VERSION]);
    expect(r.chunks.get('main.js')).toBe('damaged, written');
    // The user is told once, where the cache is and how to turn it off.
    const told = r.stderr.split('\n').filter((l) => l.startsWith('pipetop: '));
    expect(told).toEqual([
      `pipetop: a code cache file failed its checksum (a crash or power cut while it was written?) (${main}); it was removed and the code compiled without it. The cache is kept in ${dir}; PIPETOP_NO_CODE_CACHE=1 turns it off.`,
    ]);
    expect(run(home).chunks.get('main.js')).toBe('hit');
  });

  it('a file with flipped bytes, or cut short, or emptied, is removed and written again', () => {
    for (const damage of [(b: Buffer) => ((b[Math.floor(b.length / 2)]! ^= 0x5a), b), (b: Buffer) => b.subarray(0, b.length - 100), () => Buffer.alloc(0)]) {
      const { home, main } = written();
      writeFileSync(main, damage(readFileSync(main)));
      const r = run(home);
      expect([r.status, r.signal, r.stdout]).toEqual([0, null, VERSION]);
      expect(r.chunks.get('main.js')).toBe('damaged, written');
      expect(run(home).chunks.get('main.js')).toBe('hit');
    }
  });

  it('a run that died while V8 read a cache file does not make the next one die', () => {
    // A stand-in for V8 crashing on a file that passes the checksum: a preload that kills the process
    // with SIGSEGV as main.js is compiled with cached data, when CRASH_ON_CACHE=1. The preload is in
    // NODE_OPTIONS for all three runs, so they share one cache key.
    const preload = join(scratch, `crash-${++n}.cjs`);
    writeFileSync(
      preload,
      `const vm = require('node:vm');
const Script = vm.Script;
vm.Script = class extends Script {
  constructor(source, options) {
    if (options && options.cachedData && options.filename.endsWith('main.js') && process.env.CRASH_ON_CACHE === '1') process.kill(process.pid, 'SIGSEGV');
    super(source, options);
  }
};
`,
    );
    const home = freshCacheHome();
    const env = { NODE_OPTIONS: `--require ${preload}` };
    expect(run(home, env).chunks.get('main.js')).toBe('miss, written');
    const crashed = run(home, { ...env, CRASH_ON_CACHE: '1' });
    expect(crashed.signal).toBe('SIGSEGV');
    const next = run(home, { ...env, CRASH_ON_CACHE: '1' });
    expect([next.status, next.signal, next.stdout]).toEqual([0, null, VERSION]);
    expect(next.chunks.get('main.js')).toBe('crashed, written');
    expect(next.stderr).toContain('pipetop: the last start of pipetop died while loading a code cache file');
    expect(next.stderr).toContain('PIPETOP_NO_CODE_CACHE=1 turns it off');
    // Without the stand-in, the rewritten file is used again.
    expect(run(home, env).chunks.get('main.js')).toBe('hit');
  });

  it("removes a temporary file that a killed write left behind (a dead process's)", () => {
    const home = freshCacheHome();
    const dir = join(home, 'pipetop');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const left = `.main.js.00000000.${dead}.lx0abc.tmp`;
    writeFileSync(join(dir, left), '');
    const r = run(home);
    expect(r.chunks.get('main.js')).toBe('miss, written');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('the code cache of the TUI', () => {
  const { home, spawn } = ptyFile('pipetop-code-cache-pty-');
  const dir = join(home, '.cache', 'pipetop');

  it('is written once the first frame is out, while the app runs, and read by the next start', async () => {
    const screen = spawn(['--demo']);
    await screen.waitFor('? help', 20_000);
    // Bounded: the loader writes a second after the first frame.
    await until(() => cacheFiles(dir).some((f) => f.startsWith('tui-')), 'the code cache written', { timeoutMs: 15_000, everyMs: 50 });
    screen.write('\u0003');
    expect(await screen.exited()).toBe(0);

    const again = spawn(['--demo'], { env: { PIPETOP_DEBUG_CODE_CACHE: '1' } });
    await again.waitFor('? help', 20_000);
    again.write('\u0003');
    expect(await again.exited()).toBe(0);
    expect(again.raw()).toMatch(/pipetop code cache: tui-\S+\.js hit/);
    expect(again.raw()).toMatch(/pipetop code cache: main\.js hit/);
  });
});

describe('cron-parser in the bundle', () => {
  const { spawn } = ptyFile('pipetop-lazy-cron-');

  it("is loaded on first use: a schedule's next runs show", async () => {
    const screen = spawn(['--demo', '--project', 'acme/api'], { cols: 120, rows: 30 });
    await screen.waitFor(/pipelines? ·/, 20_000);
    screen.write('\t\t');
    await screen.waitFor(/[1-9]\d* schedules · scope: \w+/);
    screen.write('\r');
    // "Then" lists the runs after the next one: cron-parser's arithmetic (src/cron/next-runs.ts).
    await screen.waitFor(/Then\s+\w{3} \d\d-\d\d \d\d:\d\d/);
    screen.write('\u0003');
    expect(await screen.exited()).toBe(0);
  });
});
