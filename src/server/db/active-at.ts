// The one SQL form of "active now" (docs/product.md "Hot Deals": start <= now < end), for every read that asks it:
// the offers listing, Hot Deals and the product page. The domain's form of the same rule is getOfferState in
// src/shared/domain/offers.ts.
import { sql, type RawBuilder } from 'kysely';

/**
 * Active at `at`, on the table aliased `alias`: offers, or offer_products, whose copies of the offer's period
 * (migrations/0016_index_hot_deals.sql) Hot Deals reads in its index's order.
 */
export function isActiveAt(alias: 'o' | 'op', at: Date): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${alias}.start_at`)} <= ${at} and ${sql.ref(`${alias}.end_at`)} > ${at}`;
}
