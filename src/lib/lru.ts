// A small bounded LRU on Map's insertion order: polling many views must not grow memory without end.

export interface Lru<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
  readonly size: number;
}

export function createLru<K, V>(max: number): Lru<K, V> {
  const map = new Map<K, V>();
  return {
    get(key) {
      const value = map.get(key);
      if (value === undefined) return undefined;
      // Re-insert to mark as most recently used.
      map.delete(key);
      map.set(key, value);
      return value;
    },
    set(key, value) {
      if (max <= 0) return;
      map.delete(key);
      map.set(key, value);
      while (map.size > max) {
        const oldest = map.keys().next();
        if (oldest.done) break;
        map.delete(oldest.value);
      }
    },
    delete(key) {
      map.delete(key);
    },
    clear() {
      map.clear();
    },
    get size() {
      return map.size;
    },
  };
}
