// The frame builder pipetop's patch (patches/ink+6.8.0.patch) puts into Ink 6.8.0 as
// build/pipetop-output.js: Output.get() returns renderFrame(this). This TypeScript file is the source
// (type-checked with the app); scripts/ink/patches.mjs `make` turns it into the patch's JS.
//
// Why: Ink turns every frame into text by filling a width×height grid of styled cells, one object
// per cell, and converting each row back to a string — for all rows, every frame. Moving the
// selection changes two rows of forty. renderFrame produces the same string, row by row:
// - a row whose writes (the ordered (x, text) pairs after clipping and transformers, and the width)
//   are unchanged is reused from the last frames — one string key and a map lookup;
// - a new row whose writes are left to right with blank cells between them is joined from each
//   line's cached string (renderRow); anything else goes through Ink's own grid (renderGrid).
// bench/latency.mjs measures it; test/ink-output.test.ts checks every frame equals Ink's own.
import { styledCharsToString, type StyledChar } from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';

// Text with no escape sequence whose every code point is a cluster of its own at least one cell
// wide: printable ASCII, Latin-1 and the Latin extensions without the soft hyphen, punctuation
// without the separators and format characters, arrows to braille (›, ·, ⏎, │, ✔, ⠋).
const UNCUT = /^[\x20-\x7e\u00a1-\u00ac\u00ae-\u02ff\u2010-\u2027\u2030-\u205e\u2190-\u2bff]*$/;

/** Ink's OutputCaches (build/output.js) as the patch leaves it: shared by all frames, counting cells. */
export interface OutputCaches {
  widths: Map<string, number>;
  blockWidths: Map<string, number>;
  styledChars: Map<string, StyledChar[]>;
  /** Cells held by styledChars (added by the patch). */
  cells: number;
  getStyledChars(line: string): StyledChar[];
  getStringWidth(text: string): number;
  getWidestLine(text: string): number;
}

interface Clip {
  x1?: number;
  x2?: number;
  y1?: number;
  y2?: number;
}

type Operation =
  | { type: 'write'; x: number; y: number; text: string; transformers: ((line: string, index: number) => string)[] }
  | { type: 'clip'; clip: Clip }
  | { type: 'unclip' };

/** The fields of Ink's Output that get() reads. */
export interface OutputState {
  width: number;
  height: number;
  operations: Operation[];
  caches: OutputCaches;
}

// 1,000 rows is 25 screens of 40: scrolling back and forth stays warm, and the caches stay ~1 MB.
const ROW_CACHE_LIMIT = 1000;
const CACHE_LIMIT = 20000;
// A line's cells are an object and an array per character (~250 bytes each), so that cache is
// bounded by cells, not lines: 20,000 lines were some 40 MB (bench/leak.mjs). 20,000 cells (~5 MB)
// hold four 120×40 screens; rows that did not change never get there.
const CELL_LIMIT = 20000;
const rowCache = new Map<string, string>();
const NO_STYLES: StyledChar['styles'] = [];

/** Bounds the caches Ink's frames share (they would otherwise hold every line ever drawn). */
function trimOutputCaches(caches: OutputCaches): void {
  if (caches.cells > CELL_LIMIT) {
    caches.styledChars.clear();
    caches.cells = 0;
  }
  for (const map of [caches.widths, caches.blockWidths]) {
    if (map.size > CACHE_LIMIT) map.clear();
  }
}

