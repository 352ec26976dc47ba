// The terminal while the TUI runs: its modes (src/input/terminal.ts), the key reader, the hooks that
// restore it on every way out — and handing it over to another program (a pager, an editor, a
// user's command with `output: terminal`) and taking it back.
//
// Handing over: keys stop being read (raw mode off), the alternate screen and bracketed paste are
// left, and nothing pipetop draws reaches the terminal (Ink keeps rendering into a closed gate, so
// no frame lands on the program's screen). The program runs in pipetop's foreground process group
// with the real tty; Ctrl-C and Ctrl-\ typed in it reach pipetop too, and are the program's, so
// pipetop ignores them meanwhile. Taking it back: the modes again, keys again, then a resize event,
// on which Ink draws its whole frame — the app fills the screen, so each frame is written whole
// after an erase (Ink's full-screen path) — onto the fresh alternate screen.
import type { InputEvent } from './input/index.js';
import { attachKeyReader, enterTerminal, installRestoreHooks, startCrashGuard, type CrashGuard, type KeyReader, type TerminalSession } from './input/index.js';

export interface TerminalHost {
  /** The stream Ink and pipetop's own terminal bytes go to: closed while the terminal is handed over. */
  readonly stdout: NodeJS.WriteStream;
  /** Enters the modes and starts reading keys. */
  start(): void;
  suspend<T>(work: () => Promise<T>, opts?: { pause?: string }): Promise<T>;
  /** Stops reading keys and restores the terminal (idempotent). */
  stop(): void;
}

const IGNORED_WHILE_HANDED_OVER = ['SIGINT', 'SIGQUIT'] as const;

export function createTerminalHost(io: { stdin: NodeJS.ReadStream; stdout: NodeJS.WriteStream }, onEvent: (event: InputEvent) => void): TerminalHost {
  let held = false;
  let handedOver = false;
  let session: TerminalSession | null = null;
  let reader: KeyReader | null = null;
  let unhook: () => void = () => undefined;
  // For the deaths no JavaScript sees (src/input/crash-guard.ts): started after the first frame is
  // drawn (a process spawned is time the first frame would wait for), released on every way out.
  let guard: CrashGuard | null = null;
  let guardSoon: NodeJS.Immediate | null = null;
  const releaseGuard = () => {
    if (guardSoon) clearImmediate(guardSoon);
    guardSoon = null;
    guard?.release();
    guard = null;
  };
  const stdout = new Proxy(io.stdout, {
    get(target, prop) {
      if (prop === 'write') {
        return (...args: unknown[]) => {
          if (!held) return (target.write as (...a: unknown[]) => boolean)(...args);
          // Dropped, as if written: a callback still hears that the write is done.
          const callback = args.find((a) => typeof a === 'function') as (() => void) | undefined;
          if (callback) queueMicrotask(callback);
          return true;
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const enter = () => {
    session = enterTerminal({ stdin: io.stdin, stdout: io.stdout });
    if (io.stdout.isTTY === true)
      guardSoon = setImmediate(() => {
        guardSoon = null;
        guard = startCrashGuard();
      });
    unhook = installRestoreHooks(() => {
      reader?.dispose();
      session?.restore();
      releaseGuard();
    });
    reader = attachKeyReader(io.stdin, onEvent);
  };
  const leave = () => {
    reader?.dispose();
    reader = null;
    unhook();
    unhook = () => undefined;
    session?.restore();
    releaseGuard();
  };
  const ignore = () => undefined;
  return {
    stdout,
    start: enter,
    stop: leave,
    async suspend(work, opts = {}) {
      if (handedOver) throw new Error('another program has the terminal');
      handedOver = true;
      held = true;
      leave();
      for (const signal of IGNORED_WHILE_HANDED_OVER) process.on(signal, ignore);
      try {
        const result = await work();
        if (opts.pause) await waitForEnter(io, opts.pause);
        return result;
      } finally {
        for (const signal of IGNORED_WHILE_HANDED_OVER) process.removeListener(signal, ignore);
        held = false;
        enter();
        handedOver = false;
        // Ink answers a resize with a whole frame (see above).
        io.stdout.emit('resize');
      }
    },
  };
}

/** Shows `message` and waits for Enter (the terminal is in its usual line mode: a line ends on Enter). */
function waitForEnter(io: { stdin: NodeJS.ReadStream; stdout: NodeJS.WriteStream }, message: string): Promise<void> {
  if (io.stdin.isTTY !== true) return Promise.resolve();
  io.stdout.write(`\n${message}`);
  return new Promise((resolve) => {
    const done = () => {
      io.stdin.removeListener('data', done);
      io.stdin.removeListener('end', done);
      io.stdin.pause();
      resolve();
    };
    io.stdin.on('data', done);
    io.stdin.on('end', done);
    io.stdin.resume();
  });
}
