// Search over the whole spooled log: read in chunks of about 64 KB of records, match, and map match
// positions to line numbers by counting newlines. A record is the plain text first and its style
// runs after a NUL (line-spool.ts), so a substring search runs on the records as read and only
// drops hits inside the runs; a regex (which could match across that boundary) sees plain text. The
// event loop gets a turn between chunks, so typing stays responsive and an AbortSignal stops a
// search mid-way.
import { plainText, RUNS_MARK } from './line-spool.js';

export interface SearchOptions {
  signal?: AbortSignal;
  /** Treat the query as a regular expression (also implied by `/pattern/flags`). */
  regex?: boolean;
  /** Stop after this many matching lines (default 100 000) and report `truncated`. */
  limit?: number;
}

export interface SearchResult {
  /** Matching line indexes, ascending. */
  lines: number[];
  truncated: boolean;
}

/** Where a search reads from: the spool's records, and the unfinished last line. */
export interface SearchSource {
  /** Lines in the spool when the search started. */
  count: number;
  /** First spooled line to search (default 0): a live search reads only what arrived since. */
  from?: number;
  chunkEnd(from: number, maxBytes: number): number;
  /** Records [from, to) as stored: UTF-8, each followed by `\n` (into `into` when it fits). */
  readBytes(from: number, to: number, into?: Buffer): Buffer;
  /** The unfinished last line's plain text, searched last (null if none). */
  partial: string | null;
  /** False once the log was reset or disposed: the line numbers would mean nothing. */
  valid(): boolean;
}

export const DEFAULT_SEARCH_LIMIT = 100_000;
/**
 * Read size: the strings made from a chunk stay under V8's large-object size (128 KB), so they
 * die young instead of piling up in the old generation (RSS) between major collections.
 */
const CHUNK_BYTES = 64 * 1024;
/** Give the event loop a turn at least this often. */
const SLICE_MS = 8;
const REGEX_LITERAL = /^\/(.+)\/([a-z]*)$/s;

/** Finds matches in one piece of text; returns the index of each match start after `from`, or -1. */
type Finder = (hay: string, from: number) => number;

export interface Matcher {
  /** A chunk of records → the string searched. */
  fromBytes(bytes: Buffer): string;
  /** The unfinished line's text → the string searched. */
  fromText(text: string): string;
  find: Finder;
  /** The haystack still holds the records' style runs: hits after a line's NUL must be dropped. */
  hasRuns: boolean;
}

/** Builds the matcher for a query. Throws SyntaxError for an invalid regular expression. */
export function compileQuery(query: string, regex = false): Matcher {
  const literal = REGEX_LITERAL.exec(query);
  if (regex || literal) {
    const source = literal ? literal[1]! : query;
    // Always case-insensitive, like the substring search; `s` and `u` may be asked for.
    const flags = `i${literal ? literal[2]!.replace(/[^su]/g, '') : ''}gm`;
    const re = new RegExp(source, [...new Set(flags)].join(''));
    const encoding = isByteSafe(source, flags) ? 'latin1' : 'utf8';
    return {
      // A pattern could match across the NUL into the runs, or need `$` at the text's end: plain text only.
      fromBytes: (b) => plainText(b.toString(encoding)),
      fromText: (t) => t,
      hasRuns: false,
      find(hay, from) {
        re.lastIndex = from;
        for (;;) {
          const m = re.exec(hay);
          if (!m) return -1;
          // A match that starts by eating a line's `\n` (/\s/) belongs to no line: look further.
          if (m[0].length > 0 && m[0].charCodeAt(0) === 0x0a) re.lastIndex = m.index + 1;
          else return m.index;
        }
      },
    };
  }
  // Control characters never survive sanitizing: they cannot match (and NUL must not reach the runs).
  const needle = query.replace(/[\x00-\x1f]/g, '').toLowerCase();
  // Lower-casing the haystack is what makes this case-insensitive; skip it when it cannot matter.
  const caseless = needle === needle.toUpperCase();
  const lower = caseless ? (t: string) => t : (t: string) => t.toLowerCase();
  const find: Finder = (hay, from) => (needle.length === 0 ? -1 : hay.indexOf(needle, from));
  if (/^[\x20-\x7e]*$/.test(needle)) {
    // An ASCII needle can be looked for in the bytes read as Latin-1: several times faster to turn
    // into a string and to lower-case than UTF-8. Lower-casing Latin-1 only moves bytes >= 0xC0
    // (UTF-8 lead bytes) among themselves, so it can neither break nor fake an ASCII match.
    return { fromBytes: (b) => lower(b.toString('latin1')), fromText: lower, find, hasRuns: true };
  }
  return { fromBytes: (b) => lower(b.toString('utf8')), fromText: lower, find, hasRuns: true };
}

