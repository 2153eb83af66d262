// Hot Deals (docs/product.md "Hot Deals"): the products in offers active now, newest first, each with those offers,
// and the offers active now of any products (the product page). Offers are read as stored (migrations/
// 0015_create_offers.sql): basis points or paise.
import { sql, type RawBuilder } from 'kysely';
import { LIST_TOTAL_CAP } from '../../../shared/constants.ts';
import type { OfferDiscountType } from '../../../shared/domain/offers.ts';
import type { BasisPoints, Paise } from '../../../shared/domain/pricing.ts';
import type { Reader } from '../../../shared/domain/privacy.ts';
import { authorContentVisibleTo } from '../../db/audience.ts';
import { toSortKey } from '../../db/keyset.ts';
import type { Executor } from '../../db/transaction.ts';
import {
  selectProductCards,
  toProductRecord,
  type ProductRecord,
} from '../content/product-cards.repository.ts';
import { OFFER_TERM_COLUMNS } from '../content/offer-terms.ts';
import { isActiveAt } from '../../db/active-at.ts';
import type { ProductCursor } from './products-listing.repository.ts';

/** An offer as stored (migrations/0015_create_offers.sql): basis points or paise. */
export type ActiveOfferRecord = {
  offerId: string;
  title: string;
  minPurchasePaise: Paise;
  /** Null: no cap. */
  maxDiscountPaise: Paise | null;
  /** ISO texts, to the millisecond. */
  startDate: string;
  endDate: string;
} & (
  | { discountType: Extract<OfferDiscountType, 'percentage'>; discountValue: BasisPoints }
  | { discountType: Extract<OfferDiscountType, 'fixed'>; discountValue: Paise }
);

/**
 * The products in offers active at `now`, newest first, after the cursor: read from offer_products' copies of the
 * product's created_at and the offer's period (migrations/0016_index_hot_deals.sql), in the order of their index,
 * so a page reads about as many index entries as it has rows. A product in two active offers is one row.
 */
