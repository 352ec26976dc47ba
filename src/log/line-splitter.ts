// Decoded log text → lines, the way GitLab's log view reads a trace:
//   * `\n` and `\r\n` end a line; a bare `\r` followed by more text rewrites the line (a progress
//     bar collapses to its last state), while a `\r` right before the line end changes nothing;
//   * section markers are taken out first: their `\r\e[0K` is part of the marker, not a rewrite;
//     a marker also breaks the line, so text before a start marker stays with the outer section and
//     the text after it is the section's header line; a line holding only markers shows nothing;
//   * the FF_TIMESTAMPS prefix is stripped and its time kept; `+` continues the previous line;
//   * styles (SGR state) carry over from line to line, as in a terminal.
// Streaming: input may stop anywhere (mid-line, mid-escape, mid-marker, mid-prefix) and feeding a
// log in any split gives the same lines as feeding it whole. Memory is bounded by the current line,
// and a line longer than MAX_LINE_CHARS is broken rather than held.
import { markerEndingAt, type Marker } from './markers.js';
import { scanLine, scanLineInto, type ScannedLine } from './sanitize.js';
import { couldBeTimestampPrefix, parseTimestampPrefix, TIMESTAMP_PREFIX_LENGTH, type TimestampPrefix } from './timestamps.js';

export const MAX_LINE_CHARS = 1 << 20;

export interface SplitLine {
  text: string;
  /** Style runs (see sanitize.ts ScannedLine). */
  runs: number[] | null;
  /** Epoch ms from the FF_TIMESTAMPS prefix. */
  time: number | undefined;
  /** The header line of the section started just before it. */
  header: boolean;
}

export interface SplitterSink {
  /**
   * A finished line. The object is the splitter's own and is overwritten by the next line: read
   * it, do not keep it (one object a line was a tenth of what a big log's ingest allocated).
   */
  line(line: SplitLine): void;
  sectionStart(marker: Marker): void;
  sectionEnd(marker: Marker): void;
}

const CR = '\r';

export class LineSplitter {
  // The physical line (what `\n` ends).
  private atLineStart = true;
  /** First characters of a physical line while they may still be a timestamp prefix. */
  private prefix = '';
  private physicalHasTimestamp = false;
  /** A timestamped line ended: the next one may continue it ('+'), so it is not finished yet. */
  private awaitContinuation = false;

  // The logical line (what the user sees as one line, before markers split it).
  private open = false;
  private time: number | undefined;
  /** Style key in effect at the start of `seg`. */
  private key = 0;
  /** Raw text since the last rewrite or marker. */
  private seg = '';
  /** A bare `\r` was seen: the next text rewrites the line. */
  private crPending = false;
  /** A `\r` and up to 3 characters after it, until we can tell a marker's `\r\e[0K` from a rewrite. */
  private hold = '';
  private hasMarker = false;
  private header = false;
  private emitted = 0;
  /** Reused for every line scanned and every line passed to the sink (see SplitterSink.line). */
  private readonly scanned: ScannedLine = { text: '', runs: null, endKey: 0 };
  private readonly out: SplitLine = { text: '', runs: null, time: undefined, header: false };

  constructor(private readonly sink: SplitterSink) {}

