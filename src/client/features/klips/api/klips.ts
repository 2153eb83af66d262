// Klip reads (docs/product.md "Klip", "Listings"): the cursor-paged list of active klips (search over title,
// description and tags; one creator's with uid) and a single klip by id.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Klip, KlipListResponse, KlipResponse } from '../../../../shared/contracts/klips.ts';
import { getKlipListQuery, type KlipListFilters } from '../../../../shared/domain/klip-query.ts';
import { api } from '../../../lib/api-client.ts';

export const klipKeys = {
  all: ['klips'] as const,
  list: (filters: KlipListFilters) => ['klips', 'list', filters] as const,
  detail: (id: string) => ['klips', 'detail', id] as const,
};

/** Active klips, newest first, DEFAULT_PAGE_SIZE (12) a page; pages follow lastEvaluatedKey while hasMore. */
export function useKlipList(filters: KlipListFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: klipKeys.list(filters),
    enabled,
    queryFn: ({ pageParam, signal }) =>
      api.getList<KlipListResponse>('/content', {
        signal,
        // The first page's request is the one the server preloads with /klips (klip-query.ts).
        query: { ...getKlipListQuery(filters), lastEvaluatedKey: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? (last.lastEvaluatedKey ?? undefined) : undefined),
    placeholderData: keepPreviousData,
  });
}

/** The loaded pages as one list, without a klip that two pages both carry. */
export function flattenKlipPages(pages: readonly KlipListResponse[] | undefined): Klip[] {
  const seen = new Set<string>();
  const klips: Klip[] = [];
  for (const page of pages ?? []) {
    for (const klip of page.items) {
      if (seen.has(klip.id)) continue;
      seen.add(klip.id);
      klips.push(klip);
    }
  }
  return klips;
}

/** One klip (its owner also gets it while processing or failed). */
export function useKlip(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: klipKeys.detail(id),
    enabled: enabled && id !== '',
    queryFn: ({ signal }) => api.get<KlipResponse>(`/klips/${encodeURIComponent(id)}`, { signal }),
    select: (answer) => answer.klip,
  });
}
