// A zip archive's central directory, read from its end: the end-of-central-directory record (EOCD),
// its zip64 locator and record when the archive needs them, then every central directory header.
// GitLab has no endpoint that lists an artifacts archive, so `:browse` reads the listing from the
// zip itself (docs/gitlab-api.md "Artifacts archive: listing and single files"), through a source
// that reads byte ranges (HTTP Range, or a temporary file). Everything in an archive is untrusted:
// offsets and counts are checked against the archive's size and the limits given, and entry names
// are never paths — entryPath() says which ones would leave a folder and shows them as text.

/** Reads bytes [start, end) of an archive of `size` bytes. */
export interface ZipSource {
  readonly size: number;
  read(start: number, end: number): Promise<Uint8Array>;
}

export interface ZipLimits {
  /** Entries listed at most: the directory's first ones; the rest are counted, not read. */
  maxEntries: number;
  /** Bytes of central directory read at most: entries past them are counted, not read. */
  maxDirectoryBytes: number;
  /** Segments (folders and the file) a name may have: a deeper entry is counted, not listed. */
  maxDepth?: number;
  /**
   * Bytes of names listed at most, each segment counted NAME_SEGMENT_COST more (what holding it
   * costs): entries past them are counted, not listed.
   */
  maxNameBytes?: number;
}

/** What a segment of a name costs beside its bytes, in the name budget (an array slot and a string). */
export const NAME_SEGMENT_COST = 16;

export interface ZipEntry {
  /** The name as the archive stores it (UTF-8 when flagged, else IBM code page 437). Never a path. */
  name: string;
  /** The name's folders and file name, with `.` and empty segments dropped. */
  segments: string[];
  /** Why the name is unsafe as a path (absolute, `..`, control characters), or null. */
  unsafe: string | null;
  directory: boolean;
  /** Uncompressed bytes. */
  size: number;
  compressedSize: number;
  /** 0 stored, 8 deflate; others are shown but not read. */
  method: number;
  encrypted: boolean;
  /** Where its local header starts. */
  offset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  zip64: boolean;
  /** Bytes of the archive this listing read. */
  bytesRead: number;
  /** Reads it took. */
  reads: number;
  /** Entries a bound kept out of the listing, and which bounds (in words); null when all are listed. */
  left: { entries: number; why: string } | null;
}

export class ZipError extends Error {
  override name = 'ZipError';
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const EOCD_SIZE = 22;
const LOCATOR_SIZE = 20;
const ZIP64_EOCD_SIZE = 56;
const MAX_COMMENT = 0xffff;
/** The end of an archive that holds its EOCD, whatever its comment, and the zip64 locator before it. */
export const ZIP_TAIL_MIN = EOCD_SIZE + MAX_COMMENT + LOCATOR_SIZE;

const u16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u32 = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
/** 64-bit little-endian, as a number: exact up to 2^53, which no archive pipetop reads comes near. */
function u64(b: Uint8Array, i: number): number {
  const n = u32(b, i) + u32(b, i + 4) * 2 ** 32;
  if (!Number.isSafeInteger(n)) throw new ZipError('a zip64 field is beyond 2^53');
  return n;
}

// IBM code page 437, 0x80–0xFF: the encoding of names without the UTF-8 flag (APPNOTE 4.4.4, bit 11).
const CP437 = 'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

function decodeName(bytes: Uint8Array, utf8: boolean): string {
  if (utf8) return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  let s = '';
  for (const b of bytes) s += b < 0x80 ? String.fromCharCode(b) : CP437[b - 0x80]!;
  return s;
}

/**
 * A name's segments, and why it is unsafe as a path when it is: absolute (`/x`, `C:\x`, `\\host`),
 * climbing (`..`), or with control characters. Backslashes count as separators (zips made on Windows).
 */
export function entryPath(name: string): { segments: string[]; unsafe: string | null } {
  const parts = name.split(/[\\/]/);
  const segments = parts.filter((p) => p !== '' && p !== '.');
  let unsafe: string | null = null;
  if (/^[\\/]/.test(name) || /^[A-Za-z]:/.test(name)) unsafe = 'an absolute path';
  else if (parts.includes('..')) unsafe = 'it climbs out of its folder (..)';
  else if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) unsafe = 'control characters in its name';
  else if (segments.length === 0) unsafe = 'an empty name';
  return { segments, unsafe };
}

