// The signed-in seller's own catalogue for the offer form's product picker: GET /api/v1/content?type=product&uid=
// with the picker's search, a page at a time (docs/product.md "Content"). An offer's products are the seller's own;
// the server checks that too.
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ProductListResponse } from '../../../../shared/contracts/products.ts';
import { api } from '../../../lib/api-client.ts';

export function useSellerProducts(uid: string | undefined, search: string) {
  return useInfiniteQuery({
    queryKey: ['products', 'seller-picker', uid, search],
    enabled: Boolean(uid),
    queryFn: ({ pageParam, signal }) =>
      api.getList<ProductListResponse>('/content', {
        signal,
        query: { type: 'product', uid, search: search.trim(), lastEvaluatedKey: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? (last.lastEvaluatedKey ?? undefined) : undefined),
    placeholderData: keepPreviousData,
  });
}
