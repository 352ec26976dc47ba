// The log engine object a job-log pane holds (one per job on screen). Raw bytes go in as they arrive;
// lines come out sanitized and styled, with sections, folds, search and the first failure line.
// Memory stays bounded whatever the log's size: finished lines are spooled to a temp file (see
// line-spool.ts) with a per-line index in typed arrays, and read back on demand through a small
// LRU of decoded lines. The raw bytes are kept in a second temp file, for "save raw log".
import { writeFileSafely } from '../lib/safe-file.js';
import { createLru, type Lru } from '../lib/lru.js';
import { FailureTracker } from './failure.js';
import { cursorAnchor, FoldMap } from './folds.js';
import { Growable, PagedArray } from './growable.js';
import { LineSplitter, type SplitLine } from './line-splitter.js';
import { decodeRecord, LineSpool, plainText } from './line-spool.js';
import type { Marker } from './markers.js';
import { spansOf } from './sanitize.js';
import { searchLines, type SearchOptions, type SearchResult } from './search.js';
import { SectionTree, type Section } from './sections.js';
import { SliceDecoder } from './slice-decoder.js';
import type { Span } from './style.js';
import { TempFile } from './temp-file.js';

export type { Section } from './sections.js';

export interface LogLine {
  index: number;
  spans: Span[];
  /** Plain text (no escapes). */
  text: string;
  /** Epoch ms, from the FF_TIMESTAMPS prefix. */
  time?: number;
  /** Innermost section the line belongs to (a header line belongs to its own section). */
  section?: number;
  /** This line is the header of that section. */
  header?: number;
}

export interface LogModelOptions {
  /** Where the spool files go (default os.tmpdir()). */
  tmpDir?: string;
  /**
   * Unlink the spool files' names right after creating them where the OS allows (default true):
   * then nothing is left behind even if the process is killed. False keeps them visible until
   * dispose() or process exit.
   */
  anonymousFiles?: boolean;
  /** Decoded lines kept in memory (default 2000). */
  maxCachedLines?: number;
  /**
   * The disk the spool files may take together (src/lib/budgets.ts logDiskBudget): append() takes
   * no more than fits, then the model is `full`. Default: no cap.
   */
  maxDiskBytes?: number;
}

/**
 * The spool's worst case per raw byte: 3 (an invalid byte becomes U+FFFD) plus a newline (a log of
 * empty lines), and the raw byte itself.
 */
const DISK_PER_BYTE = 5;
/** Below this many bytes (or a 64th of a small budget) a step is not worth taking: the budget is reached. */
const MIN_DISK_STEP = 4096;

const NO_TIME = -0x80000000;
const MAX_DELTA = 0x7fffffff;
const IO_CHUNK = 1 << 20;
/** Listeners hear about changes at most once per frame. */
const FRAME_MS = 16;

export class LogModel {
  /** Creates the model and its (empty, private) spool files. */
  static async create(opts: LogModelOptions = {}): Promise<LogModel> {
    return new LogModel(opts);
  }

  private readonly spool: LineSpool;
  private readonly raw: TempFile;
  private readonly splitter: LineSplitter;
  private readonly tree = new SectionTree();
  private readonly failure = new FailureTracker();
  private readonly cache: Lru<number, LogLine>;
  private readonly decoder = new SliceDecoder();
  private bytes = 0;
  /**
   * Per line: ms since `timeBase` (NO_TIME: none). Only allocated once a line has a timestamp, and
   * 4 bytes a line: a job log spans hours, not the ±24 days an Int32 of milliseconds covers.
   */
  private times: PagedArray<Int32Array> | null = null;
  private timeBase = 0;
  /** Per section: 1 when folded. */
  private readonly folded = new Growable(Uint8Array, 256);
  private readonly foldMap = new FoldMap();
  private foldVersion = 0;
  private foldBuilt = { tree: -1, folds: -1 };
  private sectionsCache: { version: number; list: Section[] } | null = null;
  /** The unfinished last line: undefined when it must be recomputed. */
  private partialLine: LogLine | null | undefined = undefined;
  /** Bumped by reset(): searches and saves in progress notice the log they read is gone. */
  private generation = 0;
  private disposed = false;
  private readonly maxDisk: number;
  private isFull = false;
  private readonly listeners = new Set<() => void>();
  /** Decoded text to the splitter (one bound function, not a closure per chunk). */
  private readonly write = (text: string): void => this.splitter.write(text);
  private timer: NodeJS.Timeout | null = null;
  private lastNotified = 0;

