import { describe, expect, it } from 'vitest';
import {
  displayWidth,
  hiddenCharacter,
  padToWidth,
  safeDecodedUrlPart,
  safeDisplay,
  safeMultiline,
  safeText,
  truncateToWidth,
  visiblyEscaped,
} from './safe.js';

const ESC = '\x1b';

describe('safeText: escape sequences are removed entirely', () => {
  it.each([
    ['CSI clear screen', `a${ESC}[2Jb`, 'ab'],
    ['CSI SGR', `${ESC}[1;31mred${ESC}[0m`, 'red'],
    ['CSI private mode', `${ESC}[?1049hx`, 'x'],
    ['CSI with intermediates', `${ESC}[0 qx`, 'x'],
    ['OSC 52 ended by BEL', `x${ESC}]52;c;ZXZpbA==\x07y`, 'xy'],
    ['OSC 8 ended by ST', `${ESC}]8;;http://evil${ESC}\\link${ESC}]8;;${ESC}\\`, 'link'],
    ['OSC 0 title', `${ESC}]0;pwned\x07ok`, 'ok'],
    ['unterminated OSC swallows its payload', `ok${ESC}]52;c;ZXZpbA==`, 'ok'],
    ['DCS', `a${ESC}Pq#0;2;0;0;0${ESC}\\b`, 'ab'],
    ['SOS', `a${ESC}Xhidden${ESC}\\b`, 'ab'],
    ['PM', `a${ESC}^hidden${ESC}\\b`, 'ab'],
    ['APC', `a${ESC}_Gf=100;AAAA${ESC}\\b`, 'ab'],
    ['RIS (ESC c)', `a${ESC}cb`, 'ab'],
    ['two-char: save cursor', `a${ESC}7b`, 'ab'],
    ['nF: charset designation', `a${ESC}(0b`, 'ab'],
    ['lone ESC at the end', `ab${ESC}`, 'ab'],
    ['ESC ESC [', `a${ESC}${ESC}[2Jb`, 'ab'],
    ['CSI aborted by a control', `a${ESC}[2\nb`, 'a b'],
  ])('%s', (_name, input, expected) => {
    expect(safeText(input)).toBe(expected);
  });
});

describe('safeText: 8-bit C1 controls', () => {
  it.each([
    ['C1 CSI', 'a\u009b2Jb', 'ab'],
    ['C1 OSC ended by BEL', 'a\u009d52;c;ZXZpbA==\u0007b', 'ab'],
    ['C1 OSC ended by C1 ST', 'a\u009d0;title\u009cb', 'ab'],
    ['C1 DCS', 'a\u0090payload\u009cb', 'ab'],
    ['C1 APC', 'a\u009fpayload\u009cb', 'ab'],
    ['other C1 (NEL, IND)', 'a\u0085\u0084b', 'ab'],
  ])('%s', (_name, input, expected) => {
    expect(safeText(input)).toBe(expected);
  });

  it('leaves no character in U+0080–U+009F', () => {
    let all = '';
    for (let c = 0x80; c <= 0x9f; c++) all += `x${String.fromCharCode(c)}`;
    expect(safeText(all)).not.toMatch(/[\u0080-\u009f]/);
  });
});

describe('safeText: C0 controls, bidi, surrogates', () => {
  it('replaces C0 controls and DEL by a space', () => {
    expect(safeText('a\tb\nc\rd\x00e\x07f\x7fg\x08h')).toBe('a b c d e f g h');
  });

  it('drops bidi overrides, isolates and marks but keeps ZWJ', () => {
    expect(safeText('ma\u202ein\u202c\u2066x\u2069\u200e\u200f\u202a\u202b\u202d')).toBe('mainx');
    expect(safeText('a\u200bb\ufeffc')).toBe('abc');
    const family = '👨\u200d👩\u200d👧';
    expect(safeText(family)).toBe(family);
  });

  it('replaces lone surrogates and keeps pairs', () => {
    expect(safeText('a\ud800b')).toBe('a\ufffdb');
    expect(safeText('a\udc00b')).toBe('a\ufffdb');
    expect(safeText('end\ud83d')).toBe('end\ufffd');
    expect(safeText('😀')).toBe('😀');
  });

  it('accepts any value and never throws', () => {
    expect(safeText(null)).toBe('');
    expect(safeText(undefined)).toBe('');
    expect(safeText(42)).toBe('42');
    expect(
      safeText({
        toString: () => {
          throw new Error('no');
        },
      }),
    ).toBe('');
    expect(safeText(Object.create(null))).toBe('');
  });
});

