// The log view's match lookup: a binary search over the live search's ascending matches, which must
// answer as a Set of them would (the marks on screen depend on it).
import { describe, expect, it } from 'vitest';
import { sortedHas } from './LogView.js';

describe('sortedHas', () => {
  it('answers as a Set would, for every value around ascending arrays of any length', () => {
    for (const length of [0, 1, 2, 3, 7, 64, 1000]) {
      const sorted = Array.from({ length }, (_, i) => i * 3 + (i % 2));
      const set = new Set(sorted);
      for (let v = -2; v <= length * 3 + 2; v++) expect(sortedHas(sorted, v), `length ${length}, value ${v}`).toBe(set.has(v));
    }
  });
});
