// The substring pattern a search sends to the trigram indexes (decision 0058), the same for every repository that
// searches (products, offers, klips); the words for the full-text documents are search-query.repository.ts's (decision 0082).

/** A search as a LIKE pattern matching it anywhere in a lower-cased text, its wildcards taken literally. */
export function toContainsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}
