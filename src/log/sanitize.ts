// The SGR-only sanitizer. A job log is written by whoever controls the CI script, so it is hostile
// input for the user's terminal (docs/gitlab-api.md "Job log"): like GitLab's own log view we keep
// colours and attributes (SGR) and drop every other escape or control sequence: OSC (window titles,
// OSC 52 clipboard writes, hyperlinks), CSI cursor moves and screen clears, DCS/SOS/PM/APC strings,
// single-character escapes (`ESC c` resets the terminal), C0 controls (BEL, NUL, …), 8-bit C1
// controls (U+009B is a one-character CSI), bidi overrides (they reorder the rest of the row).
// Tabs become spaces to the next multiple of 8, so column layout does not depend on the renderer.
// Pure functions, no I/O: the line model and the spool reader both go through here.
import { applySgr } from './sgr.js';
import { keyOfStyle, PLAIN, styleOfKey, type Span, type Style } from './style.js';
import { BACKSLASH, BEL, CAN, ESC, ST_C1, SUB } from '../text/controls.js';
import { isInvisible } from '../text/safe.js';

const TAB = 0x09;
const CSI_C1 = 0x9b;
const OSC_C1 = 0x9d;

const SPACES = ['', ' ', '  ', '   ', '    ', '     ', '      ', '       ', '        '];

export interface ScannedLine {
  /** Plain text. */
  text: string;
  /**
   * Style runs as flat pairs [key, length, key, length, …] covering `text`, or null when all of it
   * is unstyled. Cheaper than Span objects on the ingest path; spansOf() turns them into spans.
   */
  runs: number[] | null;
  /** Style key in effect after the line (SGR state carries over to the next line, as in a terminal). */
  endKey: number;
}

// The scanner's working state lives in module variables rather than a closure: it runs once per
// line of a log of millions of lines, and allocating a closure per call showed in profiles.
let outText = '';
/**
 * The runs found so far, in a scratch array reused from line to line; the line gets an exact copy.
 * An array grown by push() from empty took room for 19 numbers (V8 grows one to 1.5 × the length
 * it needs + 16) for the one run or two of a coloured line: with the result object a line, most of
 * what sanitizing a big log allocated (bench/log.mjs).
 */
const runScratch: number[] = [];
const MAX_KEPT_SCRATCH = 4096;
let runCount = 0;
let curKey = 0;
let runKey = 0;
let runLength = 0;

function pushRun(key: number, length: number): void {
  runScratch[runCount++] = key;
  runScratch[runCount++] = length;
}

/** The runs found, as an array of their own (null: none). */
function takeRuns(): number[] | null {
  const n = runCount;
  runCount = 0;
  if (n === 0) return null;
  if (n === 2) return [runScratch[0]!, runScratch[1]!];
  if (n === 4) return [runScratch[0]!, runScratch[1]!, runScratch[2]!, runScratch[3]!];
  const runs = runScratch.slice(0, n);
  // A line of a million colour changes must not leave its scratch behind for good.
  if (n > MAX_KEPT_SCRATCH) runScratch.length = 0;
  return runs;
}

function emit(t: string): void {
  if (curKey !== runKey) {
    if (runLength > 0) pushRun(runKey, runLength);
    runKey = curKey;
    runLength = 0;
  }
  outText = outText.length === 0 ? t : outText + t;
  runLength += t.length;
}

/**
 * Sanitizes one line (no `\n`; a stray `\r` is dropped like any control). `startKey` is the style
 * key in effect before it (see style.ts).
 */
export function scanLine(line: string, startKey: number): ScannedLine {
  return scanLineInto(line, startKey, { text: '', runs: null, endKey: 0 });
}

/**
 * scanLine, writing the result into `into` (and returning it): the splitter scans every line of a
 * log with one object instead of allocating one a line.
 */