  private constructor(opts: LogModelOptions) {
    const files = { anonymous: opts.anonymousFiles !== false };
    this.spool = new LineSpool(opts.tmpDir, files);
    try {
      this.raw = new TempFile(opts.tmpDir, 'raw', files);
    } catch (e) {
      this.spool.remove();
      throw e;
    }
    this.cache = createLru(Math.max(0, opts.maxCachedLines ?? 2000));
    this.maxDisk = opts.maxDiskBytes ?? Infinity;
    this.splitter = new LineSplitter({
      line: (l) => this.onLine(l),
      sectionStart: (m) => this.onSectionStart(m),
      sectionEnd: (m) => this.onSectionEnd(m),
    });
  }

  // ------------------------------------------------------------------------------------------
  // Input

  /**
   * Feed raw bytes as they arrive (any split: mid-line, mid-escape, mid-character). Returns how many
   * were taken: all of them, unless the disk budget (maxDiskBytes) is reached — then the model is
   * `full` and takes nothing more until reset().
   */
  append(input: Buffer): number {
    if (this.disposed || input.length === 0 || this.isFull) return 0;
    if (this.maxDisk === Infinity) {
      this.ingest(input);
      return input.length;
    }
    // Within the budget: each step takes what fits even at the worst, then looks at what the disk
    // really holds; the steps shrink as the room does, and the model is full when a step would be tiny.
    let taken = 0;
    while (taken < input.length) {
      const room = this.maxDisk - this.diskBytes - this.splitter.pendingChars * 3;
      const fits = Math.max(0, Math.floor(room / DISK_PER_BYTE));
      const rest = input.length - taken;
      if (fits < rest && fits < Math.min(MIN_DISK_STEP, this.maxDisk / 64)) {
        this.isFull = true;
        break;
      }
      const n = Math.min(fits, rest);
      this.ingest(input.subarray(taken, taken + n));
      taken += n;
    }
    if (this.isFull) this.changed();
    return taken;
  }

  private ingest(chunk: Buffer): void {
    this.raw.append(chunk);
    this.bytes += chunk.length;
    this.decoder.write(chunk, this.write);
    this.changed();
  }

  /** The disk budget is reached: append() takes nothing more (the log is read no further). */
  get full(): boolean {
    return this.isFull;
  }

  /** Bytes the spool files hold (written, or buffered to be written): what maxDiskBytes caps. */
  get diskBytes(): number {
    return this.raw.size + this.spool.bytes;
  }

  /** The log was replaced (erased or retried): drop everything. */
  reset(): void {
    if (this.disposed) return;
    this.generation++;
    this.isFull = false;
    this.spool.clear();
    this.raw.truncate();
    this.bytes = 0;
    this.decoder.reset();
    this.splitter.reset();
    this.tree.clear();
    this.times = null;
    this.folded.clear();
    this.foldVersion++;
    this.failure.clear();
    this.cache.clear();
    this.changed();
  }

  /** The log is complete (job finished): the last partial line becomes a line. */
  end(): void {
    if (this.disposed) return;
    const rest = this.decoder.end(); // an incomplete character at the very end becomes U+FFFD
    if (rest) this.splitter.write(rest);
    this.splitter.end();
    this.spool.flush(); // complete: nothing needs to wait in memory for more lines
    this.changed();
  }

  // ------------------------------------------------------------------------------------------
  // Lines

  /** Complete lines, plus the current partial one if any (it may still change). */
  get lineCount(): number {
    return this.spool.count + (this.partial() ? 1 : 0);
  }

  /** Raw bytes ingested. */
  /** Some line carries a runner timestamp (FF_TIMESTAMPS): `t` has something to show. */
  get hasTimestamps(): boolean {
    return this.times !== null;
  }

  get byteSize(): number {
    return this.bytes;
  }

  line(i: number): LogLine {
    if (!Number.isInteger(i) || i < 0 || i >= this.lineCount) throw new RangeError(`line ${i} is out of range (0..${this.lineCount - 1})`);
    return this.lines(i, 1)[0]!;
  }

