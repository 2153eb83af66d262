import { beforeEach, describe, expect, it } from 'vitest';
import { RECENT_SEARCHES_MAX } from '../../../shared/constants.ts';
import {
  addRecentSearch,
  forgetRecentSearch,
  readRecentSearches,
  RECENT_SEARCHES_KEY,
  recordRecentSearch,
  removeRecentSearch,
} from './recent-searches.ts';

describe('addRecentSearch', () => {
  it('puts the newest first and keeps each search once, whatever its case or spacing', () => {
    expect(addRecentSearch(['kurta', 'Silk Saree'], '  silk   saree ')).toEqual(['silk saree', 'kurta']);
  });

  it('keeps at most RECENT_SEARCHES_MAX, dropping the oldest', () => {
    const full = Array.from({ length: RECENT_SEARCHES_MAX }, (_, index) => `q${index}`);
    const next = addRecentSearch(full, 'new');
    expect(next).toHaveLength(RECENT_SEARCHES_MAX);
    expect(next[0]).toBe('new');
    expect(next).not.toContain(`q${RECENT_SEARCHES_MAX - 1}`);
    expect(next).toContain(`q${RECENT_SEARCHES_MAX - 2}`);
  });

  it('ignores an empty search', () => {
    expect(addRecentSearch(['kurta'], '   ')).toEqual(['kurta']);
  });
});

describe('removeRecentSearch', () => {
  it('removes the search whatever its case', () => {
    expect(removeRecentSearch(['Kurta', 'diya'], 'kurta')).toEqual(['diya']);
  });
});

describe('the stored list', () => {
  beforeEach(() => localStorage.clear());

  it('is recorded, read back newest first, and forgotten one by one', () => {
    recordRecentSearch('kurta');
    recordRecentSearch('diya');
    expect(readRecentSearches()).toEqual(['diya', 'kurta']);
    forgetRecentSearch('diya');
    expect(readRecentSearches()).toEqual(['kurta']);
  });

  it('reads as empty when what is stored is not a list of texts', () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, '{"not":"a list"}');
    expect(readRecentSearches()).toEqual([]);
    localStorage.setItem(RECENT_SEARCHES_KEY, 'not json');
    expect(readRecentSearches()).toEqual([]);
    localStorage.setItem(RECENT_SEARCHES_KEY, '["kurta", 3]');
    expect(readRecentSearches()).toEqual(['kurta']);
  });
});
