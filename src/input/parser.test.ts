import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bindingName, type InputEvent } from './key.js';
import { createKeyParser, type Timers } from './parser.js';

/** Timers the test fires by hand: the Escape timeout happens exactly when the test says so. */
function manualTimers() {
  const live = new Map<number, { fn: () => void; ms: number }>();
  let next = 1;
  const timers: Timers = {
    set(fn, ms) {
      live.set(next, { fn, ms });
      return next++;
    },
    clear: (handle) => void live.delete(handle as number),
  };
  return {
    timers,
    pending: () => live.size,
    /** Fires the timers set for at most `upToMs` (all by default): the Escape timeout alone is fire(50). */
    fire(upToMs = Infinity) {
      const due = [...live].filter(([, t]) => t.ms <= upToMs);
      for (const [id] of due) live.delete(id);
      for (const [, t] of due) t.fn();
    },
  };
}

function setup(opts: { pasteCap?: number } = {}) {
  const events: InputEvent[] = [];
  const clock = manualTimers();
  const parser = createKeyParser({ onEvent: (e) => events.push(e), timers: clock.timers, ...opts });
  return { parser, events, clock };
}

/** Events as short strings: key binding names, and paste:<length>. */
function names(events: InputEvent[]): string[] {
  return events.map((e) => (e.kind === 'paste' ? `paste:${e.text.length}${e.truncated ? '!' : ''}` : bindingName(e)));
}

/** Feeds each chunk, then lets the Escape timeout fire. */
function parseChunks(chunks: (string | Uint8Array)[], opts: { pasteCap?: number } = {}): InputEvent[] {
  const { parser, events, clock } = setup(opts);
  for (const chunk of chunks) parser.push(chunk);
  clock.fire();
  return events;
}

describe('createKeyParser: bursts from the issue', () => {
  it('jjj in one read is three keys', () => {
    expect(names(parseChunks(['jjj']))).toEqual(['j', 'j', 'j']);
  });

  it('kk, j⏎ and Enter Enter in one read', () => {
    expect(names(parseChunks(['kk']))).toEqual(['k', 'k']);
    expect(names(parseChunks(['j\r']))).toEqual(['j', 'enter']);
    expect(names(parseChunks(['\r\r']))).toEqual(['enter', 'enter']);
  });

  it(':key 1⏎ in one read is every key, space included', () => {
    const events = parseChunks([':key 1\r']);
    expect(names(events)).toEqual([':', 'k', 'e', 'y', 'space', '1', 'enter']);
    expect(events.map((e) => (e.kind === 'key' ? (e.text ?? '') : '')).join('')).toBe(':key 1');
  });

  it('Esc then Ctrl-C in one read is Escape, then Ctrl+C', () => {
    expect(names(parseChunks(['\x1b\x03']))).toEqual(['escape', 'ctrl+c']);
  });

  it('two backspaces in one read', () => {
    expect(names(parseChunks(['\x7f\x7f']))).toEqual(['backspace', 'backspace']);
    expect(names(parseChunks(['\b\x7f']))).toEqual(['backspace', 'backspace']);
  });

  it('an arrow split across two reads is one arrow', () => {
    const { parser, events, clock } = setup();
    parser.push('\x1b');
    expect(events).toEqual([]);
    parser.push('[B');
    expect(names(events)).toEqual(['down']);
    expect(clock.pending()).toBe(0);
  });

  it('a 2 KB bracketed paste split in pieces is one paste event, whole', () => {
    const text = Array.from({ length: 2048 }, (_, i) => 'abc xyz\t:q\r\x7f'[i % 12]).join('');
    const stream = `j\x1b[200~${text}\x1b[201~k`;
    for (const size of [1, 3, 7, 100, 513]) {
      const chunks: string[] = [];
      for (let i = 0; i < stream.length; i += size) chunks.push(stream.slice(i, i + size));
      const events = parseChunks(chunks);
      expect(names(events)).toEqual(['j', 'paste:2048', 'k']);
      expect(events[1]).toEqual({ kind: 'paste', text, truncated: false });
    }
  });

  it('the paste start marker split mid-marker', () => {
    for (let cut = 1; cut < 6; cut++) {
      const marker = '\x1b[200~';
      const events = parseChunks([marker.slice(0, cut), marker.slice(cut) + 'q:x', '\x1b[20', '1~j']);
      expect(events).toEqual([{ kind: 'paste', text: 'q:x', truncated: false }, expect.objectContaining({ name: 'j' })]);
    }
  });
});

