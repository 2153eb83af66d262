// A shopper's own stars for a product, and rating it (docs/product.md "Product rating").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductDetailResponse, Rating } from '../../../../shared/contracts/products.ts';
import { api } from '../../../lib/api-client.ts';

const ratingKey = (productId: string) => ['product', productId, 'rating'] as const;
const ratingPath = (productId: string) => `/products/${encodeURIComponent(productId)}/rating`;

export function useMyRating(productId: string, enabled: boolean) {
  return useQuery({
    queryKey: ratingKey(productId),
    queryFn: ({ signal }) =>
      api.get<{ data: Rating }>(ratingPath(productId), { signal }).then((body) => body.data),
    enabled,
  });
}

/** Saves the stars, then shows the new average on the product page without reloading the product. */
export function useRateProduct(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stars: number) =>
      api.put<{ data: Rating }>(ratingPath(productId), { stars }).then((body) => body.data),
    onSuccess: (rating) => {
      queryClient.setQueryData(ratingKey(productId), rating);
      queryClient.setQueryData<ProductDetailResponse>(
        ['product', productId],
        (current) =>
          current && {
            ...current,
            product: { ...current.product, rating: rating.rating, ratingCount: rating.ratingCount },
          },
      );
    },
  });
}
