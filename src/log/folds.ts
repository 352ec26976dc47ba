// Folded sections → which lines are hidden, and the mapping between visible rows and line indexes.
// A folded section keeps its header line and hides the rest. Hidden spans are kept as disjoint,
// sorted ranges with prefix sums of their lengths, so both directions are a binary search
// (O(log #ranges)) and a rebuild after a toggle is one pass over the sections.
import { Growable } from './growable.js';
import type { Section } from './sections.js';

/** A range still open (its section has not ended) runs to the last line of the log. */
const OPEN = -1;

export class FoldMap {
  private starts = new Growable(Int32Array, 64);
  private ends = new Growable(Int32Array, 64);
  /** hiddenBefore[k]: lines hidden by ranges 0..k-1 (closed ranges only: only the last may be open). */
  private hiddenBefore = new Growable(Float64Array, 64);
  /** visibleStart[k]: the row just after range k's first hidden line would be (a_k - hiddenBefore[k]). */
  private rowAt = new Growable(Float64Array, 64);

  /** Rebuilds the ranges from the sections (in id order, which is start-line order) and their fold state. */
  rebuild(sections: readonly Section[], isFolded: (id: number) => boolean): void {
    this.starts.resize(0);
    this.ends.resize(0);
    this.hiddenBefore.resize(0);
    this.rowAt.resize(0);
    let hidden = 0;
    for (const s of sections) {
      if (!isFolded(s.id)) continue;
      const a = s.startLine + 1;
      const b = s.endLine === null ? OPEN : s.endLine;
      if (b !== OPEN && b < a) continue; // nothing but the header
      const k = this.starts.length - 1;
      if (k >= 0) {
        const lastEnd = this.ends.get(k);
        if (lastEnd === OPEN || lastEnd >= a - 1) {
          // Nested in (or touching) the previous range: widen it.
          if (lastEnd !== OPEN) {
            const widened = b === OPEN ? OPEN : Math.max(lastEnd, b);
            this.ends.set(k, widened);
          }
          continue;
        }
        hidden += lastEnd - this.starts.get(k) + 1;
      }
      this.starts.push(a);
      this.ends.push(b);
      this.hiddenBefore.push(hidden);
      this.rowAt.push(a - hidden);
    }
  }

  /** Lines hidden in a log of `lineCount` lines. */
  hiddenCount(lineCount: number): number {
    const k = this.starts.length - 1;
    if (k < 0) return 0;
    const a = this.starts.get(k);
    if (a >= lineCount) return this.hiddenBefore.get(k);
    const end = this.ends.get(k);
    const b = end === OPEN ? lineCount - 1 : Math.min(end, lineCount - 1);
    return this.hiddenBefore.get(k) + (b - a + 1);
  }

  visibleCount(lineCount: number): number {
    return lineCount - this.hiddenCount(lineCount);
  }

  /** Line index shown at a visible row, or -1 past the end. */
  visibleLine(row: number, lineCount: number): number {
    if (row < 0 || row >= this.visibleCount(lineCount)) return -1;
    // Ranges that start at or before this row's line: the row's line lies after all of them.
    const k = this.rowAt.upperBound(row) - 1;
    if (k < 0) return row;
    const end = this.ends.get(k);
    const len = end - this.starts.get(k) + 1; // never open here: nothing visible follows an open range
    return row + this.hiddenBefore.get(k) + len;
  }

  /** Visible row of a line; a hidden line maps to its folded section's header row. */
  rowOfLine(line: number): number {
    const k = this.starts.upperBound(line) - 1;
    if (k < 0) return line;
    const a = this.starts.get(k);
    const end = this.ends.get(k);
    if (end === OPEN || line <= end) return a - 1 - this.hiddenBefore.get(k);
    return line - this.hiddenBefore.get(k) - (end - a + 1);
  }
}

/**
 * The line the cursor stays on across fold changes. The cursor is a visible row, and a row is a
 * different line once folds change, so the view keeps the line instead: `anchor` is the line it
 * kept last time. While the cursor still sits where that line shows (on it, or on the folded header
 * hiding it), the anchor holds, so fold-all then unfold-all (Z Z) comes back to the very line; once
 * the user moved, the line under the cursor is the new anchor. After the change, the cursor goes to
 * `rowOfLine(anchor)`: the line itself, or the header of the section that now hides it.
 */
export function cursorAnchor(
  cursorRow: number,
  anchor: number | null | undefined,
  map: { rowOfLine(line: number): number; visibleLine(row: number): number },
): number {
  if (anchor !== null && anchor !== undefined && anchor >= 0 && map.rowOfLine(anchor) === cursorRow) return anchor;
  return Math.max(0, map.visibleLine(cursorRow));
}
