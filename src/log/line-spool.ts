// Finished lines live in a temporary file, not in memory: one record per line (the sanitized text,
// then its style runs if it has any; see encodeRecord), newline-terminated, UTF-8. An in-memory
// index (each record's length, 2 bytes a line, and every 64th record's offset) lets any range of
// lines be read back with one small read. Records are immutable once written, so readers never see a
// line change under them.
import { Growable, PagedArray } from './growable.js';
import { TempFile, type TempFileOptions } from './temp-file.js';

/** Records are encoded into a buffer of this size and written when it is full. */
const BUFFER_BYTES = 1 << 20;

/** Every BLOCK-th record's offset is kept; the others are summed from the lengths before them. */
const BLOCK_BITS = 6;
const BLOCK = 1 << BLOCK_BITS;
/** A record length that does not fit 16 bits: the real one is in `long`. */
const LONG = 0xffff;

/** Separates a record's text from its style runs; sanitized text never contains NUL. */
export const RUNS_MARK = '\x00';

/**
 * A line as a record: the plain text first, so a search reads records as they are, then (only if
 * the line has colours) NUL and its style runs as `key:length` pairs in base 36: `$ npm ci\x002p:8`.
 */
export function encodeRecord(text: string, runs: readonly number[] | null): string {
  if (runs === null) return text;
  let suffix = '';
  for (let k = 0; k < runs.length; k += 2) {
    if (k > 0) suffix += ',';
    suffix += runs[k]!.toString(36) + ':' + runs[k + 1]!.toString(36);
  }
  return text + RUNS_MARK + suffix;
}

export function decodeRecord(record: string): { text: string; runs: number[] | null } {
  const mark = record.indexOf(RUNS_MARK);
  if (mark < 0) return { text: record, runs: null };
  const runs: number[] = [];
  for (const pair of record.slice(mark + 1).split(',')) {
    const colon = pair.indexOf(':');
    runs.push(parseInt(pair.slice(0, colon), 36), parseInt(pair.slice(colon + 1), 36));
  }
  return { text: record.slice(0, mark), runs };
}

/** Removes the style runs from records joined by `\n`: plain text, line for line. */
export function plainText(records: string): string {
  return records.includes(RUNS_MARK) ? records.replace(/\x00[^\n]*/g, '') : records;
}

type Utf8Writer = (this: Buffer, s: string, offset: number) => number;
/**
 * Buffer#utf8Write is what Buffer#write calls after validating its arguments; called directly it
 * saved a tenth of the ingest time, once per line. Falls back to the documented write().
 */
const rawUtf8Write = (Buffer.prototype as unknown as { utf8Write?: Utf8Writer }).utf8Write;
function utf8Write(buf: Buffer, s: string, offset: number): number {
  return rawUtf8Write ? rawUtf8Write.call(buf, s, offset) : buf.write(s, offset, 'utf8');
}

/** Digits of the longest number writeRuns writes itself (2^53 in base 36 has 11). */
const MAX_BASE36 = 11;
const DIGITS36 = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz', 'latin1');

function isSmallNatural(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}

/** Writes NUL and the runs as encodeRecord spells them (`2p:8,0:3`) at `at`; returns the end. */
function writeRuns(buf: Buffer, at: number, runs: readonly number[]): number {
  buf[at++] = 0;
  for (let k = 0; k < runs.length; k++) {
    if (k > 0) buf[at++] = (k & 1) === 1 ? 0x3a : 0x2c; // ':' inside a pair, ',' between pairs
    const n = runs[k]!;
    let digits = 1;
    for (let rest = Math.floor(n / 36); rest > 0; rest = Math.floor(rest / 36)) digits++;
    at += digits;
    for (let i = at - 1, rest = n; i >= at - digits; i--, rest = Math.floor(rest / 36)) buf[i] = DIGITS36[rest % 36]!;
  }
  return at;
}

export class LineSpool {
  private readonly file: TempFile;
  /**
   * The index: each record's length in bytes with its `\n` (a 200 MB log of 3 million lines held
   * 4 bytes of offset a line, doubled while growing: 25–34 MB of its RSS; now 2 bytes and an
   * offset per 64 lines, ~6 MB); lengths of 64 KB and more are kept in `long`.
   */
  private lens = new PagedArray(Uint16Array);
  private long = new Map<number, number>();
  /** Byte offset of records 0, BLOCK, 2×BLOCK, … */
  private bases = new Growable(Float64Array, 1024);
  /** Records not yet written, encoded; written when full or before a read needs them. */
  private readonly buf = Buffer.allocUnsafe(BUFFER_BYTES);
  private used = 0;

