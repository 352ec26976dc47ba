import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { bindingName, type InputEvent } from './key.js';
import { attachKeyReader, isRawModeSupported } from './reader.js';
import { until as waitUntil } from '../../test/helpers/until.js';
import { enterTerminal, installRestoreHooks, ALT_SCREEN_OFF, ALT_SCREEN_ON, CURSOR_SHOW, PASTE_OFF, PASTE_ON } from './terminal.js';

function label(e: InputEvent): string {
  return e.kind === 'paste' ? `paste:${e.text}` : bindingName(e);
}

/** A stand-in for a tty.ReadStream: records raw mode changes. */
function fakeTty() {
  const stream = Object.assign(new PassThrough(), { isTTY: true, isRaw: false, modes: [] as boolean[] });
  return Object.assign(stream, {
    setRawMode(mode: boolean) {
      stream.isRaw = mode;
      stream.modes.push(mode);
      return stream;
    },
  });
}

// The reader hands keys on within a turn or two of the event loop.
const until = (check: () => boolean, what: string) => waitUntil(check, what, { timeoutMs: 2000, everyMs: 0 });

describe('attachKeyReader', () => {
  it('delivers every key of each write, in order, across writes', async () => {
    const stdin = fakeTty();
    const seen: string[] = [];
    const reader = attachKeyReader(stdin, (e) => seen.push(label(e)));
    stdin.write('jjj');
    stdin.write(Buffer.from('\x1b'));
    stdin.write('[B:key 1\r');
    stdin.write('\x1b[200~a b\x1b[201~\x7f\x7f');
    await until(() => seen.length >= 14, 'fourteen keys');
    expect(seen).toEqual(['j', 'j', 'j', 'down', ':', 'k', 'e', 'y', 'space', '1', 'enter', 'paste:a b', 'backspace', 'backspace']);
    reader.dispose();
  });

  it('switches raw mode on, and back off on dispose (twice is harmless)', () => {
    const stdin = fakeTty();
    expect(isRawModeSupported(stdin)).toBe(true);
    const reader = attachKeyReader(stdin, () => {});
    expect(stdin.isRaw).toBe(true);
    reader.dispose();
    reader.dispose();
    expect(stdin.modes).toEqual([true, false]);
  });

  it('leaves raw mode alone on a stream that is not a terminal, and stops reading on dispose', async () => {
    const stdin = new PassThrough();
    expect(isRawModeSupported(stdin)).toBe(false);
    const seen: string[] = [];
    const reader = attachKeyReader(stdin, (e) => seen.push(label(e)));
    stdin.write('a');
    await until(() => seen.length === 1, 'the key');
    reader.dispose();
    stdin.write('b');
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual(['a']);
  });

  it('a lone Escape arrives by itself on the real timers', async () => {
    const stdin = fakeTty();
    const seen: string[] = [];
    const reader = attachKeyReader(stdin, (e) => seen.push(label(e)), { escapeTimeoutMs: 5 });
    stdin.write('\x1b');
    for (let i = 0; i < 200 && seen.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen).toEqual(['escape']);
    reader.dispose();
  });

  it('flush() delivers a pending Escape at once', () => {
    const stdin = fakeTty();
    const seen: string[] = [];
    const reader = attachKeyReader(stdin, (e) => seen.push(label(e)), { escapeTimeoutMs: 60_000 });
    stdin.emit('data', Buffer.from('\x1b'));
    expect(seen).toEqual([]);
    reader.flush();
    expect(seen).toEqual(['escape']);
    reader.dispose();
  });
});

function fakeStdout(isTTY = true) {
  const out: string[] = [];
  return { isTTY, out, write: (s: string) => out.push(s) };
}

describe('enterTerminal', () => {
  it('enters the alternate screen and bracketed paste, and restores once', () => {
    const stdout = fakeStdout();
    const stdin = fakeTty();
    stdin.setRawMode(true);
    const session = enterTerminal({ stdin, stdout });
    expect(stdout.out).toEqual([ALT_SCREEN_ON, PASTE_ON]);
    session.restore();
    session.restore();
    expect(stdout.out).toEqual([ALT_SCREEN_ON, PASTE_ON, PASTE_OFF, ALT_SCREEN_OFF, CURSOR_SHOW]);
    expect(stdin.isRaw).toBe(false);
    expect(session.restored).toBe(true);
  });

  it('writes nothing when stdout is not a terminal', () => {
    const stdout = fakeStdout(false);
    const session = enterTerminal({ stdin: { isTTY: false }, stdout });
    session.restore();
    expect(stdout.out).toEqual([]);
  });

  it('still writes the restore sequences when raw mode cannot be switched off (hung-up terminal)', () => {
    const stdout = fakeStdout();
    const stdin = {
      isTTY: true,
      isRaw: true,
      setRawMode: () => {
        throw new Error('EIO');
      },
    };
    enterTerminal({ stdin, stdout }).restore();
    expect(stdout.out.slice(2)).toEqual([PASTE_OFF, ALT_SCREEN_OFF, CURSOR_SHOW]);
  });
});

describe('installRestoreHooks', () => {
  function fakeProcess() {
    const emitter = new EventEmitter();
    const exits: (number | undefined)[] = [];
    return Object.assign(emitter, { exits, exit: (code?: number) => void exits.push(code) });
  }

  it('restores on exit, on a crash, and on SIGTERM/SIGINT/SIGHUP (exiting 128 + signal)', () => {
    for (const [event, code] of [
      ['SIGTERM', 143],
      ['SIGINT', 130],
      ['SIGHUP', 129],
    ] as const) {
      const proc = fakeProcess();
      let restores = 0;
      installRestoreHooks(() => restores++, proc);
      proc.emit(event, event);
      expect(restores).toBe(1);
      expect(proc.exits).toEqual([code]);
    }
    for (const event of ['exit', 'uncaughtExceptionMonitor']) {
      const proc = fakeProcess();
      let restores = 0;
      installRestoreHooks(() => restores++, proc);
      proc.emit(event, new Error('boom'));
      expect(restores).toBe(1);
      expect(proc.exits).toEqual([]);
    }
  });

  it('removes every hook it installed', () => {
    const proc = fakeProcess();
    const remove = installRestoreHooks(() => {}, proc);
    remove();
    expect(proc.eventNames()).toEqual([]);
  });
});
