// Typed arrays that double when full: the per-line index of a log with millions of lines costs a few
// bytes a line instead of an object (or a boxed number) a line.

type TypedArray = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;
type TypedArrayOf<T extends TypedArray> = { new (length: number): T };

export class Growable<T extends TypedArray> {
  private data: T;
  private size = 0;

  constructor(
    private readonly Type: TypedArrayOf<T>,
    private readonly initialCapacity = 1024,
  ) {
    this.data = new Type(initialCapacity);
  }

  get length(): number {
    return this.size;
  }

  get(i: number): number {
    return this.data[i]!;
  }

  set(i: number, value: number): void {
    this.data[i] = value;
  }

  push(value: number): void {
    if (this.size === this.data.length) this.grow(this.size + 1);
    this.data[this.size++] = value;
  }

  /** Makes room for `length` entries; new entries hold `fill`. */
  resize(length: number, fill = 0): void {
    if (length > this.data.length) this.grow(length);
    if (length > this.size) this.data.fill(fill, this.size, length);
    this.size = length;
  }

  /** Empties it and gives the memory back (a reset log may have been huge). */
  clear(): void {
    this.size = 0;
    this.data = new this.Type(this.initialCapacity);
  }

  /** First index in [lo, hi) whose value is > x (the array must be sorted there). */
  upperBound(x: number, lo = 0, hi = this.size): number {
    const d = this.data;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (d[mid]! <= x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private grow(min: number): void {
    let capacity = Math.max(this.data.length * 2, 16);
    while (capacity < min) capacity *= 2;
    const next = new this.Type(capacity);
    next.set(this.data.subarray(0, this.size) as never);
    this.data = next;
  }
}

const PAGE_BITS = 16;
const PAGE = 1 << PAGE_BITS;

/**
 * A typed array that grows a 64 K-entry page at a time instead of doubling: a per-line index of a
 * 3-million-line log then holds what it needs, not up to twice that, and never copies itself (a
 * doubling array briefly holds both its old and its new storage — the peak a big log's RSS showed).
 */
export class PagedArray<T extends TypedArray> {
  private pages: T[] = [];
  private size = 0;

  constructor(private readonly Type: TypedArrayOf<T>) {}

  get length(): number {
    return this.size;
  }

  get(i: number): number {
    return this.pages[i >>> PAGE_BITS]![i & (PAGE - 1)]!;
  }

  push(value: number): void {
    const slot = this.size & (PAGE - 1);
    if (slot === 0) this.pages.push(new this.Type(PAGE));
    this.pages[this.pages.length - 1]![slot] = value;
    this.size++;
  }

  /** Grows to `length` entries holding `fill` (it never shrinks). */
  fillTo(length: number, fill: number): void {
    while (this.size < length) this.push(fill);
  }

  /** Empties it and gives the memory back. */
  clear(): void {
    this.pages = [];
    this.size = 0;
  }
}
