// Bytes from a raw-mode terminal in, keypresses out, in order. A read from stdin holds whatever
// the terminal had sent by then: several keys (key repeat, fast typing, a laggy SSH link), half an
// escape sequence, or a multi-megabyte paste. So the parser streams: it keeps an unfinished UTF-8
// character or escape sequence until the next chunk, and every printable character of a run is a
// key of its own.
//
// Rules (the tests in parser.test.ts hold each of them):
// - CSI (ESC [ params final) and SS3 (ESC O x) sequences stay whole across reads; unknown or
//   malformed ones are dropped, never shown as text.
// - A lone ESC at the end of a read is Escape once `escapeTimeoutMs` pass with nothing more. If
//   the next read starts a sequence ('[' or 'O'), the two make one key (an arrow split in two reads).
// - ESC + a printable key is Alt+key only inside one read: a person pressing Esc then `j` makes two
//   reads, a terminal's Alt+j makes one.
// - ESC + a control byte is Escape, then that control key: `\x1b\x03` is Escape then Ctrl+C. The
//   app binds no Alt+Ctrl keys, and reading it as Alt+Ctrl+C would hide the one key that must always
//   quit (someone pressing Esc then Ctrl-C quickly over SSH sends exactly these bytes).
// - Ctrl+C is reported even inside a bracketed paste (the paste goes on): a paste whose end marker
//   never comes must not leave the user unable to quit.
// - A bracketed paste (ESC[200~ … ESC[201~) is one PasteEvent, capped at `pasteCap` characters.
//   One whose end marker never comes (a terminal or multiplexer that dropped it) ends after
//   `pasteIdleMs` with no bytes: its text is kept and the event says `unterminated`, so the
//   keyboard is never left silently swallowing keys as paste text.
// - Mouse reports are dropped whole, in every encoding: X10/normal `ESC[M` + three bytes (which may
//   be any character, `q` included), SGR `ESC[<b;x;yM`/`m` and urxvt `ESC[b;x;yM` (pipetop turns no
//   mouse mode on, but a terminal left in one by another program still sends them).
import { StringDecoder } from 'node:string_decoder';
import { makeKey, type InputEvent, type Key } from './key.js';

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface KeyParserOptions {
  onEvent(event: InputEvent): void;
  /** How long a lone ESC waits for the rest of a sequence before it counts as Escape. */
  escapeTimeoutMs?: number;
  /** Longest paste kept, in UTF-16 units; the rest is dropped and the paste marked truncated. */
  pasteCap?: number;
  /** How long a bracketed paste may go without bytes before it ends unterminated. */
  pasteIdleMs?: number;
  /** Injected so tests decide when the Escape timeout fires. */
  timers?: Timers;
}

export interface KeyParser {
  /** Feeds one read. Buffers are decoded as UTF-8, a character split across reads is kept whole. */
  push(chunk: string | Uint8Array): void;
  /** Ends the wait for an unfinished sequence now, as if the Escape timeout had fired. */
  flush(): void;
  /** Drops any unfinished input and cancels the timer. */
  reset(): void;
}

export const DEFAULT_ESCAPE_TIMEOUT_MS = 50;
export const DEFAULT_PASTE_CAP = 4 * 1024 * 1024;
/**
 * A paste arrives as fast as the link carries it: even over a slow SSH link the gaps between its
 * reads are well under this. Long enough not to cut a real paste, short enough that a lost end
 * marker costs the user under a second.
 */
export const DEFAULT_PASTE_IDLE_MS = 700;

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';
/** Longer CSI sequences are garbage (or an attack on memory); they are dropped. */
const MAX_SEQUENCE = 64;
/** An unfinished sequence longer than this is dropped rather than kept waiting for its end. */
const MAX_PENDING_SEQUENCE = 4096;

interface DefaultTimer {
  timeout: ReturnType<typeof setTimeout>;
  immediate?: ReturnType<typeof setImmediate>;
}

const defaultTimers: Timers = {
  set(fn, ms) {
    // The wait ends in a setImmediate after the timeout, not in the timeout: a process that did not
    // get the CPU for a while (a loaded machine) finds its timers due and the rest of a sequence
    // already in the terminal's buffer at once, and Node runs due timers before it reads. The read
    // comes in the same turn of the event loop, before the immediate, and push() cancels the wait.
    const handle: DefaultTimer = {
      timeout: setTimeout(() => {
        // Not unref'd: with only unref'd immediates pending, Node waits for I/O before it runs them,
        // and a lone Escape would wait for the next key (test/input/pty.test.ts).
        handle.immediate = setImmediate(fn);
      }, ms),
    };
    // A pending Escape must not keep the process alive on its own.
    handle.timeout.unref?.();
    return handle;
  },
  clear: (handle) => {
    const { timeout, immediate } = handle as DefaultTimer;
    clearTimeout(timeout);
    if (immediate) clearImmediate(immediate);
  },
};

