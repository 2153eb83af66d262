// An offer's products (offer_products): which of a seller's products an offer may name, the first ones each offer
// features with what a product card shows, and what a product's delete does to the offers naming it. A factory over
// an executor (decision 0026); the offers repository includes it.
import { sql } from 'kysely';
import { OFFER_FEATURED_PRODUCTS_MAX } from '../../../shared/constants.ts';
import type { Executor } from '../../db/transaction.ts';
import {
  selectProductCards,
  toProductRecord,
  type ProductRecord,
} from '../content/product-cards.repository.ts';

/** One of an offer's first products, with what a product card shows. */
export type OfferProductRecord = ProductRecord & { offerId: string };

export function createOfferProductsRepository(db: Executor) {
  return {
    /**
     * The ids of the offers that name a product, each row locked FOR UPDATE in id order: the order an offer's own
     * write takes (the offer, then its products), so a product delete and an offer edit wait for each other
     * instead of deadlocking.
     */
    async lockOffersOfProduct(productId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('offers')
        .select('id')
        .where('id', 'in', (eb) =>
          eb.selectFrom('offer_products').select('offer_id').where('product_id', '=', productId),
        )
        .orderBy('id')
        .forUpdate()
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Of the owner's offers, those that name no product any more and have not ended end at `at` (an upcoming one
     * starts and ends there): docs/product.md "Products, klips, offers". All of them, not only those a product
     * delete locked: under READ COMMITTED an offer can name the product after that lock. Answers the ids it ended.
     */
    async endOffersLeftEmpty(ownerId: string, at: Date): Promise<string[]> {
      const rows = await db
        .updateTable('offers as o')
        .set({
          start_at: sql`least(o.start_at, ${at}::timestamptz)` as never,
          end_at: at,
          updated_at: sql`now()` as never,
        })
        .where('o.owner_id', '=', ownerId)
        .where('o.end_at', '>', at)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('offer_products as op')
                .select('op.offer_id')
                .whereRef('op.offer_id', '=', 'o.id'),
            ),
          ),
        )
        .returning('o.id')
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Of the given product ids, those that are active products of ownerId. The rows are locked FOR KEY SHARE, so a
     * delete of one of them that starts now waits for this transaction (and then takes the offer's link with it);
     * one that committed before is not among them.
     */
    async findOwnedProductIds(ownerId: string, productIds: string[]): Promise<Set<string>> {
      if (productIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('products')
        .select('id')
        .where('id', 'in', productIds)
        .where('owner_id', '=', ownerId)
        .where('status', '=', 'active')
        .forKeyShare()
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /**
     * For each of the given offers, its first `max` active products in the seller's order, with what a product card
     * needs: one statement for a whole page of offers.
     */
    async listFeaturedProducts(
      offerIds: string[],
      max: number = OFFER_FEATURED_PRODUCTS_MAX,
    ): Promise<OfferProductRecord[]> {
      if (offerIds.length === 0) return [];
      const firsts = sql<{ offer_id: string; product_id: string; position: number }>`(
        select offer_id, product_id, position from (
          select op.offer_id, op.product_id, op.position,
            row_number() over (partition by op.offer_id order by op.position) as n
          from offer_products op where op.offer_id in (${sql.join(offerIds)})) numbered
        where n <= ${max})`;
      const rows = await selectProductCards(db)
        .innerJoin(firsts.as('f'), 'f.product_id', 'p.id')
        .select('f.offer_id')
        .orderBy('f.offer_id')
        .orderBy('f.position')
        .execute();
      return rows.map((row) => ({ ...toProductRecord(row), offerId: row.offer_id }));
    },
  };
}