/** The end of central directory: where the directory is, how long, how many entries. */
interface DirectoryPlace {
  offset: number;
  size: number;
  count: number;
  zip64: boolean;
}

/** Finds the EOCD in `tail` (the archive's last bytes, starting at `tailStart`), the last record whose comment ends the archive. */
function findEocd(tail: Uint8Array, tailStart: number, size: number): number {
  for (let i = tail.length - EOCD_SIZE; i >= 0 && tail.length - i <= EOCD_SIZE + MAX_COMMENT; i--) {
    if (u32(tail, i) !== EOCD) continue;
    // A signature inside a comment is not the record: the real one's comment runs to the end.
    if (tailStart + i + EOCD_SIZE + u16(tail, i + 20) === size) return i;
  }
  throw new ZipError(size < EOCD_SIZE ? 'not a zip archive (too short)' : 'not a zip archive, or cut short: no end of central directory');
}

async function placeDirectory(src: ZipSource, tail: Uint8Array, tailStart: number, count: { reads: number; bytes: number }): Promise<DirectoryPlace> {
  const at = findEocd(tail, tailStart, src.size);
  const disk = u16(tail, at + 4);
  const cdDisk = u16(tail, at + 6);
  let entries = u16(tail, at + 10);
  let size = u32(tail, at + 12);
  let offset = u32(tail, at + 16);
  const needs64 = entries === 0xffff || size === 0xffffffff || offset === 0xffffffff;
  const locAt = at - LOCATOR_SIZE;
  const hasLocator = locAt >= 0 ? u32(tail, locAt) === ZIP64_LOCATOR : false;
  if (!needs64 && !hasLocator) {
    if (disk !== 0 || cdDisk !== 0) throw new ZipError('a split (multi-disk) archive');
    return { offset, size, count: entries, zip64: false };
  }
  if (!hasLocator) throw new ZipError('zip64 fields without a zip64 locator');
  const recordAt = u64(tail, locAt + 8);
  if (recordAt + ZIP64_EOCD_SIZE > tailStart + locAt) throw new ZipError('the zip64 end record lies outside the archive');
  let record: Uint8Array;
  if (recordAt >= tailStart) record = tail.subarray(recordAt - tailStart, recordAt - tailStart + ZIP64_EOCD_SIZE);
  else {
    record = await src.read(recordAt, recordAt + ZIP64_EOCD_SIZE);
    count.reads++;
    count.bytes += record.length;
  }
  if (record.length < ZIP64_EOCD_SIZE || u32(record, 0) !== ZIP64_EOCD) throw new ZipError('no zip64 end record where its locator points');
  if (u32(record, 16) !== 0 || u32(record, 20) !== 0) throw new ZipError('a split (multi-disk) archive');
  entries = u64(record, 32);
  size = u64(record, 40);
  offset = u64(record, 48);
  return { offset, size, count: entries, zip64: true };
}

/**
 * The archive's entries, in directory order. The first read is the archive's last `tailBytes`
 * (a source that already holds them answers from memory); the directory itself is one more read
 * when it is not in them.
 */
