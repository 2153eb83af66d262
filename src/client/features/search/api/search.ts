// The marketplace search's reads (decision 0082): all sections at once for the results page, and one section a page
// at a time for its 'See all'. Answers stay fresh a while, so Back from a result shows the page at once, where the
// shopper left it.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import type { Offer } from '../../../../shared/contracts/offers.ts';
import type { ProductSummary } from '../../../../shared/contracts/products.ts';
import type {
  SearchPage,
  SearchResponse,
  SearchSection,
  ShopStar,
} from '../../../../shared/contracts/search.ts';
import { api } from '../../../lib/api-client.ts';

const RESULTS_STALE_MS = 5 * 60_000;

/** What one section's page carries. */
export type SearchSectionItem = {
  products: ProductSummary;
  klips: Klip;
  shopstars: ShopStar;
  offers: Offer;
};

export const searchKeys = {
  all: ['search'] as const,
  results: (q: string) => ['search', 'results', q] as const,
  section: (section: SearchSection, q: string) => ['search', 'section', section, q] as const,
};

/** GET /api/v1/search: the first few of each section and every section's count. */
export function useSearchResults(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: searchKeys.results(q),
    enabled,
    staleTime: RESULTS_STALE_MS,
    queryFn: ({ signal }) => api.get<SearchResponse>('/search', { signal, query: { q } }),
  });
}

/** GET /api/v1/search/{section}: one section, best first, a page at a time while hasMore. */
export function useSearchSection<Section extends SearchSection>(
  section: Section,
  q: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    queryKey: searchKeys.section(section, q),
    enabled,
    staleTime: RESULTS_STALE_MS,
    queryFn: ({ pageParam, signal }) =>
      api.getList<SearchPage<SearchSectionItem[Section]>>(`/search/${section}`, {
        signal,
        query: { q, lastEvaluatedKey: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? (last.lastEvaluatedKey ?? undefined) : undefined),
    placeholderData: keepPreviousData,
  });
}