describe('createKeyParser: keys', () => {
  it('names special keys, with their modifiers', () => {
    const cases: [string, string][] = [
      ['\x1b[A', 'up'],
      ['\x1bOB', 'down'],
      ['\x1b[C', 'right'],
      ['\x1b[D', 'left'],
      ['\x1b[1;5A', 'ctrl+up'],
      ['\x1b[1;2B', 'shift+down'],
      ['\x1b[1;3C', 'alt+right'],
      ['\x1b[H', 'home'],
      ['\x1b[F', 'end'],
      ['\x1b[1~', 'home'],
      ['\x1b[4~', 'end'],
      ['\x1bOH', 'home'],
      ['\x1b[5~', 'pageup'],
      ['\x1b[6~', 'pagedown'],
      ['\x1b[6;5~', 'ctrl+pagedown'],
      ['\x1b[3~', 'delete'],
      ['\x1b[2~', 'insert'],
      ['\x1b[Z', 'shift+tab'],
      ['\t', 'tab'],
      ['\r', 'enter'],
      ['\n', 'enter'],
      ['\x1bOP', 'f1'],
      ['\x1b[15~', 'f5'],
      ['\x1b[24~', 'f12'],
      ['\x1bOM', 'enter'],
      ['\x03', 'ctrl+c'],
      ['\x12', 'ctrl+r'],
      ['\x13', 'ctrl+s'],
      ['\x00', 'ctrl+space'],
      [' ', 'space'],
      ['G', 'G'],
      ['?', '?'],
      ['é', 'é'],
      ['😀', '😀'],
      ['\x1bj', 'alt+j'],
      ['\x1b\x7f', 'alt+backspace'],
    ];
    for (const [input, name] of cases) expect(names(parseChunks([input])), JSON.stringify(input)).toEqual([name]);
  });

  it('gives text only to plain printable keys', () => {
    const events = parseChunks(['a\x01\x1bb \r']);
    expect(events.map((e) => (e.kind === 'key' ? e.text : null))).toEqual(['a', undefined, undefined, ' ', undefined]);
  });

  it('marks upper-case letters as shifted', () => {
    const [key] = parseChunks(['G']);
    expect(key).toMatchObject({ name: 'G', shift: true, ctrl: false, alt: false, sequence: 'G' });
  });

  it('drops unknown and malformed sequences without leaking them as text', () => {
    expect(names(parseChunks(['a\x1b[99~b']))).toEqual(['a', 'b']);
    expect(names(parseChunks(['a\x1b[?1;2cb']))).toEqual(['a', 'b']);
    expect(names(parseChunks(['a\x1b[201~b']))).toEqual(['a', 'b']);
    expect(names(parseChunks(['a\x1b[I\x1b[Ob']))).toEqual(['a', 'b']);
    expect(names(parseChunks(['a\x1bOzb']))).toEqual(['a', 'b']);
    expect(names(parseChunks(['a\x1b[[Ab']))).toEqual(['a', 'b']);
    expect(names(parseChunks([`a\x1b[${'1;'.repeat(100)}Ab`]))).toEqual(['a', 'b']);
    // A control byte inside a sequence ends it; the control key still counts.
    expect(names(parseChunks(['a\x1b[1\x03b']))).toEqual(['a', 'ctrl+c', 'b']);
    // C1 controls are never text.
    expect(names(parseChunks(['a\u009bb']))).toEqual(['a', 'b']);
  });

  it('keeps a character split across reads whole (UTF-8 bytes and UTF-16 halves)', () => {
    const bytes = Buffer.from('é😀', 'utf8');
    expect(names(parseChunks([bytes.subarray(0, 1), bytes.subarray(1, 3), bytes.subarray(3, 5), bytes.subarray(5)]))).toEqual(['é', '😀']);
    const emoji = '😀';
    expect(names(parseChunks(['a' + emoji[0], emoji[1] + 'b']))).toEqual(['a', '😀', 'b']);
  });
});

