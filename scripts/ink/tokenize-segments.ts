// The segmenting pipetop's patch (patches/@alcalzone+ansi-tokenize+0.2.5.patch) puts into
// @alcalzone/ansi-tokenize 0.2.5 (Ink's text-to-cells step) as build/pipetop-segments.js: tokenize()
// walks `segmentsOf(str)` instead of `segmenter.segment(str)`. This TypeScript file is the
// source (type-checked with the app); scripts/ink/patches.mjs `make` turns it into the patch's JS.
//
// Why: tokenize() splits every line into grapheme clusters with Intl.Segmenter, the slowest part
// of drawing a line Ink has not drawn before (jumping through a log, paging a list; see
// bench/latency.mjs). Most lines hold no character that joins a cluster with its neighbours —
// ASCII, colour escapes, box drawing, ✔ — and there every code point is its own cluster, so the
// same segments come from a plain walk. Anything else still goes to the segmenter.
// test/ink-output.test.ts checks frames are identical to unpatched Ink's.

// Joins a cluster or breaks differently from one-code-point-per-segment: marks, joiners,
// variation selectors, emoji modifiers and tags, regional indicators, Hangul jamo, format
// characters, lone surrogates, and C0/C1 controls — except ESC and CSI (\x1b, \x9b), which are
// always segments of their own and start the escape sequences tokenize() looks for. Also the
// letters Unicode counts as spacing marks (Thai and Lao AM) or as prepending (the Prepend letters
// that are not format characters), which join a neighbour though \p{M} and \p{Cf} miss them.
const JOINING =
  /[\p{M}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}\u0000-\u001a\u001c-\u001f\u007f-\u009a\u009c-\u009f\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}\u{e0000}-\u{e007f}\u0e33\u0eb3\u0d4e\u{111c2}\u{111c3}\u{1193f}\u{11941}\u{11a3a}\u{11a84}-\u{11a89}\u{11d46}\u{11f02}]/u;

// Made on first use, not when the module loads: the first Intl.Segmenter of a process loads ICU's
// break rules, 10-30 ms of start-up, and a first frame of plain text never needs it.
let segmenter: Intl.Segmenter | undefined;

/** The grapheme clusters of `str` with their offsets, as a grapheme Intl.Segmenter yields them. */
export function segmentsOf(str: string): Iterable<{ segment: string; index: number }> {
  if (JOINING.test(str)) return (segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(str);
  const segments: { segment: string; index: number }[] = [];
  for (let index = 0; index < str.length;) {
    const size = str.codePointAt(index)! > 0xffff ? 2 : 1;
    segments.push({ segment: str.slice(index, index + size), index });
    index += size;
  }
  return segments;
}
