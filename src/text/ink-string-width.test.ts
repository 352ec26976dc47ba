import realStringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import stringWidth from './ink-string-width.js';

describe('the string-width stand-in Ink is bundled with', () => {
  it('ignores colour and hyperlink escapes unless asked to count them', () => {
    expect(stringWidth('\x1b[31mfailed\x1b[39m')).toBe(6);
    expect(stringWidth('\x1b]8;;https://example.com\x07link\x1b]8;;\x07')).toBe(4);
    expect(stringWidth('\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\')).toBe(4);
    expect(stringWidth('\x9b1mbold\x9b22m')).toBe(4);
    expect(stringWidth('\x1b[31mab', { countAnsiEscapeCodes: true })).toBe(6);
    expect(stringWidth('')).toBe(0);
    expect(stringWidth(undefined)).toBe(0);
  });

  // What pipetop draws: ASCII, the footer's symbols, box drawing, status glyphs, CJK, emoji.
  it.each([
    'pipeline #1042 running',
    '⏎ open  ↑↓ move  ⇥ next',
    '│ ├─ └─ ▸ ▾ ●',
    '✔ passed ✖ failed ⊘ skipped ◷',
    'ビルド 失敗',
    '🚀 deploy 👍🏽 👨‍👩‍👧',
    'café naïve',
    '\x1b[32m✔\x1b[39m ok',
  ])('agrees with string-width on %j', (text) => {
    expect(stringWidth(text)).toBe(realStringWidth(text));
  });
});
