import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ARTIFACT_LISTING_LIMITS } from './budgets.js';
import { bufferSource, entryPath, readZipDirectory, ZipError, type ZipSource } from './zip.js';

const LIMITS = { maxEntries: 1000, maxDirectoryBytes: 1 << 20 };

/** A stored (uncompressed) zip written by hand: names as given, optionally in zip64 form. */
function handZip(files: { name: string; data: string }[], opts: { zip64?: boolean; comment?: string } = {}): Uint8Array {
  const parts: number[] = [];
  const central: number[] = [];
  const le = (out: number[], n: number, bytes: number) => {
    for (let i = 0; i < bytes; i++) out.push(Math.floor(n / 2 ** (8 * i)) & 0xff);
  };
  for (const f of files) {
    const name = strToU8(f.name);
    const data = strToU8(f.data);
    const offset = parts.length;
    le(parts, 0x04034b50, 4);
    le(parts, 20, 2);
    le(parts, 0x800, 2);
    le(parts, 0, 2);
    le(parts, 0, 4);
    le(parts, 0, 4); // crc (not checked by a listing)
    le(parts, data.length, 4);
    le(parts, data.length, 4);
    le(parts, name.length, 2);
    le(parts, 0, 2);
    parts.push(...name, ...data);
    le(central, 0x02014b50, 4);
    le(central, 45, 2);
    le(central, 45, 2);
    le(central, 0x800, 2);
    le(central, 0, 2);
    le(central, 0, 4);
    le(central, 0, 4);
    le(central, opts.zip64 ? 0xffffffff : data.length, 4);
    le(central, opts.zip64 ? 0xffffffff : data.length, 4);
    le(central, name.length, 2);
    le(central, opts.zip64 ? 28 : 0, 2);
    le(central, 0, 2);
    le(central, 0, 2);
    le(central, 0, 2);
    le(central, 0, 4);
    le(central, opts.zip64 ? 0xffffffff : offset, 4);
    central.push(...name);
    if (opts.zip64) {
      le(central, 1, 2);
      le(central, 24, 2);
      le(central, data.length, 8);
      le(central, data.length, 8);
      le(central, offset, 8);
    }
  }
  const cdOffset = parts.length;
  parts.push(...central);
  const end: number[] = [];
  if (opts.zip64) {
    const recordAt = parts.length;
    le(end, 0x06064b50, 4);
    le(end, 44, 8);
    le(end, 45, 2);
    le(end, 45, 2);
    le(end, 0, 4);
    le(end, 0, 4);
    le(end, files.length, 8);
    le(end, files.length, 8);
    le(end, central.length, 8);
    le(end, cdOffset, 8);
    le(end, 0x07064b50, 4);
    le(end, 0, 4);
    le(end, recordAt, 8);
    le(end, 1, 4);
  }
  const comment = strToU8(opts.comment ?? '');
  le(end, 0x06054b50, 4);
  le(end, 0, 2);
  le(end, 0, 2);
  le(end, opts.zip64 ? 0xffff : files.length, 2);
  le(end, opts.zip64 ? 0xffff : files.length, 2);
  le(end, opts.zip64 ? 0xffffffff : central.length, 4);
  le(end, opts.zip64 ? 0xffffffff : cdOffset, 4);
  le(end, comment.length, 2);
  end.push(...comment);
  return Uint8Array.from([...parts, ...end]);
}

/** A stored zip of empty files, written straight into one buffer (big archives in little time). */
function storedZip(names: string[]): Uint8Array {
  const encoded = names.map((n) => Buffer.from(n, 'utf8'));
  const local = encoded.reduce((n, name) => n + 30 + name.length, 0);
  const central = encoded.reduce((n, name) => n + 46 + name.length, 0);
  const out = Buffer.alloc(local + central + 22);
  let at = 0;
  const offsets: number[] = [];
  for (const name of encoded) {
    offsets.push(at);
    out.writeUInt32LE(0x04034b50, at);
    out.writeUInt16LE(20, at + 4);
    out.writeUInt16LE(0x800, at + 6);
    out.writeUInt16LE(name.length, at + 26);
    name.copy(out, at + 30);
    at += 30 + name.length;
  }
  encoded.forEach((name, i) => {
    out.writeUInt32LE(0x02014b50, at);
    out.writeUInt16LE(45, at + 4);
    out.writeUInt16LE(20, at + 6);
    out.writeUInt16LE(0x800, at + 8);
    out.writeUInt16LE(name.length, at + 28);
    out.writeUInt32LE(offsets[i]!, at + 42);
    name.copy(out, at + 46);
    at += 46 + name.length;
  });
  out.writeUInt32LE(0x06054b50, at);
  out.writeUInt16LE(names.length, at + 8);
  out.writeUInt16LE(names.length, at + 10);
  out.writeUInt32LE(central, at + 12);
  out.writeUInt32LE(local, at + 16);
  return out;
}

