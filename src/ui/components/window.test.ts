import { describe, expect, it } from 'vitest';
import { thumbFor, windowFor } from './window.js';

describe('windowFor', () => {
  it('starts at 0 when everything fits or nothing is there', () => {
    expect(windowFor(5, 4, 10, 3)).toEqual({ offset: 0 });
    expect(windowFor(0, 0, 10, 7)).toEqual({ offset: 0 });
    expect(windowFor(100, 50, 0, 7)).toEqual({ offset: 0 });
  });

  it('does not scroll while the selection moves inside the window', () => {
    expect(windowFor(100, 9, 10, 0)).toEqual({ offset: 0 });
    expect(windowFor(100, 25, 10, 20)).toEqual({ offset: 20 });
    expect(windowFor(100, 20, 10, 20)).toEqual({ offset: 20 });
  });

  it('scrolls by one when the selection steps past either edge', () => {
    expect(windowFor(100, 10, 10, 0)).toEqual({ offset: 1 });
    expect(windowFor(100, 19, 10, 20)).toEqual({ offset: 19 });
  });

  it('jumps so the selection is on the last row or the first row', () => {
    expect(windowFor(5000, 4999, 10, 0)).toEqual({ offset: 4990 });
    expect(windowFor(5000, 0, 10, 4990)).toEqual({ offset: 0 });
  });

  it('clamps a stale offset after the list shrinks', () => {
    expect(windowFor(20, 5, 10, 500)).toEqual({ offset: 5 });
    expect(windowFor(20, 15, 10, 500)).toEqual({ offset: 10 });
  });

  it('tolerates out-of-range and non-finite input', () => {
    expect(windowFor(100, -1, 10, 30)).toEqual({ offset: 0 });
    expect(windowFor(100, 1000, 10, 0)).toEqual({ offset: 90 });
    expect(windowFor(100, Number.NaN, 10, Number.NaN)).toEqual({ offset: 0 });
  });
});

describe('thumbFor', () => {
  it('fills the track when everything fits', () => {
    expect(thumbFor(5, 10, 0)).toEqual({ start: 0, size: 10 });
  });

  it('is at least one row, at the top first and at the bottom last', () => {
    expect(thumbFor(5000, 10, 0)).toEqual({ start: 0, size: 1 });
    expect(thumbFor(5000, 10, 4990)).toEqual({ start: 9, size: 1 });
  });

  it('is sized by the visible share', () => {
    expect(thumbFor(20, 10, 0)).toEqual({ start: 0, size: 5 });
    expect(thumbFor(20, 10, 10)).toEqual({ start: 5, size: 5 });
  });
});
