// The marketplace search (decision 0082): the engine finds ids, best first; each section's own module reads them as
// its lists show them (a product card, a klip, a Shop Star, an offer), so a search result looks like the same thing
// anywhere else.
import type {
  SearchPage,
  SearchResponse,
  SearchSection,
  Suggestion,
} from '../../../shared/contracts/search.ts';
import { CATEGORY_SEPARATOR } from '../../../shared/domain/categories.ts';
import type { Reader } from '../../../shared/domain/privacy.ts';
import type { Config } from '../../config.ts';
import { inOrderOf } from '../../db/in-order-of.ts';
import type { Executor } from '../../db/transaction.ts';
import type { KlipsService } from '../klips/klips.service.ts';
import type { OffersService } from '../offers/offers.service.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { SearchEngine, SearchRequest } from './search-engine.ts';
import { createShopStarsRepository } from './shop-stars.repository.ts';

type ItemOf<S extends SearchSection> = SearchResponse[S]['items'][number];

export type SearchService = ReturnType<typeof createSearchService>;

export function createSearchService(deps: {
  db: Executor;
  config: Pick<Config, 'MEDIA_PUBLIC_URL'>;
  engine: SearchEngine;
  products: Pick<ProductsService, 'listByIds'>;
  klips: Pick<KlipsService, 'listByIds'>;
  offers: Pick<OffersService, 'listActiveByIds'>;
  now: () => Date;
}) {
  const { engine } = deps;
  const shopStars = createShopStarsRepository(deps.db, deps.config);

  /** The section's items of these ids as its lists show them, in the ids' order. */
  async function read<S extends SearchSection>(
    section: S,
    ids: string[],
    reader: Reader,
  ): Promise<ItemOf<S>[]> {
    switch (section) {
      case 'products':
        return (await deps.products.listByIds(ids, reader)) as ItemOf<S>[];
      case 'klips':
        return (await deps.klips.listByIds(ids, reader)) as ItemOf<S>[];
      case 'offers':
        return (await deps.offers.listActiveByIds(ids, reader)) as ItemOf<S>[];
      default:
        return inOrderOf(ids, await shopStars.findByIds(ids)).map(
          ({ id: _id, ...star }) => star,
        ) as ItemOf<S>[];
    }
  }

  const request = (text: string, reader: Reader): SearchRequest => ({ text, reader, now: deps.now() });

  return {
    /** GET /api/v1/search: the first `limit` of every section with its count. */
    async search(text: string, limit: number, reader: Reader): Promise<Omit<SearchResponse, 'success'>> {
      const { searchedFor, sections: found } = await engine.searchAll(request(text, reader), limit);
      const [products, klips, shopstars, offers] = await Promise.all([
        read('products', found.products.ids, reader),
        read('klips', found.klips.ids, reader),
        read('shopstars', found.shopstars.ids, reader),
        read('offers', found.offers.ids, reader),
      ]);
      return {
        searchedFor,
        products: { items: products, total: found.products.total },
        klips: { items: klips, total: found.klips.total },
        shopstars: { items: shopstars, total: found.shopstars.total },
        offers: { items: offers, total: found.offers.total },
      };
    },

    /** GET /api/v1/search/{section}: one page of one section. */
    async searchSection<S extends SearchSection>(
      section: S,
      text: string,
      page: { limit: number; lastEvaluatedKey?: string | undefined },
      reader: Reader,
    ): Promise<Omit<SearchPage<ItemOf<S>>, 'success'>> {
      const found = await engine.searchSection(section, request(text, reader), {
        limit: page.limit,
        cursor: page.lastEvaluatedKey,
      });
      return {
        items: await read(section, found.ids, reader),
        lastEvaluatedKey: found.cursor,
        hasMore: found.cursor !== null,
        total: found.total,
      };
    },

    /** GET /api/v1/search/suggestions */
    async suggest(text: string, limit: number, reader: Reader): Promise<Suggestion[]> {
      const hits = await engine.suggest(request(text, reader), limit);
      return hits.map(({ kind, key, label }) => ({ kind, label, href: toHref(kind, key) }));
    },
  };
}

/** Where a suggestion goes: the app's paths (src/client/config/paths.ts) as links. */
function toHref(kind: Suggestion['kind'], key: string): string {
  const encoded = encodeURIComponent(key);
  if (kind === 'product') return `/product/${encoded}`;
  if (kind === 'shopstar') return `/shopstar/${encoded}`;
  const [category = key, sub] = key.split(CATEGORY_SEPARATOR);
  const params = new URLSearchParams({ category, ...(sub ? { sub } : {}) });
  return `/shop?${params.toString()}`;
}
