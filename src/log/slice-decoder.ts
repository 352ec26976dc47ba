// Raw log bytes → text for the line splitter, a slice at a time, every slice as a two-byte string.
//
// V8 stores an ASCII-only string one byte per character and any other string two. Decoded chunk by
// chunk, a log comes out as a mix of both, and the splitter and sanitizer, seeing both forms, ran at
// half speed in profiles: every slice is given the two-byte form, which keeps their hot loops on one
// path. Copying each decoded slice into that form (through a throw-away non-Latin-1 character) made
// 3 bytes of strings per byte of log, over a quarter of what a big log's ingest allocated; instead
// the decoder is handed the UTF-8 of U+0100 before the slice, so what it returns is two-byte already
// (2 bytes per byte) and the character is sliced off (a view, not a copy). That is only sound when the decoder holds no bytes of an unfinished character from
// the slice before (they would end at the U+0100 as an error): slices are cut between characters,
// and a chunk that ends mid-character makes the next slice take the copying way.

/**
 * Decode at most this much at once: a 50 MB first read must not become one 50 MB string, and
 * strings under V8's large-object size (128 KB) die young and cheaply. Small, too, because the slice
 * being split is what a young-generation GC finds alive: V8 grows the young generation (up to 2 ×
 * 16 MB, all of it resident) once the bytes that survived its GCs add up to its size. Slices of 32 KB
 * (64 KB as two-byte text) grew it to the maximum while a 200 MB log came in; 8 KB slices keep it at
 * half, 15 MB less peak RSS, at no cost in ingest speed; 4 KB slices were slower and saved nothing
 * more (bench/log.mjs).
 */
export const DECODE_SLICE = 8 * 1024;

const STREAM = { stream: true } as const;

function twoByte(s: string): string {
  return ('\u0100' + s).slice(1);
}

/** Bytes a UTF-8 sequence starting with `lead` takes, by its lead byte alone (invalid leads count long). */
function sequenceLength(lead: number): number {
  if (lead < 0xc0) return 1;
  if (lead < 0xe0) return 2;
  if (lead < 0xf0) return 3;
  return 4;
}

/**
 * Where the last character before `end` starts, if `bytes[from, end)` shows it is unfinished there
 * (its lead byte is too few bytes before `end`); -1 if every character before `end` is complete;
 * -2 if it cannot be told from `bytes[from, end)` (then the decoder may be holding bytes).
 * A decoder holds at most a lead byte and two continuation bytes; any byte that is not a
 * continuation (0x80–0xBF) starts afresh whatever came before it, so only the last one matters.
 */
export function unfinishedAt(bytes: Uint8Array, from: number, end: number): number {
  for (let p = end - 1; p >= Math.max(from, end - 3); p--) {
    const b = bytes[p]!;
    if (b >= 0x80 && b < 0xc0) continue;
    return end - p < sequenceLength(b) ? p : -1;
  }
  // Three continuation bytes in a row end any sequence; fewer, at `from`, say nothing.
  return end - from >= 3 ? -1 : -2;
}

export class SliceDecoder {
  private decoder = new TextDecoder('utf-8', { fatal: false });
  /**
   * The decoder holds no bytes of an unfinished character, and has decoded something (so a BOM at
   * the very start was seen where it is: the decoder drops it only as the first character).
   */
  private clean = false;
  /** The UTF-8 of U+0100, then room for a slice. */
  private readonly scratch = Buffer.alloc(DECODE_SLICE + 2);

  constructor() {
    this.scratch[0] = 0xc4;
    this.scratch[1] = 0x80;
  }
  /** Slices decoded behind U+0100 and by copying (tests check both ways are taken). */
  readonly counts = { direct: 0, copied: 0 };

  /** Decodes `chunk` (any split, even mid-character), giving each slice's text to `sink`. */
  write(chunk: Uint8Array, sink: (text: string) => void): void {
    for (let off = 0; off < chunk.length;) {
      let end = Math.min(chunk.length, off + DECODE_SLICE);
      if (end < chunk.length) {
        // Cut before an unfinished character, unless the slice would be nothing but it.
        const at = unfinishedAt(chunk, off, end);
        if (at > off) end = at;
      }
      const text = this.decode(chunk, off, end);
      if (text) sink(text);
      off = end;
    }
  }

  /** The input is complete: what an unfinished last character becomes (U+FFFD), or ''. */
  end(): string {
    const rest = this.decoder.decode();
    this.clean = false;
    return rest ? twoByte(rest) : rest;
  }

  reset(): void {
    this.decoder = new TextDecoder('utf-8', { fatal: false });
    this.clean = false;
  }

  private decode(chunk: Uint8Array, off: number, end: number): string {
    let text: string;
    if (this.clean) {
      const n = end - off;
      this.scratch.set(chunk.subarray(off, end), 2);
      text = this.decoder.decode(this.scratch.subarray(0, n + 2), STREAM).slice(1);
      this.counts.direct++;
    } else {
      const decoded = this.decoder.decode(chunk.subarray(off, end), STREAM);
      text = decoded ? twoByte(decoded) : decoded;
      this.counts.copied++;
      if (!decoded) return text; // all of it is an unfinished character: nothing seen yet
    }
    this.clean = unfinishedAt(chunk, 0, end) === -1;
    return text;
  }
}
