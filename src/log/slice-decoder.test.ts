import { describe, expect, it } from 'vitest';
import { DECODE_SLICE, SliceDecoder, unfinishedAt } from './slice-decoder.js';

const b = (...bytes: number[]): Uint8Array => Uint8Array.from(bytes);

/** What a SliceDecoder makes of `chunks`, and how many slices went each way. */
function decodeChunks(chunks: Uint8Array[]): { text: string; direct: number; copied: number } {
  const d = new SliceDecoder();
  let text = '';
  for (const c of chunks) d.write(c, (t) => (text += t));
  text += d.end();
  return { text, ...d.counts };
}

function splitEvery(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}

// Every shape a decoder may be left holding at a cut: 2-, 3- and 4-byte characters, truncated ones,
// invalid leads (C0, F5, FF), lone continuations, an encoded surrogate, an overlong form, a BOM.
const TRICKY = [
  b(0x41),
  Buffer.from('é€😀', 'utf8'),
  b(0xc3),
  b(0xe2, 0x82),
  b(0xf0, 0x9f, 0x98),
  b(0x80, 0x80, 0x80, 0x80),
  b(0xc0, 0xaf),
  b(0xf5, 0x80, 0x80, 0x80),
  b(0xff),
  b(0xed, 0xa0, 0x80),
  b(0xe0, 0x80, 0xaf),
  b(0xef, 0xbb, 0xbf),
  Buffer.from('\n', 'utf8'),
];
const trickyRun = Buffer.concat(TRICKY);

/** ASCII up to around a slice boundary, then the tricky bytes across it, `times` over. */
function logAcrossBoundaries(times: number): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < times; i++) {
    parts.push(Buffer.alloc(DECODE_SLICE - (i % 17) - 3, 0x61 + (i % 26)));
    parts.push(trickyRun);
  }
  return Buffer.concat(parts);
}

describe('unfinishedAt', () => {
  it('finds a character cut by the end, and only then', () => {
    expect(unfinishedAt(b(0x41, 0x42), 0, 2)).toBe(-1);
    expect(unfinishedAt(b(0x41, 0xc3), 0, 2)).toBe(1);
    expect(unfinishedAt(b(0x41, 0xc3, 0xa9), 0, 3)).toBe(-1);
    expect(unfinishedAt(b(0x41, 0xe2, 0x82), 0, 3)).toBe(1);
    expect(unfinishedAt(b(0x41, 0xf0, 0x9f, 0x98), 0, 4)).toBe(1);
    expect(unfinishedAt(b(0xf0, 0x9f, 0x98, 0x80), 0, 4)).toBe(-1);
    expect(unfinishedAt(b(0x41, 0x80, 0x80, 0x80), 0, 4)).toBe(-1);
    expect(unfinishedAt(b(0x41, 0xff), 0, 2)).toBe(1); // an invalid lead counts as unfinished: the safe side
    expect(unfinishedAt(b(0x80, 0x80), 0, 2)).toBe(-2); // what came before is not here
    expect(unfinishedAt(b(0x41, 0xc3, 0x41), 1, 2)).toBe(1);
  });
});

describe('SliceDecoder', () => {
  const log = logAcrossBoundaries(7);
  const reference = new TextDecoder().decode(log);

  it('decodes a log as TextDecoder does, whole, in chunks of any size, or byte by byte', () => {
    for (const size of [log.length, 1, 2, 3, 5, 7, 4093, DECODE_SLICE - 1, DECODE_SLICE, DECODE_SLICE + 1, 20_000]) {
      expect([size, decodeChunks(splitEvery(log, size)).text]).toEqual([size, reference]);
    }
  });

  it('decodes every two-way split of the tricky bytes as TextDecoder does', () => {
    const small = Buffer.concat([trickyRun, Buffer.from('tail'), trickyRun]);
    const want = new TextDecoder().decode(small);
    for (let cut = 0; cut <= small.length; cut++) {
      expect([cut, decodeChunks([small.subarray(0, cut), small.subarray(cut)]).text]).toEqual([cut, want]);
    }
  });

  it('decodes most slices behind U+0100 (no copy) and copies only after an unfinished character', () => {
    const ascii = Buffer.alloc(10 * DECODE_SLICE + 5, 0x78);
    expect(decodeChunks([ascii])).toEqual({ text: ascii.toString('latin1'), direct: 10, copied: 1 });
    // Cut mid-character at a chunk end: the next slice is copied, the one after is direct again.
    const text = Buffer.concat([Buffer.alloc(100, 0x78), Buffer.from('é'), Buffer.alloc(3 * DECODE_SLICE, 0x79)]);
    const r = decodeChunks([text.subarray(0, 101), text.subarray(101)]);
    expect(r).toEqual({ text: text.toString('utf8'), direct: 3, copied: 2 });
  });

  it('drops a BOM at the very start only, as TextDecoder does', () => {
    const bom = b(0xef, 0xbb, 0xbf);
    const withBom = Buffer.concat([bom, Buffer.from('a'), bom, Buffer.from('b')]);
    expect(decodeChunks([withBom]).text).toBe('a\ufeffb');
    expect(decodeChunks(splitEvery(withBom, 1)).text).toBe('a\ufeffb');
    expect(decodeChunks([Buffer.from('a'), withBom]).text).toBe('a\ufeffa\ufeffb');
  });

  it('turns an unfinished last character into U+FFFD at the end, and starts over after reset()', () => {
    const d = new SliceDecoder();
    let text = '';
    d.write(b(0x41, 0xe2, 0x82), (t) => (text += t));
    expect(text + d.end()).toBe('A\ufffd');
    d.write(b(0xc3), () => undefined);
    d.reset();
    text = '';
    d.write(b(0xa9, 0x42), (t) => (text += t));
    expect(text + d.end()).toBe('\ufffdB');
  });
});
