// What no JavaScript can do: restore the terminal after a fatal V8 error (out of memory, a native
// abort) or SIGKILL, which end the process without running an 'exit' listener, leaving the terminal
// raw on the alternate screen. A small shell process does it instead: it holds the terminal open
// from the start (once pipetop is gone, /dev/tty may no longer open) and waits on a pipe from
// pipetop. A clean way out (restore() in src/input/terminal.ts) writes a line on the pipe first, and
// the shell ends without touching the terminal; a pipe that closes with no line means pipetop died,
// and the shell turns raw mode off (`stty sane`) and leaves the modes pipetop entered.
import { spawn } from 'node:child_process';
import { ALT_SCREEN_OFF, CURSOR_SHOW, PASTE_OFF } from './terminal.js';

export interface CrashGuard {
  /** pipetop restored the terminal itself: the guard ends without a word (idempotent). */
  release(): void;
}

/** printf's format for the bytes that leave the modes (ESC written as \033, no % inside). */
const RESET = [PASTE_OFF, ALT_SCREEN_OFF, CURSOR_SHOW].join('').replace(/\x1b/g, '\\033');

// SIGHUP, SIGINT and SIGQUIT reach pipetop's whole process group (a closed terminal, keys typed in
// a pager): the guard must outlive them to see how pipetop ends.
const SCRIPT = `trap '' HUP INT QUIT
exec 3<>/dev/tty || exit 0
IFS= read -r line && exit 0
stty sane <&3 2>/dev/null
printf '${RESET}\\r\\n' >&3 2>/dev/null
exit 0`;

/**
 * Starts the guard for a terminal pipetop has just put in its modes (not when stdout is not a
 * terminal, nor where there is no /bin/sh). It never keeps pipetop alive: the process and its
 * pipe are unreferenced.
 */
export function startCrashGuard(opts: { shell?: string } = {}): CrashGuard {
  let released = false;
  let child: ReturnType<typeof spawn> | null = null;
  try {
    // Only PATH (for stty): nothing of pipetop's environment, the token least of all.
    child = spawn(opts.shell ?? '/bin/sh', ['-c', SCRIPT], { stdio: ['pipe', 'ignore', 'ignore'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
    child.on('error', () => undefined);
    child.stdin?.on('error', () => undefined);
    child.unref();
    (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  } catch {
    child = null;
  }
  return {
    release() {
      if (released || !child) return;
      released = true;
      try {
        child.stdin?.end('ok\n');
      } catch {
        // The guard is gone already.
      }
    },
  };
}
