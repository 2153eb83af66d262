// Offers active now (docs/product.md "Content", "Offers page"): the cursor-paged listing behind the
// Offers page, one infinite query per search text, and one seller's on their creator page.
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../../../shared/constants.ts';
import type { OfferListResponse } from '../../../../shared/contracts/offers.ts';
import { api } from '../../../lib/api-client.ts';

/** With `userId`, one seller's offers active now (their creator page). */
export function useOfferList(search: string, { userId }: { userId?: string } = {}) {
  return useInfiniteQuery({
    queryKey: ['offers', { search, userId }],
    queryFn: ({ pageParam, signal }) =>
      api.getList<OfferListResponse>('/content', {
        signal,
        query: {
          type: 'offer',
          status: 'active',
          limit: DEFAULT_PAGE_SIZE,
          search: search || undefined,
          userId,
          lastEvaluatedKey: pageParam,
        },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? (last.lastEvaluatedKey ?? undefined) : undefined),
    placeholderData: keepPreviousData,
  });
}
