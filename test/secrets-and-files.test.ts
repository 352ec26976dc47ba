// The token through the built bundle in a real pseudo-terminal: `--token` is overwritten in the
// process title (/proc/<pid>/cmdline, what `ps` shows other users), `--token -` reads it from a pipe
// and still takes keys from the terminal, `--token-file` refuses a file others can read, and no
// byte the app writes to the terminal (screen, title, clipboard) carries it. Last, a download cut
// by SIGTERM/SIGHUP leaves no temp file behind, with Ink's own signal handling in place.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import xterm from '@xterm/headless';
import pty from 'node-pty';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKENS, startSimulator, type Simulator } from '../src/sim/index.js';
import { BUNDLE, ensureBundle, isolatedEnv } from './helpers/pty.js';
import { until } from './helpers/until.js';

const bundle = BUNDLE;
const home = mkdtempSync(join(tmpdir(), 'pipetop-secret-'));
// The shell these tests also run needs PATH and the like; no token, GitLab host, CI or config of the
// developer's reaches it or the app.
const baseEnv: Record<string, string> = {};
for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'CI' && !/TOKEN|GITLAB|GL_HOST/.test(k)) baseEnv[k] = v;
Object.assign(baseEnv, isolatedEnv(home), { TERM: 'xterm-256color' });

let sim: Simulator;
const running: pty.IPty[] = [];
beforeAll(async () => {
  ensureBundle();
  sim = await startSimulator({ speed: 0, seed: 11 });
});
afterEach(() => {
  for (const p of running.splice(0)) p.kill();
});
afterAll(async () => {
  await sim.close();
  rmSync(home, { recursive: true, force: true });
});

interface Run {
  pid: number;
  raw(): string;
  text(): string;
  write(keys: string): void;
  waitFor(pattern: RegExp | string, timeoutMs?: number): Promise<void>;
  exited(): Promise<number>;
}

function run(file: string, args: string[], env: Record<string, string> = {}): Run {
  const cols = 100;
  const rows = 30;
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  const child = pty.spawn(file, args, { cols, rows, cwd: home, env: { ...baseEnv, ...env }, name: 'xterm-256color' });
  running.push(child);
  let raw = '';
  let code: number | null = null;
  const waiters: ((c: number) => void)[] = [];
  child.onData((d) => {
    raw += d;
    term.write(d);
  });
  child.onExit(({ exitCode }) => {
    code = exitCode;
    for (const w of waiters) w(exitCode);
  });
  const text = (): string => {
    const b = term.buffer.active;
    return Array.from({ length: rows }, (_, i) => b.getLine(b.viewportY + i)?.translateToString(true) ?? '').join('\n');
  };
  return {
    pid: child.pid,
    raw: () => raw,
    text,
    write: (k) => child.write(k),
    async waitFor(pattern, timeoutMs = 20_000) {
      const ok = () => (typeof pattern === 'string' ? text().includes(pattern) : pattern.test(text()));
      await until(ok, `the screen to show ${pattern}`, {
        timeoutMs,
        everyMs: 25,
        show: () => `${text()}\n${raw.slice(-500)}`,
        abort: () => (code !== null ? `exited (${code}) before showing ${pattern}` : null),
      });
    },
    exited: () => (code !== null ? Promise.resolve(code) : new Promise((r) => waiters.push(r))),
  };
}

const cmdline = (pid: number): string => readFileSync(`/proc/${pid}/cmdline`, 'latin1');

describe.skipIf(process.platform !== 'linux')('the token on the command line', () => {
  it('--token TOKEN: /proc/<pid>/cmdline no longer shows it; neither the terminal nor --debug-log receives it', async () => {
    const debugLog = join(home, 'debug.log');
    const app = run(process.execPath, [bundle, '--host', sim.url, '--token', DEMO_TOKENS.user, '--debug-log', debugLog]);
    await app.waitFor('acme/api');
    const line = cmdline(app.pid);
    expect(line).not.toContain(DEMO_TOKENS.user);
    expect(line).toContain('--token ***');
    app.write('q');
    expect(await app.exited()).toBe(0);
    expect(app.raw()).not.toContain(DEMO_TOKENS.user);
    const logged = readFileSync(debugLog, 'utf8');
    expect(logged).toMatch(/GET \/user -> 200/);
    expect(logged).not.toContain(DEMO_TOKENS.user);
  });

  it('--token=TOKEN is hidden too, and a rejected token is named by source only, on screen and in the title', async () => {
    const secret = 'glpat-BOGUS-SECRET-0123456789';
    const app = run(process.execPath, [bundle, '--host', sim.url, `--token=${secret}`]);
    await app.waitFor('came from --token');
    expect(cmdline(app.pid)).not.toContain(secret);
    expect(app.raw()).not.toContain(secret);
    expect(app.raw()).not.toContain('BOGUS');
  });
});

