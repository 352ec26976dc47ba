// A min-heap of timed callbacks. The world runs every scheduled change in time order (ties broken by
// insertion order), so the same seed gives the same world however requests happen to be spaced.

interface Entry {
  at: number;
  seq: number;
  run: (at: number) => void;
}

export class TimerHeap {
  private items: Entry[] = [];
  private seq = 0;

  get size(): number {
    return this.items.length;
  }

  push(at: number, run: (at: number) => void): void {
    const entry = { at, seq: this.seq++, run };
    const items = this.items;
    items.push(entry);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!less(entry, items[parent]!)) break;
      items[i] = items[parent]!;
      i = parent;
    }
    items[i] = entry;
  }

  peekTime(): number {
    return this.items.length ? this.items[0]!.at : Infinity;
  }

  pop(): Entry | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (!top || !last || items.length === 0) return top;
    let i = 0;
    const n = items.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let smallest = last;
      let at = -1;
      if (l < n && less(items[l]!, smallest)) {
        smallest = items[l]!;
        at = l;
      }
      if (r < n && less(items[r]!, smallest)) at = r;
      if (at < 0) break;
      items[i] = items[at]!;
      i = at;
    }
    items[i] = last;
    return top;
  }
}

function less(a: Entry, b: Entry): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}
