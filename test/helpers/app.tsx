// App rig: the app as src/tui.tsx builds it (src/app/create.tsx createApp), talking over HTTP to a
// simulator with a frozen clock. Keys go as in src/tui.tsx: src/input's reader on the (test) stdin, each key to the
// controller at once. Tests write keys — a whole string per write, as a terminal delivers a burst —
// and wait on what the frame shows.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { DEMO_TOKENS, startSimulator, type Simulator, type SimulatorOptions } from '../../src/sim/index.js';
import type { Controller } from '../../src/store/controller.js';
import type { LogTiming } from '../../src/features/log/log-view.js';
import type { PollTiming } from '../../src/store/polling.js';
import type { NotifyChannels } from '../../src/platform/notify.js';
import type { Pane } from '../../src/store/types.js';
import type { AppStore } from '../../src/store/store.js';
import { createTheme } from '../../src/ui/theme.js';
import { createApp, type TerminalSize } from '../../src/app/create.js';
import type { Feature } from '../../src/store/feature.js';
import { createServerClock } from '../../src/time/server-clock.js';
import { START } from './sim.js';
import { until as waitUntil } from './until.js';
import { attachKeyReader, type KeySource } from '../../src/input/index.js';
import type { Binding } from '../../src/keymap/bindings.js';
import type { CustomCommand } from '../../src/config/user-commands.js';
import type { ConfigWarning } from '../../src/config/user-config.js';
import type { SavedView } from '../../src/config/views.js';
import { withUserCommands } from '../../src/features/commands/index.js';
import { scopesOverlap } from '../../src/store/keymap.js';
import * as nav from '../../src/store/nav.js';

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
  /** Bytes the app wrote to the terminal beside Ink (notifications). */
  written: string[];
  downloadDir: string;
  /** What binding the user's commands (`commands` option) had to say: keys refused. */
  commandWarnings: ConfigWarning[];
  /** The controller's start (who am I, then polling); already settled unless `renderFirst`. */
  started: Promise<void>;
  frame(): string;
  /**
   * Writes each argument in one stdin write (so `press('jjj')` is a burst of three keys, and
   * `press('j', 'j', 'j')` three writes, one key each), each write once the frame shows what the
   * one before did. A lone Esc at the end of a write is delivered at once (as the reader's timeout
   * would, 50 ms later).
   */
  press(...keys: string[]): Promise<void>;
  /** The whole text in one write (a burst, as fast typing or a laggy link delivers it). */
  type(text: string): Promise<void>;
  /** One raw write, nothing flushed: for sequences split across reads. */
  write(chunk: string): void;
  /** Waits until the frame shows `pattern` (bounded). */
  waitFor(pattern: RegExp | string, timeoutMs?: number): Promise<string>;
  /** Waits until `check` holds (bounded). */
  until(check: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /**
   * A `:` command as the user types it: `:`, then (the palette in front) the text in one write, or
   * one key a write with `keyByKey`, then Enter. `closes`: also waits until the palette has closed
   * (the command ran; an error keeps it open, with the text).
   */
  palette(text: string, opts?: { keyByKey?: boolean; closes?: boolean }): Promise<void>;
  /** Lays the trail `panes` over the first pane, as a jump does (store/nav.ts setTrail); none: back to the first. */
  open(...panes: Pane[]): void;
  /** Opens `pane` above the pane in front, as Enter does (store/nav.ts push). */
  push(pane: Pane): void;
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
    /** Open on this project (a path or id) as `--project` does: looked up inside the app. */
    project?: string;
    /** Where that project came from, when not typed (`git remote origin`). */
    projectFrom?: string;
    /** The client's retries report to the header, as src/tui.tsx wires them (off: most tests retry instantly). */
    wireRetries?: boolean;
    /** Terminal width (ink-testing-library's is 100). */
    columns?: number;
    /**
     * Count times on the server's clock estimated from its Date headers, as src/tui.tsx does,
     * instead of reading the simulator's clock directly.
     */
    serverClock?: boolean;
    /** The first pane (default: the projects list). */
    first?: Pane;
    /** Terminal height (24 unless set). */
    rows?: number;
    /** The platform's environment and notification channels (features/marks). */
    env?: NodeJS.ProcessEnv;
    notifications?: NotifyChannels;
    /** The effective keymap (e.g. with a user's keys applied). */
    bindings?: Binding[];
    /** The disk a followed log's temp files may take (--log-disk). */
    logDiskBytes?: number;
    /** The features (default: the registry, src/app/features.ts). */
    features?: readonly Feature[];
    /** The user's own commands (config file `commands:`), bound as src/tui.tsx binds them. */
    commands?: CustomCommand[];
    /** What the config file says beside the commands: the pulse's projects, saved views. */
    pulse?: string[];
    views?: SavedView[];
    /** Where the user's commands run. */
    cwd?: string;
    /**
     * A terminal to hand over (Platform.suspend) to a pager or editor: the program runs at once,
     * its stdio the test process's (no screen to leave here). Absent: there is none, as in a pipe.
     */
    suspend?: boolean;
  } = {},
): Promise<AppRig> {
  const sim = options.simulator ?? (await startSimulator({ seed: 7, speed: 0, startTime: START, ...options.sim }));
  const clock = options.serverClock ? createServerClock() : null;
  const now = clock ? clock.now : () => sim.clock.now();
  const opened: string[] = [];
  const copied: string[] = [];
  const written: string[] = [];
  const downloadDir = await mkdtemp(join(tmpdir(), 'pipetop-app-'));
  const app = createApp({
    gitlab: {
      baseUrl: sim.url,
      token: options.token ?? DEMO_TOKENS.user,
      readOnly: options.readOnly,
      sleep: async () => {},
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      ...(clock ? { onServerDate: clock.observe } : {}),
    },
    // Most tests retry instantly: the header's "retrying" only where a test asks for it.
    reportRetries: options.wireRetries === true,
    config: {
      host: '127.0.0.1',
      demo: true,
      readOnly: options.readOnly ?? false,
      ...(options.commands ? { commands: options.commands } : {}),
      ...(options.pulse ? { pulse: options.pulse } : {}),
      ...(options.views ? { views: options.views } : {}),
    },
    ...(options.first ? { first: options.first } : {}),
    // The world is frozen; polling would only add noise. Tests refresh with R when they mean to.
    timing: options.timing ?? { activeMs: 600_000, idleMs: 600_000, maxBackoffMs: 600_000 },
    ...(options.logTiming ? { featureOptions: { logTiming: options.logTiming } } : {}),
    now,
    platform: {
      openUrl: async (url) => {
        opened.push(url);
        return { opened: true, message: '' };
      },
      copy: (text) => copied.push(text),
      downloadDir,
      write: (bytes) => written.push(bytes),
      env: options.env ?? {},
      token: () => options.token ?? DEMO_TOKENS.user,
      ...(options.cwd ? { cwd: options.cwd } : {}),
      ...(options.suspend ? { suspend: <T,>(work: () => Promise<T>) => work() } : {}),
      ...(options.notifications ? { notifications: options.notifications } : {}),
      ...(options.logDiskBytes !== undefined ? { logDiskBytes: options.logDiskBytes } : {}),
    },
    tokenHelp: 'Set GITLAB_TOKEN.',
    ...(options.bindings ? { bindings: options.bindings } : {}),
    ...(options.project ? { project: { ref: options.project, ...(options.projectFrom ? { from: options.projectFrom } : {}) } } : {}),
    ...(options.features ? { features: options.features } : {}),
  });
  const { store, controller } = app;
  // As src/tui.tsx: the user's commands over the table, each key refused where it would collide.
  const own = options.commands
    ? withUserCommands(controller.keymap.bindings, options.commands, { file: 'config.yml', readOnly: options.readOnly ?? false, overlaps: scopesOverlap })
    : null;
  if (own) controller.useBindings(own.bindings);
  const started = controller.start();
  if (!options.renderFirst) await started;
  const ink = render(app.view(createTheme({ NO_COLOR: '1' })));
  // As src/tui.tsx: the store's viewport follows the terminal's size.
  const unwatch = app.watchTerminal(ink.stdout as unknown as TerminalSize);
  // As a terminal resize: Ink and useTerminalSize read the size again on 'resize'.
  const resize = (columns?: number, rows?: number) => {
    if (columns !== undefined) Object.defineProperty(ink.stdout, 'columns', { value: columns, configurable: true });
    if (rows !== undefined) Object.defineProperty(ink.stdout, 'rows', { value: rows, configurable: true });
    ink.stdout.emit('resize');
  };
  if (options.columns !== undefined || options.rows !== undefined) resize(options.columns, options.rows);
  // The only reader of keys, as in src/tui.tsx; ink-testing-library's stdin emits 'data' per write.
  const reader = attachKeyReader(ink.stdin as unknown as KeySource, (event) => controller.handleKey(event));
  const frame = () => ink.lastFrame() ?? '';
  const until = (check: () => boolean, what: string, timeoutMs = 8000) => waitUntil(check, what, { timeoutMs, show: frame });
  // What a key did is drawn once no frame and no state change follows it over a turn of the event
  // loop: the key applies at once, React draws it at once (Ink's debug mode writes every frame), and
  // effects it set off (a focus, a measured size) draw on the next turns. Bounded: an animation may
  // never stop drawing. Work a key started that waits on the network is the test's to wait for.
  const drawn = async () => {
    for (let turn = 0; turn < 50; turn++) {
      const frames = ink.frames.length;
      const state = store.getState();
      await new Promise((resolve) => setImmediate(resolve));
      if (ink.frames.length === frames && store.getState() === state) return;
    }
  };
  const press = async (...keys: string[]) => {
    for (const key of keys) {
      ink.stdin.write(key);
      reader.flush();
      await drawn();
    }
  };
  return {
    sim,
    store,
    controller,
    opened,
    copied,
    written,
    downloadDir,
    commandWarnings: own?.warnings ?? [],
    started,
    frame,
    press,
    type: (text) => press(text),
    write: (chunk) => void ink.stdin.write(chunk),
    async waitFor(pattern, timeoutMs) {
      const matches = () => (typeof pattern === 'string' ? frame().includes(pattern) : pattern.test(frame()));
      await until(matches, `frame to show ${pattern}`, timeoutMs);
      return frame();
    },
    until,
    async palette(text, opts = {}) {
      await press(':');
      await until(() => store.getState().prompt?.id === 'palette', 'the palette');
      if (opts.keyByKey) await press(...text.split(''));
      else await press(text);
      await press(KEY.enter);
      if (opts.closes) await until(() => store.getState().prompt === null, `:${text} to run`);
    },
    open: (...panes) => nav.setTrail(store, [store.getState().stack[0]!, ...panes]),
    push: (pane) => nav.push(store, pane),
    resize,
    advance(ms) {
      sim.clock.advance(ms);
      sim.sync();
    },
    async close() {
      await started;
      reader.dispose();
      unwatch();
      ink.unmount();
      controller.stop();
      if (!options.simulator) await sim.close();
    },
  };
}

/**
 * Waits (bounded) until every request the simulator has received has been answered to the app: its
 * request log (features/requests) numbers each attempt as it ends. What a key started is then done,
 * with no fixed wait. Only for a simulator no other client talks to (its log counts every request).
 */
export async function requestsSettled(rig: AppRig): Promise<void> {
  await rig.until(() => rig.sim.requests.length === (rig.store.getState().requestLog.at(-1)?.id ?? 0), 'every request answered');
}
