// The three home calls of docs/product.md "Content" (newest products, products in an active offer, the category
// list), each its own query so that each section loads and fails on its own (docs/product.md "Home loading").
import { useQuery } from '@tanstack/react-query';
import { HOME_CATEGORIES_LIMIT, HOME_PRODUCTS_LIMIT } from '../../../../shared/constants.ts';
import type { CategoryListResponse, ProductListResponse } from '../../../../shared/contracts/products.ts';
import { getNewArrivalsQuery } from '../../../../shared/domain/home-query.ts';
import { api } from '../../../lib/api-client.ts';

const list =
  <T extends { items: unknown[] }>(query: Record<string, string | number>) =>
  ({ signal }: { signal: AbortSignal }) =>
    api.getList<T>('/content', { signal, query: { status: 'active', ...query } });

export function useHomeContent() {
  const newArrivals = useQuery({
    queryKey: ['home', 'newArrivals'],
    // The request the server's page preload asks too (home-query.ts), so its answer comes with the page.
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.getList<ProductListResponse>('/content', { signal, query: getNewArrivalsQuery() }),
  });
  const deals = useQuery({
    queryKey: ['home', 'deals'],
    queryFn: list<ProductListResponse>({
      type: 'product',
      source: 'activeOffers',
      limit: HOME_PRODUCTS_LIMIT,
    }),
  });
  const categories = useQuery({
    queryKey: ['home', 'categories'],
    queryFn: list<CategoryListResponse>({ type: 'categoryList', limit: HOME_CATEGORIES_LIMIT }),
  });
  return { newArrivals, deals, categories };
}
