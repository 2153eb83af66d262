// GET /api/v1/products/shared?products={ids} (src/shared/contracts/lootbox.ts): the products of a shared Loot Box,
// or of the Loot Box dialog (docs/product.md "Loot Box dialog": opening it fetches each item's product details), in
// one request, as their pages show them. Ids that name no product come back in `missing`.
import { useQuery } from '@tanstack/react-query';
import type { SharedProductsResponse } from '../../../../shared/contracts/lootbox.ts';
import { api } from '../../../lib/api-client.ts';

export const sharedProductsQueryKey = (ids: readonly string[]) => ['shared-products', ids.join(',')] as const;

export function fetchSharedProducts(ids: readonly string[], signal?: AbortSignal) {
  return api.get<SharedProductsResponse>('/products/shared', { query: { products: ids.join(',') }, signal });
}

/** Disabled while there are no ids. */
export function useSharedProducts(ids: readonly string[]) {
  return useQuery({
    queryKey: sharedProductsQueryKey(ids),
    queryFn: ({ signal }) => fetchSharedProducts(ids, signal),
    enabled: ids.length > 0,
  });
}
