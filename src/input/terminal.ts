// Terminal modes for the whole session: the alternate screen (the user's scrollback survives
// pipetop), bracketed paste (a paste arrives marked, so it never runs as commands), and their
// undoing on every way out. A terminal left in the alternate screen or in raw mode after a crash is
// unusable until `reset`, so restore() is idempotent and hooked to exit, signals and crashes.
//
// What cannot be caught here: SIGKILL and fatal V8 errors (out of memory, a native abort) end the
// process without running any JavaScript; a process of its own restores the terminal then
// (src/input/crash-guard.ts).
import { constants } from 'node:os';

export const ALT_SCREEN_ON = '\x1b[?1049h';
export const ALT_SCREEN_OFF = '\x1b[?1049l';
export const PASTE_ON = '\x1b[?2004h';
export const PASTE_OFF = '\x1b[?2004l';
export const CURSOR_SHOW = '\x1b[?25h';

export interface TerminalModes {
  altScreen?: boolean;
  bracketedPaste?: boolean;
}

interface TerminalIo {
  stdin: { isTTY?: boolean; isRaw?: boolean; setRawMode?(mode: boolean): unknown };
  stdout: { isTTY?: boolean; write(data: string): unknown };
}

export interface TerminalSession {
  /** Leaves every mode entered, shows the cursor, turns raw mode off. Idempotent. */
  restore(): void;
  readonly restored: boolean;
}

/**
 * Enters the modes asked for when stdout is a terminal (nothing is written to a pipe or a file).
 * Raw mode belongs to the key reader; restore() only makes sure it is off at the end.
 */
export function enterTerminal(io: TerminalIo, modes: TerminalModes = { altScreen: true, bracketedPaste: true }): TerminalSession {
  const tty = io.stdout.isTTY === true;
  const alt = tty && modes.altScreen === true;
  const paste = tty && modes.bracketedPaste === true;
  if (alt) io.stdout.write(ALT_SCREEN_ON);
  if (paste) io.stdout.write(PASTE_ON);
  let restored = false;
  return {
    get restored() {
      return restored;
    },
    restore() {
      if (restored) return;
      restored = true;
      // Each step on its own: a terminal that hung up (SIGHUP) throws EIO, and the rest must still run.
      attempt(() => {
        if (io.stdin.isTTY === true && io.stdin.isRaw === true) io.stdin.setRawMode?.(false);
      });
      // On Linux, writes to a TTY are synchronous, so these land before the process ends even from
      // an 'exit' listener.
      attempt(() => {
        if (paste) io.stdout.write(PASTE_OFF);
        if (alt) io.stdout.write(ALT_SCREEN_OFF);
        if (tty) io.stdout.write(CURSOR_SHOW);
      });
    },
  };
}

function attempt(fn: () => void): void {
  try {
    fn();
  } catch {
    // The terminal is gone; nothing left to restore on it.
  }
}

/** The part of `process` the hooks use (a fake in unit tests). */
export interface HookedProcess {
  // Node's listener types differ per event (a signal, an error, an exit code): only `any` fits all.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: string, listener: (...args: any[]) => void): unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  removeListener(event: string, listener: (...args: any[]) => void): unknown;
  exit(code?: number): never | void;
}

export const RESTORE_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * Runs `restore` on every exit path: a normal exit, SIGTERM/SIGINT/SIGHUP (then exits with
 * 128 + the signal number, as a shell reports a killed process), and an uncaught exception or
 * unhandled rejection. For crashes it listens to 'uncaughtExceptionMonitor', which runs before
 * Node prints the error and exits with code 1: the crash stays Node's own (message, exit code),
 * but is printed on the restored screen instead of vanishing with the alternate one.
 * Returns a function that removes the hooks.
 */
export function installRestoreHooks(restore: () => void, proc: HookedProcess = process): () => void {
  const onExit = () => restore();
  const onCrash = () => restore();
  const onSignal = (signal: NodeJS.Signals) => {
    restore();
    proc.exit(128 + (constants.signals[signal] ?? 0));
  };
  proc.on('exit', onExit);
  proc.on('uncaughtExceptionMonitor', onCrash);
  for (const signal of RESTORE_SIGNALS) proc.on(signal, onSignal);
  return () => {
    proc.removeListener('exit', onExit);
    proc.removeListener('uncaughtExceptionMonitor', onCrash);
    for (const signal of RESTORE_SIGNALS) proc.removeListener(signal, onSignal);
  };
}