export function scanLineInto(line: string, startKey: number, into: ScannedLine): ScannedLine {
  outText = '';
  runCount = 0;
  curKey = startKey;
  runKey = startKey;
  runLength = 0;
  const n = line.length;
  /** Start of the text not yet emitted. */
  let i = 0;
  let j = 0;
  // A plain loop over char codes: most characters are ordinary and cost one comparison or two.
  while (j < n) {
    const c = line.charCodeAt(j);
    if (c >= 0x20 && c < 0x7f) {
      j++;
      continue;
    }
    // Zero-width and other invisible format characters go as in every other server string
    // (src/text/safe.ts): a log line keeps no U+200B or U+FEFF that the rest of the UI drops.
    if (((c >= 0xa0 && c < 0x2028) || (c > 0x2069 && c < 0xd800) || c > 0xdfff) && !isInvisible(c)) {
      j++;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff) {
      const low = j + 1 < n ? line.charCodeAt(j + 1) : 0;
      if (low >= 0xdc00 && low <= 0xdfff) {
        j += 2; // a surrogate pair (emoji, rare CJK): ordinary text
        continue;
      }
    } else if (c > 0x2029 && c < 0x2066 && (c < 0x202a || c > 0x202e) && !isInvisible(c)) {
      j++; // general punctuation between the separators and the bidi controls: ordinary
      continue;
    }
    if (j > i) emit(line.slice(i, j));
    if (c === ESC) {
      const next = j + 1 < n ? line.charCodeAt(j + 1) : -1;
      if (next === 0x5b) {
        // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, final 0x40–0x7E.
        let k = j + 2;
        while (k < n && isBetween(line.charCodeAt(k), 0x30, 0x3f)) k++;
        const paramsEnd = k;
        while (k < n && isBetween(line.charCodeAt(k), 0x20, 0x2f)) k++;
        if (k < n && isBetween(line.charCodeAt(k), 0x40, 0x7e)) {
          if (line.charCodeAt(k) === 0x6d && paramsEnd === k && isSgrParams(line, j + 2, paramsEnd)) {
            curKey = applySgr(curKey, line, j + 2, paramsEnd);
          }
          j = k + 1;
        } else {
          // Aborted (or cut off at the end of the line): what follows is handled on its own.
          j = k;
        }
      } else if (next === 0x5d) {
        j = skipString(line, j + 2, true);
      } else if (next === 0x50 || next === 0x58 || next === 0x5e || next === 0x5f) {
        j = skipString(line, j + 2, false); // DCS, SOS, PM, APC
      } else if (isBetween(next, 0x20, 0x2f)) {
        // nF escape (`ESC ( B`, `ESC # 8`): intermediates, then one final character.
        let k = j + 2;
        while (k < n && isBetween(line.charCodeAt(k), 0x20, 0x2f)) k++;
        j = k < n && isBetween(line.charCodeAt(k), 0x30, 0x7e) ? k + 1 : k;
      } else if (isBetween(next, 0x30, 0x7e)) {
        j += 2; // two-character escapes: ESC c, ESC 7, ESC M, ESC =, …
      } else {
        j++; // a lone ESC
      }
    } else if (c === TAB) {
      emit(SPACES[8 - (outText.length % 8)]!);
      j++;
    } else if (c === CSI_C1) {
      // An 8-bit CSI is never a colour for us: GitLab ignores it, and terminals disagree on it.
      let k = j + 1;
      while (k < n && isBetween(line.charCodeAt(k), 0x20, 0x3f)) k++;
      j = k < n && isBetween(line.charCodeAt(k), 0x40, 0x7e) ? k + 1 : k;
    } else if (c === OSC_C1) {
      j = skipString(line, j + 1, true);
    } else if (c === 0x90 || c === 0x98 || c === 0x9e || c === 0x9f) {
      j = skipString(line, j + 1, false);
    } else if (c === 0x2028 || c === 0x2029) {
      emit(' ');
      j++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      emit('\ufffd'); // a lone surrogate (only possible in strings that did not come from a decoder)
      j++;
    } else {
      j++; // other C0/C1 controls, DEL, bidi controls, invisible format characters: dropped
    }
    i = j;
  }
  if (n > i) emit(i === 0 ? line : line.slice(i));
  if (runLength > 0 && (runCount > 0 || runKey !== 0)) pushRun(runKey, runLength);
  into.text = outText;
  into.runs = takeRuns();
  into.endKey = curKey;
  outText = '';
  return into;
}

/** Style runs → spans (one per run, sharing the interned Style objects). */
export function spansOf(text: string, runs: readonly number[] | null): Span[] {
  if (runs === null) return text.length === 0 ? [] : [{ text, style: PLAIN }];
  const spans: Span[] = [];
  let at = 0;
  for (let k = 0; k < runs.length; k += 2) {
    const length = runs[k + 1]!;
    spans.push({ text: runs.length === 2 ? text : text.slice(at, at + length), style: styleOfKey(runs[k]!) });
    at += length;
  }
  return spans;
}

/** Only digits, `;` and `:`: anything else (`\e[?25m`, `\e[>4m`) is a private sequence, not SGR. */
function isSgrParams(s: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 0x30 && c <= 0x39) || c === 0x3b || c === 0x3a)) return false;
  }
  return true;
}

/**
 * OSC/DCS/SOS/PM/APC payloads run to ST (`ESC \` or 0x9C); OSC also ends at BEL; CAN/SUB abort.
 * An unterminated payload is swallowed to the end of the line, as a terminal would swallow it.
 */
function skipString(s: string, from: number, belEnds: boolean): number {
  const n = s.length;
  for (let i = from; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === BEL && belEnds) return i + 1;
    if (c === ST_C1 || c === CAN || c === SUB) return i + 1;
    if (c === ESC) return s.charCodeAt(i + 1) === BACKSLASH ? i + 2 : i;
  }
  return n;
}

function isBetween(c: number, low: number, high: number): boolean {
  return c >= low && c <= high;
}

/** One line → styled spans: SGR kept as styles, everything else dropped. `initial` carries over from the previous line. */
export function parseStyledLine(line: string, initial?: Style): { spans: Span[]; endStyle: Style } {
  const r = scanLine(line, keyOfStyle(initial));
  return { spans: spansOf(r.text, r.runs), endStyle: styleOfKey(r.endKey) };
}

/** The plain text of a line: no escapes, no controls, tabs expanded. */
export function stripAnsi(line: string): string {
  return scanLine(line, 0).text;
}
