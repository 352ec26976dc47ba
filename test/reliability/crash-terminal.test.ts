// A death no JavaScript sees (a fatal V8 error such as running out of memory, or SIGKILL) must not
// leave the terminal raw on the alternate screen: src/input/crash-guard.ts restores it from outside.
// SIGKILL stands in for the fatal error here: both end the process without running a listener. As
// in a terminal, a shell leads the session and outlives pipetop, so the terminal stays to be read.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pty from 'node-pty';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { BUNDLE, ensureBundle, ptyFile } from '../helpers/pty.js';

const { home, env } = ptyFile('pipetop-crash-terminal-');
let session: pty.IPty | null = null;

beforeAll(() => ensureBundle());
afterEach(() => {
  session?.kill('SIGKILL');
  session = null;
});

/** A shell in a pty that runs pipetop, then waits; what pipetop wrote, and the terminal's name. */
function inShell(): { raw: () => string; tty: string; shell: pty.IPty } {
  const full = { ...process.env, ...env, TERM: 'xterm-256color' } as Record<string, string>;
  delete full.CI;
  const shell = pty.spawn('/bin/sh', ['-c', `"${process.execPath}" "${BUNDLE}"; echo pipetop-ended; sleep 60`], {
    cols: 100,
    rows: 30,
    cwd: home,
    env: full,
    name: 'xterm-256color',
  });
  session = shell;
  let raw = '';
  shell.onData((d) => (raw += d));
  return { raw: () => raw, tty: (shell as unknown as { _pty: string })._pty, shell };
}

/** The terminal's line settings, as stty reads them from outside its session. */
const stty = (tty: string) => execFileSync('stty', ['-a', '-F', tty], { encoding: 'utf8' });
const children = (pid: number) => readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number);
const alive = (pid: number) => {
  try {
    readFileSync(`/proc/${pid}/cmdline`);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(value: () => T | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const v = value();
    if (v) return v;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never: ${what}`);
}

/** pipetop's pid and its guard's, once the first frame is out. */
async function started(shell: pty.IPty, raw: () => string): Promise<{ app: number; guard: number }> {
  await until(() => raw().includes('pulse'), 'the first frame');
  const app = await until(() => children(shell.pid)[0], 'pipetop running');
  const guard = await until(() => children(app).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('stty sane')), 'the guard');
  return { app, guard };
}

it('after a SIGKILL mid-session the terminal is out of raw mode and off the alternate screen', async () => {
  const { raw, tty, shell } = inShell();
  const { app, guard } = await started(shell, raw);
  expect(stty(tty)).toMatch(/ -icanon /);
  // The guard holds nothing of pipetop's environment (the token least of all).
  expect(
    readFileSync(`/proc/${guard}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((v) => v.split('=')[0]),
  ).toEqual(['PATH']);
  const before = raw().length;
  process.kill(app, 'SIGKILL');
  await until(() => raw().includes('pipetop-ended'), 'pipetop ended');
  await until(() => / icanon /.test(stty(tty)), 'the terminal back in line mode');
  expect(stty(tty)).toMatch(/ echo /);
  await until(() => raw().slice(before).includes('\x1b[?1049l'), 'the alternate screen left');
  expect(raw().slice(before)).toContain('\x1b[?2004l');
}, 45_000);

it('a clean quit ends the guard without a word', async () => {
  const { raw, shell } = inShell();
  const { guard } = await started(shell, raw);
  shell.write('q');
  await until(() => raw().includes('pipetop-ended'), 'pipetop ended');
  await until(() => !alive(guard), 'the guard ended');
  // One ?1049l: pipetop's own restore; the guard added none.
  expect(raw().split('\x1b[?1049l')).toHaveLength(2);
}, 45_000);