describe('safeText: truncation', () => {
  it('cuts to maxLength code points with an ellipsis', () => {
    expect(safeText('abcdef', 4)).toBe('abc…');
    expect(safeText('abcd', 4)).toBe('abcd');
    expect(safeText('x'.repeat(1000))).toHaveLength(300);
    expect([...safeText('😀'.repeat(10), 5)]).toHaveLength(5);
    expect(safeText('abc', 0)).toBe('');
  });

  it('counts what remains after sanitizing', () => {
    expect(safeText(`${ESC}[2J`.repeat(100) + 'ok', 5)).toBe('ok');
  });
});

describe('safeMultiline', () => {
  it('keeps newlines, normalizes CR', () => {
    expect(safeMultiline('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
  });

  it('still strips escapes and other controls', () => {
    expect(safeMultiline(`line1\n${ESC}]52;c;x\x07line2\t\x00`)).toBe('line1\nline2  ');
  });

  it('truncates at 5000 by default', () => {
    expect(safeMultiline('y'.repeat(6000))).toHaveLength(5000);
  });
});

describe('displayWidth', () => {
  it('counts ASCII as 1', () => {
    expect(displayWidth('hello')).toBe(5);
    expect(displayWidth('')).toBe(0);
  });

  it('counts CJK and fullwidth as 2', () => {
    expect(displayWidth('漢字')).toBe(4);
    expect(displayWidth('한국어')).toBe(6);
    expect(displayWidth('ｆｕｌｌ')).toBe(8);
    expect(displayWidth('カタカナ')).toBe(8);
  });

  it('counts emoji as 2, including ZWJ sequences, flags and skin tones', () => {
    expect(displayWidth('😀')).toBe(2);
    expect(displayWidth('👨\u200d👩\u200d👧')).toBe(2);
    expect(displayWidth('🇩🇪')).toBe(2);
    expect(displayWidth('👍🏽')).toBe(2);
    expect(displayWidth('a😀b')).toBe(4);
  });

  it('counts combining marks and zero-width characters as 0', () => {
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('a\u0300\u0301\u0302')).toBe(1);
    expect(displayWidth('\u200d')).toBe(0);
    expect(displayWidth('\u0301')).toBe(0);
  });

  it('counts status glyphs and the ellipsis as 1', () => {
    expect(displayWidth('✔✖●◔○⊘»⚙◷…│█░')).toBe(13);
  });
});

describe('truncateToWidth and padToWidth', () => {
  it('fits a cut text with a spacing mark in its cluster (a counterexample hostile.property found)', () => {
    // U+0EB3 joins the cluster before it but takes a cell of its own: "aຳ" is two cells wide.
    for (const text of ['\u20f1\u0eb3\u1e00', 'a\u0eb3\u1e00', 'a\u0eb3b\u0eb3c']) {
      for (let width = 1; width <= 4; width++) expect(displayWidth(truncateToWidth(text, width))).toBeLessThanOrEqual(width);
    }
    expect(truncateToWidth('a\u0eb3\u1e00', 2)).toBe('…');
    expect(truncateToWidth('a\u0eb3b\u0eb3c', 4)).toBe('a\u0eb3…');
  });
  it('leaves text that fits alone', () => {
    expect(truncateToWidth('abc', 3)).toBe('abc');
    expect(truncateToWidth('漢字', 4)).toBe('漢字');
  });

  it('cuts with an ellipsis', () => {
    expect(truncateToWidth('abcdef', 4)).toBe('abc…');
    expect(truncateToWidth('abc', 1)).toBe('…');
    expect(truncateToWidth('abc', 0)).toBe('');
  });

  it('never exceeds the width with wide characters', () => {
    const samples = ['漢字漢字漢字', 'a漢b字c', '😀😀😀x', 'e\u0301e\u0301e\u0301e\u0301', '🇩🇪🇫🇷🇮🇹'];
    for (const text of samples) {
      for (let width = 0; width <= 12; width++) {
        const cut = truncateToWidth(text, width);
        expect(displayWidth(cut)).toBeLessThanOrEqual(width);
        if (displayWidth(text) > width && width > 0) expect(cut.endsWith('…')).toBe(true);
      }
    }
    expect(truncateToWidth('漢字漢字', 5)).toBe('漢字…');
    expect(truncateToWidth('漢字漢字', 4)).toBe('漢…');
  });

  it('pads to an exact width, left or right', () => {
    expect(padToWidth('ab', 4)).toBe('ab  ');
    expect(padToWidth('ab', 4, 'right')).toBe('  ab');
    expect(padToWidth('漢', 4)).toBe('漢  ');
    expect(padToWidth('abcdef', 4)).toBe('abc…');
    expect(displayWidth(padToWidth('漢字漢字', 5))).toBe(5);
  });
});

describe('safeMessage', () => {
  it('keeps the lines of a startup message and drops OSC 0/52, BEL and bidi overrides', async () => {
    const { safeMessage } = await import('./safe.js');
    const out = safeMessage('pipetop needs a token for https://a\u001b]0;pwned\u0007b\u001b]52;c;cHduZWQ=\u0007.com\nSet one of:\u202e');
    expect(out).toBe('pipetop needs a token for https://ab.com\nSet one of:');
  });
});

// The primitive the UI's Text runs every string through.
describe('safeDisplay and safeDecodedUrlPart', () => {
  it('drops C0/C1 controls, ESC in every form, bidi overrides/isolates and invisible format characters; keeps line breaks', () => {
    const hostile = 'a\u001b]0;t\u0007b\u009b2Jc\u009d52;c;x\u009cd\u001b[2Je\u202ef\u2066g\u200bh\u00adi\ufeffj\u206ak\r\nl';
    expect(safeDisplay(hostile)).toBe('abcdefghijk\nl');
  });

  it('returns clean text as it is (the fast path), ZWJ emoji and scripts included', () => {
    for (const text of ['›✔│ acme/api', 'Ελληνικά 日本語', '👩\u200d💻', 'line one\nline two']) expect(safeDisplay(text)).toBe(text);
  });

  it('decodes a URL part, then drops what decoding revealed; a malformed % is shown as sent', () => {
    expect(safeDecodedUrlPart(`grp${encodeURIComponent('\u001b]0;t\u0007\u001b]52;c;eA==\u0007\u202e')}%2Fproj`)).toBe('grp/proj');
    expect(safeDecodedUrlPart('bad%E0%A4%A/proj')).toBe('bad%E0%A4%A/proj');
    expect(safeDecodedUrlPart('%1B%5B2J%ZZ')).toBe('%1B%5B2J%ZZ');
  });
});

describe('hiddenCharacter and visiblyEscaped (forms send what they show)', () => {
  it('names the first character a line would not show', () => {
    expect(hiddenCharacter('feature/x-ü日本')).toBeNull();
    expect(hiddenCharacter('ma\u202ein')).toBe('U+202E');
    expect(hiddenCharacter('main\u001b]0;x\u0007')).toBe('U+001B');
    expect(hiddenCharacter('a\u009b2J')).toBe('U+009B');
    expect(hiddenCharacter('a\u200bb')).toBe('U+200B');
  });

  it('writes hidden characters out so they can be seen', () => {
    expect(visiblyEscaped('main\u001b]0;x\u0007\u202e')).toBe('main\\u{1B}]0;x\\u{7}\\u{202E}');
    expect(visiblyEscaped('plain')).toBe('plain');
  });
});

describe('the fast path agrees with the sanitizer', () => {
  it('on every UTF-16 code unit: unchanged by the fast path exactly when unchanged by the full scan', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      // A trailing U+0001 forces the full scan (it becomes a space).
      const full = safeDisplay(`${ch}\u0001`) === `${ch} `;
      const fullLine = safeText(`${ch}\u0001`) === `${ch} `;
      if ((safeDisplay(ch) === ch) !== full || (safeText(ch) === ch) !== fullLine || (hiddenCharacter(ch) === null) !== fullLine) {
        throw new Error(`U+${c.toString(16)}: fast ${safeDisplay(ch) === ch}, full ${full}, line ${fullLine}, hidden ${hiddenCharacter(ch)}`);
      }
    }
    // A pair is kept whole; a lone half is not.
    expect(safeDisplay('\ud83d\ude00')).toBe('\ud83d\ude00');
    expect(safeDisplay('a\ud83d')).toBe('a\ufffd');
  });
});
