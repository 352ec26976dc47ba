// Opens a URL in the user's browser without a shell and without ever blocking the UI: the result
// is a message for a toast, never an exception.
import { spawn as nodeSpawn, type SpawnOptions } from 'node:child_process';

/** The part of a child process openUrl uses, so tests can pass a fake. */
export interface SpawnedProcess {
  // Node's listeners for 'spawn' and 'error' take different arguments: only `any` fits both.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  once(event: 'spawn' | 'error', listener: (...args: any[]) => void): unknown;
  unref(): void;
}

export type SpawnFn = (command: string, args: string[], options: SpawnOptions) => SpawnedProcess;

export interface OpenUrlOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  spawn?: SpawnFn;
  /** How long to wait for the child to start before giving up on it (default 5 s). */
  timeoutMs?: number;
}

export interface OpenResult {
  opened: boolean;
  message: string;
}

export interface BrowserCommand {
  command: string;
  args: string[];
  /** Windows: pass the arguments as built, because they were escaped for cmd.exe already. */
  verbatim?: boolean;
}

/** The command that opens url, or null when there is no browser to reach (SSH session, no display). */
export function browserCommand(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): BrowserCommand | null {
  const browser = env.BROWSER?.trim();
  if (browser) {
    const [command = '', ...rest] = browser.split(/\s+/);
    const hasPlaceholder = rest.some((a) => a.includes('%s'));
    const args = rest.map((a) => a.replaceAll('%s', url));
    return { command, args: hasPlaceholder ? args : [...args, url] };
  }
  if (platform === 'darwin') return { command: 'open', args: [url] };
  if (platform === 'win32') {
    // `start` is a cmd.exe built-in. The empty "" is the window title (start takes the first quoted
    // argument as one); cmd metacharacters in the URL are caret-escaped so `&` cannot chain a command.
    return { command: 'cmd', args: ['/c', 'start', '""', url.replace(/[&|<>^()"]/g, '^$&')], verbatim: true };
  }
  const remote = Boolean(env.SSH_CONNECTION || env.SSH_TTY);
  if (remote && !env.DISPLAY && !env.WAYLAND_DISPLAY) return null;
  return { command: 'xdg-open', args: [url] };
}

export function openUrl(url: string, opts: OpenUrlOptions = {}): Promise<OpenResult> {
  const href = webHref(url);
  if (!href) return Promise.resolve({ opened: false, message: `Not opening "${url}": only http and https URLs are opened` });
  // The parsed form goes to the command: spaces and quotes come out percent-encoded.
  const cmd = browserCommand(href, opts.env ?? process.env, opts.platform ?? process.platform);
  if (!cmd) return Promise.resolve({ opened: false, message: `Open this URL on your machine: ${url}` });
  const spawn: SpawnFn = opts.spawn ?? nodeSpawn;

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: OpenResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const failed = (why: string): OpenResult => ({ opened: false, message: `Could not open a browser (${cmd.command}: ${why}). Open this URL: ${url}` });
    // 'spawn' or 'error' always follows a spawn in Node; the timer guards against anything odd.
    const timer = setTimeout(() => finish(failed('did not start')), opts.timeoutMs ?? 5000);
    timer.unref?.();
    try {
      const child = spawn(cmd.command, cmd.args, { detached: true, stdio: 'ignore', windowsHide: true, windowsVerbatimArguments: cmd.verbatim === true });
      child.once('error', (error: NodeJS.ErrnoException) => finish(failed(error.code === 'ENOENT' ? 'not found' : error.message)));
      child.once('spawn', () => finish({ opened: true, message: `Opened in the browser: ${url}` }));
      // Detached and unreferenced: the browser outlives pipetop, and pipetop can exit while it runs.
      child.unref();
    } catch (error) {
      finish(failed((error as Error).message));
    }
  });
}

function webHref(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
