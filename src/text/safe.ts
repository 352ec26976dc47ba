// Server strings (job names, refs, commit titles, user names, error bodies) are attacker-controlled:
// anyone who can push a branch can name it `\x1b]52;c;…\x07` and write to an on-call engineer's
// clipboard, or `\x1b[2J` and wipe the screen. Ink passes OSC sequences through untouched, so every
// such string goes through safeText/safeMultiline before it is rendered. No React here.
//
// This module is the one primitive text passes through on its way to the terminal: the UI's `Text`
// (src/ui/components/Text.tsx, the only importer of Ink's) runs every string it renders through
// safeDisplay, and the writers that put bytes in the output stream outside Ink — the window title,
// desktop notifications (src/platform/notify.ts), the clipboard (src/platform/osc52.ts) — take only
// a SafeString, a string that came out of here.
import { BACKSLASH, BEL, CAN, ESC, ST_C1, SUB } from './controls.js';

declare const SAFE: unique symbol;
/** A string that passed this module's sanitizer: no controls, no escapes, no invisible format characters. */
export type SafeString = string & { readonly [SAFE]: true };

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// Everything sanitize() changes on a single line, for hiddenCharacter and visiblyEscaped. \p{Cs}
// with the u flag matches only lone surrogates. (sanitize's own fast path is isClean, a loop: the
// UI's Text calls it for every string of every frame, and the loop is several times faster than
// this expression on non-ASCII text. safe.test.ts checks all three agree on every code unit.)
const NEEDS_WORK_LINE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\p{Cs}]/u;

/**
 * True when sanitize() would return `input` as it is (length aside): text with nothing to drop
 * (the UI's own ›, ✔ and │, most names in any script) is not copied character by character.
 */
function isClean(input: string, keepNewlines: boolean): boolean {
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) continue;
    if (c < 0xa0) {
      if (keepNewlines && c === 0x0a) continue;
      return false;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = input.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return false;
    }
    if (c === 0x2028 || c === 0x2029 || isInvisible(c)) return false;
  }
  return true;
}

/** Sanitize a server value for a single line: no escapes, no controls, no bidi tricks, capped length. */
export function safeText(value: unknown, maxLength = 300): SafeString {
  return sanitize(value, maxLength, false);
}

/** Like safeText but keeps line breaks (`\r\n` and lone `\r` become `\n`), for descriptions and messages. */
export function safeMultiline(value: unknown, maxLength = 5000): SafeString {
  return sanitize(value, maxLength, true);
}

/**
 * The first character of `value` that a single line would not show as it is (a control, an escape,
 * a bidi override, an invisible format character), as `U+202E`; null when every one is shown. A
 * form sends only what it shows: a value holding one of these is refused, never sent.
 */
