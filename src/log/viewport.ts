// Which rows of the log are on screen, as a pure function of the view's state and the pane's size.
// Computed when the size changes as well as when lines arrive: were `top` recomputed only on new
// lines or moves, shrinking the terminal while following would keep the old top and the last rows
// (the tail being followed) would fall below the pane.

export interface ViewportInput {
  /** Visible rows (after folds). */
  readonly count: number;
  /** Screen rows the pane has for the log. */
  readonly height: number;
  readonly top: number;
  readonly cursor: number;
  readonly follow: boolean;
  /** Screen rows a visible row takes (wrapped lines take several); 1 each when omitted. */
  readonly rowHeight?: (row: number) => number;
}

export interface Viewport {
  readonly top: number;
  readonly cursor: number;
}

/** The first row of the last page: the rows from it to the end fill at most `height` screen rows (never fewer than one row). */
export function lastPageTop(count: number, height: number, rowHeight?: (row: number) => number): number {
  if (count <= 0) return 0;
  const h = Math.max(1, Math.floor(height));
  if (!rowHeight) return Math.max(0, count - h);
  let top = count - 1;
  let used = Math.max(1, rowHeight(top));
  while (top > 0) {
    const next = Math.max(1, rowHeight(top - 1));
    if (used + next > h) break;
    used += next;
    top -= 1;
  }
  return top;
}

/**
 * Following: the cursor on the last row and the last page on screen, whatever the height is now.
 * Otherwise the cursor stays where it is (clamped to the log) and the top moves as little as it
 * must to keep it on screen; a top past the last page (the pane grew) comes back so no screen rows
 * are left empty below the end.
 */
export function fitViewport(input: ViewportInput): Viewport {
  const { count, height, follow, rowHeight } = input;
  if (count <= 0) return { top: 0, cursor: 0 };
  const last = count - 1;
  const pageTop = lastPageTop(count, height, rowHeight);
  if (follow) return { top: pageTop, cursor: last };
  const cursor = Math.max(0, Math.min(last, Math.floor(input.cursor)));
  let top = Math.max(0, Math.min(Math.floor(input.top), pageTop, cursor));
  // Rows from top through the cursor must fit; move the top down until they do.
  const h = Math.max(1, Math.floor(height));
  const size = rowHeight ?? (() => 1);
  let used = 0;
  for (let row = top; row <= cursor; row += 1) used += Math.max(1, size(row));
  while (used > h && top < cursor) {
    used -= Math.max(1, size(top));
    top += 1;
  }
  return { top, cursor };
}