describe('createKeyParser: handlers', () => {
  it('a handler that resets the parser (quitting) gets no more keys from that read', () => {
    const events: InputEvent[] = [];
    const parser = createKeyParser({
      onEvent: (e) => {
        events.push(e);
        if (e.kind === 'key' && (e.name === 'q' || e.ctrl)) parser.reset();
      },
      timers: manualTimers().timers,
    });
    parser.push('jq\x1b[Bk');
    parser.push('\x1b[200~a\x03q\x1b[201~');
    expect(names(events)).toEqual(['j', 'q', 'ctrl+c']);
    parser.push('x');
    expect(names(events)).toEqual(['j', 'q', 'ctrl+c', 'x']);
  });

  it('a handler that throws does not get the same key again; the rest of the read follows with the next one', () => {
    const seen: string[] = [];
    const parser = createKeyParser({
      onEvent: (e) => {
        seen.push(names([e])[0]!);
        if (seen.length === 1) throw new Error('handler bug');
      },
      timers: manualTimers().timers,
    });
    expect(() => parser.push('ab')).toThrow('handler bug');
    parser.push('c');
    // 'b' waited in the parser, and comes before 'c'.
    expect(seen).toEqual(['a', 'b', 'c']);
  });
});

describe('createKeyParser: the Escape timeout', () => {
  it('a lone Escape is Escape only when the timeout fires', () => {
    const { parser, events, clock } = setup();
    parser.push('\x1b');
    expect(events).toEqual([]);
    expect(clock.pending()).toBe(1);
    clock.fire();
    expect(names(events)).toEqual(['escape']);
  });

  it('Esc then a key in a later read is two keys, in one read it is Alt+key', () => {
    const { parser, events } = setup();
    parser.push('\x1b');
    parser.push('j');
    expect(names(events)).toEqual(['escape', 'j']);
    expect(names(parseChunks(['\x1bj']))).toEqual(['alt+j']);
  });

  it('Esc Esc is two Escapes; Esc then an arrow is Escape, arrow', () => {
    expect(names(parseChunks(['\x1b\x1b']))).toEqual(['escape', 'escape']);
    expect(names(parseChunks(['\x1b\x1b[A']))).toEqual(['escape', 'up']);
  });

  it('a timeout in the middle of a sequence ends it: ESC [ alone is Alt+[, a broken CSI is dropped', () => {
    const a = setup();
    a.parser.push('\x1b[');
    a.clock.fire();
    a.parser.push('B');
    expect(names(a.events)).toEqual(['alt+[', 'B']);
    const b = setup();
    b.parser.push('\x1b[1;');
    b.clock.fire();
    b.parser.push('5Aj');
    expect(names(b.events)).toEqual(['5', 'A', 'j']);
  });

  it('flush() ends the wait at once', () => {
    const { parser, events, clock } = setup();
    parser.push('x\x1b');
    parser.flush();
    expect(names(events)).toEqual(['x', 'escape']);
    expect(clock.pending()).toBe(0);
  });

  it('a new read cancels the pending timeout', () => {
    const { parser, events, clock } = setup();
    parser.push('\x1b[');
    parser.push('A');
    expect(clock.pending()).toBe(0);
    expect(names(events)).toEqual(['up']);
  });

  it('reset() forgets unfinished input', () => {
    const { parser, events, clock } = setup();
    parser.push('\x1b[20');
    parser.reset();
    parser.push('j');
    clock.fire();
    expect(names(events)).toEqual(['j']);
  });
});

