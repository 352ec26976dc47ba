// Wrapping a styled log line into display rows, for the log pane's `W` mode. Left to the terminal
// (or to Ink's own wrap of a whole line), a long line took more rows than the pane had counted, so
// rows were drawn over each other, and continuation rows started at column 0, under the gutter.
// Here a line is cut into rows of at most `width` cells, by grapheme cluster and display width (a
// wide character that does not fit moves to the next row whole), keeping each piece's style; every
// continuation row starts with `indent` blank cells, so text lines up after the gutter. Cutting is
// by character, like `less`: a log is not prose, and a path or a hash must not move to find a space.
import { displayWidth, graphemes } from '../text/safe.js';
import type { Span, Style } from './style.js';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const PLAIN: Style = Object.freeze({});

/** The clusters of `text` with their widths; ASCII is one cell a character. */
function* clusters(text: string): Generator<[string, number]> {
  if (PRINTABLE_ASCII.test(text)) {
    for (const ch of text) yield [ch, 1];
    return;
  }
  for (const { segment } of graphemes(text)) yield [segment, displayWidth(segment)];
}

/**
 * `spans` as display rows of at most `width` cells. Row 0 holds the line's start; the others start
 * with an unstyled span of `indent` spaces (ignored when it leaves no room). A line that fits, or
 * an empty one, is one row. Put a gutter in as the first span: then `indent` = its width lines the
 * text up under itself.
 */
export function wrapSpans(spans: readonly Span[], width: number, indent = 0): Span[][] {
  const cells = Math.max(1, Math.floor(width));
  const lead = indent > 0 && indent < cells ? Math.floor(indent) : 0;
  const rows: Span[][] = [];
  let row: Span[] = [];
  let used = 0;
  /** Where the current row's own text starts: 0 on the first row, after the indent on the others. */
  let start = 0;
  let piece = '';
  let pieceStyle: Style = PLAIN;
  const flushPiece = (): void => {
    if (piece !== '') row.push({ text: piece, style: pieceStyle });
    piece = '';
  };
  const newRow = (): void => {
    flushPiece();
    rows.push(row);
    row = lead > 0 ? [{ text: ' '.repeat(lead), style: PLAIN }] : [];
    used = lead;
    start = lead;
  };
  for (const span of spans) {
    pieceStyle = span.style;
    for (const [cluster, w] of clusters(span.text)) {
      // A cluster wider than a whole row (2 cells in a 1-cell row) goes alone on its row.
      if (used + w > cells && used > start) newRow();
      piece += cluster;
      used += w;
    }
    flushPiece();
  }
  flushPiece();
  rows.push(row);
  return rows;
}

/** How many rows wrapSpans would give, without building them. */
export function wrappedRowCount(spans: readonly Span[], width: number, indent = 0): number {
  const cells = Math.max(1, Math.floor(width));
  const lead = indent > 0 && indent < cells ? Math.floor(indent) : 0;
  let rows = 1;
  let used = 0;
  let start = 0;
  for (const span of spans) {
    if (PRINTABLE_ASCII.test(span.text) && used + span.text.length <= cells) {
      used += span.text.length;
      continue;
    }
    for (const [, w] of clusters(span.text)) {
      if (used + w > cells && used > start) {
        rows += 1;
        used = lead;
        start = lead;
      }
      used += w;
    }
  }
  return rows;
}
