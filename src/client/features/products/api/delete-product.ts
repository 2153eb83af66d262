// DELETE /api/v1/products/{id} (docs/product.md "Products, klips, offers"): the owner's product
// goes, its photos with it. Only the owner may; the server refuses anyone else with 403.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function deleteProduct(id: string): Promise<unknown> {
  return api.delete<unknown>(`/products/${encodeURIComponent(id)}`);
}

/**
 * Every cached answer that may show the product, once it is gone: its own (and its rating) are dropped, and every
 * list that may hold it is marked stale at once and loads again: the Shop's and the creator's (products), the home
 * page's, the creator's profile (its product count), offers (their products), shared Loot Boxes and klips (the
 * product they showed). Not awaited: the page goes on (to the creator's profile) while the lists load.
 */
export function forgetDeletedProduct(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: ['product', id] });
  for (const queryKey of [
    ['products'],
    ['home'],
    ['profile'],
    ['offers'],
    ['offer'],
    ['shared-products'],
    ['klips'],
  ])
    void queryClient.invalidateQueries({ queryKey });
}

export function useDeleteProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteProduct(id),
    onSuccess: () => forgetDeletedProduct(queryClient, id),
  });
}