  constructor(dir: string | undefined, opts?: TempFileOptions) {
    this.file = new TempFile(dir, 'log', opts);
  }

  /** The spool's file (tests check it is private and goes away). */
  get tempFile(): TempFile {
    return this.file;
  }

  get count(): number {
    return this.lens.length;
  }

  /** Bytes of all records, written or buffered. */
  get bytes(): number {
    return this.file.size + this.used;
  }

  /** Appends one record as it is (tests; the log model writes lines with pushLine). */
  push(record: string): void {
    this.pushLine(record, null);
  }

  /**
   * Appends a line's record: the same bytes as encodeRecord(text, runs) and `\n`, written straight
   * into the buffer. Building the record as a string cost a concatenation and then a flat copy of
   * it for every coloured line: together over a quarter of what a big log's ingest allocated
   * (bench/log.mjs), and the garbage is what sets how often the young generation is collected.
   */
  pushLine(text: string, runs: readonly number[] | null): void {
    const suffixWorst = runs === null ? 0 : 1 + (runs.length >> 1) * (2 * MAX_BASE36 + 2);
    // UTF-8 takes at most 3 bytes per UTF-16 unit; the record is followed by '\n'.
    const worst = text.length * 3 + suffixWorst + 1;
    if (this.used + worst > this.buf.length) this.flush();
    const at = this.file.size + this.used;
    const index = this.lens.length;
    if ((index & (BLOCK - 1)) === 0) this.bases.push(at);
    let length: number;
    if (worst > this.buf.length || (runs !== null && !runs.every(isSmallNatural))) {
      const bytes = Buffer.from(`${encodeRecord(text, runs)}\n`, 'utf8');
      this.flush();
      this.file.append(bytes);
      length = bytes.length;
    } else {
      const start = this.used;
      let end = start + utf8Write(this.buf, text, start);
      if (runs !== null) end = writeRuns(this.buf, end, runs);
      this.buf[end++] = 0x0a;
      this.used = end;
      length = end - start;
    }
    if (length >= LONG) {
      this.long.set(index, length);
      this.lens.push(LONG);
    } else this.lens.push(length);
  }

  private lengthOf(i: number): number {
    const n = this.lens.get(i);
    return n === LONG ? this.long.get(i)! : n;
  }

  flush(): void {
    if (this.used === 0) return;
    this.file.append(this.buf.subarray(0, this.used));
    this.used = 0;
  }

  /** Byte offset where record `i` starts (i may equal the count: the end). */
  offsetOf(i: number): number {
    if (i >= this.lens.length) return this.bytes;
    let j = i & ~(BLOCK - 1);
    let at = this.bases.get(j >>> BLOCK_BITS);
    for (; j < i; j++) at += this.lengthOf(j);
    return at;
  }

  /** The records [from, to) as stored: UTF-8, each followed by `\n`. Reads into `into` when it is big enough. */
  readBytes(from: number, to: number, into?: Buffer): Buffer {
    if (to <= from) return Buffer.alloc(0);
    const start = this.offsetOf(from);
    const end = this.offsetOf(to);
    if (end > this.file.size) this.flush();
    return this.file.read(start, end - start, into);
  }

  /** The records [from, to) as one string, each followed by `\n`. */
  readText(from: number, to: number): string {
    return this.readBytes(from, to).toString('utf8');
  }

  /** The records [from, to). */
  read(from: number, to: number): string[] {
    const text = this.readText(from, to);
    const out = text.split('\n');
    out.length = Math.max(0, to - from); // drop the empty string after the last `\n`
    return out;
  }

  /** A record index after `from` such that [from, end) holds at most about `maxBytes` (at least one record). */
  chunkEnd(from: number, maxBytes: number): number {
    const count = this.lens.length;
    if (from >= count) return count;
    const limit = this.offsetOf(from) + maxBytes;
    if (this.bytes <= limit) return count;
    // The first block starting past the limit; the record that crosses it is in the block before.
    const block = this.bases.upperBound(limit, from >>> BLOCK_BITS, this.bases.length);
    let i = Math.max(from, (block - 1) << BLOCK_BITS);
    let at = this.offsetOf(i);
    while (i < count && at <= limit) at += this.lengthOf(i++);
    return Math.max(from + 1, i - 1);
  }

  /** Drops every record (the log was reset) and gives the index memory back. */
  clear(): void {
    this.used = 0;
    this.clearIndex();
    this.file.truncate();
  }

  remove(): void {
    this.used = 0;
    this.clearIndex();
    this.file.remove();
  }

  private clearIndex(): void {
    this.lens.clear();
    this.long.clear();
    this.bases.clear();
  }
}
