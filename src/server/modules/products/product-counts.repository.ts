// The stored counts of active products (product_counts): one row per scope (all, a top-level category, a category,
// one creator), kept in step by every write, so that a list's total for a scope is one row's read. Products whose
// seller keeps them from some readers are also counted per shop scope and audience (product_hidden_counts, decision
// 0071): a reader's total is the scope's count less the hidden products they may not see.
import { sql, type RawBuilder } from 'kysely';
import { LIST_TOTAL_CAP } from '../../../shared/constants.ts';
import { splitCategory } from '../../../shared/domain/categories.ts';
import type { Reader } from '../../../shared/domain/privacy.ts';
import { authorContentVisibleTo } from '../../db/audience.ts';
import type { Executor } from '../../db/transaction.ts';
import { hasPriceRange, type ProductListFilter } from './products-search.repository.ts';

/** The hidden audiences a reader may not see: nothing is hidden from a read told no reader (the seller's tools). */
function listUnseenAudiences(reader: Reader | undefined): Array<'signedIn' | 'nobody'> {
  if (!reader) return [];
  return reader.signedIn ? ['nobody'] : ['signedIn', 'nobody'];
}

export function createProductCountsRepository(db: Executor) {
  return {
    /** Active products per top-level category that the reader may see, from the stored counts. */
    async countByCategoryRoot(reader?: Reader): Promise<Map<string, number>> {
      const unseen = listUnseenAudiences(reader);
      const rows = await db
        .selectFrom('product_counts as pc')
        .select(['pc.scope', 'pc.count'])
        .$if(unseen.length > 0, (query) =>
          query.select(
            sql<string>`(select coalesce(sum(h.count), 0) from product_hidden_counts h
              where h.scope = pc.scope and h.audience in (${sql.join(unseen)}))`.as('hidden'),
          ),
        )
        .where('pc.scope', 'like', 'root:%')
        .execute();
      return new Map(
        rows.map((row) => [
          row.scope.slice('root:'.length),
          Number(row.count) - Number((row as { hidden?: string }).hidden ?? 0),
        ]),
      );
    },

    /**
     * Recounts every scope from the rows: after bulk inserts that bypass this repository (seed, benchmarks). Four
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
      await db.deleteFrom('product_hidden_counts').execute();
      await sql`insert into product_hidden_counts (scope, audience, count)
        select s.scope, u.content_audience, count(*)
        from products p
        join users u on u.id = p.owner_id
        cross join lateral (values ('all'), ('root:' || p.category_root),
          (case when p.category <> p.category_root then 'category:' || p.category end)) as s (scope)
        where p.status = 'active' and u.content_audience <> 'everyone' and s.scope is not null
        group by s.scope, u.content_audience`.execute(db);
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
 * The list's total for its reader as one SQL expression: the stored counts for all, a category or one creator;
 * otherwise the matches the reader may see, counted up to LIST_TOTAL_CAP. `condition` is the filter's, on products
 * aliased p.
 */
export function buildCountExpression(
  filter: ProductListFilter,
  condition: RawBuilder<boolean>,
): RawBuilder<string | null> {
  const { reader } = filter;
  const scope = findCountScope(filter);
  const stored = sql`(select count from product_counts where scope = ${scope})`;
  if (scope && filter.ownerId) {
    // One creator's: all of them or none, as their audience admits the reader; the creator always sees their own.
    if (!reader || (reader.signedIn && reader.userId === filter.ownerId)) return sql`${stored}`;
    return sql`(select ${stored} from users u where u.id = ${filter.ownerId} and ${authorContentVisibleTo(reader)})`;
  }
  if (scope) {
    const unseen = listUnseenAudiences(reader);
    if (unseen.length === 0) return sql`${stored}`;
    const hidden = sql`(select coalesce(sum(count), 0) from product_hidden_counts
      where scope = ${scope} and audience in (${sql.join(unseen)}))`;
    // A signed-in reader who keeps their own products from everyone still sees them in the shop.
    const own =
      reader?.signedIn && reader.userId !== null
        ? sql` + (select count(*) from products p join users u on u.id = p.owner_id
            where p.owner_id = ${reader.userId} and u.content_audience = 'nobody' and ${condition})`
        : sql``;
    return sql`(coalesce(${stored}, 0) - ${hidden}${own})`;
  }
  const visible = reader ? sql`and ${authorContentVisibleTo(reader)}` : sql``;
  return sql`(select count(*) from (select 1 from products p join users u on u.id = p.owner_id
    where ${condition} ${visible} limit ${sql.lit(LIST_TOTAL_CAP)}) as matches)`;
}

/**
 * A product joins (1) or leaves (-1) the counts of its scopes: in the transaction of its write. Its seller's row is
 * locked (FOR SHARE) while their audience is read, so that a change of audience (migration 0030's trigger) waits for
 * this write or this write for it, and the product is counted under the audience that stays.
 */
export async function adjustCounts(
  tx: Executor,
  ownerId: string,
  category: string,
  delta: 1 | -1,
): Promise<void> {
  const scopes = listCountScopes(ownerId, category);
  if (delta < 0) {
    // A product being removed was counted, so its rows exist; an upsert would check -1 against the constraint.
    await tx
      .updateTable('product_counts')
      .set({ count: sql`count - 1` as never })
      .where('scope', 'in', scopes)
      .execute();
  } else {
    await tx
      .insertInto('product_counts')
      .values(scopes.map((scope) => ({ scope, count: delta })))
      .onConflict((conflict) =>
        conflict.column('scope').doUpdateSet({ count: sql`product_counts.count + excluded.count` as never }),
      )
      .execute();
  }
  const owner = await tx
    .selectFrom('users')
    .select('content_audience')
    .where('id', '=', ownerId)
    .forShare()
    .executeTakeFirst();
  const audience = owner?.content_audience;
  if (!audience || audience === 'everyone') return;
  // One row at a time in (scope, audience) order, as the audience trigger takes them: no cycle of waits.
  const shopScopes = scopes.filter((scope) => !scope.startsWith('owner:')).sort();
  for (const scope of shopScopes) {
    await tx
      .insertInto('product_hidden_counts')
      .values({ scope, audience, count: Math.max(delta, 0) })
      .onConflict((conflict) =>
        conflict
          .columns(['scope', 'audience'])
          .doUpdateSet({ count: sql`product_hidden_counts.count + ${delta}` as never }),
      )
      .execute();
  }
}
