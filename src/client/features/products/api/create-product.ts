// POST /api/v1/content with type product (docs/product.md "Content"): publishes a product; the body is
// ProductInputSchema's output, so the server reads exactly what the form checked.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductData, ProductDetailResponse } from '../../../../shared/contracts/products.ts';
import { api } from '../../../lib/api-client.ts';
import { storeSavedProduct } from './update-product.ts';

export function createProduct(data: ProductData): Promise<ProductDetailResponse> {
  return api.post<ProductDetailResponse>('/content', { type: 'product', ...data });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: (answer) => storeSavedProduct(queryClient, answer),
  });
}
