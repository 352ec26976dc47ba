// Starts the TUI for a resolved configuration: the user's config (theme, keys), the API client (on
// the built-in simulator in demo mode), the store and controller, then Ink on the alternate screen.
// Keys are read by src/input alone — Ink gets a stdin that never speaks — and each key goes straight
// to the controller, in order, which hands the field in front its keys (src/input/ink-feed.ts).
// Returns when the user quits.
import { openDebugLogTarget } from './config/debug-log.js';
import { downloadDir, downloadDirProblem } from './config/downloads.js';
import { createWriteStream, type WriteStream } from 'node:fs';
import { render } from 'ink';
import { proxyDispatcher, type ExchangeEntry } from './api/index.js';
import { createApp } from './app/create.js';
import type { AppConfig } from './config/index.js';
import { loadUserConfig } from './config/user-config.js';
import { FEATURES } from './app/features.js';
import { endRunningShells, openUrl, osc52Copy, osc52Notice } from './platform/index.js';
import type { Simulator } from './sim/index.js';
import { createNamedTheme } from './ui/themes.js';
import { isRawModeSupported, quietStdin, type InputEvent } from './input/index.js';
import { createTerminalHost } from './terminal-host.js';
import { withUserCommands } from './features/commands/index.js';
import { formatWarning } from './config/user-config.js';
import { applyUserKeys } from './config/user-keys.js';
import { commandIdsOf, scopesOverlap } from './store/keymap.js';
import { safeMessage } from './text/safe.js';
import { createServerClock } from './time/server-clock.js';
import { VERSION } from './version.js';
import { signalFirstFrame } from './boot/first-frame.js';

export interface TuiIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** `warnings`: what resolving the configuration had to say (glab config, flags); shown in the app. */
export async function runTui(config: AppConfig, io: TuiIo, warnings: readonly string[] = []): Promise<number> {
  // The key reader needs raw mode; without a terminal there is nothing to drive the app with.
  if (!isRawModeSupported(io.stdin)) {
    for (const warning of warnings) io.stderr.write(`pipetop: ${safeMessage(warning)}\n`);
    io.stderr.write('pipetop needs an interactive terminal (stdin is not a TTY).\nRun it in a terminal, or use `pipetop sim` to serve the simulator.\n');
    return 2;
  }
  // Opened before the terminal is taken: a target that cannot be a log is said here (config/debug-log.ts).
  let debugLog: ReturnType<typeof openDebugLog> | null = null;
  if (config.debugLog) {
    const target = openDebugLogTarget(config.debugLog);
    if ('error' in target) {
      io.stderr.write(`pipetop: ${safeMessage(target.error)}\n`);
      return 2;
    }
    debugLog = openDebugLog(target.fd);
  }
  // ~/.config/pipetop/config.yml: a mistake in it is a message in the app, never a refusal to start.
  // Its `keys:` may bind the core's commands and those of the features the app is made of.
  const user = await loadUserConfig({ env: io.env, commands: commandIdsOf(FEATURES) });
  let sim: Simulator | null = null;
  let baseUrl = config.baseUrl;
  let token = config.token;
  if (config.mode === 'demo') {
    const { DEMO_TOKENS, startSimulator } = await import('./sim/index.js');
    // The world is built on the first request, after the first frame (deferWorld).
    sim = await startSimulator({ port: 0, seed: config.seed ?? 42, speed: config.speed ?? 1, deferWorld: true });
    baseUrl = sim.url;
    token = DEMO_TOKENS.user;
  }
  // The demo talks to its own loopback simulator: no proxy for that.
  const dispatcher = config.mode === 'gitlab' ? await proxyDispatcher(io.env) : undefined;
  // Times on screen are counted on GitLab's clock, estimated from its Date headers: a skewed host
  // (or the simulator with --speed) would otherwise make fresh rows read "created in 3m".
  const clock = createServerClock();
  const host = config.mode === 'demo' ? 'demo' : new URL(baseUrl!).host;
  // The config file read above: the notification channels and the pulse's projects (features/marks,
  // features/pulse) here; the theme and the keys below.
  const userConfig = user.config;
  // The terminal: its modes, the key reader, and handing it to a pager, an editor or a command of
  // the user's (Platform.suspend). Keys go straight to the controller, in order.
  let onKey: (event: InputEvent) => void = () => undefined;
  // A `downloads:` that names no directory (a device, a FIFO, a file, a link to one) is said at
  // start, with the config file's other mistakes, rather than at the first save.
  const downloads = downloadDir({ configured: userConfig.downloads, home: io.env.HOME, cwd: io.cwd });
  const downloadsProblem = userConfig.downloads ? downloadDirProblem(downloads) : null;
  const terminal = createTerminalHost({ stdin: io.stdin, stdout: io.stdout }, (event) => onKey(event));
  const app = createApp({
    gitlab: {
      baseUrl: baseUrl!,
      token,
      readOnly: config.readOnly,
      userAgent: `pipetop/${VERSION}`,
      onServerDate: clock.observe,
      // The app counts every request and logs it (src/app/create.tsx); --debug-log writes it down.
      onExchange: (entry) => debugLog?.write(entry),
      // What the decoders tolerated (a field of the wrong type left out), once per kind.
      onDecodeNote: (note) => debugLog?.note(note),
      ...(dispatcher ? { dispatcher } : {}),
    },
    // Without a project the app opens on the pulse (what is red or running across the user's
    // projects): the first pane, so q quits from it; `:projects` opens the list over it. With one,
    // the project is looked up after the first frame (features/projects/lookup.ts).
    config: {
      host,
      demo: config.mode === 'demo',
      readOnly: config.readOnly,
      ...(userConfig.pulse ? { pulse: userConfig.pulse } : {}),
      ...(userConfig.views ? { views: userConfig.views } : {}),
      commands: userConfig.commands,
    },
    ...(config.project ? {} : { first: { kind: 'pulse' } as const }),
    now: clock.now,
    platform: {
      openUrl: (url) => openUrl(url, { env: io.env }),
      copy: (text) => terminal.stdout.write(osc52Copy(text, io.env)),
      copyNotice: osc52Notice(io.env),
      write: (bytes) => terminal.stdout.write(bytes),
      env: io.env,
      suspend: (work, opts) => terminal.suspend(work, opts),
      // The user's commands with `token: true` (features/commands): the demo's token in demo mode.
      token: () => token,
      cwd: io.cwd,
      notifications: userConfig.notifications,
      downloadDir: downloads,
      ...(config.maxDownload !== undefined ? { maxDownloadBytes: config.maxDownload } : {}),
      ...(config.logDisk !== undefined ? { logDiskBytes: config.logDisk } : {}),
    },
    tokenHelp: tokenHelp(config),
    ...(config.project ? { project: { ref: config.project, ...(config.projectSource?.startsWith('git remote') ? { from: config.projectSource } : {}) } } : {}),
  });
  const { controller } = app;
  onKey = (event) => controller.handleKey(event);
  // The user's keys over the default table (the core's and every feature's), conflicts refused.
  const keys = applyUserKeys(controller.keymap.bindings, user.config.keys, { file: user.path, overlaps: scopesOverlap });
  // Then the user's own commands (`commands:`), each key refused where it would collide.
  const own = withUserCommands(keys.bindings, userConfig.commands, { file: user.path, readOnly: config.readOnly, overlaps: scopesOverlap });
  controller.useBindings(own.bindings);
  // The file as the user knows it: ~/.config/pipetop/config.yml (room is short in the footer).
  const home = io.env.HOME;
  const shortFile = (file: string) => (home && file.startsWith(`${home}/`) ? `~${file.slice(home.length)}` : file);
  const downloadsWarnings = downloadsProblem ? [{ file: user.path, key: 'downloads', message: downloadsProblem }] : [];
  const notices = [
    ...warnings,
    ...[...user.warnings, ...downloadsWarnings, ...keys.warnings, ...own.warnings].map((w) => formatWarning({ ...w, file: shortFile(w.file) })),
  ];
  // Printed to stderr they would vanish behind the alternate screen: a toast stays until a key.
  controller.notify(notices.map((n) => safeMessage(n)));
  void controller.start();
  // The alternate screen and bracketed paste, undone on quit, SIGTERM/SIGINT/SIGHUP and a crash.
  terminal.start();
  // Ink 6 reads stdin (and wants raw mode) only for its own useInput: the components that use it
  // (ink-text-input, ink-select-input) get their keys from the controller instead (src/input/ink-feed.ts).
  // The store's viewport follows the terminal (before Ink's first frame, so paging fits it at once).
  const unwatch = app.watchTerminal(terminal.stdout);
  const silent = quietStdin();
  const instance = render(app.view(createNamedTheme(user.config.theme, io.env)), {
    stdin: silent,
    stdout: terminal.stdout,
    stderr: io.stderr,
    exitOnCtrlC: false,
    maxFps: 30,
  });
  // The first frame is out: the chunk loader may now write its code cache (src/boot/chunk-loader.ts).
  signalFirstFrame();
  try {
    await instance.waitUntilExit();
  } finally {
    unwatch();
    terminal.stop();
    controller.stop();
    // The user's commands still running in the background would outlive pipetop (src/platform/shell.ts).
    const ended = await endRunningShells();
    if (ended.length > 0)
      io.stderr.write(
        `${safeMessage(`pipetop: ended ${ended.length === 1 ? 'a command' : `${ended.length} commands`} of yours still running: ${ended.join(', ')}`)}\n`,
      );
    await sim?.close();
    await debugLog?.close();
  }
  return 0;
}

