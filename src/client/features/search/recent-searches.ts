// The recent searches kept on the device (decision 0082): offered in the header's empty search box, newest first,
// each once (whatever its case or spacing), at most RECENT_SEARCHES_MAX, each removable.
import { RECENT_SEARCHES_MAX } from '../../../shared/constants.ts';

export const RECENT_SEARCHES_KEY = 'lootklip.recentSearches';

/** The same search typed twice, whatever its case or spacing. */
const normalizeSearch = (query: string) => query.trim().replace(/\s+/g, ' ').toLowerCase();

/** `list` with `query` first, an earlier copy of it dropped, and the oldest past the limit. */
export function addRecentSearch(list: readonly string[], query: string): string[] {
  const text = query.trim().replace(/\s+/g, ' ');
  if (!text) return [...list];
  const key = normalizeSearch(text);
  return [text, ...list.filter((item) => normalizeSearch(item) !== key)].slice(0, RECENT_SEARCHES_MAX);
}

export function removeRecentSearch(list: readonly string[], query: string): string[] {
  const key = normalizeSearch(query);
  return list.filter((item) => normalizeSearch(item) !== key);
}

export function readRecentSearches(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((item): item is string => typeof item === 'string').slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

function writeRecentSearches(list: readonly string[]): void {
  try {
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  } catch {
    // Storage refused (private mode, full): the search is simply not remembered.
  }
}

export function recordRecentSearch(query: string): string[] {
  const next = addRecentSearch(readRecentSearches(), query);
  writeRecentSearches(next);
  return next;
}

export function forgetRecentSearch(query: string): string[] {
  const next = removeRecentSearch(readRecentSearches(), query);
  writeRecentSearches(next);
  return next;
}
