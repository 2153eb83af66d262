// Product reads (docs/product.md "Content", "Products, klips, offers"): the cursor-paged listing (one infinite
// query per filter set, so Back finds the pages already loaded) and a single product.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ProductDetailResponse, ProductListResponse } from '../../../../shared/contracts/products.ts';
import { getProductListQuery, type ProductListFilters } from '../../../../shared/domain/shop-query.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * Loaded list pages stay fresh this long, so Back to a long list shows it at once and fetches none of its pages
 * again; the seller's own changes clear them sooner (update-product.ts).
 */
const LIST_STALE_MS = 5 * 60_000;

export function useProductList(filters: ProductListFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: ['products', filters],
    enabled,
    staleTime: LIST_STALE_MS,
    queryFn: ({ pageParam, signal }) =>
      api.getList<ProductListResponse>('/content', {
        signal,
        // Built where the server's page preload builds the Shop's (shop-query.ts), so its answer is found.
        query: { ...getProductListQuery(filters), lastEvaluatedKey: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? (last.lastEvaluatedKey ?? undefined) : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: string) {
  return useQuery({
    queryKey: ['product', id],
    queryFn: ({ signal }) =>
      api.get<ProductDetailResponse>(`/products/${encodeURIComponent(id)}`, { signal }),
  });
}
