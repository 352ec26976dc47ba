import { describe, expect, it } from 'vitest';
import { PagedArray } from './growable.js';
import { LineSpool } from './line-spool.js';

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