describe('createKeyParser: bracketed paste', () => {
  it('runs no keys from pasted text and keeps it whole, control bytes included', () => {
    const events = parseChunks(['\x1b[200~:quit\rq\x1b[A\x1b[201~']);
    expect(events).toEqual([{ kind: 'paste', text: ':quit\rq\x1b[A', truncated: false }]);
  });

  it('reports Ctrl+C inside a paste at once, and the paste goes on', () => {
    const { parser, events } = setup();
    parser.push('\x1b[200~ab');
    parser.push('\x03');
    expect(names(events)).toEqual(['ctrl+c']);
    parser.push('cd\x1b[201~');
    expect(events[1]).toEqual({ kind: 'paste', text: 'abcd', truncated: false });
  });

  it('caps a huge paste and says so', () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const chunks = ['\x1b[200~'];
    for (let i = 0; i < big.length; i += 65536) chunks.push(big.slice(i, i + 65536));
    chunks.push('\x1b[201~j');
    const events = parseChunks(chunks, { pasteCap: 1024 * 1024 });
    expect(names(events)).toEqual([`paste:${1024 * 1024}!`, 'j']);
  });

  it('never cuts a surrogate pair at the cap', () => {
    const events = parseChunks(['\x1b[200~a😀b\x1b[201~'], { pasteCap: 2 });
    expect(events).toEqual([{ kind: 'paste', text: 'a', truncated: true }]);
  });

  it('an empty paste is one empty paste event', () => {
    expect(parseChunks(['\x1b[200~\x1b[201~'])).toEqual([{ kind: 'paste', text: '', truncated: false }]);
  });

  it('waits for the end marker through the Escape timeout', () => {
    const { parser, events, clock } = setup();
    parser.push('\x1b[200~abc\x1b[2');
    clock.fire(50);
    parser.push('01~');
    expect(events).toEqual([{ kind: 'paste', text: 'abc', truncated: false }]);
  });
});

describe('createKeyParser: a paste whose end marker never comes', () => {
  it('ends after a silence with its text kept and says it was unterminated; keys work again', () => {
    const { parser, events, clock } = setup();
    parser.push('\x1b[200~deploy:prod');
    parser.push('uction');
    // The Escape timeout is not the end of a paste.
    clock.fire(50);
    expect(events).toEqual([]);
    clock.fire();
    expect(events).toEqual([{ kind: 'paste', text: 'deploy:production', truncated: false, unterminated: true }]);
    parser.push('q');
    expect(names(events)).toEqual(['paste:17', 'q']);
  });

  it('waits the paste silence from the last read, not the first', () => {
    const delays: number[] = [];
    const timers: Timers = { set: (_fn, ms) => delays.push(ms), clear: () => {} };
    const parser = createKeyParser({ onEvent: () => {}, timers, pasteIdleMs: 700 });
    parser.push('\x1b[200~a');
    parser.push('b');
    expect(delays).toEqual([700, 700]);
  });

  it('drops the half of an end marker it was waiting on', () => {
    const { parser, events, clock } = setup();
    parser.push('\x1b[200~hi\x1b[20');
    clock.fire();
    expect(events).toEqual([{ kind: 'paste', text: 'hi', truncated: false, unterminated: true }]);
    parser.push('j');
    expect(names(events)).toEqual(['paste:2', 'j']);
  });
});

describe('createKeyParser: mouse reports are dropped whole', () => {
  it('X10/normal: ESC [ M and three bytes, whatever they are (a `q` among them)', () => {
    expect(names(parseChunks(['\x1b[M !qj']))).toEqual(['j']);
    expect(names(parseChunks(['\x1b[M#qq', 'k']))).toEqual(['k']);
  });

  it('X10 split across reads, and in UTF-8 mode (1005: coordinates past 95 as characters)', () => {
    expect(names(parseChunks(['\x1b[', 'M', ' ', '!q', 'j']))).toEqual(['j']);
    expect(names(parseChunks(['\x1b[M \u00e0\u0150j']))).toEqual(['j']);
  });

  it('SGR (press and release) and urxvt', () => {
    expect(names(parseChunks(['\x1b[<0;81;12M\x1b[<0;81;12mj', '\x1b[32;81;113Mk']))).toEqual(['j', 'k']);
  });
});

