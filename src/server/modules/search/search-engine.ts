// The one way the app searches (decision 0082): ids of what matches, best first, a page at a time. PostgreSQL
// implements it (postgres-search.repository.ts); a dedicated engine (OpenSearch, Meilisearch, Typesense) fed from the
// same rows could implement it too and must pass the same contract suite (search-engine.contract.test-helpers.ts).
import type { SearchSection } from '../../../shared/contracts/search.ts';
import type { Reader } from '../../../shared/domain/privacy.ts';

export interface SearchRequest {
  /** What the shopper typed, as typed. */
  text: string;
  /** Only what this reader may see (decision 0071). */
  reader: Reader;
  /** Offers match while active at this time. */
  now: Date;
}

export interface SectionPage {
  /** Best first. */
  ids: string[];
  /** How many match in all (at most the engine's candidate cap). */
  total: number;
  /** Asks for the next page; null on the last. */
  cursor: string | null;
}

export interface SuggestionHit {
  kind: 'product' | 'category' | 'shopstar';
  /** The product's id, the category's name, the Shop Star's username. */
  key: string;
  label: string;
}

export interface SearchEngine {
  /**
   * The first `limit` of every section, with their totals, and the words searched for: a correction in place of
   * each word nothing has ('' without a word).
   */
  searchAll(
    request: SearchRequest,
    limit: number,
  ): Promise<{ searchedFor: string; sections: Record<SearchSection, SectionPage> }>;
  /** One page of one section after `cursor`. An unreadable cursor is an AppError('bad-request'). */
  searchSection(
    section: SearchSection,
    request: SearchRequest,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<SectionPage>;
  /** Completions of what is being typed: product names, categories and Shop Stars. */
  suggest(request: SearchRequest, limit: number): Promise<SuggestionHit[]>;
}
