import { describe, expect, it } from 'vitest';
import { highlight } from './LogView.js';

describe('search highlight', () => {
  it('marks every occurrence inverse, across span boundaries, keeping the text and styles', () => {
    const spans = [
      { text: 'Tests: 3 fa', style: { fg: 'red' as const } },
      { text: 'iled, 2 FAILED', style: {} },
    ];
    const out = highlight(spans, 'failed');
    expect(out.map((s) => s.text).join('')).toBe('Tests: 3 failed, 2 FAILED');
    expect(out.filter((s) => s.style.inverse).map((s) => s.text)).toEqual(['fa', 'iled', 'FAILED']);
    expect(out[0]).toEqual({ text: 'Tests: 3 ', style: { fg: 'red' } });
  });
  it('takes /regex/ and treats other text literally', () => {
    expect(
      highlight([{ text: 'exit code 1 (a.b)', style: {} }], '/code [1-9]/')
        .filter((s) => s.style.inverse)
        .map((s) => s.text),
    ).toEqual(['code 1']);
    expect(
      highlight([{ text: 'a.b axb', style: {} }], 'a.b')
        .filter((s) => s.style.inverse)
        .map((s) => s.text),
    ).toEqual(['a.b']);
  });
});
