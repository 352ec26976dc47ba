// App rig: the real <App/> with a real store and controller, talking over HTTP to a simulator with
// a frozen clock. Tests drive it with keys, one per write, and wait on what the frame shows.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { createGitLab } from '../../src/api/index.js';
import { DEMO_TOKENS, startSimulator, type Simulator, type SimulatorOptions } from '../../src/sim/index.js';
import { Controller } from '../../src/store/controller.js';
import type { LogTiming } from '../../src/features/log/log-view.js';
import type { PollTiming } from '../../src/store/polling.js';
import { createAppStore, type AppStore } from '../../src/store/store.js';
import { App } from '../../src/ui/App.js';
import { AppContext } from '../../src/ui/context.js';
import { ThemeContext, createTheme } from '../../src/ui/theme.js';
import { START } from './sim.js';

export const KEY = {
  up: '\u001B[A',
  down: '\u001B[B',
  enter: '\r',
  escape: '\u001B',
  tab: '\t',
  backspace: '\u007F',
  ctrlR: '\u0012',
  ctrlX: '\u0018',
  ctrlC: '\u0003',
} as const;

export interface AppRig {
  sim: Simulator;
  store: AppStore;
  controller: Controller;
  opened: string[];
  copied: string[];
  downloadDir: string;
  /** The controller's start (who am I, then polling); already settled unless `renderFirst`. */
  started: Promise<void>;
  frame(): string;
  /** Types keys one at a time, letting Ink handle each before the next. */
  press(...keys: string[]): Promise<void>;
  type(text: string): Promise<void>;
  /** Waits until the frame shows `pattern` (bounded). */
  waitFor(pattern: RegExp | string, timeoutMs?: number): Promise<string>;
  /** Waits until `check` holds (bounded). */
  until(check: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  advance(ms: number): void;
  /** Resizes the terminal (either dimension may stay). */
  resize(columns?: number, rows?: number): void;
  close(): Promise<void>;
}

export async function startApp(
  options: {
    sim?: SimulatorOptions;
    readOnly?: boolean;
    token?: string;
    simulator?: Simulator;
    timing?: PollTiming;
    logTiming?: LogTiming;
    timeoutMs?: number;
    /** Render without waiting for the controller's start, as src/tui.tsx does: keys can come first. */
    renderFirst?: boolean;
    /** Terminal width (ink-testing-library's is 100). */
    columns?: number;
    /** Terminal height (ink-testing-library has none; the app then assumes 24). */
    rows?: number;
  } = {},
): Promise<AppRig> {
  const sim = options.simulator ?? (await startSimulator({ seed: 7, speed: 0, startTime: START, ...options.sim }));
  const gl = createGitLab({ baseUrl: sim.url, token: options.token ?? DEMO_TOKENS.user, readOnly: options.readOnly, sleep: async () => {}, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  const store = createAppStore({ host: '127.0.0.1', demo: true, readOnly: options.readOnly ?? false });
  const opened: string[] = [];
  const copied: string[] = [];
  const downloadDir = await mkdtemp(join(tmpdir(), 'pipetop-app-'));
  const controller = new Controller({
    store,
    gl,
    // The world is frozen; polling would only add noise. Tests refresh with R when they mean to.
    timing: options.timing ?? { activeMs: 600_000, idleMs: 600_000, maxBackoffMs: 600_000 },
    ...(options.logTiming ? { logTiming: options.logTiming } : {}),
    now: () => sim.clock.now(),
    platform: {
      openUrl: async (url) => {
        opened.push(url);
        return { opened: true, message: '' };
      },
      copy: (text) => copied.push(text),
      downloadDir,
    },
    tokenHelp: 'Set GITLAB_TOKEN.',
  });
  const started = controller.start();
  if (!options.renderFirst) await started;
  const ink = render(
    <AppContext.Provider value={{ store, controller, now: () => sim.clock.now() }}>
      <ThemeContext.Provider value={createTheme({ NO_COLOR: '1' })}>
        <App />
      </ThemeContext.Provider>
    </AppContext.Provider>,
  );
  // As a terminal resize: Ink and useTerminalSize read the size again on 'resize'.
  const resize = (columns?: number, rows?: number) => {
    if (columns !== undefined) Object.defineProperty(ink.stdout, 'columns', { value: columns, configurable: true });
    if (rows !== undefined) Object.defineProperty(ink.stdout, 'rows', { value: rows, configurable: true });
    ink.stdout.emit('resize');
  };
  if (options.columns !== undefined || options.rows !== undefined) resize(options.columns, options.rows);
  const frame = () => ink.lastFrame() ?? '';
  const until = async (check: () => boolean, what: string, timeoutMs = 8000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n--- frame ---\n${frame()}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const press = async (...keys: string[]) => {
    for (const key of keys) {
      ink.stdin.write(key);
      // Ink handles input on the next turn of the event loop; a render follows. Let both happen.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    sim,
    store,
    controller,
    opened,
    copied,
    downloadDir,
    started,
    frame,
    press,
    type: (text) => press(...text.split('')),
    async waitFor(pattern, timeoutMs) {
      const matches = () => (typeof pattern === 'string' ? frame().includes(pattern) : pattern.test(frame()));
      await until(matches, `frame to show ${pattern}`, timeoutMs);
      return frame();
    },
    until,
    resize,
    advance(ms) {
      sim.clock.advance(ms);
      sim.sync();
    },
    async close() {
      await started;
      ink.unmount();
      controller.stop();
      if (!options.simulator) await sim.close();
    },
  };
}