/** Ink's Output.get(): the frame's text, the same string Ink's grid gives. */
export function renderFrame(output: OutputState): { output: string; height: number } {
  if (rowCache.size > ROW_CACHE_LIMIT) rowCache.clear();
  const { caches } = output;
  trimOutputCaches(caches);
  /** Per row: the writes that reach it, in order, as [x, line, x, line, …]. */
  const writes: (number | string)[][] = [];
  for (let y = 0; y < output.height; y++) writes.push([]);
  const clips: Clip[] = [];
  for (const operation of output.operations) {
    if (operation.type === 'clip') clips.push(operation.clip);
    if (operation.type === 'unclip') clips.pop();
    if (operation.type !== 'write') continue;
    // From here to the loop over lines: Ink's clipping, unchanged but for a line that needs no cut.
    const { text, transformers } = operation;
    let { x, y } = operation;
    let lines = text.split('\n');
    const clip = clips.at(-1);
    if (clip) {
      const clipHorizontally = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
      const clipVertically = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
      if (clipHorizontally) {
        const width = caches.getWidestLine(text);
        if (x + width < clip.x1! || x > clip.x2!) continue;
      }
      if (clipVertically) {
        const height = lines.length;
        if (y + height < clip.y1! || y > clip.y2!) continue;
      }
      if (clipHorizontally) {
        lines = lines.map((line) => {
          const from = x < clip.x1! ? clip.x1! - x : 0;
          const width = caches.getStringWidth(line);
          const to = x + width > clip.x2! ? clip.x2! - x : width;
          // pipetop: such a line inside the clip is kept whole: slice-ansi would return it unchanged,
          // after tokenizing it and making the first grapheme segmenter (start-up, bench/startup.mjs).
          return from === 0 && to === width && UNCUT.test(line) ? line : sliceAnsi(line, from, to);
        });
        if (x < clip.x1!) x = clip.x1!;
      }
      if (clipVertically) {
        const from = y < clip.y1! ? clip.y1! - y : 0;
        const height = lines.length;
        const to = y + height > clip.y2! ? clip.y2! - y : height;
        lines = lines.slice(from, to);
        if (y < clip.y1!) y = clip.y1!;
      }
    }
    for (let index = 0; index < lines.length; index++) {
      // Ink skips a line below the grid (and, as it does not advance, every line after it).
      const row = writes[y + index];
      if (!row) break;
      let line = lines[index]!;
      for (const transformer of transformers) line = transformer(line, index);
      row.push(x, line);
    }
  }
  const rows: string[] = [];
  for (let y = 0; y < output.height; y++) {
    const row = writes[y]!;
    const key = `${output.width}\u0000${row.join('\u0000')}`;
    let value = rowCache.get(key);
    if (value === undefined) {
      value = renderRow(row, output.width, caches);
      rowCache.set(key, value);
    }
    rows.push(value);
  }
  return { output: rows.join('\n'), height: output.height };
}

interface LineInfo {
  /** The line as Ink's row-to-string step writes it. */
  text: string;
  /** The cells it advances. */
  advance: number;
}

/** Cached: a line is often drawn again at another place (a list scrolled by one row). */
const lineCache = new Map<string, LineInfo>();
function lineOf(line: string, caches: OutputCaches): LineInfo {
  let info = lineCache.get(line);
  if (info === undefined) {
    const chars = caches.getStyledChars(line);
    let advance = 0;
    for (const character of chars) advance += Math.max(1, caches.getStringWidth(character.value));
    info = { text: styledCharsToString(chars), advance };
    if (lineCache.size > ROW_CACHE_LIMIT) lineCache.clear();
    lineCache.set(line, info);
  }
  return info;
}

/**
 * One row as Ink's get() builds it. When the writes come left to right with blank cells between
 * them — a list row, a row and its scrollbar — those cells carry no style, so the row's string is
 * each line's own string with spaces between: that is built directly. Otherwise (overlap, touching
 * writes, a write left of the edge) Ink's grid: blank cells, then each write in order.
 */
function renderRow(row: (number | string)[], width: number, caches: OutputCaches): string {
  let text = '';
  let cursor = 0;
  for (let i = 0; i < row.length; i += 2) {
    const x = row[i] as number;
    // Writes must not overlap, and consecutive ones need a blank cell between them: touching
    // cells are joined by a style diff (no reset), which only the grid reproduces.
    if (x < cursor || (i > 0 && (x === cursor || cursor >= width))) return renderGrid(row, width, caches);
    const line = lineOf(row[i + 1] as string, caches);
    // Blank cells exist only inside the width; Ink's grid leaves holes past it, and drops them.
    text += ' '.repeat(Math.max(0, Math.min(x, width) - cursor)) + line.text;
    cursor = x + line.advance;
  }
  return text.trimEnd();
}

/** Ink's own algorithm: a grid row of blank cells, then each write in order. */
function renderGrid(row: (number | string)[], width: number, caches: OutputCaches): string {
  const cells: (StyledChar | undefined)[] = [];
  // One (never mutated) style list for all blank cells: see the styledChars patch.
  for (let x = 0; x < width; x++) cells.push({ type: 'char', value: ' ', fullWidth: false, styles: NO_STYLES });
  for (let i = 0; i < row.length; i += 2) {
    let offsetX = row[i] as number;
    for (const character of caches.getStyledChars(row[i + 1] as string)) {
      cells[offsetX] = character;
      const characterWidth = Math.max(1, caches.getStringWidth(character.value));
      if (characterWidth > 1) {
        for (let index = 1; index < characterWidth; index++) {
          cells[offsetX + index] = { type: 'char', value: '', fullWidth: false, styles: character.styles };
        }
      }
      offsetX += characterWidth;
    }
  }
  return styledCharsToString(cells.filter((item): item is StyledChar => item !== undefined)).trimEnd();
}
