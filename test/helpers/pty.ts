// A real pseudo-terminal running the built bundle, read through a headless xterm: what a person
// would see. `CI` is removed from the environment because Ink prints only its last frame when set.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pty from 'node-pty';
import xterm from '@xterm/headless';
import { afterEach, beforeAll } from 'vitest';
import { until } from './until.js';

/** The built bundle the pty tests run (npm test builds it first). */
export const BUNDLE = fileURLToPath(new URL('../../dist/pipetop.js', import.meta.url));

/** Builds the bundle when a test file runs alone before any build. */
export function ensureBundle(): void {
  if (!existsSync(BUNDLE)) spawnSync(process.execPath, [fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url))], { stdio: 'inherit' });
}

/**
 * The demo in a fresh HOME: none of the user's GitLab host, token, glab or pipetop config, or
 * NO_COLOR reaches the app under test.
 */
export function isolatedEnv(home: string): NodeJS.ProcessEnv {
  return {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    // V8's code cache of the bundle (src/boot/code-cache.ts): in the test's HOME, never the user's.
    XDG_CACHE_HOME: join(home, '.cache'),
    GITLAB_TOKEN: '',
    GITLAB_HOST: '',
    GITLAB_URI: '',
    GL_HOST: '',
    GITLAB_ACCESS_TOKEN: '',
    OAUTH_TOKEN: '',
    NO_COLOR: '',
    PIPETOP_CONFIG: '',
  };
}

export interface Screen {
  /** Every line of the visible screen, right-trimmed. */
  text(): string;
  /** Every byte the app wrote to the terminal so far. */
  raw(): string;
  write(keys: string): void;
  /** Resizes the terminal, as a window manager would (the app gets SIGWINCH). */
  resize(cols: number, rows: number): void;
  /** Waits until the screen shows `pattern` (bounded by `timeoutMs`). */
  waitFor(pattern: RegExp | string, timeoutMs?: number): Promise<void>;
  exited(): Promise<number>;
  /** Sends `signal` (node-pty's default: SIGHUP). */
  kill(signal?: string): void;
}

export function spawnScreen(args: string[], opts: { cols?: number; rows?: number; env?: NodeJS.ProcessEnv; cwd?: string; bundle: string }): Screen {
  let cols = opts.cols ?? 100;
  let rows = opts.rows ?? 30;
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  const env: NodeJS.ProcessEnv = { ...process.env, TERM: 'xterm-256color', ...opts.env };
  delete env.CI;
  // node-pty sets TERM to `name`: a test's TERM (dumb) must reach the app.
  const child = pty.spawn(process.execPath, [opts.bundle, ...args], {
    cols,
    rows,
    env: env as Record<string, string>,
    cwd: opts.cwd ?? process.cwd(),
    name: env.TERM ?? 'xterm-256color',
  });
  let raw = '';
  let exitCode: number | null = null;
  const exitWaiters: ((code: number) => void)[] = [];
  child.onData((data) => {
    raw += data;
    term.write(data);
  });
  child.onExit(({ exitCode: code }) => {
    exitCode = code;
    for (const w of exitWaiters) w(code);
  });
  const text = () => {
    const buffer = term.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < rows; i++) lines.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '');
    return lines.join('\n');
  };
  return {
    text,
    raw: () => raw,
    write: (keys) => child.write(keys),
    resize: (newCols, newRows) => {
      cols = newCols;
      rows = newRows;
      term.resize(newCols, newRows);
      child.resize(newCols, newRows);
    },
    async waitFor(pattern, timeoutMs = 10_000) {
      const matches = () => (typeof pattern === 'string' ? text().includes(pattern) : pattern.test(text()));
      // xterm parses writes asynchronously; poll the parsed screen until it shows the pattern.
      await until(matches, `the screen to show ${pattern}`, {
        timeoutMs,
        everyMs: 25,
        show: text,
        abort: () => (exitCode !== null ? `app exited (${exitCode}) before showing ${pattern}` : null),
      });
    },
    exited: () => (exitCode !== null ? Promise.resolve(exitCode) : new Promise((resolve) => exitWaiters.push(resolve))),
    kill: (signal) => child.kill(signal),
  };
}

export interface PtyFile {
  /** A fresh HOME, made once for the file: also the app's working directory. */
  home: string;
  /** `isolatedEnv(home)`. */
  env: NodeJS.ProcessEnv;
  /**
   * The built bundle in a pty at 80×24 (unless told) in `home`, with `env` plus `opts.env` on top;
   * the screen is killed after the test.
   */
  spawn(args: string[], opts?: { cols?: number; rows?: number; env?: NodeJS.ProcessEnv }): Screen;
}

/**
 * What every pty test file sets up, called once at its top level: a fresh HOME and its isolated
 * environment, the bundle built before the first test, and each test's screens killed after it.
 */
export function ptyFile(prefix: string): PtyFile {
  const home = mkdtempSync(join(tmpdir(), prefix));
  const env = isolatedEnv(home);
  let open: Screen[] = [];
  beforeAll(() => {
    ensureBundle();
  });
  afterEach(() => {
    for (const screen of open) screen.kill();
    open = [];
  });
  return {
    home,
    env,
    spawn(args, opts = {}) {
      const screen = spawnScreen(args, { cols: opts.cols ?? 80, rows: opts.rows ?? 24, env: { ...env, ...opts.env }, cwd: home, bundle: BUNDLE });
      open.push(screen);
      return screen;
    },
  };
}