/** The result of reading at one position: a key (or nothing) and the text it used, or "wait for more". */
type Step = { events: InputEvent[]; length: number } | 'incomplete';

export function createKeyParser(options: KeyParserOptions): KeyParser {
  const emit = options.onEvent;
  const timeoutMs = options.escapeTimeoutMs ?? DEFAULT_ESCAPE_TIMEOUT_MS;
  const pasteCap = options.pasteCap ?? DEFAULT_PASTE_CAP;
  const timers = options.timers ?? defaultTimers;
  const pasteIdleMs = options.pasteIdleMs ?? DEFAULT_PASTE_IDLE_MS;
  let pasteTimer: unknown = null;
  let decoder = new StringDecoder('utf8');
  /** Unparsed text: an unfinished sequence or character left by the previous read. */
  let pending = '';
  let timer: unknown = null;
  /** Inside a bracketed paste: the pieces so far, their length, and whether some were dropped. */
  let paste: { parts: string[]; length: number; truncated: boolean } | null = null;

  const cancelTimer = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };
  const cancelPasteTimer = () => {
    if (pasteTimer !== null) timers.clear(pasteTimer);
    pasteTimer = null;
  };

  /** No byte for pasteIdleMs inside a paste: its end marker is not coming. Ends it with what came. */
  function onPasteIdle(): void {
    pasteTimer = null;
    const p = paste;
    if (p === null) return;
    cancelTimer();
    // What is left is the beginning of an end marker that never finished: not text.
    pending = '';
    paste = null;
    emit({ kind: 'paste', text: p.parts.join(''), truncated: p.truncated, unterminated: true });
  }

  function push(chunk: string | Uint8Array): void {
    const text = typeof chunk === 'string' ? chunk : decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if (text.length === 0) return;
    cancelTimer();
    // A lone ESC followed by a new read that does not continue a sequence was the Escape key.
    if (pending === '\x1b' && paste === null && text[0] !== '[' && text[0] !== 'O') {
      pending = '';
      emit(makeKey('escape', '\x1b'));
    }
    pending += text;
    cancelPasteTimer();
    parse(false);
    if (paste !== null) pasteTimer = timers.set(onPasteIdle, pasteIdleMs);
    else if (pending.length > 0) timer = timers.set(onTimeout, timeoutMs);
  }

  function onTimeout(): void {
    timer = null;
    parse(true);
  }

  function flush(): void {
    cancelTimer();
    parse(true);
  }

  function reset(): void {
    cancelTimer();
    cancelPasteTimer();
    pending = '';
    paste = null;
    decoder = new StringDecoder('utf8');
  }

  /** Parses `pending` as far as it goes. `final`: no more input is coming for the unfinished tail. */
  function parse(final: boolean): void {
    const text = pending;
    let i = 0;
    try {
      // `pending === text`: a handler may reset() the parser from inside emit(); then stop.
      while (i < text.length && pending === text) {
        if (paste !== null) {
          i = readPaste(text, i);
          if (paste !== null) break;
          continue;
        }
        const step = readKey(text, i, final);
        if (step === 'incomplete') break;
        // Consumed before it is emitted: a handler that throws must not get the same key again.
        i += step.length;
        for (const event of step.events) {
          if (event.kind === 'key' && event.sequence === PASTE_START) paste = { parts: [], length: 0, truncated: false };
          else emit(event);
        }
      }
    } finally {
      if (pending === text) pending = text.slice(i);
    }
  }

  /** Consumes paste text from `start`; returns where parsing goes on. Ends the paste at its end marker. */
  function readPaste(s: string, start: number): number {
    const p = paste!;
    const end = s.indexOf(PASTE_END, start);
    let stop = end >= 0 ? end : s.length;
    if (end < 0) {
      // Without the end marker, keep a tail that may be its beginning for the next read.
      const esc = s.lastIndexOf('\x1b');
      if (esc >= start && esc > s.length - PASTE_END.length && PASTE_END.startsWith(s.slice(esc))) stop = esc;
    }
    let from = start;
    for (let j = start; j < stop; j++) {
      if (s.charCodeAt(j) !== 0x03) continue;
      addPaste(p, s.slice(from, j));
      emit(makeKey('c', '\x03', { ctrl: true }));
      // The handler reset the parser (quitting): this paste is gone.
      if (paste !== p) return s.length;
      from = j + 1;
    }
    addPaste(p, s.slice(from, stop));
    if (end < 0) return stop;
    paste = null;
    emit({ kind: 'paste', text: p.parts.join(''), truncated: p.truncated });
    return end + PASTE_END.length;
  }

  function addPaste(p: { parts: string[]; length: number; truncated: boolean }, piece: string): void {
    if (piece.length === 0) return;
    const room = pasteCap - p.length;
    if (piece.length > room) {
      p.truncated = true;
      piece = piece.slice(0, Math.max(0, room));
      // Never keep half a surrogate pair at the cut.
      if (piece.length > 0 && isHighSurrogate(piece.charCodeAt(piece.length - 1))) piece = piece.slice(0, -1);
    }
    if (piece.length === 0) return;
    p.parts.push(piece);
    p.length += piece.length;
  }

  return { push, flush, reset };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

