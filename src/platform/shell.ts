// Runs a command line of the user's (a custom command, $PAGER, $EDITOR) with `/bin/sh -c`. What
// pipetop knows about the object on screen goes in as environment variables only: the command text
// is the user's, never built from server values, so a job named `$(touch x)` stays data.
//
// Captured runs (output none, toast, pager) get a process group of their own (detached: setsid), so
// cancelling kills the command and everything it started; they cannot read the terminal. Terminal
// runs (a pager, an editor, output: terminal) stay in pipetop's foreground process group, to own
// the terminal while pipetop is suspended.
//
// A captured run's group would outlive pipetop (its own session, PPID 1 once pipetop is gone): every
// running one is ended when pipetop quits (endRunningShells: SIGTERM, then SIGKILL after a grace),
// and at any exit where no waiting is possible (a signal, a crash) by an 'exit' listener: SIGTERM at
// once, SIGKILL from a small shell left behind to do it after the grace.
import { spawn } from 'node:child_process';
import { TOKEN_ENV_VARS } from '../config/env.js';

export interface ShellResult {
  /** The exit status; null when a signal ended it (or it never started). */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The end of what it wrote (at most the capture's bound), empty for a terminal run. */
  stdout: string;
  /** Bytes it wrote to stdout in all: more than `stdout` holds when the bound cut its start. */
  stdoutBytes: number;
  stderr: string;
  cancelled: boolean;
  /** It could not be started (spawn's error). */
  error?: string;
}

export interface RunningShell {
  readonly pid: number | undefined;
  /** SIGTERM to the process group, SIGKILL a moment later if it is still there. */
  cancel(): void;
  readonly done: Promise<ShellResult>;
}

export interface ShellOptions {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** 'capture': pipes, own process group; 'terminal': the real tty, pipetop's group. */
  stdio: 'capture' | 'terminal';
  /** Bytes of stdout kept (its end); stderr keeps STDERR_BYTES. */
  maxStdout?: number;
  /** Arguments after the command text: `$1`, `$2`… inside it. */
  args?: string[];
  /** What to call it when pipetop says it ended it at quit (the command's name). */
  label?: string;
}

/** Captured runs still going, by process group: what quitting must end. */
const live = new Map<number, { label: string; closed: Promise<void> }>();
let exitHooked = false;

/** SIGTERM to every running group now, and SIGKILL after the grace from a shell that outlives pipetop. */
function endAtExit(): void {
  if (live.size === 0) return;
  const groups = [...live.keys()];
  for (const pgid of groups) signalGroup(pgid, 'SIGTERM');
  try {
    const reaper = spawn('/bin/sh', ['-c', `sleep ${KILL_AFTER_MS / 1000}; kill -KILL ${groups.map((g) => `-${g}`).join(' ')} 2>/dev/null`], {
      stdio: 'ignore',
      detached: true,
      // Only PATH: nothing of pipetop's environment (its token) outlives it.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    reaper.unref();
  } catch {
    // No shell to do it: SIGTERM was sent.
  }
}

function signalGroup(pgid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(-pgid, sig);
  } catch {
    // Already gone.
  }
}

/**
 * Ends every captured run still going (SIGTERM to its process group, SIGKILL to those still there
 * after `graceMs`) and resolves with their labels once they are gone: pipetop says which it ended.
 */
export async function endRunningShells(graceMs = KILL_AFTER_MS): Promise<string[]> {
  const ending = [...live.entries()];
  if (ending.length === 0) return [];
  for (const [pgid] of ending) signalGroup(pgid, 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
  await Promise.race([Promise.all(ending.map(([, r]) => r.closed)), grace]);
  clearTimeout(timer);
  for (const [pgid] of ending) if (live.has(pgid)) signalGroup(pgid, 'SIGKILL');
  await Promise.all(ending.map(([, r]) => r.closed));
  return ending.map(([, r]) => r.label);
}

export const STDOUT_BYTES = 4 * 1024 * 1024;
const STDERR_BYTES = 64 * 1024;
/** Between SIGTERM and SIGKILL on cancel. */
const KILL_AFTER_MS = 2_000;

export function runShell(command: string, opts: ShellOptions): RunningShell {
  const capture = opts.stdio === 'capture';
  const child = spawn('/bin/sh', ['-c', command, 'sh', ...(opts.args ?? [])], {
    env: opts.env,
    ...(opts.cwd ? { cwd: opts.cwd } : {}),
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    detached: capture,
  });
  let cancelled = false;
  const out = new Tail(opts.maxStdout ?? STDOUT_BYTES);
  const err = new Tail(STDERR_BYTES);
  child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
  const signal = (sig: NodeJS.Signals) => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      // A negative pid is the process group: the command and whatever it started.
      process.kill(capture ? -child.pid : child.pid, sig);
    } catch {
      // Already gone.
    }
  };
  if (capture && child.pid !== undefined) {
    const pgid = child.pid;
    live.set(pgid, { label: opts.label ?? command, closed: new Promise((resolve) => child.once('close', () => resolve())) });
    child.once('close', () => live.delete(pgid));
    if (!exitHooked) {
      exitHooked = true;
      process.on('exit', endAtExit);
    }
  }
  const done = new Promise<ShellResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<ShellResult, 'stdout' | 'stdoutBytes' | 'stderr' | 'cancelled'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, stdout: out.text(), stdoutBytes: out.total, stderr: err.text(), cancelled });
    };
    child.on('error', (e) => finish({ code: null, signal: null, error: e.message }));
    // 'close': the pipes are drained too, so the output is whole.
    child.on('close', (code, sig) => finish({ code, signal: sig }));
  });
  return {
    pid: child.pid,
    cancel() {
      if (cancelled) return;
      cancelled = true;
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), KILL_AFTER_MS);
      timer.unref();
      void done.then(() => clearTimeout(timer));
    },
    done,
  };
}

/** The environment of a user's command: pipetop's own, without the token unless asked for, plus `vars`. */
export function commandEnv(base: NodeJS.ProcessEnv, vars: Readonly<Record<string, string>>, token?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  // The token pipetop was given may be in its environment: a command gets it only with `token: true`.
  for (const name of TOKEN_ENV_VARS) delete env[name];
  // Only the values of what is on screen now: none left over from pipetop's own environment.
  for (const name of Object.keys(env)) if (name.startsWith('PIPETOP_') && name !== 'PIPETOP_CONFIG') delete env[name];
  for (const [name, value] of Object.entries(vars)) env[name] = value;
  if (token !== undefined) env.GITLAB_TOKEN = token;
  return env;
}

/** The last `max` bytes of a stream. */
class Tail {
  private chunks: Buffer[] = [];
  private size = 0;
  /** Every byte pushed, kept or not. */
  total = 0;
  constructor(private readonly max: number) {}
  push(chunk: Buffer): void {
    this.total += chunk.length;
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size - this.chunks[0]!.length >= this.max) this.size -= this.chunks.shift()!.length;
  }
  text(): string {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.max)).toString('utf8');
  }
}
