import { describe, expect, it } from 'vitest';
import { displayWidth } from '../text/safe.js';
import type { Span, Style } from './style.js';
import { wrappedRowCount, wrapSpans } from './wrap.js';

const RED: Style = { fg: 'red' };
const BOLD: Style = { bold: true };
const span = (text: string, style: Style = {}): Span => ({ text, style });
const texts = (rows: Span[][]): string[] => rows.map((r) => r.map((s) => s.text).join(''));

describe('wrapSpans', () => {
  it('a line that fits is one row, unchanged; an empty line is one empty row', () => {
    expect(wrapSpans([span('short', RED)], 20, 2)).toEqual([[span('short', RED)]]);
    expect(wrapSpans([], 20, 2)).toEqual([[]]);
    expect(wrappedRowCount([], 20, 2)).toBe(1);
  });

  it('continuation rows start after the gutter, never at column 0, and no row is wider than the pane', () => {
    const line = [span('› ', {}), span('x'.repeat(25))];
    const rows = wrapSpans(line, 10, 2);
    expect(texts(rows)).toEqual(['› xxxxxxxx', '  xxxxxxxx', '  xxxxxxxx', '  x']);
    for (const row of rows) expect(displayWidth(row.map((s) => s.text).join(''))).toBeLessThanOrEqual(10);
    expect(wrappedRowCount(line, 10, 2)).toBe(rows.length);
  });

  it('keeps each piece its own style across the cuts', () => {
    const rows = wrapSpans([span('abcdef', RED), span('ghij', BOLD)], 4, 1);
    expect(rows).toEqual([[span('abcd', RED)], [span(' ', {}), span('ef', RED), span('g', BOLD)], [span(' ', {}), span('hij', BOLD)]]);
  });

  it('wide characters are never split: one that does not fit moves to the next row', () => {
    const rows = wrapSpans([span('ab漢字かな')], 5, 0);
    expect(texts(rows)).toEqual(['ab漢', '字か', 'な']);
    for (const row of rows) expect(displayWidth(row.map((s) => s.text).join(''))).toBeLessThanOrEqual(5);
    expect(wrappedRowCount([span('ab漢字かな')], 5, 0)).toBe(3);
  });

  it('emoji and combining marks stay whole clusters', () => {
    const family = '👨‍👩‍👧';
    const rows = wrapSpans([span(`e\u0301e\u0301${family}x`)], 3, 0);
    expect(texts(rows)).toEqual(['e\u0301e\u0301', `${family}x`]);
  });

  it('a cluster wider than a row still goes somewhere, alone on its row', () => {
    expect(texts(wrapSpans([span('漢字')], 1, 0))).toEqual(['漢', '字']);
  });

  it('an indent as wide as the row is ignored rather than looping', () => {
    expect(texts(wrapSpans([span('abcdef')], 3, 3))).toEqual(['abc', 'def']);
  });

  it('row counts agree with the rows for many widths', () => {
    const line = [span('› ', {}), span('12:00:01.123 ', { dim: true }), span('Downloading 漢字 artifacts for build (job 123) … ', RED), span('ok ✔', BOLD)];
    for (let width = 1; width <= 60; width += 1) {
      for (const indent of [0, 2, 15])
        expect([width, indent, wrappedRowCount(line, width, indent)]).toEqual([width, indent, wrapSpans(line, width, indent).length]);
    }
  });
});