// Pieces terminals send, plus garbage: the splitting property must hold for any mix of them.
const TOKENS = [
  '\x1b[M !q',
  '\x1b[<0;81;12m',
  'j',
  'k',
  'G',
  ' ',
  ':',
  'é',
  '😀',
  '中',
  '\r',
  '\n',
  '\t',
  '\x7f',
  '\b',
  '\x03',
  '\x01',
  '\x1b',
  '\x1b[A',
  '\x1b[B',
  '\x1b[1;5C',
  '\x1b[5~',
  '\x1b[3~',
  '\x1b[Z',
  '\x1bOA',
  '\x1bOP',
  '\x1b[15~',
  '\x1bj',
  '\x1b\x7f',
  '\x1b[99~',
  '\x1b[?25h',
  '\x1b[200~',
  '\x1b[201~',
  '\x1b[20',
  '\x1b[',
  '\u009b',
  '\x1b[200~pasted :text\r\x1b[201~',
];

/** Split points that would separate ESC from the key it makes Alt+key (that differs by design). */
function altBoundaries(bytes: Buffer): Set<number> {
  const out = new Set<number>();
  for (let e = 0; e + 1 < bytes.length; e++) {
    if (bytes[e] !== 0x1b) continue;
    const next = bytes[e + 1]!;
    if (next === 0x5b || next === 0x4f) continue;
    const length = next >= 0xf0 ? 4 : next >= 0xe0 ? 3 : next >= 0xc0 ? 2 : 1;
    for (let p = e + 1; p <= e + length; p++) out.add(p);
  }
  return out;
}

describe('createKeyParser: properties', () => {
  it('any split of a byte stream into reads yields the same events as the whole stream', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 12 }), (tokens, cuts) => {
        const bytes = Buffer.from(tokens.join(''), 'utf8');
        const forbidden = altBoundaries(bytes);
        const points = [...new Set(cuts.map((c) => (bytes.length === 0 ? 0 : c % bytes.length)))]
          .filter((p) => p > 0 && !forbidden.has(p))
          .sort((a, b) => a - b);
        const chunks: Buffer[] = [];
        let from = 0;
        for (const p of points) {
          chunks.push(bytes.subarray(from, p));
          from = p;
        }
        chunks.push(bytes.subarray(from));
        expect(parseChunks(chunks)).toEqual(parseChunks([bytes]));
      }),
      { numRuns: 500 },
    );
  });

  it('unambiguous keys come out one for one, whatever the chunking', () => {
    const keys: [string, string][] = [
      ['j', 'j'],
      ['G', 'G'],
      [' ', 'space'],
      ['é', 'é'],
      ['😀', '😀'],
      ['\r', 'enter'],
      ['\t', 'tab'],
      ['\x7f', 'backspace'],
      ['\x03', 'ctrl+c'],
      ['\x1b[A', 'up'],
      ['\x1b[6~', 'pagedown'],
      ['\x1b[Z', 'shift+tab'],
      ['\x1bOB', 'down'],
      ['\x1b[1;5D', 'ctrl+left'],
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...keys), { maxLength: 30 }), fc.integer({ min: 1, max: 9 }), (picked, size) => {
        const bytes = Buffer.from(picked.map(([s]) => s).join(''), 'utf8');
        const chunks: Buffer[] = [];
        for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
        expect(names(parseChunks(chunks))).toEqual(picked.map(([, n]) => n));
      }),
      { numRuns: 300 },
    );
  });

  it('never emits text with a control character in it', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 6 })), { maxLength: 30 }), (parts) => {
        for (const event of parseChunks(parts)) {
          if (event.kind === 'key' && event.text !== undefined) expect(event.text).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('takes any bytes without throwing, and keeps control bytes out of key text', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 24 }), { maxLength: 12 }), (chunks) => {
        for (const event of parseChunks(chunks)) {
          if (event.kind === 'key' && event.text !== undefined) expect(event.text).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
          if (event.kind === 'key') expect(event.name.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});
