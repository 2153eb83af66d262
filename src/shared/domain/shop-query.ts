// The Shop's list request, built from the Shop's URL in one place: the client's Shop page asks it, and the
// server's page preload (src/server/http/page-preloads.ts) asks the same request ahead of the app and sends the
// answer with the page, found again by its key (request-key.ts). Built twice, the two would drift apart and the
// preloaded answer would go unused.
import { DEFAULT_PAGE_SIZE } from '../constants.ts';
import { ALL_CATEGORIES, findCategory } from './categories.ts';

/** A product list as the app asks for it (docs/product.md "Content": GET /api/v1/content?type=product). */
export type ProductListFilters = {
  category?: string | undefined;
  search?: string | undefined;
  minPrice?: string | undefined;
  maxPrice?: string | undefined;
  uid?: string | undefined;
  sort?: 'newest' | undefined;
  limit?: number | undefined;
};

/** What the Shop's URL says: its search text, category chip, chosen subcategories and price range. */
export type ShopFilters = {
  search: string;
  /** A category of the tree, ALL_CATEGORIES, or what the URL had when it names no category of the tree. */
  category: string;
  subcategories: string[];
  minPrice: string;
  maxPrice: string;
};

/** A price as the URL may carry it: rupees, at most two decimals; anything else is no price. */
export function normalizePriceParam(value: string): string {
  return /^\d+(\.\d{1,2})?$/.test(value.trim()) ? value.trim() : '';
}

/** The Shop's filters from its URL. Categories match ignoring case, as on the server: ?category=fashion is Fashion. */
export function getShopFilters(params: URLSearchParams): ShopFilters {
  const categoryParam = params.get('category') ?? '';
  const found = findCategory(categoryParam);
  return {
    search: params.get('search') ?? '',
    category: found && found.subcategory === null ? found.category : categoryParam || ALL_CATEGORIES,
    subcategories: (params.get('sub') ?? '').split(',').filter(Boolean),
    minPrice: normalizePriceParam(params.get('min') ?? ''),
    maxPrice: normalizePriceParam(params.get('max') ?? ''),
  };
}

/** The list the Shop asks the server for; subcategories are filtered on what is loaded (decision 0024). */
export function getShopListFilters(filters: ShopFilters): ProductListFilters {
  return {
    category: filters.category === ALL_CATEGORIES ? undefined : filters.category,
    search: filters.search || undefined,
    minPrice: filters.minPrice || undefined,
    maxPrice: filters.maxPrice || undefined,
  };
}

/** The query of a product list's first page; empty values are left out, as the app's API client leaves them. */
export function getProductListQuery(filters: ProductListFilters): Record<string, string> {
  // docs/product.md "Price range filter": the price range applies only when both ends are given.
  const priced = Boolean(filters.minPrice && filters.maxPrice);
  const query: Record<string, string | undefined> = {
    type: 'product',
    status: 'active',
    limit: String(filters.limit ?? DEFAULT_PAGE_SIZE),
    category: filters.category,
    search: filters.search,
    minPrice: priced ? filters.minPrice : undefined,
    maxPrice: priced ? filters.maxPrice : undefined,
    uid: filters.uid,
    sort: filters.sort,
  };
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

/** The Shop's first request for the URL's search params: the query of GET /api/v1/content. */
export function getShopListQuery(params: URLSearchParams): Record<string, string> {
  return getProductListQuery(getShopListFilters(getShopFilters(params)));
}
