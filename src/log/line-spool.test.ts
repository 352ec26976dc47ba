import { describe, expect, it } from 'vitest';
import { PagedArray } from './growable.js';
import { encodeRecord, LineSpool } from './line-spool.js';

describe('LineSpool index (lengths, an offset every 64 records)', () => {
  // Records of every shape the index has a path for: empty, ASCII, multi-byte, 64 KB and more (kept
  // apart from the 16-bit lengths), and long enough to bypass the write buffer (over 1 MB).
  const records: string[] = [];
  for (let i = 0; i < 700; i++) {
    if (i === 5)
      records.push('x'.repeat(0xffff - 1)); // with its \n: exactly 0xffff bytes
    else if (i === 130)
      records.push('é'.repeat(40_000)); // 80,000 bytes
    else if (i === 300)
      records.push('y'.repeat(1_200_000)); // written directly
    else records.push(i % 7 === 0 ? '' : `line ${i} ${'ü'.repeat(i % 13)}`);
  }
  const offsets = [0];
  for (const r of records) offsets.push(offsets[offsets.length - 1]! + Buffer.byteLength(r) + 1);

  it('gives every record its offset and reads ranges back as written', () => {
    const spool = new LineSpool(undefined);
    try {
      records.forEach((r) => spool.push(r));
      expect(spool.count).toBe(records.length);
      for (let i = 0; i <= records.length; i++) expect(spool.offsetOf(i)).toBe(offsets[i]);
      expect(spool.read(0, records.length)).toEqual(records);
      expect(spool.read(129, 131)).toEqual(records.slice(129, 131));
    } finally {
      spool.remove();
    }
  });

  it('cuts chunks where a naive scan of the offsets would', () => {
    const spool = new LineSpool(undefined);
    try {
      records.forEach((r) => spool.push(r));
      const naive = (from: number, max: number): number => {
        const limit = offsets[from]! + max;
        if (offsets[records.length]! <= limit) return records.length;
        let i = from;
        while (i < records.length && offsets[i]! <= limit) i++;
        return Math.max(from + 1, i - 1);
      };
      for (const from of [0, 1, 5, 6, 63, 64, 65, 129, 130, 299, 300, 301, 640, 699])
        for (const max of [0, 1, 10, 100, 1000, 70_000, 100_000, 2_000_000])
          expect([from, max, spool.chunkEnd(from, max)]).toEqual([from, max, naive(from, max)]);
      expect(spool.chunkEnd(records.length, 10)).toBe(records.length);
    } finally {
      spool.remove();
    }
  });

  it('starts over empty after clear()', () => {
    const spool = new LineSpool(undefined);
    try {
      records.slice(0, 200).forEach((r) => spool.push(r));
      spool.clear();
      expect(spool.count).toBe(0);
      spool.push('again');
      expect(spool.offsetOf(0)).toBe(0);
      expect(spool.read(0, 1)).toEqual(['again']);
    } finally {
      spool.remove();
    }
  });
});

describe('LineSpool.pushLine (records written as bytes)', () => {
  // Lines with and without style runs, numbers of every width in base 36 (0, 35, 36, 1295, 1296,
  // a 1 MB run), non-ASCII text, and runs that encodeRecord spells with a sign or a point.
  const lines: [string, number[] | null][] = [
    ['plain', null],
    ['', null],
    ['$ npm ci', [290, 8]],
    ['ok fail', [0, 3, 35, 4]],
    ['été ✓ 😀', [36, 2, 1295, 3, 1296, 4]],
    ['x'.repeat(40), [0, 1, 1, 1, 2, 1, 3, 37]],
    ['a', [2 ** 20, 1]],
    ['', [0, 0]],
    ['odd', [-1, 3]],
    ['frac', [1.5, 4]],
    ['big'.repeat(400_000), [5, 1_200_000]], // over the 1 MB buffer: written on its own
  ];

  it('writes exactly the bytes of encodeRecord and a newline, and reads them back', () => {
    const spool = new LineSpool(undefined);
    try {
      for (const [text, runs] of lines) spool.pushLine(text, runs);
      const expected = Buffer.concat(lines.map(([text, runs]) => Buffer.from(`${encodeRecord(text, runs)}\n`, 'utf8')));
      expect(spool.bytes).toBe(expected.length);
      expect(spool.readBytes(0, lines.length).equals(expected)).toBe(true);
      expect(spool.read(0, lines.length)).toEqual(lines.map(([text, runs]) => encodeRecord(text, runs)));
      expect(spool.read(2, 3)).toEqual(['$ npm ci\x0082:8']);
      expect(spool.read(4, 5)).toEqual(['été ✓ 😀\x0010:2,zz:3,100:4']);
    } finally {
      spool.remove();
    }
  });
});

describe('PagedArray', () => {
  it('holds values across pages and fills up to a length', () => {
    const a = new PagedArray(Int32Array);
    a.fillTo(70_000, -5);
    a.push(42);
    expect(a.length).toBe(70_001);
    expect([a.get(0), a.get(65_535), a.get(65_536), a.get(70_000)]).toEqual([-5, -5, -5, 42]);
    a.clear();
    expect(a.length).toBe(0);
  });
});
