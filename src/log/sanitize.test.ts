import { describe, expect, it } from 'vitest';
import { basicOf256, nearestBasic } from './colors.js';
import { parseStyledLine, scanLine, scanLineInto, stripAnsi } from './sanitize.js';
import type { Span } from './style.js';

const E = '\x1b';
const spans = (line: string) => parseStyledLine(line).spans;

/** No escape or control character anywhere in what the pane would print. */
function expectInert(list: Span[]): void {
  for (const s of list) expect(s.text).not.toMatch(/[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
}

describe('SGR → styles', () => {
  it("keeps the runner's colours: bold cyan headers, green commands, red errors, yellow warnings, resets", () => {
    expect(spans(`${E}[36;1mExecuting "step_script" stage${E}[0;m`)).toEqual([{ text: 'Executing "step_script" stage', style: { fg: 'cyan', bold: true } }]);
    expect(spans(`${E}[32;1m$ npm ci${E}[0;m done`)).toEqual([
      { text: '$ npm ci', style: { fg: 'green', bold: true } },
      { text: ' done', style: {} },
    ]);
    expect(spans(`${E}[0;33mWARNING: cache miss${E}[0;m`)).toEqual([{ text: 'WARNING: cache miss', style: { fg: 'yellow' } }]);
    expect(spans(`${E}[31;1mERROR: Job failed: exit code 1${E}[0;m`)).toEqual([{ text: 'ERROR: Job failed: exit code 1', style: { fg: 'red', bold: true } }]);
  });

  it('parses attributes and their individual resets (22, 23, 24, 27, 39, 49)', () => {
    expect(spans(`${E}[1;2;3;4;7mA${E}[22mB${E}[23;24mC${E}[27mD`)).toEqual([
      { text: 'A', style: { bold: true, dim: true, italic: true, underline: true, inverse: true } },
      { text: 'B', style: { italic: true, underline: true, inverse: true } },
      { text: 'C', style: { inverse: true } },
      { text: 'D', style: {} },
    ]);
    expect(spans(`${E}[31;42mx${E}[39my${E}[49mz`)).toEqual([
      { text: 'x', style: { fg: 'red', bg: 'green' } },
      { text: 'y', style: { bg: 'green' } },
      { text: 'z', style: {} },
    ]);
  });

  it('bright colours 90–97 / 100–107 and the empty-parameter reset (ESC[m)', () => {
    expect(spans(`${E}[90mgray${E}[m ${E}[97;104mhi`)).toEqual([
      { text: 'gray', style: { fg: 'gray' } },
      { text: ' ', style: {} },
      { text: 'hi', style: { fg: 'whiteBright', bg: 'blueBright' } },
    ]);
  });

  it('maps 256-colour and truecolor down to the nearest of the 16 basic colours', () => {
    expect(spans(`${E}[38;5;196mred`)[0]!.style).toEqual({ fg: 'redBright' });
    expect(spans(`${E}[38;5;46mgreen`)[0]!.style).toEqual({ fg: 'greenBright' });
    expect(spans(`${E}[38;5;3mx`)[0]!.style).toEqual({ fg: 'yellow' }); // 0–15 are the basic colours themselves
    expect(spans(`${E}[48;5;244mx`)[0]!.style).toEqual({ bg: 'gray' });
    expect(spans(`${E}[38;5;231mx`)[0]!.style).toEqual({ fg: 'whiteBright' });
    expect(spans(`${E}[38;2;255;0;0mx`)[0]!.style).toEqual({ fg: 'redBright' });
    expect(spans(`${E}[38;2;200;0;0mx`)[0]!.style).toEqual({ fg: 'red' });
    expect(spans(`${E}[48;2;0;0;0;38;2;250;250;250mx`)[0]!.style).toEqual({ fg: 'whiteBright', bg: 'black' });
    // ITU T.416 colon forms, with and without the colour-space id.
    expect(spans(`${E}[38:2::0:205:205mx`)[0]!.style).toEqual({ fg: 'cyan' });
    expect(spans(`${E}[38:2:0:205:205mx`)[0]!.style).toEqual({ fg: 'cyan' });
    expect(spans(`${E}[38:5:21;1mx`)[0]!.style).toEqual({ fg: 'blue', bold: true });
    // Parameters after an extended colour keep working.
    expect(spans(`${E}[38;5;196;1;4mx`)[0]!.style).toEqual({ fg: 'redBright', bold: true, underline: true });
  });

  it('colour mapping tables', () => {
    expect(nearestBasic(0, 0, 0)).toBe(0);
    expect(nearestBasic(255, 255, 0)).toBe(11);
    expect(nearestBasic(130, 130, 130)).toBe(8);
    expect(basicOf256(9)).toBe(9);
    expect(basicOf256(226)).toBe(11); // #ffff00
    expect(basicOf256(16)).toBe(0); // #000000
  });

  it('styles carry over from the previous line (initial) and the end style is reported', () => {
    const first = parseStyledLine(`${E}[33mstill yellow`);
    expect(first.endStyle).toEqual({ fg: 'yellow' });
    const second = parseStyledLine(`on the next line${E}[0m.`, first.endStyle);
    expect(second.spans).toEqual([
      { text: 'on the next line', style: { fg: 'yellow' } },
      { text: '.', style: {} },
    ]);
    expect(second.endStyle).toEqual({});
  });

  it('style objects are shared and frozen (a consumer cannot corrupt them)', () => {
    const a = spans(`${E}[31mx`)[0]!.style;
    const b = spans(`${E}[0;31my`)[0]!.style;
    expect(a).toBe(b);
    expect(Object.isFrozen(a)).toBe(true);
  });

  it('ignores private and unknown parameters (ESC[?25m is not SGR; blink and strike draw nothing)', () => {
    expect(spans(`${E}[?1mx`)[0]!.style).toEqual({});
    expect(spans(`${E}[5;9;31mx`)[0]!.style).toEqual({ fg: 'red' });
    expect(spans(`${E}[99999999999999;32mx`)[0]!.style).toEqual({ fg: 'green' });
  });
});

describe('everything else is dropped', () => {
  const hostile: [string, string][] = [
    ['OSC 52 clipboard write (BEL)', `a${E}]52;c;cm0gLXJmIH4=${'\x07'}b`],
    ['OSC 52 clipboard write (ST)', `a${E}]52;c;cm0gLXJmIH4=${E}\\b`],
    ['OSC 0 window title', `a${E}]0;you have been pwned${'\x07'}b`],
    ['OSC 8 hyperlink around text', `a${E}]8;;https://evil.example${E}\\${E}]8;;${E}\\b`],
    ['CSI 2J clear screen', `a${E}[2J${E}[Hb`],
    ['CSI cursor moves', `a${E}[10;20H${E}[5A${E}[2Kb`],
    ['erase line (runner)', `a${E}[0Kb`],
    ['ESC c full reset', `a${E}cb`],
    ['ESC 7 / ESC 8 save/restore', `a${E}7${E}8b`],
    ['nF escape (charset)', `a${E}(0b`],
    ['DCS (sixel)', `a${E}Pq#0;2;0;0;0#1~~@@${E}\\b`],
    ['APC (kitty graphics)', `a${E}_Gf=100;AAAA${E}\\b`],
    ['PM and SOS', `a${E}^private${E}\\${E}Xstring${E}\\b`],
    ['BEL and NUL', `a\x07\x00b`],
    ['other C0 and DEL', `a\x01\x08\x0b\x0c\x0e\x1f\x7fb`],
    ['8-bit CSI U+009B', `a\u009b2J\u009b31mb`],
    ['8-bit OSC U+009D to ST', `a\u009d0;title\u009cb`],
    ['C1 controls', `a\u0085\u008d\u0090junk\u009cb`],
    ['bidi override (Trojan Source)', `a\u202e\u2066b`],
    ['a stray carriage return', `a\rb`],
  ];
  it.each(hostile)('%s', (_name, line) => {
    const { spans: out } = parseStyledLine(line);
    expectInert(out);
    expect(out.map((s) => s.text).join('')).toBe('ab');
    expect(out.every((s) => Object.keys(s.style).length === 0)).toBe(true);
  });

  it('an unterminated OSC swallows the rest of the line, as a terminal would', () => {
    expect(stripAnsi(`visible${E}]0;title without end`)).toBe('visible');
  });

  it('a sequence cut at the end of the line leaves nothing behind', () => {
    expect(stripAnsi(`x${E}[3`)).toBe('x');
    expect(stripAnsi(`x${E}`)).toBe('x');
    expect(stripAnsi(`x${E}[38;5`)).toBe('x');
  });

  it('tabs become spaces to the next multiple of 8, counted from the visible text', () => {
    expect(stripAnsi('a\tb')).toBe('a       b');
    expect(stripAnsi(`${E}[31mabcdefgh${E}[0m\tx`)).toBe('abcdefgh        x');
    expect(stripAnsi('\t\tx')).toBe(' '.repeat(16) + 'x');
  });

  it('lone surrogates become U+FFFD; pairs (emoji) are kept', () => {
    expect(stripAnsi('a\ud800b\udc00c 🚀')).toBe('a\ufffdb\ufffdc 🚀');
  });

  it('line and paragraph separators become spaces (Ink would break the row on them)', () => {
    expect(stripAnsi('a\u2028b\u2029c')).toBe('a b c');
  });

  it('plain text passes through untouched', () => {
    const text = 'Checking out 42c30de3 as detached HEAD (ref is main)... 修复购物车 ✔';
    expect(spans(text)).toEqual([{ text, style: {} }]);
  });
});

describe('invisible format characters', () => {
  it('drops U+200B, U+FEFF, soft hyphen, bidi marks and word joiners as every server string does; keeps ZWJ and ZWNJ', () => {
    expect(stripAnsi('a\u200bb\ufeffc\u00add\u200ee\u200ff\u2060g\u061ch')).toBe('abcdefgh');
    expect(stripAnsi('\ufeff$ make build')).toBe('$ make build');
    expect(stripAnsi('👩\u200d💻 می\u200cخواهم')).toBe('👩\u200d💻 می\u200cخواهم');
  });
});

describe("scanLineInto (the splitter's allocation-free scan)", () => {
  const lines = [
    'plain',
    `${E}[32;1m$ npm ci${E}[0;m`,
    `${E}[1mbold${E}[0m then ${E}[31mred${E}[0m`,
    `a${E}[31mb${E}[32mc${E}[33md${E}[34me${E}[35mf`,
    `${E}[0K`,
    '',
  ];

  it('gives what scanLine gives, in the object it is handed, with runs of their own', () => {
    const into = { text: 'stale', runs: [9, 9] as number[] | null, endKey: 7 };
    const seen: (number[] | null)[] = [];
    for (const line of lines) {
      for (const key of [0, 33]) {
        const want = scanLine(line, key);
        const got = scanLineInto(line, key, into);
        expect(got).toBe(into);
        expect({ ...got, runs: got.runs && [...got.runs] }).toEqual(want);
        if (got.runs) expect(seen).not.toContain(got.runs);
        seen.push(got.runs);
      }
    }
    expect(scanLine(lines[3]!, 0).runs).toHaveLength(12);
    // A line of 5,000 colour changes (past the scratch kept between lines), then a short one.
    const many = Array.from({ length: 5000 }, (_, i) => `${E}[3${i % 8}mx`).join('');
    const runs = scanLine(many, 0).runs!;
    expect([runs.length, runs.slice(0, 4), runs.slice(-2)]).toEqual([10_000, [32, 1, 64, 1], [256, 1]]); // black, red, …, white (fg + 1) << 5
    expect(scanLineInto(lines[2]!, 0, into)).toEqual(scanLine(lines[2]!, 0));
  });
});
