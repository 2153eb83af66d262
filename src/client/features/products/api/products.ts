// Product reads (docs/product.md "Content", "Products, klips, offers"): the cursor-paged listing (one infinite
// query per filter set, so Back finds the pages already loaded) and a single product.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ProductDetailResponse, ProductListResponse } from '../../../../shared/contracts/products.ts';
import { DEFAULT_PAGE_SIZE } from '../../../../shared/constants.ts';
import { api } from '../../../lib/api-client.ts';

export type ProductFilters = {
  category?: string | undefined;
  search?: string | undefined;
  minPrice?: string | undefined;
  maxPrice?: string | undefined;
  uid?: string | undefined;
  sort?: 'newest' | undefined;
  limit?: number | undefined;
};

/**
 * Loaded list pages stay fresh this long, so Back to a long list shows it at once and fetches none of its pages
 * again; the seller's own changes clear them sooner (update-product.ts).
 */
const LIST_STALE_MS = 5 * 60_000;

export function useProductList(filters: ProductFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: ['products', filters],
    enabled,
    staleTime: LIST_STALE_MS,
    queryFn: ({ pageParam, signal }) =>
      api.getList<ProductListResponse>('/content', {
        signal,
        query: {
          type: 'product',
          status: 'active',
          limit: filters.limit ?? DEFAULT_PAGE_SIZE,
          category: filters.category,
          search: filters.search,
          // docs/product.md "Price range filter": the price range applies only when both ends are given.
          minPrice: filters.minPrice && filters.maxPrice ? filters.minPrice : undefined,
          maxPrice: filters.minPrice && filters.maxPrice ? filters.maxPrice : undefined,
          uid: filters.uid,
          sort: filters.sort,
          lastEvaluatedKey: pageParam,
        },
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
