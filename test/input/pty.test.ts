// src/input in a real pseudo-terminal: bursts written in one write come out key by key, and the
// alternate screen and bracketed paste are switched on, then off again on every way out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ALT_SCREEN_OFF, ALT_SCREEN_ON, CURSOR_SHOW, PASTE_OFF, PASTE_ON } from '../../src/input/terminal.js';
import pty from 'node-pty';
import { until as waitUntil } from '../helpers/until.js';

const fixture = fileURLToPath(new URL('./fixtures/key-echo.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pipetop-input-'));
const bundle = join(dir, 'key-echo.mjs');

interface Run {
  raw(): string;
  write(data: string): void;
  kill(signal?: string): void;
  exited(): Promise<number>;
}
let screen: Run | null = null;

beforeAll(async () => {
  await build({ entryPoints: [fixture], outfile: bundle, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
});
afterEach(() => {
  screen?.kill();
  screen = null;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The fixture in a pseudo-terminal (CI removed, as for the app); raw() is every byte it wrote. */
async function start(escapeTimeoutMs = '5000'): Promise<Run> {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), TERM: 'xterm-256color', KEY_ECHO_ESCAPE_TIMEOUT_MS: escapeTimeoutMs };
  delete env.CI;
  const child = pty.spawn(process.execPath, [bundle], { cols: 80, rows: 24, env, name: 'xterm-256color' });
  let raw = '';
  child.onData((data) => void (raw += data));
  const exit = new Promise<number>((resolve) => child.onExit(({ exitCode }) => resolve(exitCode)));
  const run: Run = {
    raw: () => raw,
    write: (data) => child.write(data),
    kill: (signal) => child.kill(signal),
    exited: () => exit,
  };
  screen = run;
  await until(() => raw.includes('READY'), 'READY');
  return run;
}

/** Waits (bounded) until `check` holds, showing what the program wrote if it never does. */
const until = (check: () => boolean, what: string) => waitUntil(check, what, { timeoutMs: 10_000, everyMs: 25, show: () => JSON.stringify(screen?.raw()) });

const keysIn = (raw: string) => [...raw.matchAll(/(KEY|PASTE) ([^\r\n]*)/g)].map((m) => `${m[1]} ${m[2]}`);

/** The modes were entered before READY and left, in order, after everything else. */
function expectRestored(raw: string): void {
  const ready = raw.indexOf('READY');
  expect(raw.indexOf(ALT_SCREEN_ON)).toBeGreaterThanOrEqual(0);
  expect(raw.indexOf(ALT_SCREEN_ON)).toBeLessThan(ready);
  expect(raw.indexOf(PASTE_ON)).toBeLessThan(ready);
  const off = raw.lastIndexOf(PASTE_OFF);
  expect(off).toBeGreaterThan(ready);
  expect(raw.lastIndexOf(ALT_SCREEN_OFF)).toBeGreaterThan(off);
  expect(raw.lastIndexOf(CURSOR_SHOW)).toBeGreaterThan(raw.lastIndexOf(ALT_SCREEN_OFF));
  // Restored once: restore() is idempotent even when exit hooks run after it.
  expect(raw.split(ALT_SCREEN_OFF)).toHaveLength(2);
}

it('reads bursts written in one write key by key, and restores the terminal on a normal exit', async () => {
  const s = await start();
  s.write('jjj');
  s.write('kk');
  s.write('j\r');
  s.write(':key 1\r');
  s.write('\x7f\x7f');
  s.write('\x1b\x03');
  await until(() => keysIn(s.raw()).length >= 18, '18 keys');
  s.write('\x1b');
  // The second half of the arrow comes in a later write (well within the Escape timeout, usually).
  s.write('[B');
  const paste = 'p'.repeat(2048);
  s.write(`\x1b[200~${paste.slice(0, 1000)}`);
  s.write(`${paste.slice(1000)}\x1b[201~`);
  s.write('q');
  expect(await s.exited()).toBe(0);
  const raw = s.raw();
  expect(keysIn(raw)).toEqual([
    'KEY j',
    'KEY j',
    'KEY j',
    'KEY k',
    'KEY k',
    'KEY j',
    'KEY enter',
    'KEY :',
    'KEY k',
    'KEY e',
    'KEY y',
    'KEY space',
    'KEY 1',
    'KEY enter',
    'KEY backspace',
    'KEY backspace',
    'KEY escape',
    'KEY ctrl+c',
    'KEY down',
    'PASTE 2048 whole "pppppppppppp"',
    'KEY q',
  ]);
  expectRestored(raw);
});

it('a lone Esc is Escape once the (default 50 ms) timeout passes', async () => {
  const s = await start('');
  s.write('\x1b');
  await until(() => s.raw().includes('KEY escape'), 'the Escape key');
  s.write('\x1b[A');
  await until(() => s.raw().includes('KEY up'), 'the Up key');
  s.write('q');
  expect(await s.exited()).toBe(0);
  expect(keysIn(s.raw())).toEqual(['KEY escape', 'KEY up', 'KEY q']);
});

it('restores the terminal on SIGTERM and exits 143', async () => {
  const s = await start();
  s.write('a');
  await until(() => s.raw().includes('KEY a'), 'the a key');
  s.kill('SIGTERM');
  expect(await s.exited()).toBe(143);
  expectRestored(s.raw());
});

it('restores the terminal on SIGHUP (the terminal closed) and exits 129', async () => {
  const s = await start();
  s.kill('SIGHUP');
  expect(await s.exited()).toBe(129);
  expectRestored(s.raw());
});

it('restores the terminal on an uncaught exception, and the crash is still reported', async () => {
  const s = await start();
  s.write('x');
  expect(await s.exited()).toBe(1);
  const raw = s.raw();
  expectRestored(raw);
  // Node's own report comes after the restore, on the main screen.
  expect(raw.indexOf('boom from a key')).toBeGreaterThan(raw.lastIndexOf(ALT_SCREEN_OFF));
});

it('restores the terminal on an unhandled rejection', async () => {
  const s = await start();
  s.write('u');
  expect(await s.exited()).toBe(1);
  const raw = s.raw();
  expectRestored(raw);
  expect(raw.indexOf('rejected from a key')).toBeGreaterThan(raw.lastIndexOf(ALT_SCREEN_OFF));
});
