import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { Sparkline, sparkline } from './Sparkline.js';
import { displayWidth } from '../../text/safe.js';

afterEach(() => {
  cleanup();
});

describe('sparkline', () => {
  it('scales from zero to the largest value', () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7], 8)).toBe('▁▂▃▄▅▆▇█');
    expect(sparkline([70, 35, 0], 3)).toBe('█▅▁');
  });

  it('keeps near-equal values near-equal (zero-based, not min–max)', () => {
    expect(sparkline([100, 102, 98], 3)).toBe('███');
  });

  it('draws every present value as at least the lowest bar', () => {
    expect(sparkline([1, 1000], 2)).toBe('▁█');
    expect(sparkline([0, 0], 2)).toBe('▁▁');
  });

  it('leaves a gap for missing values', () => {
    expect(sparkline([10, null, 10, undefined, Number.NaN, -1, 5], 7)).toBe('█ █   ▅');
    expect(sparkline([10, null, 5], 3, { gap: '·' })).toBe('█·▅');
  });

  it('shows the newest values, right-aligned, in exactly `width` cells', () => {
    expect(sparkline([1, 2], 5)).toBe('   ▅█');
    expect(sparkline([100, 1, 2, 4], 3)).toBe('▃▅█'); // 100 scrolled out: scale is over what is shown
    for (const width of [0, 1, 7, 20]) expect(displayWidth(sparkline([3, 1, 4, 1, 5, 9, 2, 6], width))).toBe(width);
    expect(sparkline([1, 2, 3], -4)).toBe('');
    expect(sparkline([1, 2, 3], Number.NaN)).toBe('');
  });

  it('draws nothing but spaces for an empty or all-missing series', () => {
    expect(sparkline([], 4)).toBe('    ');
    expect(sparkline([null, null], 2)).toBe('  ');
  });
});

describe('Sparkline', () => {
  it('renders the bars as text, with or without colour', () => {
    const { lastFrame } = render(<Sparkline values={[1, 2, 4, 8]} width={6} />);
    expect((lastFrame() ?? '').replace(/\x1b\[[0-9;]*m/g, '')).toBe('  ▂▃▅█');
    const coloured = render(<Sparkline values={[1, 2, 4, 8]} width={6} color="blue" gap="·" />);
    expect((coloured.lastFrame() ?? '').replace(/\x1b\[[0-9;]*m/g, '')).toBe('  ▂▃▅█');
  });
});