/** Counts reads and the bytes they asked for. */
function counting(bytes: Uint8Array): ZipSource & { asked: [number, number][] } {
  const asked: [number, number][] = [];
  return { size: bytes.length, asked, read: async (s, e) => (asked.push([s, e]), bytes.subarray(s, e)) };
}

describe('readZipDirectory', () => {
  it('lists an fflate archive with folders, sizes and methods', async () => {
    const zip = zipSync({ 'dist/app.js': strToU8('x'.repeat(5000)), 'dist/assets/logo.svg': strToU8('<svg/>'), 'README.md': strToU8('# hi\n') }, { level: 6 });
    const dir = await readZipDirectory(bufferSource(zip), LIMITS);
    expect(dir.zip64).toBe(false);
    expect(dir.entries.map((e) => [e.name, e.size, e.directory, e.unsafe])).toEqual([
      ['dist/app.js', 5000, false, null],
      ['dist/assets/logo.svg', 6, false, null],
      ['README.md', 5, false, null],
    ]);
    expect(dir.entries[0]!.method).toBe(8);
    expect(dir.entries[0]!.compressedSize).toBeLessThan(5000);
    expect(dir.entries[1]!.segments).toEqual(['dist', 'assets', 'logo.svg']);
    // Each local header is where the directory says: its own name follows it.
    for (const e of dir.entries) {
      expect(zip[e.offset]).toBe(0x50);
      const nameLen = zip[e.offset + 26]! | (zip[e.offset + 27]! << 8);
      expect(new TextDecoder().decode(zip.subarray(e.offset + 30, e.offset + 30 + nameLen))).toBe(e.name);
    }
    expect(Object.keys(unzipSync(zip))).toEqual(dir.entries.map((e) => e.name));
  });

  it('reads a zip64 archive (EOCD fields 0xFFFF…, the zip64 record and extra fields)', async () => {
    const zip = handZip(
      [
        { name: 'a.txt', data: 'alpha' },
        { name: 'sub/b.txt', data: 'bravo!' },
      ],
      { zip64: true },
    );
    const dir = await readZipDirectory(bufferSource(zip), LIMITS);
    expect(dir.zip64).toBe(true);
    expect(dir.entries.map((e) => [e.name, e.size, e.compressedSize, e.offset])).toEqual([
      ['a.txt', 5, 5, 0], // 30 bytes of local header, the name, the data: 40
      ['sub/b.txt', 6, 6, 40],
    ]);
  });

  it('finds the directory behind a long comment that contains a fake end record', async () => {
    const fake = String.fromCharCode(0x50, 0x4b, 0x05, 0x06) + 'x'.repeat(40);
    const zip = handZip([{ name: 'one.txt', data: '1' }], { comment: fake + 'y'.repeat(3000) });
    const dir = await readZipDirectory(bufferSource(zip), LIMITS);
    expect(dir.entries.map((e) => e.name)).toEqual(['one.txt']);
  });

  it('reads the end first, then only the directory when it is not in the end', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 40; i++) files[`f${i}.bin`] = Uint8Array.from({ length: 4000 }, (_, j) => (j * 7919 + i) % 251);
    const zip = zipSync(files, { level: 0 });
    const src = counting(zip);
    const dir = await readZipDirectory(src, LIMITS, 1024);
    expect(dir.entries).toHaveLength(40);
    expect(src.asked).toHaveLength(2);
    expect(src.asked[0]).toEqual([zip.length - 1024, zip.length]);
    expect(dir.reads).toBe(2);
    // One read of the whole end when the directory is in it.
    const small = counting(zip);
    await readZipDirectory(small, LIMITS, zip.length);
    expect(small.asked).toEqual([[0, zip.length]]);
  });

  it('refuses a truncated archive with a message, never a crash', async () => {
    const zip = zipSync({ 'a.txt': strToU8('hello'), 'b.txt': strToU8('world') });
    await expect(readZipDirectory(bufferSource(zip.subarray(0, zip.length - 10)), LIMITS)).rejects.toThrow(/no end of central directory/);
    await expect(readZipDirectory(bufferSource(new Uint8Array(5)), LIMITS)).rejects.toThrow(/too short/);
    // The end record survives but the front is gone: the directory would lie outside the archive.
    await expect(readZipDirectory(bufferSource(zip.subarray(40)), LIMITS)).rejects.toThrow(ZipError);
    // A directory whose count lies: entries past it are missing.
    const lying = Uint8Array.from(zip);
    const eocd = lying.length - 22;
    lying[eocd + 10] = 9;
    lying[eocd + 8] = 9;
    await expect(readZipDirectory(bufferSource(lying), LIMITS)).rejects.toThrow(/too small for its entries|damaged or missing/);
  });

  it('past its entry or directory-byte bound, lists what fits and says how many it left out', async () => {
    const zip = zipSync({ 'a.txt': strToU8('a'), 'b.txt': strToU8('b'), 'c.txt': strToU8('c') });
    const two = await readZipDirectory(bufferSource(zip), { maxEntries: 2, maxDirectoryBytes: 1 << 20 });
    expect(two.entries.map((e) => e.name)).toEqual(['a.txt', 'b.txt']);
    expect(two.left).toEqual({ entries: 1, why: '1 past the first 2 entries' });
    // 100 bytes of directory hold the first entry (46 + 5 + fflate's extra fields) and not the second.
    const src = counting(zip);
    const cut = await readZipDirectory(src, { maxEntries: 10, maxDirectoryBytes: 100 }, 22);
    expect(cut.entries.map((e) => e.name)).toEqual(['a.txt']);
    expect(cut.left).toEqual({ entries: 2, why: '2 past the first 100 bytes of the central directory' });
    // The directory was read no further than the bound.
    expect(src.asked[1]![1] - src.asked[1]![0]).toBe(100);
    expect((await readZipDirectory(bufferSource(zip), LIMITS)).left).toBeNull();
  });

  it('leaves out names deeper than its bound, and stops past its bytes of names', async () => {
    const deep = `${'d/'.repeat(200)}x.txt`;
    const zip = handZip([
      { name: 'top.txt', data: '1' },
      { name: deep, data: '2' },
      { name: 'a/b.txt', data: '3' },
      { name: 'zz.txt', data: '4' },
    ]);
    const dir = await readZipDirectory(bufferSource(zip), { ...LIMITS, maxDepth: 128 });
    expect(dir.entries.map((e) => e.name)).toEqual(['top.txt', 'a/b.txt', 'zz.txt']);
    expect(dir.left).toEqual({ entries: 1, why: '1 deeper than 128 levels' });
    // top.txt costs 7 bytes and 16 for its one level; a/b.txt 7 + 32: 62 bytes hold both, not zz.txt.
    const names = await readZipDirectory(bufferSource(zip), { ...LIMITS, maxDepth: 128, maxNameBytes: 62 });
    expect(names.entries.map((e) => e.name)).toEqual(['top.txt', 'a/b.txt']);
    expect(names.left).toEqual({ entries: 2, why: '1 deeper than 128 levels, 1 past the 62 bytes of names pipetop holds' });
  });

  it('lists an 8 MB archive of 1,000 files 2,000 folders deep as nothing that fits, at once', async () => {
    // Every name within PATH_MAX (4,096): 2,000 one-letter folders. Written as bytes, not with fflate.
    const zip = storedZip(Array.from({ length: 1000 }, (_, i) => `${'abcdefghij'[i % 10]!}/`.repeat(2000) + `f${i}.txt`));
    expect(zip.length).toBeGreaterThan(8_000_000);
    const dir = await readZipDirectory(bufferSource(zip), ARTIFACT_LISTING_LIMITS);
    expect(dir.entries).toEqual([]);
    expect(dir.left).toEqual({ entries: 1000, why: '1,000 deeper than 128 levels' });
    // One name of 32,700 levels (65,400 bytes, a zip name's most): left out as well, no stack spent on it.
    const one = await readZipDirectory(bufferSource(storedZip(['a/'.repeat(32_700) + 'end', 'ok.txt'])), ARTIFACT_LISTING_LIMITS);
    expect(one.entries.map((e) => e.name)).toEqual(['ok.txt']);
  });

  it('marks hostile names unsafe and keeps them as text', async () => {
    const zip = handZip([
      { name: '../../etc/passwd', data: 'x' },
      { name: '/abs/path', data: 'x' },
      { name: 'C:\\Windows\\evil.dll', data: 'x' },
      { name: 'ok/../../up.txt', data: 'x' },
      { name: 'esc\u001b]52;c;aGk=\u0007.txt', data: 'x' },
      { name: './fine/./name.txt', data: 'x' },
    ]);
    const dir = await readZipDirectory(bufferSource(zip), LIMITS);
    expect(dir.entries.map((e) => e.unsafe)).toEqual([
      'it climbs out of its folder (..)',
      'an absolute path',
      'an absolute path',
      'it climbs out of its folder (..)',
      'control characters in its name',
      null,
    ]);
    expect(dir.entries[5]!.segments).toEqual(['fine', 'name.txt']);
    expect(dir.entries[0]!.name).toBe('../../etc/passwd');
  });
});

describe('entryPath', () => {
  it('splits on both slashes and drops empty and . segments', () => {
    expect(entryPath('a//b/./c')).toEqual({ segments: ['a', 'b', 'c'], unsafe: null });
    expect(entryPath('a\\b')).toEqual({ segments: ['a', 'b'], unsafe: null });
    expect(entryPath('..')).toEqual({ segments: ['..'], unsafe: 'it climbs out of its folder (..)' });
    expect(entryPath('\\\\host\\share').unsafe).toBe('an absolute path');
  });
});
