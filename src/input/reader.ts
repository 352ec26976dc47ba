// Reads a terminal's stdin once, in raw mode, and calls back once per key, in order. This is the
// only place that listens to stdin: Ink must not (no useInput), or two readers would split the
// bytes between them.
import type { InputEvent } from './key.js';
import { createKeyParser, type Timers } from './parser.js';

/** The part of a tty.ReadStream the reader uses (structural, so tests can pass a PassThrough). */
export interface KeySource {
  on(event: 'data', listener: (chunk: string | Buffer) => void): unknown;
  removeListener(event: 'data', listener: (chunk: string | Buffer) => void): unknown;
  resume?(): unknown;
  pause?(): unknown;
  isTTY?: boolean;
  isRaw?: boolean;
  setRawMode?(mode: boolean): unknown;
}

export interface KeyReaderOptions {
  escapeTimeoutMs?: number;
  pasteCap?: number;
  timers?: Timers;
}

export interface KeyReader {
  /** Delivers a pending lone Escape now (e.g. before quitting). */
  flush(): void;
  /** Stops reading, puts raw mode back as it was, drops unfinished input. Safe to call twice. */
  dispose(): void;
}

/** True when `stream` is a terminal that can be put in raw mode (Ink's `isRawModeSupported`). */
export function isRawModeSupported(stream: KeySource): boolean {
  return stream.isTTY === true && typeof stream.setRawMode === 'function';
}

/**
 * Starts reading `stream`. On a terminal it switches raw mode on (keys come byte by byte, Ctrl+C
 * is a key rather than SIGINT); a non-terminal stream (tests, a pipe) is read as it is.
 * `onEvent` runs synchronously per key: each key sees what the previous one did.
 */
export function attachKeyReader(stream: KeySource, onEvent: (event: InputEvent) => void, options: KeyReaderOptions = {}): KeyReader {
  const parser = createKeyParser({ onEvent, ...options });
  const raw = isRawModeSupported(stream);
  const wasRaw = stream.isRaw === true;
  if (raw && !wasRaw) stream.setRawMode!(true);
  const onData = (chunk: string | Buffer) => parser.push(chunk);
  stream.on('data', onData);
  stream.resume?.();
  let disposed = false;
  return {
    flush: () => parser.flush(),
    dispose() {
      if (disposed) return;
      disposed = true;
      stream.removeListener('data', onData);
      parser.reset();
      if (raw && !wasRaw) stream.setRawMode!(false);
      // A paused stdin no longer holds the event loop open.
      stream.pause?.();
    },
  };
}
