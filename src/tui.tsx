// Starts the TUI for a resolved configuration: the API client (on the built-in simulator in demo
// mode), the store and controller, then Ink. Returns when the user quits.
import { createWriteStream, type WriteStream } from 'node:fs';
import { render } from 'ink';
import { createGitLab, proxyDispatcher, type ExchangeEntry, type GitLab } from './api/index.js';
import type { AppConfig } from './config/index.js';
import { loadUserConfig } from './config/user-config.js';
import { COMMANDS } from './keymap/bindings.js';
import { openUrl, osc52Copy } from './platform/index.js';
import type { Simulator } from './sim/index.js';
import { Controller } from './store/controller.js';
import { createAppStore } from './store/store.js';
import type { Pane } from './store/types.js';
import { App } from './ui/App.js';
import { AppContext } from './ui/context.js';
import { ThemeContext, createTheme } from './ui/theme.js';
import { VERSION } from './version.js';

export interface TuiIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export async function runTui(config: AppConfig, io: TuiIo): Promise<number> {
  // Ink's useInput needs raw mode; without a terminal there is nothing to drive the app with.
  if (!io.stdin.isTTY || typeof io.stdin.setRawMode !== 'function') {
    io.stderr.write('pipetop needs an interactive terminal (stdin is not a TTY).\nRun it in a terminal, or use `pipetop sim` to serve the simulator.\n');
    return 2;
  }
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
  let controller: Controller | null = null;
  const debugLog = config.debugLog ? openDebugLog(config.debugLog) : null;
  // The demo talks to its own loopback simulator: no proxy for that.
  const dispatcher = config.mode === 'gitlab' ? await proxyDispatcher(io.env) : undefined;
  const gl: GitLab = createGitLab({
    baseUrl: baseUrl!,
    token,
    readOnly: config.readOnly,
    userAgent: `pipetop/${VERSION}`,
    onRetry: (info) => controller?.onRetry({ delayMs: info.delayMs, reason: String(info.reason) }),
    // Every request counts towards the rate the pulse's header shows; --debug-log writes it down.
    onExchange: (entry) => {
      controller?.countRequest();
      debugLog?.write(entry);
    },
    ...(dispatcher ? { dispatcher } : {}),
  });
  const host = config.mode === 'demo' ? 'demo' : new URL(baseUrl!).host;
  const first = await firstPane(gl, config.project);
  // Only the notification channels and the pulse's projects here (features/marks, features/pulse);
  // the config's warnings are shown where the rest of the config file is applied.
  const { config: userConfig } = await loadUserConfig({ env: io.env, commands: COMMANDS });
  const store = createAppStore({ host, demo: config.mode === 'demo', readOnly: config.readOnly, ...(userConfig.pulse ? { pulse: userConfig.pulse } : {}) }, first.pane);
  if (first.project) store.setState((s) => ({ projects: { ...s.projects, [first.project!.id]: first.project! } }));
  if (first.pane.kind === 'project') store.setState((s) => ({ stack: [{ kind: 'projects' }, ...s.stack] }));
  controller = new Controller({
    store,
    gl,
    platform: {
      openUrl: (url) => openUrl(url, { env: io.env }),
      copy: (text) => io.stdout.write(osc52Copy(text, io.env)),
      write: (bytes) => io.stdout.write(bytes),
      env: io.env,
      notifications: userConfig.notifications,
      downloadDir: io.cwd,
      ...(config.maxDownload !== undefined ? { maxDownloadBytes: config.maxDownload } : {}),
    },
    tokenHelp: tokenHelp(config),
  });
  void controller.start();
  const instance = render(
    <AppContext.Provider value={{ store, controller, now: Date.now }}>
      <ThemeContext.Provider value={createTheme(io.env)}>
        <App />
      </ThemeContext.Provider>
    </AppContext.Provider>,
    { stdin: io.stdin, stdout: io.stdout, stderr: io.stderr, exitOnCtrlC: false, maxFps: 30 },
  );
  try {
    await instance.waitUntilExit();
  } finally {
    controller.stop();
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
function openDebugLog(path: string): { write: (entry: ExchangeEntry) => void; close: () => Promise<void> } {
  const stream: WriteStream = createWriteStream(path, { flags: 'a', mode: 0o600 });
  stream.on('error', () => undefined);
  return {
    write: (e) => {
      const outcome = e.status !== undefined ? String(e.status) : `failed (${e.error ?? 'unknown'})`;
      stream.write(`${new Date().toISOString()} ${e.method} ${e.path} -> ${outcome} ${e.ms}ms${e.bytes !== undefined ? ` ${e.bytes}B` : ''}${e.attempt > 1 ? ` attempt ${e.attempt}` : ''}\n`);
    },
    close: () => new Promise((resolve) => stream.end(resolve)),
  };
}

/**
 * With --project (or a git remote) the app opens on that project; an unknown one opens the list.
 * Without one it opens on the pulse (what is red or running across the user's projects): the first
 * pane, so `q` quits from it as from any first pane; `:projects` opens the projects list over it.
 */
async function firstPane(gl: GitLab, project: string | undefined) {
  if (!project) return { pane: { kind: 'pulse' } as Pane, project: null };
  try {
    const p = await gl.projects.get(/^\d+$/.test(project) ? Number(project) : project);
    return { pane: { kind: 'project', projectId: p.id, path: p.path_with_namespace, tab: 'pipelines' } as Pane, project: p };
  } catch {
    // Unknown, private or unreachable: the project list says what is wrong once it loads.
    return { pane: { kind: 'projects' } as Pane, project: null };
  }
}

function tokenHelp(config: AppConfig): string {
  const where = config.tokenSource ? `The token came from ${config.tokenSource}.` : '';
  return `${where} Set a valid personal access token (scope read_api to browse, api to retry/cancel) with --token TOKEN or GITLAB_TOKEN=…, or run \`glab auth login\`.`.trim();
}