function selectDealIds(
  now: Date,
  reader: Reader,
  limit: number,
  cursor: ProductCursor | undefined,
): RawBuilder<{ product_created_at: Date; product_id: string }> {
  // Only products whose seller's content audience admits the reader (decision 0071): one primary-key probe each.
  const visible = sql`exists (select 1 from products dp join users u on u.id = dp.owner_id
    where dp.id = op.product_id and ${authorContentVisibleTo(reader)})`;
  const after =
    cursor?.kind === 'newest'
      ? sql`and (op.product_created_at, op.product_id) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
      : sql``;
  return sql`(select distinct op.product_created_at, op.product_id from offer_products op
    where ${isActiveAt('op', now)} ${after} and ${visible}
    order by op.product_created_at desc, op.product_id desc limit ${sql.lit(limit)})`;
}

/**
 * A page of Hot Deals with the offers active at `now` of each product: a row per product and offer. `offset 0`
 * fences it off, so that the planner plans this small join on its own instead of ordering it together with the
 * products' joins: 0.95 -> 0.44 ms of planning per page, which is most of a page's database time (bench/offers.ts).
 */
function selectDealOffers(
  now: Date,
  reader: Reader,
  limit: number,
  cursor: ProductCursor | undefined,
): RawBuilder<OfferColumns & { product_id: string }> {
  return sql`(select d.product_id, o.id as offer_id, o.title as offer_title, o.discount_type, o.discount_value,
      o.min_purchase, o.max_discount, o.start_at, o.end_at
    from ${selectDealIds(now, reader, limit, cursor)} as d
    join offer_products op on op.product_id = d.product_id
    join offers o on o.id = op.offer_id
    where ${isActiveAt('o', now)}
    offset 0)`;
}

/** An offer row's columns (the aliases the reads here give them) as an ActiveOfferRecord. */
interface OfferColumns {
  offer_id: string;
  offer_title: string;
  discount_type: OfferDiscountType;
  discount_value: number;
  min_purchase: number;
  max_discount: number | null;
  start_at: Date | string;
  end_at: Date | string;
}

/** OfferColumns from the offers table aliased o. */
const OFFER_COLUMNS = ['o.id as offer_id', 'o.title as offer_title', ...OFFER_TERM_COLUMNS] as const;

function toActiveOffer(row: OfferColumns): ActiveOfferRecord {
  return {
    offerId: row.offer_id,
    title: row.offer_title,
    minPurchasePaise: row.min_purchase as Paise,
    maxDiscountPaise: row.max_discount === null ? null : (row.max_discount as Paise),
    startDate: new Date(row.start_at).toISOString(),
    endDate: new Date(row.end_at).toISOString(),
    ...(row.discount_type === 'fixed'
      ? { discountType: 'fixed' as const, discountValue: row.discount_value as Paise }
      : { discountType: 'percentage' as const, discountValue: row.discount_value as BasisPoints }),
  };
}

function addOffer(found: Map<string, ActiveOfferRecord[]>, productId: string, offer: ActiveOfferRecord) {
  const offers = found.get(productId);
  if (offers) offers.push(offer);
  else found.set(productId, [offer]);
}

export function createHotDealsRepository(db: Executor) {
  return {
    /**
     * The offers active at `now` (docs/product.md "Hot Deals": start <= now < end) that include each of the
     * products, ending soonest first. A second statement rather than a part of the page's: a JSON column per row
     * made a Hot Deals page cost twice as much (bench/offers.ts).
     */
    async findActiveOffers(productIds: string[], now: Date): Promise<Map<string, ActiveOfferRecord[]>> {
      const found = new Map<string, ActiveOfferRecord[]>();
      if (productIds.length === 0) return found;
      const rows = await db
        .selectFrom('offer_products as op')
        .innerJoin('offers as o', 'o.id', 'op.offer_id')
        .select(['op.product_id', ...OFFER_COLUMNS])
        .where('op.product_id', 'in', productIds)
        .where(isActiveAt('o', now))
        .orderBy('o.end_at')
        .orderBy('o.id')
        .execute();
      for (const row of rows) addOffer(found, row.product_id, toActiveOffer(row));
      return found;
    },

    /**
     * Hot Deals (docs/product.md "Hot Deals"): one page of the products in offers active at `now`, newest first,
     * with those offers (ending soonest first); the total (counted up to LIST_TOTAL_CAP) when asked. One statement,
     * a row per product and active offer (a JSON column of offers per product cost twice as much, a second
     * statement a round trip).
     */
    async listDeals(
      now: Date,
      reader: Reader,
      page: { limit: number; cursor: ProductCursor | undefined; withTotal: boolean },
    ): Promise<{
      records: ProductRecord[];
      cursors: ProductCursor[];
      offers: Map<string, ActiveOfferRecord[]>;
      total: number | undefined;
    }> {
      // The total rides along in the same statement; a first page with no rows has none to count.
      const rows = await selectProductCards(db)
        .innerJoin(selectDealOffers(now, reader, page.limit, page.cursor).as('o'), 'o.product_id', 'p.id')
        .selectAll('o')
        .select(toSortKey('p.created_at').as('sort_key'))
        .$if(page.withTotal, (query) =>
          query.select(
            sql<string>`(select count(*) from ${selectDealIds(now, reader, LIST_TOTAL_CAP, undefined)} as counted)`.as(
              'total',
            ),
          ),
        )
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .orderBy('o.end_at')
        .orderBy('o.offer_id')
        .execute();
      const first = rows[0] as { total?: string | number | null } | undefined;
      const records: ProductRecord[] = [];
      const cursors: ProductCursor[] = [];
      const offers = new Map<string, ActiveOfferRecord[]>();
      for (const row of rows) {
        if (!offers.has(row.id)) {
          records.push(toProductRecord(row));
          cursors.push({ kind: 'newest', createdAt: row.sort_key, id: row.id });
        }
        addOffer(offers, row.id, toActiveOffer(row));
      }
      return { total: page.withTotal ? Number(first?.total ?? 0) : undefined, records, cursors, offers };
    },
  };
}
