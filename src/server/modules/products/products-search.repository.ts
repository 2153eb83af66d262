// Which active products a list shows (docs/product.md "Shop"): its filters as one SQL condition, and a search's
// candidates and rank. A search ranks at most SEARCH_CANDIDATES matches, so that a common word costs the same at
// any catalogue size.
import { sql, type RawBuilder } from 'kysely';
import type { Paise } from '../../../shared/domain/pricing.ts';
import type { Reader } from '../../../shared/domain/privacy.ts';
import { PLAN_FOR_EACH_CALL } from '../../db/plan-hints.ts';
import { toContainsPattern } from '../../db/text-search.ts';
import { SEARCH_CANDIDATES } from '../../../shared/constants.ts';
import {
  buildMatchQuery,
  buildRank,
  newestMatches,
  type SearchQueryWords,
} from '../search/search-query.repository.ts';

export interface ProductListFilter {
  categoryRoot?: string | undefined;
  category?: string | undefined;
  minPricePaise?: Paise | undefined;
  maxPricePaise?: Paise | undefined;
  search?: string | undefined;
  ownerId?: string | undefined;
  /** Only products whose seller's audience admits this reader; the total counts only those too (decision 0071). */
  reader?: Reader | undefined;
}

/**
 * The list filter as one SQL condition on products aliased p; the same for the page and its count. A search
 * ranks at most SEARCH_CANDIDATES matches, the newest: ranking every match of a common word would cost time in
 * proportion to the catalogue. Words match as prefixes through the full-text index; only when no product
 * matches that way does the name's substring match (through the trigram index) take over, because a substring
 * of common letters matches a large part of the catalogue and costs far more.
 */
export function buildFilterCondition(
  filter: ProductListFilter,
  query: SearchQueryWords | null,
): RawBuilder<boolean> {
  const base = buildPlainCondition(filter, 'p');
  if (!filter.search) return base;
  const plain = buildPlainCondition(filter, 'c');
  const pattern = toContainsPattern(filter.search);
  const byName = (extra: RawBuilder<boolean> | null) =>
    sql`(select c.id from products c where ${plain} and lower(c.name) like ${pattern}
      ${extra ? sql`and ${extra}` : sql``} order by c.created_at desc limit ${sql.lit(SEARCH_CANDIDATES)})`;
  if (!query?.words.length) return sql<boolean>`${base} and p.id in ${byName(null)}`;
  const matches = newestMatches(
    { rows: sql`products c where ${plain}`, alias: 'c', tiered: true },
    buildMatchQuery(query),
  );
  return sql<boolean>`${base} and p.id in (
    with words as (select m.id from ${matches} m)
    select id from words
    union all
    ${byName(sql<boolean>`not exists (select 1 from words)`)})`;
}

/**
 * A search's rank of the product aliased p (the marketplace search's, decision 0082, with the name's likeness to the
 * text), as text rounded so that it can stand in a cursor.
 */
export function buildSearchRank(search: string, query: SearchQueryWords | null): RawBuilder<string> {
  const lower = search.toLowerCase();
  return query?.words.length
    ? sql<string>`round((${buildRank(sql`p.search_document`, query)} + similarity(lower(p.name), ${lower}))::numeric, 6)`
    : sql<string>`round(similarity(lower(p.name), ${lower})::numeric, 6)`;
}

/** A price range's best plan depends on how wide it is: such lists are planned for each call (plan-hints.ts). */
export function planHint(filter: ProductListFilter): RawBuilder<unknown> {
  return hasPriceRange(filter) ? sql.raw(PLAN_FOR_EACH_CALL) : sql``;
}

export function hasPriceRange(filter: ProductListFilter): boolean {
  return filter.minPricePaise !== undefined || filter.maxPricePaise !== undefined;
}

function buildPlainCondition(filter: ProductListFilter, alias: 'p' | 'c'): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions = [sql`${column('status')} = 'active'`];
  if (filter.categoryRoot) conditions.push(sql`${column('category_root')} = ${filter.categoryRoot}`);
  if (filter.category) conditions.push(sql`${column('category')} = ${filter.category}`);
  if (filter.minPricePaise !== undefined) conditions.push(sql`${column('price')} >= ${filter.minPricePaise}`);
  if (filter.maxPricePaise !== undefined) conditions.push(sql`${column('price')} <= ${filter.maxPricePaise}`);
  if (filter.ownerId) conditions.push(sql`${column('owner_id')} = ${filter.ownerId}`);
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}