export function hiddenCharacter(value: string): string | null {
  const found = NEEDS_WORK_LINE.exec(value);
  if (!found) return null;
  return `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * `value` with every character a single line would not show written out as `\u{202E}`, so a person
 * sees that it is there (a default branch GitLab sent with an escape or a bidi override in it).
 */
export function visiblyEscaped(value: string, maxLength = 300): SafeString {
  const escaped = value.replace(new RegExp(NEEDS_WORK_LINE.source, 'gu'), (c) => `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`);
  return safeText(escaped, maxLength);
}

/**
 * What the UI's `Text` renders: any string made safe, line breaks kept, nothing cut (layout is the
 * component's business; safety is this one's). Pipetop's own styling never passes through here: it
 * is Ink's props (color, bold…), turned into SGR by Ink after the text is clean.
 */
export function safeDisplay(value: unknown): SafeString {
  return sanitize(value, Number.MAX_SAFE_INTEGER, true);
}

/**
 * A percent-encoded part of a URL as a person reads it (`acme%2Fsub` → `acme/sub`), made safe after
 * decoding: `%1B%5D0%3B…%07` decodes to an OSC sequence, which is dropped like any other. A malformed
 * `%` (decodeURIComponent's "URI malformed") leaves the text as it came, sanitized too.
 */
export function safeDecodedUrlPart(value: string, maxLength = 300): SafeString {
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // Not valid percent-encoding: shown as sent.
  }
  return safeText(decoded, maxLength);
}

/**
 * Messages pipetop prints itself before (or instead of) the TUI: config errors and warnings quote
 * GITLAB_HOST, --host, --project and file paths, which an attacker may have set (an OSC 0 or OSC 52
 * in GITLAB_HOST would set the terminal title and clipboard). Lines are kept; nothing else is.
 */
export function safeMessage(value: unknown): string {
  return sanitize(value, 20_000, true);
}

function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return String(value ?? '');
  } catch {
    // An object whose toString throws (or a null-prototype object) must not take the UI down.
    return '';
  }
}

function sanitize(value: unknown, maxLength: number, keepNewlines: boolean): SafeString {
  const input = toText(value);
  const max = Number.isNaN(maxLength) ? 0 : Math.max(0, Math.floor(maxLength));
  if (max === 0) return '' as SafeString;
  // The common case (plain ASCII names) needs no scan and no allocation.
  if (input.length <= max && (PRINTABLE_ASCII.test(input) || isClean(input, keepNewlines))) {
    return input as SafeString;
  }

  // Code points, so truncation never splits a surrogate pair. We stop one past the limit: enough
  // to know we must truncate, and a multi-megabyte error body costs no more than a short one.
  const out: string[] = [];
  const n = input.length;
  let i = 0;
  while (i < n && out.length <= max) {
    const c = input.charCodeAt(i);
    if (c === ESC) {
      i = skipEscape(input, i + 1);
    } else if (c >= 0x80 && c <= 0x9f) {
      i = skipC1(input, c, i + 1);
    } else if (c < 0x20 || c === 0x7f) {
      if (keepNewlines && (c === 0x0a || c === 0x0d)) {
        if (c === 0x0d && input.charCodeAt(i + 1) === 0x0a) i++;
        out.push('\n');
      } else {
        out.push(' ');
      }
      i++;
    } else if (c === 0x2028 || c === 0x2029) {
      out.push(keepNewlines ? '\n' : ' ');
      i++;
    } else if (isInvisible(c)) {
      i++;
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const next = input.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out.push(input.slice(i, i + 2));
        i += 2;
      } else {
        out.push('\ufffd');
        i++;
      }
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      out.push('\ufffd');
      i++;
    } else {
      out.push(input[i]!);
      i++;
    }
  }
  if (out.length > max) return (out.slice(0, max - 1).join('') + '…') as SafeString;
  return out.join('') as SafeString;
}

/**
 * Characters that render as nothing but change how the rest reads: bidi overrides/isolates/marks
 * (the "Trojan Source" trick that makes `main` display as something else), zero-width spaces and
 * joiners other than ZWJ/ZWNJ (which emoji and Persian/Indic text need), the BOM, soft hyphen,
 * the deprecated shaping controls (U+206A–206F) and interlinear annotation marks, whose width
 * terminals disagree on.
 */
/**
 * Invisible format characters dropped from everything shown (server strings and job logs alike):
 * soft hyphen, bidi marks, zero-width space, word joiners, BOM… ZWJ and ZWNJ are kept: emoji
 * sequences and Persian or Indic text need them.
 */
export function isInvisible(c: number): boolean {
  return (
    c === 0x00ad ||
    c === 0x061c ||
    c === 0x180e ||
    c === 0x200b ||
    c === 0x200e ||
    c === 0x200f ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x2064) ||
    (c >= 0x2066 && c <= 0x206f) ||
    c === 0xfeff ||
    (c >= 0xfff9 && c <= 0xfffb)
  );
}

/** `from` is just past ESC; returns where normal text resumes. */
function skipEscape(input: string, from: number): number {
  if (from >= input.length) return from;
  const c = input.charCodeAt(from);
  if (c === 0x5b) return skipCsi(input, from + 1); // ESC [
  if (c === 0x5d) return skipString(input, from + 1, true); // ESC ] (OSC)
  if (c === 0x50 || c === 0x58 || c === 0x5e || c === 0x5f) return skipString(input, from + 1, false); // DCS SOS PM APC
  // nF (ESC, intermediates 0x20–0x2F, final) and Fp/Fe/Fs two-character escapes such as ESC c (reset).
  let i = from;
  while (i < input.length && isBetween(input.charCodeAt(i), 0x20, 0x2f)) i++;
  if (i < input.length && isBetween(input.charCodeAt(i), 0x30, 0x7e)) return i + 1;
  // Malformed: drop what we consumed and let the offending character be handled on its own.
  return i;
}

function skipC1(input: string, c: number, from: number): number {
  if (c === 0x9b) return skipCsi(input, from);
  if (c === 0x9d) return skipString(input, from, true);
  if (c === 0x90 || c === 0x98 || c === 0x9e || c === 0x9f) return skipString(input, from, false);
  return from;
}

function skipCsi(input: string, from: number): number {
  let i = from;
  while (i < input.length) {
    const c = input.charCodeAt(i);
    if (isBetween(c, 0x20, 0x3f))
      i++; // parameters and intermediates
    else if (isBetween(c, 0x40, 0x7e))
      return i + 1; // final byte
    else return i; // aborted: the control (or text) after it is handled normally
  }
  return i;
}

/**
 * OSC/DCS/SOS/PM/APC payloads run to ST (ESC \ or 0x9C); OSC also ends at BEL. A terminal would
 * swallow an unterminated payload, so do we: its content was never meant to be shown.
 */
function skipString(input: string, from: number, belEnds: boolean): number {
  let i = from;
  while (i < input.length) {
    const c = input.charCodeAt(i);
    if (c === BEL && belEnds) return i + 1;
    if (c === ST_C1 || c === CAN || c === SUB) return i + 1;
    if (c === ESC) return input.charCodeAt(i + 1) === BACKSLASH ? i + 2 : i;
    i++;
  }
  return i;
}

function isBetween(c: number, low: number, high: number): boolean {
  return c >= low && c <= high;
}

// ---------------------------------------------------------------------------------------------
// Display width. Ink lays text out with string-width, so these rules follow it (grapheme clusters,
// RGI emoji = 2, East Asian Wide/Fullwidth = 2, marks and format characters = 0, ambiguous = 1):
// if we measured differently from Ink, a "fitted" cell would wrap and shift every row below it.

/**
 * East Asian Width W/F ranges (Unicode 17) that are not Emoji_Presentation (tested separately),
 * merged across unassigned gaps. Pairs of [first, last].
 */
const WIDE = [
  0x1100, 0x115f, 0x2329, 0x232a, 0x2630, 0x2637, 0x268a, 0x268f, 0x2e80, 0x303e, 0x3041, 0x3247, 0x3250, 0xa4c6, 0xa960, 0xa97c, 0xac00, 0xd7a3, 0xf900,
  0xfaff, 0xfe10, 0xfe19, 0xfe30, 0xfe6b, 0xff01, 0xff60, 0xffe0, 0xffe6, 0x16fe0, 0x1b2fb, 0x1d300, 0x1d376, 0x1f1ae, 0x1f1ae, 0x1f200, 0x1f200, 0x1f202,
  0x1f219, 0x1f21b, 0x1f22e, 0x1f230, 0x1f231, 0x1f237, 0x1f237, 0x1f23b, 0x1f248, 0x1f260, 0x1f265, 0x1f6d9, 0x1f6d9, 0x1f7da, 0x1f7da, 0x1fa8b, 0x1fa8d,
  0x1facc, 0x1facc, 0x1fadd, 0x1fadd, 0x1faeb, 0x1faeb, 0x1faf9, 0x1fafa, 0x20000, 0x3fffd,
];

// Made on first use: the first Intl.Segmenter of a process loads ICU's break rules, 10-30 ms that
// start-up would pay for nothing, since the first frame is plain text (displayWidth's fast paths).
let segmenter: Intl.Segmenter | undefined;
/** The grapheme clusters of `text` (src/log/wrap.ts shares the segmenter). */
export const graphemes = (text: string): Intl.Segments => (segmenter ??= new Intl.Segmenter()).segment(text);
const VISIBLE = /[^\p{Default_Ignorable_Code_Point}\p{Control}\p{Format}\p{Nonspacing_Mark}\p{Enclosing_Mark}\p{Surrogate}]/u;
// Built at runtime: the `v` flag is newer than the ES2022 target TypeScript checks literals against.
// Built on first use, too: compiling \p{RGI_Emoji} takes ~40 ms, which start-up must not pay for the
// footer's ⏎ — a cluster of one code point never needs it (see clusterWidth).
let rgiEmoji: RegExp | undefined;
const isRgiEmoji = (cluster: string) => (rgiEmoji ??= new RegExp('^\\p{RGI_Emoji}$', 'v')).test(cluster);
const KEYCAP = /^[\d#*]\u20e3$/;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/gu;
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}/u;

function isWide(cp: number): boolean {
  let low = 0;
  let high = WIDE.length / 2 - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (cp < WIDE[mid * 2]!) high = mid - 1;
    else if (cp > WIDE[mid * 2 + 1]!) low = mid + 1;
    else return true;
  }
  // A lone regional indicator is narrow; a pair (a flag) is caught as RGI emoji before we get here.
  return !(cp >= 0x1f1e6 && cp <= 0x1f1ff) && EMOJI_PRESENTATION.test(String.fromCodePoint(cp));
}

function clusterWidth(cluster: string): number {
  const start = cluster.search(VISIBLE);
  if (start === -1) return 0;
  const cp = cluster.codePointAt(0)!;
  // One code point: the RGI emoji among those are exactly the Emoji_Presentation ones isWide knows.
  if (cluster.length === (cp > 0xffff ? 2 : 1)) return isWide(cp) ? 2 : 1;
  if (isRgiEmoji(cluster)) return 2;
  // Unqualified keycaps and ZWJ sequences still render as one wide emoji. Length guard: real
  // clusters are short, and a pathological one must not cost a regex scan.
  if (cluster.length <= 50) {
    if (KEYCAP.test(cluster)) return 2;
    if (cluster.includes('\u200d') && (cluster.match(PICTOGRAPHIC)?.length ?? 0) >= 2) return 2;
  }
  return isWide(cluster.codePointAt(start)!) ? 2 : 1;
}

// Code points that join a grapheme cluster with their neighbours or are invisible: marks, joiners,
// variation selectors, emoji modifiers and tags, regional indicators, Hangul jamo, format and
// control characters, lone surrogates. Text without any of them is one cluster per code point.
const CLUSTERING =
  /[\p{M}\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}\u{e0000}-\u{e007f}]/u;

/** Terminal cells `text` occupies. Expects sanitized text (controls count 0). */
export function displayWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  // Fast path — the UI's own ›, ✔, │, ⏎ and most names: no segmentation needed. Measured: the
  // segmenter made width the largest cost of a list frame (bench/latency.mjs).
  if (!CLUSTERING.test(text)) {
    let width = 0;
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      width += cp < 0x1100 ? 1 : isWide(cp) ? 2 : 1;
    }
    return width;
  }
  let width = 0;
  for (const { segment } of graphemes(text)) width += clusterWidth(segment);
  return width;
}

/** Cut `text` to at most `width` cells, ending with '…' when anything was cut. Never splits a cluster. */
export function truncateToWidth(text: string, width: number): string {
  if (!(width > 0)) return '';
  if (PRINTABLE_ASCII.test(text)) {
    return text.length <= width ? text : text.slice(0, Math.floor(width) - 1) + '…';
  }
  if (displayWidth(text) <= width) return text;
  const kept: string[] = [];
  let used = 0;
  for (const { segment } of graphemes(text)) {
    const w = clusterWidth(segment);
    if (used + w > width - 1) break;
    kept.push(segment);
    used += w;
  }
  // A cluster's width and the width displayWidth gives the text it ends up in can differ (a spacing
  // mark such as U+0EB3 joins its cluster but takes a cell of its own where the fast path counts
  // code points): measure the result as displayWidth does, dropping clusters until it fits.
  let out = kept.join('');
  while (kept.length > 0 && displayWidth(out + '…') > width) {
    kept.pop();
    out = kept.join('');
  }
  return out + '…';
}

/** Truncate or pad with spaces to exactly `width` cells. */
export function padToWidth(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const cut = truncateToWidth(text, width);
  const pad = ' '.repeat(Math.max(0, Math.floor(width) - displayWidth(cut)));
  return align === 'right' ? pad + cut : cut + pad;
}