const none = (length: number): Step => ({ events: [], length });
const one = (key: Key, length: number): Step => ({ events: [key], length });

/** Reads one key at `i`. */
function readKey(s: string, i: number, final: boolean): Step {
  const code = s.charCodeAt(i);
  if (code === 0x1b) return readEscape(s, i, final);
  if (code < 0x20 || code === 0x7f) return one(controlKey(s[i]!), 1);
  // C1 controls are never text.
  if (code >= 0x80 && code < 0xa0) return none(1);
  if (isHighSurrogate(code)) {
    if (i + 1 >= s.length) return final ? none(1) : 'incomplete';
    if (!isLowSurrogate(s.charCodeAt(i + 1))) return none(1);
    return one(printable(s.slice(i, i + 2)), 2);
  }
  if (isLowSurrogate(code)) return none(1);
  return one(printable(s[i]!), 1);
}

function printable(ch: string): Key {
  if (ch === ' ') return { ...makeKey('space', ' '), text: ' ' };
  const shift = ch !== ch.toLowerCase();
  return { ...makeKey(ch, ch, { shift }), text: ch };
}

function controlKey(ch: string): Key {
  const code = ch.charCodeAt(0);
  if (code === 0x0d || code === 0x0a) return makeKey('enter', ch);
  if (code === 0x09) return makeKey('tab', ch);
  if (code === 0x7f || code === 0x08) return makeKey('backspace', ch);
  if (code === 0x00) return makeKey('space', ch, { ctrl: true });
  if (code <= 0x1a) return makeKey(String.fromCharCode(code + 0x60), ch, { ctrl: true });
  // 0x1c–0x1f: Ctrl+\ Ctrl+] Ctrl+^ Ctrl+_
  return makeKey(String.fromCharCode(code + 0x40), ch, { ctrl: true });
}

function readEscape(s: string, i: number, final: boolean): Step {
  if (i + 1 >= s.length) return final ? one(makeKey('escape', '\x1b'), 1) : 'incomplete';
  const next = s.charCodeAt(i + 1);
  if (next === 0x5b /* [ */) return readCsi(s, i, final);
  if (next === 0x4f /* O */) return readSs3(s, i, final);
  // ESC ESC, ESC + a control byte (Ctrl+C above all): Escape, then the next byte on its own.
  if (next === 0x1b || next < 0x20) return one(makeKey('escape', '\x1b'), 1);
  if (next === 0x7f) return one(makeKey('backspace', '\x1b\x7f', { alt: true }), 2);
  if (next >= 0x80 && next < 0xa0) return one(makeKey('escape', '\x1b'), 1);
  // Alt + a printable key (both arrived in this read).
  let length = 2;
  if (isHighSurrogate(next)) {
    if (i + 2 >= s.length) return final ? one(makeKey('escape', '\x1b'), 1) : 'incomplete';
    if (!isLowSurrogate(s.charCodeAt(i + 2))) return one(makeKey('escape', '\x1b'), 1);
    length = 3;
  } else if (isLowSurrogate(next)) {
    return one(makeKey('escape', '\x1b'), 1);
  }
  const base = printable(s.slice(i + 1, i + length));
  return one({ ...base, alt: true, sequence: s.slice(i, i + length), text: undefined }, length);
}