/**
 * Whether a pattern finds the same lines in UTF-8 bytes read as Latin-1 (several times faster to
 * decode and to match) as in the decoded text: ASCII only, and nothing that could match part of a
 * multi-byte character (`.`, negated classes, \W \S \D \B, escapes naming code points: \x \u \c
 * and octal, flags s/u).
 * In UTF-8 a byte >= 0x80 never follows an ASCII byte inside a character, so the rest cannot.
 */
export function isByteSafe(source: string, flags: string): boolean {
  return /^[\x20-\x7e]*$/.test(source) && !/\.|\[\^|\\[WSDBuxc]|\\\d/.test(source) && !/[su]/.test(flags);
}

export async function searchLines(source: SearchSource, query: string, opts: SearchOptions = {}): Promise<SearchResult> {
  const matcher = compileQuery(query, opts.regex);
  const { find } = matcher;
  const limit = opts.limit ?? DEFAULT_SEARCH_LIMIT;
  const lines: number[] = [];
  const check = (): void => {
    opts.signal?.throwIfAborted();
    if (!source.valid()) throw new Error('the log was reset during the search');
  };
  check();

  /** Adds the lines of `text` (records joined by `\n`, first one is line `first`) that match. */
  const scan = (hay: string, first: number): boolean => {
    let line = first;
    let counted = 0; // position up to which newlines have been counted into `line`
    let pos = 0;
    while (pos < hay.length) {
      const at = find(hay, pos);
      if (at < 0) break;
      for (let nl = hay.indexOf('\n', counted); nl !== -1 && nl < at; nl = hay.indexOf('\n', nl + 1)) {
        line++;
        counted = nl + 1;
      }
      // `counted` is now the start of the match's line: a hit after its NUL is in the style runs.
      const mark = matcher.hasRuns ? hay.indexOf(RUNS_MARK, counted) : -1;
      if (mark === -1 || mark > at) {
        if (lines.length >= limit) return false;
        lines.push(line);
      }
      // One hit per line is enough: continue on the next line.
      const nl = hay.indexOf('\n', at);
      if (nl === -1) break;
      line++;
      counted = nl + 1;
      pos = nl + 1;
    }
    return true;
  };

  // The first chunk after a turn of the event loop: the key that started the search gets its frame
  // (the prompt closed, the search running) before a slice of the log is read (bench/latency.mjs,
  // "log: search": its ⏎ waited for the first 8 ms slice).
  await new Promise<void>((resolve) => setImmediate(resolve));
  check();
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let from = Math.max(0, Math.min(source.count, source.from ?? 0));
  let sliceStart = performance.now();
  while (from < source.count) {
    const to = Math.min(source.count, source.chunkEnd(from, CHUNK_BYTES));
    if (!scan(matcher.fromBytes(source.readBytes(from, to, buffer)), from)) return { lines, truncated: true };
    from = to;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      check();
      sliceStart = performance.now();
    }
  }
  check();
  if (source.partial !== null && !scan(matcher.fromText(source.partial), source.count)) return { lines, truncated: true };
  return { lines, truncated: false };
}
