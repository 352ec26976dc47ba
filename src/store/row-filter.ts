// The `/` filter of a list (case-insensitive, every word must match), remembered per rows array.
// A list's rows are filtered by the controller on each key (the cursor's bounds, the selected row)
// and by the pane on each render; on a 5,000-job pipeline with a filter typed, building and
// lower-casing every row's text on each of those took ~25 ms of the frame after ⏏ (bench/latency.mjs,
// "open 100,000-line log"). The store replaces a list's array when its rows change (never edits
// one in place), so the array is the key: its rows' texts are made once, and the results of its
// last few filters are kept.

/** Filters remembered per rows array: a filter typed a character at a time, and backspaced. */
const KEPT_FILTERS = 16;

interface Memo {
  /** Source text of the `textOf` the texts came from (a list's source is made afresh per call). */
  textOf: string;
  /** Each row's text, lower-cased, made on the first filter. */
  texts: string[] | undefined;
  /** Filter (its words, lower-cased) → the rows it keeps and their indices, least recently used first. */
  results: Map<string, { indices: number[]; rows: unknown[] }>;
}

const memos = new WeakMap<readonly unknown[], Memo>();

/** The words of a filter: none for an empty one (every row shown). */
function wordsOf(filter: string): string[] {
  return filter.toLowerCase().split(/\s+/).filter(Boolean);
}

function memoOf<T>(items: readonly T[], textOf: (item: T) => string): Memo {
  const code = String(textOf);
  let memo = memos.get(items);
  if (!memo || memo.textOf !== code) memos.set(items, (memo = { textOf: code, texts: undefined, results: new Map() }));
  return memo;
}

function textsOf<T>(memo: Memo, items: readonly T[], textOf: (item: T) => string): string[] {
  return (memo.texts ??= items.map((item) => textOf(item).toLowerCase()));
}

/**
 * Makes the rows' texts ahead of the first filtered frame (a pane does, once `/` is pressed): on a
 * 5,000-job pipeline they took ~10 ms of the first typed character's frame.
 */
export function prepareFilter<T>(items: readonly T[], textOf: (item: T) => string): void {
  textsOf(memoOf(items, textOf), items, textOf);
}

/**
 * Rows after the `/` filter (case-insensitive, every word must match). `textOf` must read only
 * the row it is given (every ListSource's does): results are shared by calls with the same rows
 * array and the same `textOf` code.
 */
export function visibleRows<T>(items: T[], filter: string, textOf: (item: T) => string): T[] {
  const words = wordsOf(filter);
  if (words.length === 0) return items;
  const key = words.join(' ');
  const memo = memoOf(items, textOf);
  const known = memo.results.get(key);
  if (known) {
    // Most recently used last, so the oldest is the one let go.
    memo.results.delete(key);
    memo.results.set(key, known);
    return known.rows as T[];
  }
  const texts = textsOf(memo, items, textOf);
  // A filter that extends one already applied (a character typed) keeps a subset of its rows: each
  // of its words contains one of the shorter filter's. Search only those.
  let from: number[] | undefined;
  for (const [prior, { indices }] of memo.results) {
    if (key.startsWith(prior) && (!from || indices.length < from.length)) from = indices;
  }
  const matches = (i: number) => words.every((w) => texts[i]!.includes(w));
  const kept: number[] = [];
  if (from) {
    for (const i of from) if (matches(i)) kept.push(i);
  } else {
    for (let i = 0; i < texts.length; i++) if (matches(i)) kept.push(i);
  }
  // The same array for the same filter: the timeline and the stage graph lay out once per array.
  const rows = kept.map((i) => items[i]!);
  memo.results.set(key, { indices: kept, rows });
  if (memo.results.size > KEPT_FILTERS) memo.results.delete(memo.results.keys().next().value!);
  return rows;
}
