// PATCH /api/v1/products/{id} (docs/product.md "Products, klips, offers"): the seller's changes; images is the
// new full order. Only the owner may change a product; the server refuses anyone else with 403.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProductDetailResponse, UpdateProductBody } from '../../../../shared/contracts/products.ts';
import { api } from '../../../lib/api-client.ts';

export function updateProduct(id: string, body: UpdateProductBody): Promise<ProductDetailResponse> {
  return api.patch<ProductDetailResponse>(`/products/${encodeURIComponent(id)}`, body);
}

/** The saved product is what its page shows next; every list that may hold it loads again. */
export function storeSavedProduct(queryClient: QueryClient, answer: ProductDetailResponse): Promise<void> {
  queryClient.setQueryData(['product', answer.product.id], answer);
  return queryClient.invalidateQueries({ queryKey: ['products'] });
}

export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProductBody) => updateProduct(id, body),
    onSuccess: (answer) => storeSavedProduct(queryClient, answer),
  });
}
