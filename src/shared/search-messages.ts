// The marketplace search's texts (decision 0082): the results page and the header's suggestions. Only their lazy
// chunks import this module; the header's own placeholder and label stay in the shell.
import type { SearchSection, Suggestion } from './contracts/search.ts';

export const SEARCH_MESSAGES = {
  title: (query: string) => `Results for "${query}"`,
  /** When the server corrected a typo: the words it searched for instead. */
  correctedTo: (searchedFor: string) => `Showing results for "${searchedFor}"`,
  noResults: (query: string) => `No results for "${query}"`,
  noResultsHint: 'Check the spelling, or try fewer or other words.',
  noQuery: 'Search products, klips, Shop Stars and offers',
  noQueryHint: 'Type what you are looking for in the search box at the top.',
  sections: {
    products: 'Products',
    klips: 'Klips',
    shopstars: 'Shop Stars',
    offers: 'Offers',
  } satisfies Record<SearchSection, string>,
  sectionHeading: (name: string, total: number) => `${name} (${total})`,
  seeAll: 'See all',
  allResults: 'All results',
  failed: 'Could not load the search results',
  noMore: (name: string) => `No ${name.toLowerCase()} found`,
} as const;

export const SUGGESTION_MESSAGES = {
  suggestions: 'Suggestions',
  recentSearches: 'Recent searches',
  kinds: {
    product: 'Product',
    category: 'Category',
    shopstar: 'Shop Star',
  } satisfies Record<Suggestion['kind'], string>,
  recent: 'Recent search',
  remove: (query: string) => `Remove "${query}" from recent searches`,
  /** Said politely when the list changes, so that a screen reader knows there is one to move into. */
  count: (count: number) =>
    count === 0 ? 'No suggestions' : count === 1 ? '1 suggestion' : `${count} suggestions`,
  recentCount: (count: number) => (count === 1 ? '1 recent search' : `${count} recent searches`),
} as const;