  /** Up to `count` lines from `from` (fewer at the end). One read of the spool for the lines not cached. */
  lines(from: number, count: number): LogLine[] {
    this.assertLive();
    const start = Math.max(0, Math.floor(from));
    const end = Math.min(this.lineCount, start + Math.max(0, Math.floor(count)));
    const spooled = Math.min(end, this.spool.count);
    const out: LogLine[] = [];
    let firstMissing = -1;
    let lastMissing = -1;
    for (let i = start; i < spooled; i++) {
      const hit = this.cache.get(i);
      if (!hit && firstMissing < 0) firstMissing = i;
      if (!hit) lastMissing = i;
      out.push(hit as LogLine);
    }
    if (firstMissing >= 0) {
      const records = this.spool.read(firstMissing, lastMissing + 1);
      for (let i = firstMissing; i <= lastMissing; i++) {
        if (out[i - start]) continue;
        const r = decodeRecord(records[i - firstMissing]!);
        const line = this.makeLine(i, spansOf(r.text, r.runs), r.text);
        this.cache.set(i, line);
        out[i - start] = line;
      }
    }
    if (end > spooled) out.push(this.partial()!);
    return out;
  }

  sections(): Section[] {
    if (this.sectionsCache?.version !== this.tree.version) this.sectionsCache = { version: this.tree.version, list: this.tree.list.slice() };
    return this.sectionsCache.list;
  }

  // ------------------------------------------------------------------------------------------
  // Folding

  isFolded(sectionId: number): boolean {
    return sectionId >= 0 && sectionId < this.folded.length && this.folded.get(sectionId) === 1;
  }

  toggleFold(sectionId: number): void {
    if (sectionId < 0 || sectionId >= this.folded.length) return;
    this.folded.set(sectionId, this.folded.get(sectionId) ? 0 : 1);
    this.foldVersion++;
    this.changed();
  }

  setAllFolded(folded: boolean): void {
    for (let i = 0; i < this.folded.length; i++) this.folded.set(i, folded ? 1 : 0);
    this.foldVersion++;
    this.changed();
  }

  /** Rows left when folded sections hide their bodies. */
  get visibleCount(): number {
    return this.folds().visibleCount(this.lineCount);
  }

  /** Line index at a visible row (-1 past the end). */
  visibleLine(row: number): number {
    return this.folds().visibleLine(row, this.lineCount);
  }

  /** Visible row of a line; a hidden line gives the row of the folded header that hides it. */
  rowOfLine(line: number): number {
    return this.folds().rowOfLine(line);
  }

  /**
   * Call before changing folds: the line to put the cursor back on afterwards with rowOfLine (see
   * folds.ts cursorAnchor). Keep the result as the next call's `anchor`, so Z Z returns to it.
   */
  cursorAnchor(cursorRow: number, anchor?: number | null): number {
    return cursorAnchor(cursorRow, anchor !== undefined && anchor !== null && anchor < this.lineCount ? anchor : null, {
      rowOfLine: (line) => this.rowOfLine(line),
      visibleLine: (row) => this.visibleLine(row),
    });
  }

  // ------------------------------------------------------------------------------------------
  // Search, failure, save

  /** Case-insensitive substring (or /regex/) search over the whole log; see search.ts. */
  search(query: string, opts: SearchOptions = {}): Promise<SearchResult> {
    return this.searchFrom(query, 0, opts).then(({ lines, truncated }) => ({ lines, truncated }));
  }

  /**
   * Searches the complete lines from `fromLine` on, and the unfinished last line. `scanned` is the
   * number of complete lines when the search started: a later search from `scanned` covers what
   * arrived since, and the unfinished line again (a hit on it is only final once it is complete).
   */
  async searchFrom(query: string, fromLine: number, opts: SearchOptions = {}): Promise<SearchResult & { scanned: number }> {
    this.assertLive();
    this.spool.flush();
    const generation = this.generation;
    const scanned = this.spool.count;
    const result = await searchLines(
      {
        count: scanned,
        from: fromLine,
        chunkEnd: (from, max) => this.spool.chunkEnd(from, max),
        readBytes: (from, to, into) => this.spool.readBytes(from, to, into),
        partial: this.partial()?.text ?? null,
        valid: () => !this.disposed && generation === this.generation,
      },
      query,
      opts,
    );
    return { ...result, scanned };
  }

  /** Bumped when the log is replaced (reset): line numbers from before mean nothing after. */
  get resets(): number {
    return this.generation;
  }

  /** The line that best explains a failed job (see failure.ts), or null. */
  firstFailureLine(): number | null {
    return this.failure.first();
  }