describe.skipIf(process.platform !== 'linux')('--token - and --token-file', () => {
  it('--token - reads the token from a pipe; keys then come from the terminal', async () => {
    // The token is handed to sh through its environment, then piped: never an argument of pipetop.
    const app = run('/bin/sh', ['-c', `printf '%s\\n' "$SECRET_FOR_TEST" | exec "${process.execPath}" "${bundle}" --host "${sim.url}" --token -`], {
      SECRET_FOR_TEST: DEMO_TOKENS.user,
    });
    await app.waitFor('acme/api');
    expect(cmdline(app.pid)).not.toContain(DEMO_TOKENS.user);
    // The first screen is the pulse: the palette shows that keys arrive.
    app.write(':');
    await app.waitFor('project <path|id>');
    app.write('\u001b');
    await until(() => !app.text().includes('project <path|id>'), 'the palette to close', { timeoutMs: 5000, everyMs: 25, show: () => app.text() });
    app.write('q');
    expect(await app.exited()).toBe(0);
    expect(app.raw()).not.toContain(DEMO_TOKENS.user);
  });

  it('a fatal start-up error (too much on stdin for --token -) prints no token', async () => {
    const app = run(
      '/bin/sh',
      ['-c', `{ printf '%s ' "$SECRET_FOR_TEST"; yes x | head -c 70000; } | exec "${process.execPath}" "${bundle}" --host "${sim.url}" --token -`],
      { SECRET_FOR_TEST: DEMO_TOKENS.user },
    );
    expect(await app.exited()).toBe(1);
    expect(app.raw()).toContain('standard input is longer than 65536 bytes');
    expect(app.raw()).not.toContain(DEMO_TOKENS.user);
  });

  it('--token - with a terminal on stdin is refused with a clear message', async () => {
    const app = run(process.execPath, [bundle, '--host', sim.url, '--token', '-']);
    expect(await app.exited()).toBe(2);
    expect(app.raw()).toContain('--token - reads the token from standard input, which is a terminal here');
  });

  it('--token-file: a file others can read is refused (chmod 600), a private one is used', async () => {
    const file = join(home, 'token');
    writeFileSync(file, `${DEMO_TOKENS.user}\n`);
    chmodSync(file, 0o644);
    const refused = spawnSync(process.execPath, [bundle, '--host', sim.url, '--token-file', file], { env: baseEnv, encoding: 'utf8' });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`can be read by others (mode 644); not using it — chmod 600 ${file}`);
    expect(refused.stderr + refused.stdout).not.toContain(DEMO_TOKENS.user);
    chmodSync(file, 0o600);
    const app = run(process.execPath, [bundle, '--host', sim.url, '--token-file', file]);
    await app.waitFor('acme/api');
    app.write('q');
    expect(await app.exited()).toBe(0);
  });
});

describe.skipIf(process.platform !== 'linux')('a download interrupted by a signal', () => {
  const parts = (dir: string) => readdirSync(dir).filter((f) => /^\.pipetop-\d+-[0-9a-f]{12}\.part$/.test(f));

  async function startApp(
    dir: string,
  ): Promise<{ child: pty.IPty; raw: () => string; until: (check: () => boolean, what: string) => Promise<void>; exited: Promise<unknown> }> {
    const child = pty.spawn(process.execPath, [bundle, '--host', sim.url, '--token', DEMO_TOKENS.user, '--project', 'acme/api'], {
      cols: 100,
      rows: 30,
      cwd: dir,
      env: baseEnv,
      name: 'xterm-256color',
    });
    running.push(child);
    let raw = '';
    child.onData((d) => (raw += d));
    const exited = new Promise((done) => child.onExit(done));
    const waitOn = (check: () => boolean, what: string) => until(check, what, { timeoutMs: 10_000, everyMs: 25, show: () => raw.slice(-800) });
    await waitOn(() => raw.includes('Pipelines'), 'the project');
    return { child, raw: () => raw, until: waitOn, exited };
  }

  /** Starts `:artifacts main build` with the answer held back: the temp file exists, waiting. */
  async function stalledDownload(dir: string) {
    sim.faults.add({ kind: 'delay', method: 'GET', path: /\/jobs\/artifacts\/main\/download$/, delayMs: 60_000 });
    const app = await startApp(dir);
    app.child.write(':');
    // The palette's hint opens with its first command; at 100 columns it is cut before `artifacts`.
    await app.until(() => app.raw().includes('project <path|id> · '), 'the command line');
    app.child.write('artifacts main build');
    await app.until(() => app.raw().includes('artifacts main build'), 'the command typed');
    app.child.write('\r');
    // It asks where to save (the downloads directory: here the start directory, as HOME has no Downloads).
    await app.until(() => app.raw().includes('Save artifacts to:'), 'the path prompt');
    app.child.write('\r');
    await app.until(() => parts(dir).length === 1, 'the temp file');
    return app;
  }

  afterEach(() => sim.faults.clear());

  it.each(['SIGTERM', 'SIGHUP'] as const)('%s during a download ends the app and leaves no temp file', async (signal) => {
    const dir = mkdtempSync(join(home, 'dl-'));
    const app = await stalledDownload(dir);
    process.kill(app.child.pid, signal);
    await app.exited;
    expect(parts(dir)).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.endsWith('.zip'))).toEqual([]);
  });

  it('after a SIGKILL during a download, the next start removes the temp file it left', async () => {
    const dir = mkdtempSync(join(home, 'dl-'));
    const app = await stalledDownload(dir);
    process.kill(app.child.pid, 'SIGKILL');
    await app.exited;
    expect(parts(dir)).toHaveLength(1);
    sim.faults.clear();
    const next = await startApp(dir);
    await next.until(() => parts(dir).length === 0, 'the stale temp file to go');
  });
});