/** ESC [ params(0x30–0x3f)* intermediates(0x20–0x2f)* final(0x40–0x7e) */
function readCsi(s: string, i: number, final: boolean): Step {
  let j = i + 2;
  // Linux console function keys: ESC [ [ A … E.
  if (s[j] === '[') {
    if (j + 1 >= s.length) return final ? none(s.length - i) : 'incomplete';
    return none(j + 2 - i);
  }
  // An X10/normal mouse report: ESC [ M and three bytes (button, column, row: each 32 + n, so any
  // character — `q` is row 81). Dropped whole, or its bytes would be keys.
  if (s[j] === 'M') {
    if (j + 3 < s.length) return none(j + 4 - i);
    return final ? none(s.length - i) : 'incomplete';
  }
  while (j < s.length) {
    const c = s.charCodeAt(j);
    if (c >= 0x40 && c <= 0x7e) break;
    // A byte that cannot be in a CSI: drop what came so far, go on from that byte.
    if (c < 0x20 || c > 0x3f) return none(j - i);
    j++;
  }
  if (j >= s.length) {
    // Bound what an endless sequence can hold in memory.
    if (!final && j - i < MAX_PENDING_SEQUENCE) return 'incomplete';
    // Only "ESC [" came: that is Alt+[ typed alone; anything longer is a broken sequence.
    if (s.length - i === 2) return one(makeKey('[', '\x1b[', { alt: true }), 2);
    return none(s.length - i);
  }
  const sequence = s.slice(i, j + 1);
  if (sequence.length > MAX_SEQUENCE) return none(sequence.length);
  const key = csiKey(s.slice(i + 2, j), s[j]!, sequence);
  return key ? one(key, j + 1 - i) : none(j + 1 - i);
}

const CSI_LETTER: Record<string, string> = { A: 'up', B: 'down', C: 'right', D: 'left', H: 'home', F: 'end', E: 'clear', P: 'f1', Q: 'f2', R: 'f3', S: 'f4' };
const CSI_TILDE: Record<string, string> = {
  '1': 'home',
  '2': 'insert',
  '3': 'delete',
  '4': 'end',
  '5': 'pageup',
  '6': 'pagedown',
  '7': 'home',
  '8': 'end',
  '11': 'f1',
  '12': 'f2',
  '13': 'f3',
  '14': 'f4',
  '15': 'f5',
  '17': 'f6',
  '18': 'f7',
  '19': 'f8',
  '20': 'f9',
  '21': 'f10',
  '23': 'f11',
  '24': 'f12',
};

function csiKey(params: string, finalChar: string, sequence: string): Key | null {
  if (sequence === PASTE_START) return makeKey('paste-start', sequence);
  if (finalChar === 'Z' && params === '') return makeKey('tab', sequence, { shift: true });
  if (!/^[\d;]*$/.test(params)) return null;
  const fields = params.split(';');
  const mods = modifiers(fields[1]);
  if (mods === null) return null;
  if (finalChar === '~') {
    const name = CSI_TILDE[fields[0]!];
    return name ? makeKey(name, sequence, mods) : null;
  }
  const name = CSI_LETTER[finalChar];
  // 'clear' is keypad 5 without NumLock: no key of ours.
  if (!name || name === 'clear') return null;
  // ESC [ 1 ; m A, or ESC [ A; any other first field is not a key.
  if (fields[0] !== '' && fields[0] !== '1') return null;
  return makeKey(name, sequence, mods);
}

/** xterm's modifier parameter: 1 + (shift 1 | alt 2 | ctrl 4 | meta 8). */
function modifiers(field: string | undefined): { ctrl: boolean; alt: boolean; shift: boolean } | null {
  if (field === undefined || field === '') return { ctrl: false, alt: false, shift: false };
  const n = Number(field) - 1;
  if (!Number.isInteger(n) || n < 0 || n > 15) return null;
  return { shift: (n & 1) !== 0, alt: (n & 2) !== 0 || (n & 8) !== 0, ctrl: (n & 4) !== 0 };
}

const SS3: Record<string, string> = { A: 'up', B: 'down', C: 'right', D: 'left', H: 'home', F: 'end', P: 'f1', Q: 'f2', R: 'f3', S: 'f4', M: 'enter' };

/** ESC O x: arrows and F1–F4 in application mode (some terminals put a modifier digit before x). */
function readSs3(s: string, i: number, final: boolean): Step {
  let j = i + 2;
  while (j < s.length && j - i < 8 && /[\d;]/.test(s[j]!)) j++;
  if (j >= s.length) {
    if (!final) return 'incomplete';
    // Only "ESC O" came: Alt+O typed alone.
    if (s.length - i === 2) return one(makeKey('O', '\x1bO', { alt: true, shift: true }), 2);
    return none(s.length - i);
  }
  const c = s.charCodeAt(j);
  if (c < 0x40 || c > 0x7e) return none(j - i);
  const sequence = s.slice(i, j + 1);
  const name = SS3[s[j]!];
  if (!name) return none(j + 1 - i);
  const digits = s.slice(i + 2, j).replace(/^1?;/, '');
  const mods = modifiers(digits === '' ? undefined : digits);
  return mods ? one(makeKey(name, sequence, mods), j + 1 - i) : none(j + 1 - i);
}
