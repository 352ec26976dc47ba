import { describe, expect, it } from 'vitest';
import { fitViewport, lastPageTop } from './viewport.js';

describe('fitViewport', () => {
  it('following: shrinking the pane keeps the tail on screen', () => {
    // 100 rows followed in a 20-row pane: top 80. The pane shrinks to 8 rows.
    const before = { count: 100, height: 20, top: 80, cursor: 99, follow: true };
    expect(fitViewport(before)).toEqual({ top: 80, cursor: 99 });
    const after = fitViewport({ ...before, height: 8 });
    expect(after).toEqual({ top: 92, cursor: 99 });
    // The last row is on screen: top + height > last.
    expect(after.top + 8).toBeGreaterThan(99);
  });

  it('following: growing the pane, and a log shorter than the pane', () => {
    expect(fitViewport({ count: 100, height: 30, top: 92, cursor: 99, follow: true })).toEqual({ top: 70, cursor: 99 });
    expect(fitViewport({ count: 5, height: 30, top: 0, cursor: 4, follow: true })).toEqual({ top: 0, cursor: 4 });
    expect(fitViewport({ count: 0, height: 30, top: 3, cursor: 3, follow: true })).toEqual({ top: 0, cursor: 0 });
  });

  it('not following: the cursor stays, the top moves as little as needed', () => {
    expect(fitViewport({ count: 100, height: 20, top: 10, cursor: 25, follow: false })).toEqual({ top: 10, cursor: 25 });
    expect(fitViewport({ count: 100, height: 8, top: 10, cursor: 25, follow: false })).toEqual({ top: 18, cursor: 25 });
    expect(fitViewport({ count: 100, height: 8, top: 30, cursor: 25, follow: false })).toEqual({ top: 25, cursor: 25 });
    // Grown past the end: no empty screen rows below the last line.
    expect(fitViewport({ count: 100, height: 40, top: 90, cursor: 95, follow: false })).toEqual({ top: 60, cursor: 95 });
    // A cursor past the log (rows folded away) comes back to the last row.
    expect(fitViewport({ count: 10, height: 5, top: 40, cursor: 45, follow: false })).toEqual({ top: 5, cursor: 9 });
  });

  it('wrapped rows: the last page counts screen rows, not log rows', () => {
    const heights = [1, 1, 3, 1, 4, 2];
    const rowHeight = (row: number) => heights[row] ?? 1;
    expect(lastPageTop(6, 6, rowHeight)).toBe(4); // 4 + 2 = 6 screen rows
    expect(lastPageTop(6, 5, rowHeight)).toBe(5); // row 4 (4 rows) would not fit with row 5
    expect(lastPageTop(6, 1, rowHeight)).toBe(5); // the last row is shown even if taller than the pane
    expect(fitViewport({ count: 6, height: 7, top: 0, cursor: 5, follow: true, rowHeight })).toEqual({ top: 3, cursor: 5 });
    // Not following, cursor on row 4: rows 2..4 take 8 screen rows, too many for 6; from row 3 they take 5.
    expect(fitViewport({ count: 6, height: 6, top: 2, cursor: 4, follow: false, rowHeight })).toEqual({ top: 3, cursor: 4 });
  });
});
