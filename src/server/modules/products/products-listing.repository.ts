// The catalogue's reads: one product, several, and keyset-paged lists, newest first on (created_at, id) or by search
// rank on (rank, id); totals stop at LIST_TOTAL_CAP so that a page costs the same at any table size.
import { sql } from 'kysely';
import type { Audience } from '../../../shared/domain/privacy.ts';
import { authorContentVisibleTo } from '../../db/audience.ts';
import { isPast, toSortKey } from '../../db/keyset.ts';
import type { Executor } from '../../db/transaction.ts';
import {
  selectProductCards,
  toProductRecord,
  type ProductCardRow,
  type ProductRecord,
} from '../content/product-cards.repository.ts';
import { buildCountExpression } from './product-counts.repository.ts';
import {
  buildFilterCondition,
  buildSearchRank,
  planHint,
  type ProductListFilter,
} from './products-search.repository.ts';
import { interpretQuery } from '../search/search-query.repository.ts';

export type ProductCursor =
  { kind: 'newest'; createdAt: string; id: string } | { kind: 'rank'; rank: string; id: string };

export function createProductListingRepository(db: Executor) {
  /**
   * How many products match: exact from product_counts for all, a category or one creator; otherwise counted,
   * up to LIST_TOTAL_CAP.
   */
  async function count(filter: ProductListFilter): Promise<number> {
    const condition = buildFilterCondition(
      filter,
      filter.search ? await interpretQuery(db, filter.search) : null,
    );
    const { rows } = await sql<{
      total: string | null;
    }>`select ${buildCountExpression(filter, condition)} as total ${planHint(filter)}`.execute(db);
    return Number(rows[0]?.total ?? 0);
  }

  return {
    count,

    async findById(id: string): Promise<ProductRecord | undefined> {
      const row = await selectProductCards(db).where('p.id', '=', id).executeTakeFirst();
      return row ? toProductRecord(row) : undefined;
    },

    /** Several products at once (a shared Loot Box): one statement, in no particular order; absent ids are left out. */
    async findByIds(ids: readonly string[]): Promise<ProductRecord[]> {
      if (ids.length === 0) return [];
      const rows = await selectProductCards(db)
        .where('p.id', 'in', [...ids])
        .execute();
      return rows.map(toProductRecord);
    },

    /** The product's owner and their whoCanSeeMyContent: whether a writer may reach it at all (decision 0071). */
    async findOwner(id: string): Promise<{ ownerId: string; contentAudience: Audience } | undefined> {
      return db
        .selectFrom('products as p')
        .innerJoin('users as u', 'u.id', 'p.owner_id')
        .select(['p.owner_id as ownerId', 'u.content_audience as contentAudience'])
        .where('p.id', '=', id)
        .executeTakeFirst();
    },

    async list(
      filter: ProductListFilter,
      page: { limit: number; cursor: ProductCursor | undefined; withTotal: boolean },
    ): Promise<{ records: ProductRecord[]; cursors: ProductCursor[]; total: number | undefined }> {
      const words = filter.search ? await interpretQuery(db, filter.search) : null;
      const condition = buildFilterCondition(filter, words);
      // The total rides along in the same statement, saving a round trip.
      const reader = filter.reader;
      const base = selectProductCards(db)
        .where(condition)
        .$if(reader !== undefined, (query) => query.where(authorContentVisibleTo(reader!)))
        .$if(page.withTotal, (query) =>
          // A search's matches are its candidates (at most SEARCH_CANDIDATES): counted as the page is ranked.
          query.select(
            (filter.search ? sql<string>`count(*) over ()` : buildCountExpression(filter, condition)).as(
              'total',
            ),
          ),
        );
      const cursor = page.cursor;
      let rows: (ProductCardRow & { sort_key: string })[];
      if (filter.search) {
        const rank = buildSearchRank(filter.search, words);
        let query = base.select(rank.as('sort_key'));
        if (cursor?.kind === 'rank') {
          query = query.where(sql<boolean>`(${rank}, p.id) < (${cursor.rank}::numeric, ${cursor.id})`);
        }
        rows = await query
          .orderBy(sql`sort_key`, 'desc')
          .orderBy('p.id', 'desc')
          .limit(sql.lit(page.limit))
          .modifyEnd(planHint(filter))
          .execute();
      } else {
        let query = base.select(toSortKey('p.created_at').as('sort_key'));
        if (cursor?.kind === 'newest') query = query.where(isPast('p', cursor));
        rows = await query
          .orderBy('p.created_at', 'desc')
          .orderBy('p.id', 'desc')
          .limit(sql.lit(page.limit))
          .modifyEnd(planHint(filter))
          .execute();
      }
      const first = rows[0] as { total?: string | number | null } | undefined;
      let total: number | undefined;
      if (page.withTotal) total = first ? Number(first.total ?? 0) : await count(filter);
      return {
        total,
        records: rows.map(toProductRecord),
        cursors: rows.map((row) =>
          filter.search
            ? { kind: 'rank', rank: row.sort_key, id: row.id }
            : { kind: 'newest', createdAt: row.sort_key, id: row.id },
        ),
      };
    },
  };
}
