// Seeded randomness for the simulator. Two kinds: a stream (Rng) for sequences generated in one go,
// and a stateless hash (pick/chance) keyed by ids, so an entity's fate does not depend on the order
// in which requests happened to arrive.

/** 32-bit mix (from splitmix/murmur finalisers): spreads nearby inputs over the whole range. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit integer determined only by its keys (a seed for an Rng of its own). */
export function hashSeed(...keys: number[]): number {
  let h = 0x9e3779b9;
  for (const k of keys) h = mix(h ^ mix((k | 0) + 0x7f4a7c15 + ((k / 0x100000000) | 0)));
  return h;
}

/** A float in [0, 1) determined only by its keys. */
export function hashFloat(...keys: number[]): number {
  return hashSeed(...keys) / 0x100000000;
}

/** mulberry32: small, fast, good enough for generating a world. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = mix(seed >>> 0 || 1);
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x100000000;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  hex(length: number): string {
    let s = '';
    while (s.length < length)
      s += Math.floor(this.next() * 0x100000000)
        .toString(16)
        .padStart(8, '0');
    return s.slice(0, length);
  }
  alnum(length: number): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let s = '';
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(table: readonly (readonly [T, number])[]): T {
    const total = table.reduce((sum, [, w]) => sum + w, 0);
    let x = this.next() * total;
    for (const [value, w] of table) {
      if ((x -= w) < 0) return value;
    }
    return table[table.length - 1]![0];
  }
}