  /**
   * Writes the whole log to a file: plain text (default) or the raw bytes as received. Through a safe
   * write (src/lib/safe-file.ts): `explicit`/`overwrite` say what may happen to an existing name;
   * a refused or existing target throws TargetError. Returns the path written (a default name may
   * have been given a suffix).
   */
  async saveTo(path: string, opts: { raw?: boolean; explicit?: boolean; overwrite?: boolean } = {}): Promise<{ bytes: number; path: string }> {
    this.assertLive();
    const generation = this.generation;
    const check = (): void => {
      if (this.disposed || generation !== this.generation) throw new Error('the log was reset while saving');
    };
    let bytes = 0;
    const written = await writeFileSafely(path, { explicit: opts.explicit ?? true, overwrite: opts.overwrite ?? false }, async (out) => {
      const write = async (buf: Buffer): Promise<void> => {
        let done = 0;
        while (done < buf.length) done += (await out.write(buf, done, buf.length - done)).bytesWritten;
        bytes += buf.length;
      };
      if (opts.raw) {
        const size = this.raw.size;
        for (let at = 0; at < size; at += IO_CHUNK) {
          check();
          await write(this.raw.read(at, Math.min(IO_CHUNK, size - at)));
        }
      } else {
        this.spool.flush();
        const count = this.spool.count;
        const partial = this.partial();
        for (let from = 0; from < count;) {
          check();
          const to = Math.min(count, this.spool.chunkEnd(from, IO_CHUNK));
          const text = this.spool.readText(from, to);
          await write(Buffer.from(plainText(text), 'utf8'));
          from = to;
        }
        if (partial) await write(Buffer.from(`${partial.text}\n`, 'utf8'));
      }
    });
    return { bytes, path: written };
  }

  // ------------------------------------------------------------------------------------------
  // Change notification and lifetime

  /** The listener is told (at most once per ~16 ms frame) that lines were added or changed. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Removes the temp files. The model is unusable afterwards. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
    this.cache.clear();
    this.spool.remove();
    this.raw.remove();
  }

  /** The spool files (lines, raw bytes): tests check they are private and go away. */
  get tempFiles(): readonly TempFile[] {
    return [this.spool.tempFile, this.raw];
  }

  // ------------------------------------------------------------------------------------------
  // Internals

  private onLine(l: SplitLine): void {
    const index = this.spool.count;
    const section = this.tree.current;
    if (l.time !== undefined && !this.times) {
      this.times = new PagedArray(Int32Array);
      this.times.fillTo(index, NO_TIME);
      this.timeBase = l.time;
    }
    this.times?.push(l.time === undefined ? NO_TIME : Math.max(-MAX_DELTA, Math.min(MAX_DELTA, l.time - this.timeBase)));
    this.spool.pushLine(l.text, l.runs);
    if (l.header && section !== undefined) this.tree.setHeader(section, l.text);
    this.failure.observe(index, l.text, this.tree.inScript);
  }

  private onSectionStart(m: Marker): void {
    const section = this.tree.start(m, this.spool.count);
    this.folded.push(section.collapsedByDefault ? 1 : 0);
  }

  private onSectionEnd(m: Marker): void {
    this.tree.end(m, this.spool.count - 1);
  }

  private makeLine(index: number, spans: Span[], text: string): LogLine {
    const line: LogLine = { index, spans, text };
    const delta = this.times && index < this.times.length ? this.times.get(index) : NO_TIME;
    if (delta !== NO_TIME) line.time = this.timeBase + delta;
    const section = this.tree.innermostAt(index);
    if (section !== undefined) {
      line.section = section;
      if (this.tree.list[section]!.startLine === index) line.header = section;
    }
    return line;
  }

  private partial(): LogLine | null {
    if (this.partialLine !== undefined) return this.partialLine;
    const p = this.disposed ? null : this.splitter.partial();
    let line: LogLine | null = null;
    if (p) {
      line = { index: this.spool.count, spans: spansOf(p.text, p.runs), text: p.text };
      if (p.time !== undefined) line.time = p.time;
      const section = this.tree.current;
      if (section !== undefined) {
        line.section = section;
        if (p.header) line.header = section;
      }
    }
    this.partialLine = line;
    return line;
  }

  private folds(): FoldMap {
    if (this.foldBuilt.tree !== this.tree.version || this.foldBuilt.folds !== this.foldVersion) {
      this.foldMap.rebuild(this.tree.list, (id) => this.folded.get(id) === 1);
      this.foldBuilt = { tree: this.tree.version, folds: this.foldVersion };
    }
    return this.foldMap;
  }

  private assertLive(): void {
    if (this.disposed) throw new Error('LogModel: used after dispose()');
  }

  private changed(): void {
    this.partialLine = undefined;
    if (this.timer || this.listeners.size === 0) return;
    const wait = Math.max(0, this.lastNotified + FRAME_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.lastNotified = Date.now();
      for (const listener of [...this.listeners]) listener();
    }, wait);
    this.timer.unref?.();
  }
}