export async function readZipDirectory(src: ZipSource, limits: ZipLimits, tailBytes = ZIP_TAIL_MIN): Promise<ZipDirectory> {
  const count = { reads: 0, bytes: 0 };
  const tailStart = Math.max(0, src.size - Math.max(tailBytes, EOCD_SIZE));
  const tail = await src.read(tailStart, src.size);
  count.reads++;
  count.bytes += tail.length;
  if (tail.length !== src.size - tailStart) throw new ZipError('the archive ended early');
  const place = await placeDirectory(src, tail, tailStart, count);
  if (place.offset + place.size > src.size) throw new ZipError('the central directory lies outside the archive (cut short?)');
  if (place.count > 0 && place.size < place.count * 46) throw new ZipError('the central directory is too small for its entries');
  // Past a bound the listing stops (or skips), and says how many entries it left out and why.
  const wanted = Math.min(place.count, limits.maxEntries);
  const dirBytes = Math.min(place.size, limits.maxDirectoryBytes);
  const cut = dirBytes < place.size;
  let dir: Uint8Array;
  if (place.offset >= tailStart) dir = tail.subarray(place.offset - tailStart, place.offset - tailStart + dirBytes);
  else {
    dir = await src.read(place.offset, place.offset + dirBytes);
    count.reads++;
    count.bytes += dir.length;
    if (dir.length !== dirBytes) throw new ZipError('the archive ended early');
  }
  const maxDepth = limits.maxDepth ?? Infinity;
  const maxNameBytes = limits.maxNameBytes ?? Infinity;
  const entries: ZipEntry[] = [];
  let at = 0;
  let nameBytes = 0;
  let deep = 0;
  let stopped: 'directory' | 'names' | null = null;
  let n = 0;
  for (; n < wanted; n++) {
    if (cut && (at + 46 > dir.length || at + 46 + u16(dir, at + 28) + u16(dir, at + 30) + u16(dir, at + 32) > dir.length)) {
      stopped = 'directory';
      break;
    }
    if (at + 46 > dir.length || u32(dir, at) !== CENTRAL) throw new ZipError(`entry ${n + 1} of ${place.count} is damaged or missing`);
    const flags = u16(dir, at + 8);
    const method = u16(dir, at + 10);
    let compressedSize = u32(dir, at + 20);
    let size = u32(dir, at + 24);
    const nameLen = u16(dir, at + 28);
    const extraLen = u16(dir, at + 30);
    const commentLen = u16(dir, at + 32);
    let offset = u32(dir, at + 42);
    const end = at + 46 + nameLen + extraLen + commentLen;
    if (end > dir.length) throw new ZipError(`entry ${n + 1} of ${place.count} runs past the central directory`);
    const name = decodeName(dir.subarray(at + 46, at + 46 + nameLen), (flags & 0x800) !== 0);
    const { segments, unsafe } = entryPath(name);
    if (segments.length > maxDepth) {
      deep++;
      at = end;
      continue;
    }
    const cost = nameLen + segments.length * NAME_SEGMENT_COST;
    if (nameBytes + cost > maxNameBytes) {
      stopped = 'names';
      break;
    }
    nameBytes += cost;
    // The zip64 extra field (0x0001) holds, in this order, the fields that are 0xFFFFFFFF above.
    let x = at + 46 + nameLen;
    const xEnd = x + extraLen;
    while (x + 4 <= xEnd) {
      const id = u16(dir, x);
      const len = u16(dir, x + 2);
      if (x + 4 + len > xEnd) break;
      if (id === 0x0001) {
        let p = x + 4;
        const take = () => {
          if (p + 8 > x + 4 + len) throw new ZipError(`entry ${n + 1}: a short zip64 extra field`);
          const v = u64(dir, p);
          p += 8;
          return v;
        };
        if (size === 0xffffffff) size = take();
        if (compressedSize === 0xffffffff) compressedSize = take();
        if (offset === 0xffffffff) offset = take();
      }
      x += 4 + len;
    }
    if (offset >= src.size) throw new ZipError(`entry ${n + 1} starts outside the archive`);
    entries.push({ name, segments, unsafe, directory: /[\\/]$/.test(name), size, compressedSize, method, encrypted: (flags & 1) !== 0, offset });
    at = end;
  }
  const why: string[] = [];
  const num = (k: number) => k.toLocaleString('en');
  if (deep) why.push(`${num(deep)} deeper than ${num(maxDepth)} levels`);
  const rest = place.count - n;
  if (rest > 0) {
    if (stopped === 'names') why.push(`${num(rest)} past the ${mib(maxNameBytes)} of names pipetop holds`);
    else if (stopped === 'directory') why.push(`${num(rest)} past the first ${mib(limits.maxDirectoryBytes)} of the central directory`);
    else why.push(`${num(rest)} past the first ${num(limits.maxEntries)} entries`);
  }
  const left = deep + rest > 0 ? { entries: deep + rest, why: why.join(', ') } : null;
  return { entries, zip64: place.zip64, bytesRead: count.bytes, reads: count.reads, left };
}

/** A bound in bytes, in words. */
function mib(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round((n / (1024 * 1024)) * 10) / 10} MiB` : `${n.toLocaleString('en')} bytes`;
}

/** A source over bytes in memory (a test, a small archive read whole). */
export function bufferSource(bytes: Uint8Array): ZipSource {
  return { size: bytes.length, read: async (start, end) => bytes.subarray(start, Math.min(end, bytes.length)) };
}