  write(text: string): void {
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (this.atLineStart) {
        i = this.lineStart(text, i);
        continue;
      }
      const nl = text.indexOf('\n', i);
      if (nl === -1) {
        this.feed(i === 0 ? text : text.slice(i), false);
        return;
      }
      if (nl > i) this.feed(text.slice(i, nl), false);
      this.endPhysical();
      i = nl + 1;
    }
  }

  /** The input is complete: whatever is pending becomes lines. */
  end(): void {
    if (this.atLineStart && this.prefix) {
      const p = this.prefix;
      this.prefix = '';
      this.beginPhysical(null);
      this.feed(p, false);
    }
    this.awaitContinuation = false;
    this.finishLogical();
    this.atLineStart = true;
    this.physicalHasTimestamp = false;
  }

  reset(): void {
    this.atLineStart = true;
    this.prefix = '';
    this.physicalHasTimestamp = false;
    this.awaitContinuation = false;
    this.clearLogical();
    this.key = 0;
  }

  /** Characters held for the unfinished line: what it will add to the spool once it ends. */
  get pendingChars(): number {
    return this.seg.length + this.hold.length + this.prefix.length;
  }

  /** What the unfinished line would become if the log ended now (null: nothing to show yet). */
  partial(): SplitLine | null {
    if (!this.open) return null;
    const r = scanLine(this.seg, this.key);
    if (this.header || r.text.length > 0 || (!this.hasMarker && this.emitted === 0)) {
      return { text: r.text, runs: r.runs, time: this.time, header: this.header };
    }
    return null;
  }

  /** At the start of a physical line: decides whether it has a timestamp prefix. Returns the new position. */
  private lineStart(text: string, i: number): number {
    const n = text.length;
    if (this.prefix === '') {
      const c = text.charCodeAt(i);
      // The common cases decide at once: no digit (no prefix), or the whole prefix is here.
      if (c < 0x30 || c > 0x39) {
        this.beginPhysical(null);
        return i;
      }
      if (n - i >= TIMESTAMP_PREFIX_LENGTH) {
        const ts = parseTimestampPrefix(text, i);
        this.beginPhysical(ts);
        return ts ? i + TIMESTAMP_PREFIX_LENGTH : i;
      }
    }
    // The prefix is cut by the end of this chunk: collect it.
    const nl = text.indexOf('\n', i);
    const end = nl === -1 ? n : nl;
    const take = Math.min(TIMESTAMP_PREFIX_LENGTH - this.prefix.length, end - i);
    this.prefix += text.slice(i, i + take);
    i += take;
    const p = this.prefix;
    if (p.length === TIMESTAMP_PREFIX_LENGTH) {
      this.prefix = '';
      const ts = parseTimestampPrefix(p);
      this.beginPhysical(ts);
      if (!ts) this.feed(p, false);
    } else if (i === nl || !couldBeTimestampPrefix(p)) {
      this.prefix = '';
      this.beginPhysical(null);
      this.feed(p, false);
    }
    return i;
  }

  private beginPhysical(ts: TimestampPrefix | null): void {
    this.atLineStart = false;
    this.physicalHasTimestamp = ts !== null;
    if (this.awaitContinuation) {
      this.awaitContinuation = false;
      if (ts?.continuation) return;
      this.finishLogical();
    }
    this.open = true;
    this.time = ts ? ts.time : undefined;
  }

  private endPhysical(): void {
    this.atLineStart = true;
    if (this.physicalHasTimestamp) this.awaitContinuation = true;
    else this.finishLogical();
  }

  /** Text of the logical line. `final`: nothing follows, so a held `\r` can be decided now. */
  private feed(input: string, final: boolean): void {
    let s = input;
    if (this.hold) {
      s = this.hold + s;
      this.hold = '';
    }
    const n = s.length;
    let i = 0;
    while (i < n) {
      const r = s.indexOf(CR, i);
      if (r === -1) {
        this.content(i === 0 ? s : s.slice(i));
        return;
      }
      if (r > i) this.content(s.slice(i, r));
      if (r + 5 > n && !final) {
        this.hold = s.slice(r);
        return;
      }
      if (
        r + 5 <= n &&
        !this.crPending &&
        s.charCodeAt(r + 1) === 0x1b &&
        s.charCodeAt(r + 2) === 0x5b &&
        s.charCodeAt(r + 3) === 0x30 &&
        s.charCodeAt(r + 4) === 0x4b
      ) {
        const m = markerEndingAt(this.seg);
        if (m) {
          this.marker(m);
          i = r + 5;
          continue;
        }
      }
      this.crPending = true;
      i = r + 1;
    }
  }

  private content(t: string): void {
    if (this.crPending) {
      // The rewritten text is gone, but the colours it set are still in effect.
      this.key = scanLineInto(this.seg, this.key, this.scanned).endKey;
      this.seg = '';
      this.crPending = false;
    }
    this.seg = this.seg ? this.seg + t : t;
    if (this.seg.length > MAX_LINE_CHARS) {
      const long = this.seg;
      this.seg = '';
      this.piece(long, false, true);
    }
  }

  private marker(m: Marker): void {
    const before = m.at === 0 ? '' : this.seg.slice(0, m.at);
    this.seg = '';
    this.piece(before, false, false);
    this.hasMarker = true;
    if (m.kind === 'start') {
      this.sink.sectionStart(m);
      this.header = true;
    } else {
      this.sink.sectionEnd(m);
    }
  }

  /** A finished piece of the logical line becomes a line if it has something to show. */
  private piece(raw: string, lineEnd: boolean, forced: boolean): void {
    const r = scanLineInto(raw, this.key, this.scanned);
    this.key = r.endKey;
    if (this.header || forced || r.text.length > 0 || (lineEnd && !this.hasMarker && this.emitted === 0)) {
      this.emitted++;
      const out = this.out;
      out.text = r.text;
      out.runs = r.runs;
      out.time = this.time;
      out.header = this.header;
      this.header = false;
      this.sink.line(out);
      out.text = '';
      out.runs = null;
    }
    r.text = '';
    r.runs = null;
  }

  private finishLogical(): void {
    if (!this.open) return;
    if (this.hold) {
      const h = this.hold;
      this.hold = '';
      this.feed(h, true);
    }
    // A `\r` just before the end rewrote nothing: "50%\r\n" is "50%".
    this.crPending = false;
    const seg = this.seg;
    this.seg = '';
    this.piece(seg, true, false);
    this.clearLogical();
  }

  private clearLogical(): void {
    this.open = false;
    this.time = undefined;
    this.seg = '';
    this.crPending = false;
    this.hold = '';
    this.hasMarker = false;
    this.header = false;
    this.emitted = 0;
  }
}
