// The stored counts of active products (product_counts): one row per scope (all, a top-level category, a category,
// one creator), kept in step by every write, so that a list's total for a scope is one row's read.
import { sql, type RawBuilder } from 'kysely';
import { LIST_TOTAL_CAP } from '../../../shared/constants.ts';
import { splitCategory } from '../../../shared/domain/categories.ts';
import type { Executor } from '../../db/transaction.ts';
import { hasPriceRange, type ProductListFilter } from './products-search.repository.ts';

export function createProductCountsRepository(db: Executor) {
  return {
    /** Active products per top-level category, from the stored counts. */
    async countByCategoryRoot(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('product_counts')
        .select(['scope', 'count'])
        .where('scope', 'like', 'root:%')
        .execute();
      return new Map(rows.map((row) => [row.scope.slice('root:'.length), Number(row.count)]));
    },

    /**
     * Recounts every scope from the rows: after bulk inserts that bypass this repository (seed, benchmarks). Two
     * statements: run it in a transaction, or a list may read the counts while they are empty.
     */
    async refreshCounts(): Promise<void> {
      await db.deleteFrom('product_counts').execute();
      await sql`insert into product_counts (scope, count)
        select 'all', count(*) from products where status = 'active'
        union all select 'root:' || category_root, count(*) from products where status = 'active' group by category_root
        union all select 'category:' || category, count(*) from products
          where status = 'active' and category <> category_root group by category
        union all select 'owner:' || owner_id, count(*) from products where status = 'active' group by owner_id`.execute(
        db,
      );
    },
  };
}

/** The product_counts rows a product belongs to. */
export function listCountScopes(ownerId: string, category: string): string[] {
  const root = splitCategory(category).category;
  return ['all', `root:${root}`, ...(root === category ? [] : [`category:${category}`]), `owner:${ownerId}`];
}

/** The one scope whose stored count answers this filter, if any. */
function findCountScope(filter: ProductListFilter): string | null {
  if (filter.search || hasPriceRange(filter)) return null;
  const scopes = [
    filter.categoryRoot && `root:${filter.categoryRoot}`,
    filter.category && `category:${filter.category}`,
    filter.ownerId && `owner:${filter.ownerId}`,
  ].filter(Boolean) as string[];
  if (scopes.length > 1) return null;
  return scopes[0] ?? 'all';
}

/**
 * The list's total as one SQL expression: the stored count for all, a category or one creator; otherwise the
 * matches counted up to LIST_TOTAL_CAP.
 */
export function buildCountExpression(
  filter: ProductListFilter,
  condition: RawBuilder<boolean>,
): RawBuilder<string | null> {
  const scope = findCountScope(filter);
  if (scope) return sql`(select count from product_counts where scope = ${scope})`;
  return sql`(select count(*) from (select 1 from products p where ${condition} limit ${sql.lit(LIST_TOTAL_CAP)}) as matches)`;
}

/** A product joins (1) or leaves (-1) the counts of its scopes: in the transaction of its write. */
export async function adjustCounts(tx: Executor, scopes: string[], delta: 1 | -1): Promise<void> {
  if (delta < 0) {
    // A product being removed was counted, so its rows exist; an upsert would check -1 against the constraint.
    await tx
      .updateTable('product_counts')
      .set({ count: sql`count - 1` as never })
      .where('scope', 'in', scopes)
      .execute();
    return;
  }
  await tx
    .insertInto('product_counts')
    .values(scopes.map((scope) => ({ scope, count: delta })))
    .onConflict((conflict) =>
      conflict.column('scope').doUpdateSet({ count: sql`product_counts.count + excluded.count` as never }),
    )
    .execute();
}
