// A bounded in-memory cache with an expiry per entry: lru-cache drops the least recently used entry when full; the
// expiry is kept here, against an injectable clock, because lru-cache reads a ttl of 0 as "forever", keeps an entry
// through its last millisecond and never expires one stored at clock time 0 (decision 0059).
import { LRUCache } from 'lru-cache';

export interface LruCache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T, ttlMs: number): void;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
}

export function createLruCache<T>(maxEntries: number, now: () => number = Date.now): LruCache<T> {
  const entries = new LRUCache<string, { value: T; expiresAt: number }>({ max: maxEntries });
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, ttlMs) {
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
