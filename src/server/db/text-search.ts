// The text a search sends to PostgreSQL, the same for every repository that searches (products, offers, klips):
// words as a prefix tsquery for the full-text indexes, and a substring pattern for the trigram indexes (decision 0058).

/** Words of a search as a prefix tsquery ('blue:* & head:*'): tolerant of partial words; null without a word. */
export function toPrefixQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** A search as a LIKE pattern matching it anywhere in a lower-cased text, its wildcards taken literally. */
export function toContainsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}
