// GET /api/v1/products/shared?products={ids} (src/shared/contracts/lootbox.ts): the products of a shared Loot Box,
// or of the Loot Box dialog (docs/product.md "Loot Box dialog": opening it fetches each item's product details), as
// their pages show them. Ids that name no product come back in `missing`. One request takes at most
// SHARED_LOOTBOX_IDS_MAX ids (more answer 400), while a Loot Box holds up to CART_ITEMS_MAX items: the dialog asks in
// chunks and merges the answers (useSharedProductsInChunks).
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { SHARED_LOOTBOX_IDS_MAX } from '../../../../shared/constants.ts';
import type { SharedProductsResponse } from '../../../../shared/contracts/lootbox.ts';
import { api } from '../../../lib/api-client.ts';

export const sharedProductsQueryKey = (ids: readonly string[]) => ['shared-products', ids.join(',')] as const;

export function fetchSharedProducts(ids: readonly string[], signal?: AbortSignal) {
  return api.get<SharedProductsResponse>('/products/shared', { query: { products: ids.join(',') }, signal });
}

/** Disabled while there are no ids. At most SHARED_LOOTBOX_IDS_MAX ids (the shared page's link holds no more). */
export function useSharedProducts(ids: readonly string[]) {
  return useQuery({
    queryKey: sharedProductsQueryKey(ids),
    queryFn: ({ signal }) => fetchSharedProducts(ids, signal),
    enabled: ids.length > 0,
  });
}

/** The ids in runs of at most `size`, in order. */
export function chunkIds(ids: readonly string[], size = SHARED_LOOTBOX_IDS_MAX): string[][] {
  const chunks: string[][] = [];
  for (let start = 0; start < ids.length; start += size) chunks.push(ids.slice(start, start + size));
  return chunks;
}

export interface SharedProductsInChunks {
  /** The merged answer once every chunk answered; undefined before (or when one failed). */
  data: Omit<SharedProductsResponse, 'success'> | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** Any number of ids: one request per SHARED_LOOTBOX_IDS_MAX of them, the answers merged in the ids' order. */
export function useSharedProductsInChunks(ids: readonly string[]): SharedProductsInChunks {
  const chunks = useMemo(() => chunkIds(ids), [ids]);
  return useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: sharedProductsQueryKey(chunk),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchSharedProducts(chunk, signal),
    })),
    combine: (results) => {
      const failed = results.find((result) => result.isError);
      const done = results.every((result) => result.isSuccess);
      return {
        data: done
          ? {
              products: results.flatMap((result) => result.data?.products ?? []),
              missing: results.flatMap((result) => result.data?.missing ?? []),
            }
          : undefined,
        isPending: !failed && !done,
        isError: failed !== undefined,
        error: failed?.error ?? null,
      };
    },
  });
}
