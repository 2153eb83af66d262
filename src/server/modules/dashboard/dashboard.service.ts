// The seller's dashboard (docs/product.md "Dashboard"; decision 0065): the signed-in user's products, klips and
// offers in every state with their counts, paged through each list's own cursor, and the creator view (their profile
// and lifetime figures). The figures over a period are dashboard-stats.service.ts's.
import type {
  DashboardQuery,
  DashboardResponse,
  ShopstarResponse,
} from '../../../shared/contracts/dashboard.ts';
import type { Klip } from '../../../shared/contracts/klips.ts';
import type { OwnOffersResponse } from '../../../shared/contracts/offers.ts';
import type {
  ProductListQuery,
  ProductListResponse,
  ProductSummary,
} from '../../../shared/contracts/products.ts';
import type { UserProfile } from '../../../shared/contracts/users.ts';
import { toReader, type Reader } from '../../../shared/domain/privacy.ts';
import { DASHBOARD_MESSAGES } from '../../../shared/server-messages.ts';
import type { Executor } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { createDashboardRepository } from './dashboard.repository.ts';

interface Page<Item> {
  items: Item[];
  lastEvaluatedKey: string | null;
  hasMore: boolean;
}

/** What the dashboard reads through the modules that own it (each list keeps its own cursor). */
export interface DashboardSources {
  products: {
    /** Read as `reader`: the dashboard reads as its owner, who sees their own products whatever their audience. */
    list(query: ProductListQuery, reader: Reader): Promise<Omit<ProductListResponse, 'success'>>;
    listOwnByIds(userId: string, ids: readonly string[]): Promise<ProductSummary[]>;
  };
  klips: {
    listOwn(
      userId: string,
      page: { limit: number; lastEvaluatedKey?: string | undefined },
    ): Promise<Page<Klip>>;
    listOwnByIds(userId: string, ids: readonly string[]): Promise<Klip[]>;
  };
  offers: {
    listOwn(
      userId: string,
      page: { limit: number; lastEvaluatedKey?: string | undefined },
    ): Promise<Omit<OwnOffersResponse, 'success'>>;
  };
  users: { getById(id: string): Promise<UserProfile> };
}

export function createDashboardService(deps: DashboardSources & { db: Executor; now: () => Date }) {
  const repository = createDashboardRepository(deps.db);

  const toPage = <Item>({ items, lastEvaluatedKey, hasMore }: Page<Item>): Page<Item> => ({
    items,
    lastEvaluatedKey,
    hasMore,
  });

  return {
    /** GET /api/v1/dashboard: the counts, and the first page of every list or the next page of one. */
    async get(userId: string, query: DashboardQuery): Promise<Omit<DashboardResponse, 'success'>> {
      if (query.lastEvaluatedKey && !query.section)
        throw new AppError('bad-request', DASHBOARD_MESSAGES.keyNeedsSection);
      const wants = (section: DashboardQuery['section']) => !query.section || query.section === section;
      const page = { limit: query.limit, lastEvaluatedKey: query.lastEvaluatedKey };
      const [counts, products, klips, offers] = await Promise.all([
        repository.countOwn(userId, deps.now()),
        wants('products')
          ? deps.products.list(
              {
                type: 'product',
                status: 'active',
                category: undefined,
                uid: userId,
                ...page,
              },
              toReader(userId),
            )
          : undefined,
        wants('klips') ? deps.klips.listOwn(userId, page) : undefined,
        wants('offers') ? deps.offers.listOwn(userId, page) : undefined,
      ]);
      return {
        counts,
        ...(products && { products: toPage(products) }),
        ...(klips && { klips: toPage(klips) }),
        ...(offers && { offers: toPage(offers) }),
      };
    },

    /** GET /api/v1/dashboard/shopstar: the creator view. */
    async getShopstar(userId: string): Promise<Omit<ShopstarResponse, 'success'>> {
      const [profile, lifetime] = await Promise.all([
        deps.users.getById(userId),
        repository.getLifetime(userId),
      ]);
      return { profile, profilePath: `/shopstar/${profile.username}`, lifetime };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
