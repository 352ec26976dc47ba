// Finished lines live in a temporary file, not in memory: one record per line (the sanitized text,
// then its style runs if it has any; see encodeRecord), newline-terminated, UTF-8. An in-memory
// index of record offsets (4 bytes a line, 8 past 4 GB) lets any range of lines be read back with
// one small read. Records are immutable once written, so readers never see a line change under them.
import { Growable } from './growable.js';
import { TempFile, type TempFileOptions } from './temp-file.js';

/** Records are encoded into a buffer of this size and written when it is full. */
const BUFFER_BYTES = 1 << 20;

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

export class LineSpool {
  private readonly file: TempFile;
  /** Byte offset of each record (written or buffered): 4 bytes a line until the spool passes 4 GB. */
  private offsets: Growable<Uint32Array | Float64Array> = new Growable(Uint32Array, 4096);
  private wide = false;
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
    return this.offsets.length;
  }

  /** Bytes of all records, written or buffered. */
  get bytes(): number {
    return this.file.size + this.used;
  }

  push(record: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit; the record is followed by '\n'.
    const worst = record.length * 3 + 1;
    if (this.used + worst > this.buf.length) this.flush();
    const at = this.file.size + this.used;
    if (at > 0xffffffff && !this.wide) {
      this.offsets = this.offsets.convert(Float64Array);
      this.wide = true;
    }
    this.offsets.push(at);
    if (worst > this.buf.length) {
      this.file.append(Buffer.from(`${record}\n`, 'utf8'));
      return;
    }
    this.used += utf8Write(this.buf, record, this.used);
    this.buf[this.used++] = 0x0a;
  }

  flush(): void {
    if (this.used === 0) return;
    this.file.append(this.buf.subarray(0, this.used));
    this.used = 0;
  }

  /** Byte offset where record `i` starts (i may equal the count: the end). */
  offsetOf(i: number): number {
    return i >= this.offsets.length ? this.bytes : this.offsets.get(i);
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
    const count = this.offsets.length;
    if (from >= count) return count;
    const limit = this.offsets.get(from) + maxBytes;
    if (this.bytes <= limit) return count;
    const end = this.offsets.upperBound(limit, from, count) - 1;
    return Math.max(from + 1, end);
  }

  /** Drops every record (the log was reset) and gives the index memory back. */
  clear(): void {
    this.used = 0;
    this.offsets = new Growable(Uint32Array, 4096);
    this.wide = false;
    this.file.truncate();
  }

  remove(): void {
    this.used = 0;
    this.offsets.clear();
    this.file.remove();
  }
}
