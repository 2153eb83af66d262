// The marketplace search as client tests serve it (src/shared/contracts/search.ts): whole contract objects.
import type { Klip } from '../../shared/contracts/klips.ts';
import type { Offer } from '../../shared/contracts/offers.ts';
import type { ProductSummary } from '../../shared/contracts/products.ts';
import type {
  SearchResponse,
  ShopStar,
  Suggestion,
  SuggestionsResponse,
} from '../../shared/contracts/search.ts';

export function createTestShopStar(changes: Partial<ShopStar> = {}): ShopStar {
  return {
    uid: 'u-kavya',
    username: 'kavya.crafts',
    fullName: 'Kavya Crafts',
    avatar: null,
    bio: 'Handmade in Jaipur.\nShips in two days.',
    ...changes,
  };
}

type Sections = {
  products: ProductSummary[];
  klips: Klip[];
  shopstars: ShopStar[];
  offers: Offer[];
};

/**
 * An answer of GET /api/v1/search: each section's items, and its total (the number of items unless `totals` says
 * more are found than shown).
 */
export function createSearchAnswer(
  searchedFor: string,
  sections: Partial<Sections> = {},
  totals: Partial<Record<keyof Sections, number>> = {},
) {
  const section = <Item>(items: Item[] = [], total?: number) => ({ items, total: total ?? items.length });
  const body: SearchResponse = {
    success: true,
    searchedFor,
    products: section(sections.products, totals.products),
    klips: section(sections.klips, totals.klips),
    shopstars: section(sections.shopstars, totals.shopstars),
    offers: section(sections.offers, totals.offers),
  };
  return { status: 200, body };
}

/** One page of GET /api/v1/search/{section}. */
export function createSearchPageAnswer<Item>(
  items: Item[],
  total: number,
  lastEvaluatedKey: string | null = null,
) {
  return {
    status: 200,
    body: { success: true, items, lastEvaluatedKey, hasMore: lastEvaluatedKey !== null, total },
  };
}

export function createSuggestionsAnswer(items: Suggestion[]) {
  const body: SuggestionsResponse = { success: true, items };
  return { status: 200, body };
}
