import { describe, expect, it } from 'vitest';
import { createLruCache } from './lru-cache.ts';

describe('createLruCache', () => {
  it('forgets an entry once it expires', () => {
    let now = 0;
    const cache = createLruCache<string>(10, () => now);
    cache.set('a', 'A', 100);
    now = 99;
    expect(cache.get('a')).toBe('A');
    now = 100;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry when full', () => {
    const cache = createLruCache<string>(2, () => 0);
    cache.set('a', 'A', 1000);
    cache.set('b', 'B', 1000);
    expect(cache.get('a')).toBe('A'); // a is now the most recently used
    cache.set('c', 'C', 1000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
    expect(cache.size).toBe(2);
  });

  it('replaces an entry and its expiry', () => {
    let now = 0;
    const cache = createLruCache<string>(2, () => now);
    cache.set('a', 'A', 10);
    cache.set('a', 'A2', 1000);
    now = 500;
    expect(cache.get('a')).toBe('A2');
    expect(cache.size).toBe(1);
  });

  it('keeps nothing for a ttl of 0 (LIST_CACHE_MS=0 turns the list cache off)', () => {
    const cache = createLruCache<string>(2, () => 5);
    cache.set('a', 'A', 0);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