/**
 * --debug-log FILE: one line per request attempt — time, method, path, status, duration, size. The
 * client hands over paths with the token already redacted and never any headers, so the file holds
 * no secret; it is created private (mode 600) all the same.
 */
function openDebugLog(fd: number): { write: (entry: ExchangeEntry) => void; note: (text: string) => void; close: () => Promise<void> } {
  const stream: WriteStream = createWriteStream('', { fd });
  stream.on('error', () => undefined);
  return {
    write: (e) => {
      const outcome = e.status !== undefined ? String(e.status) : `failed (${e.error ?? 'unknown'})`;
      stream.write(
        `${new Date().toISOString()} ${e.method} ${e.path} -> ${outcome} ${e.ms}ms${e.bytes !== undefined ? ` ${e.bytes}B` : ''}${e.attempt > 1 ? ` attempt ${e.attempt}` : ''}\n`,
      );
    },
    // Notes name an entity and a field (src/api/decoders.ts), never a value GitLab sent.
    note: (text) => stream.write(`${new Date().toISOString()} decode: ${text}\n`),
    // Bounded: a FIFO's reader that stopped reading must not keep pipetop from quitting.
    close: () =>
      new Promise((resolve) => {
        const timer = setTimeout(resolve, 1000);
        timer.unref();
        stream.end(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

function tokenHelp(config: AppConfig): string {
  const where = config.tokenSource ? `The token came from ${config.tokenSource}.` : '';
  // The documented ways first (environment, glab, a private file); never --token, which shows in `ps`.
  return `${where} Set a valid personal access token (scope read_api to browse, api to retry/cancel) in GITLAB_TOKEN, with \`glab auth login\`, or in a private file given with --token-file PATH.`.trim();
}
