// The only code that touches the offer tables (migrations/0015_create_offers.sql). Money is integer paise and a
// percentage is basis points here, as stored; the service converts to and from the wire. Listings are keyset-paged
// newest first on (created_at, id); counts stop at LIST_TOTAL_CAP so that a page costs the same at any table size.
// A factory over an executor (decision 0026): the service builds it on the database for reads and on its own
// transaction for writes; nothing here opens a transaction.
import { sql, type RawBuilder } from 'kysely';
import { LIST_TOTAL_CAP, OFFER_FEATURED_PRODUCTS_MAX } from '../../../shared/constants.ts';
import type { OfferDiscountType } from '../../../shared/domain/offers.ts';
import type { Paise } from '../../../shared/domain/pricing.ts';
import type { Executor } from '../../db/transaction.ts';
import type { MediaVariant } from '../../db/tables/media-objects.ts';
import { createProductsRepository, type ProductRecord } from '../products/products.repository.ts';
import { isActiveAt } from '../../db/active-at.ts';

export interface OfferWrite {
  title: string;
  description: string;
  discountType: OfferDiscountType;
  /** Basis points for a percentage offer, paise for a fixed one. */
  discountValue: number;
  minPurchasePaise: Paise;
  /** null: no cap. */
  maxDiscountPaise: Paise | null;
  startAt: Date;
  endAt: Date;
  terms: string[];
}

export interface OfferRecord extends OfferWrite {
  id: string;
  ownerId: string;
  createdAt: Date;
  updatedAt: Date;
  creatorUsername: string;
  creatorAvatarVariants: MediaVariant[] | null;
  /** Every product's id, in the seller's order. */
  productIds: string[];
}

/** What a change starts from: the row locked FOR UPDATE until the caller's transaction ends. */
export type LockedOffer = Pick<
  OfferRecord,
  'ownerId' | 'discountType' | 'discountValue' | 'startAt' | 'endAt'
>;

export interface OfferCursor {
  createdAt: string;
  id: string;
}

export interface OfferListFilter {
  search?: string | undefined;
  ownerId?: string | undefined;
  offerId?: string | undefined;
}

/** One of an offer's first products, with what a product card shows. */
export type OfferProductRecord = ProductRecord & { offerId: string };

type OfferColumns = {
  title?: string;
  description?: string;
  discount_type?: OfferDiscountType;
  discount_value?: number;
  min_purchase?: number;
  max_discount?: number | null;
  start_at?: Date;
  end_at?: Date;
  terms?: string[];
};

/** The columns for the fields given, and nothing else: a PATCH writes only what it sent. */
function toColumns(changes: Partial<OfferWrite>): OfferColumns {
  const columns: OfferColumns = {};
  if (changes.title !== undefined) columns.title = changes.title;
  if (changes.description !== undefined) columns.description = changes.description;
  if (changes.discountType !== undefined) columns.discount_type = changes.discountType;
  if (changes.discountValue !== undefined) columns.discount_value = changes.discountValue;
  if (changes.minPurchasePaise !== undefined) columns.min_purchase = changes.minPurchasePaise;
  if (changes.maxDiscountPaise !== undefined) columns.max_discount = changes.maxDiscountPaise;
  if (changes.startAt !== undefined) columns.start_at = changes.startAt;
  if (changes.endAt !== undefined) columns.end_at = changes.endAt;
  if (changes.terms !== undefined) columns.terms = changes.terms;
  return columns;
}

function buildListCondition(filter: OfferListFilter, now: Date): RawBuilder<boolean> {
  const conditions = [sql<boolean>`o.status = 'active'`, isActiveAt('o', now)];
  if (filter.ownerId) conditions.push(sql`o.owner_id = ${filter.ownerId}`);
  if (filter.offerId) conditions.push(sql`o.id = ${filter.offerId}`);
  if (filter.search) {
    // The expression of offers_title_trgm_idx, so that a substring search uses the trigram index.
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(sql`lower(o.title || ' ' || o.description) like ${pattern}`);
  }
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}

/** Rows after the cursor, newest first on (created_at, id), on offers aliased o. */
function after(cursor: OfferCursor): RawBuilder<boolean> {
  return sql<boolean>`(o.created_at, o.id) < (${cursor.createdAt}::timestamptz, ${cursor.id})`;
}

export type OffersRepository = ReturnType<typeof createOffersRepository>;

export function createOffersRepository(db: Executor) {
  function selectOffers() {
    return db
      .selectFrom('offers as o')
      .innerJoin('users as u', 'u.id', 'o.owner_id')
      .leftJoin('media_objects as avatar', 'avatar.id', 'u.avatar_media_id')
      .select([
        'o.id',
        'o.owner_id',
        'o.title',
        'o.description',
        'o.discount_type',
        'o.discount_value',
        'o.min_purchase',
        'o.max_discount',
        'o.start_at',
        'o.end_at',
        'o.terms',
        'o.created_at',
        'o.updated_at',
        'u.username as creator_username',
        'avatar.variants as avatar_variants',
        sql<string[]>`array(select op.product_id from offer_products op where op.offer_id = o.id
          order by op.position)`.as('product_ids'),
        sql<string>`to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('sort_key'),
      ]);
  }

  type Row = Awaited<ReturnType<ReturnType<typeof selectOffers>['execute']>>[number];

  function toRecord(row: Row): OfferRecord {
    return {
      id: row.id,
      ownerId: row.owner_id,
      title: row.title,
      description: row.description,
      discountType: row.discount_type,
      discountValue: row.discount_value,
      minPurchasePaise: row.min_purchase as Paise,
      maxDiscountPaise: row.max_discount as Paise | null,
      startAt: new Date(row.start_at),
      endAt: new Date(row.end_at),
      terms: row.terms,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
      creatorUsername: row.creator_username,
      creatorAvatarVariants: row.avatar_variants ?? null,
      productIds: row.product_ids,
    };
  }

  async function insertProducts(offerId: string, productIds: string[]): Promise<void> {
    if (productIds.length === 0) return;
    await db
      .insertInto('offer_products')
      .values(
        productIds.map((productId, position) => ({ offer_id: offerId, product_id: productId, position })),
      )
      .execute();
  }

  return {
    /** The offer and its products, in the seller's order: run it in a transaction. */
    async create(input: {
      id: string;
      ownerId: string;
      offer: OfferWrite;
      productIds: string[];
    }): Promise<void> {
      await db
        .insertInto('offers')
        .values({
          id: input.id,
          owner_id: input.ownerId,
          ...toColumns(input.offer),
          title: input.offer.title,
          discount_type: input.offer.discountType,
          discount_value: input.offer.discountValue,
          start_at: input.offer.startAt,
          end_at: input.offer.endAt,
        })
        .execute();
      await insertProducts(input.id, input.productIds);
    },

    /** The offer in any state (who may see it is the service's question). */
    async findById(id: string): Promise<OfferRecord | undefined> {
      const row = await selectOffers().where('o.id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** The row a change starts from, locked (FOR UPDATE) so that changes of one offer go one after another. */
    async findForUpdate(id: string): Promise<LockedOffer | undefined> {
      const row = await db
        .selectFrom('offers')
        .select(['owner_id', 'discount_type', 'discount_value', 'start_at', 'end_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return (
        row && {
          ownerId: row.owner_id,
          discountType: row.discount_type,
          discountValue: row.discount_value,
          startAt: new Date(row.start_at),
          endAt: new Date(row.end_at),
        }
      );
    },

    /**
     * Offers active at `now`, newest first, one page after `cursor`. The total (counted up to LIST_TOTAL_CAP) rides
     * along in the same statement when asked for.
     */
    async listActive(
      filter: OfferListFilter,
      page: { limit: number; cursor: OfferCursor | undefined; withTotal: boolean; now: Date },
    ): Promise<{ records: OfferRecord[]; cursors: OfferCursor[]; total: number | undefined }> {
      const condition = buildListCondition(filter, page.now);
      let query = selectOffers()
        .where(condition)
        .$if(page.withTotal, (builder) =>
          builder.select(
            sql<string>`(select count(*) from (select 1 from offers o where ${condition}
              limit ${sql.lit(LIST_TOTAL_CAP)}) as matches)`.as('total'),
          ),
        );
      if (page.cursor) query = query.where(after(page.cursor));
      const rows = await query
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(sql.lit(page.limit))
        .execute();
      let total: number | undefined;
      if (page.withTotal) {
        const first = rows[0] as { total?: string | number | null } | undefined;
        total = first ? Number(first.total ?? 0) : 0;
        // A page after the cursor may be empty while the list is not: only a first page counts, so this is exact.
      }
      return {
        records: rows.map(toRecord),
        cursors: rows.map((row) => ({ createdAt: row.sort_key, id: row.id })),
        total,
      };
    },

    /** One seller's offers in every state, newest first, one page after `cursor`. */
    async listByOwner(
      ownerId: string,
      page: { limit: number; cursor: OfferCursor | undefined },
    ): Promise<{ records: OfferRecord[]; cursors: OfferCursor[] }> {
      let query = selectOffers().where('o.owner_id', '=', ownerId);
      if (page.cursor) query = query.where(after(page.cursor));
      const rows = await query
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(sql.lit(page.limit))
        .execute();
      return {
        records: rows.map(toRecord),
        cursors: rows.map((row) => ({ createdAt: row.sort_key, id: row.id })),
      };
    },

    /** Writes the fields given over a row locked with findForUpdate, and the products when given (a new list). */
    async update(id: string, changes: Partial<OfferWrite>, productIds: string[] | undefined): Promise<void> {
      await db
        .updateTable('offers')
        .set({ ...toColumns(changes), updated_at: sql`now()` as never })
        .where('id', '=', id)
        .execute();
      if (productIds) {
        await db.deleteFrom('offer_products').where('offer_id', '=', id).execute();
        await insertProducts(id, productIds);
      }
    },

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

    /** The offer; its offer_products go with it (on delete cascade). */
    async delete(id: string): Promise<void> {
      await db.deleteFrom('offers').where('id', '=', id).execute();
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
     * For each of the given offers, its first `max` products in the seller's order, with what a product card needs:
     * the products repository's read (one statement for a whole page of offers).
     */
    listFeaturedProducts(
      offerIds: string[],
      max: number = OFFER_FEATURED_PRODUCTS_MAX,
    ): Promise<OfferProductRecord[]> {
      return createProductsRepository(db).listInOffers(offerIds, max);
    },

    /** Epoch ms of the earliest start or end of any offer after `at`, or null when none starts or ends later. */
    async findNextScheduleChange(at: Date): Promise<number | null> {
      const { rows } = await sql<{ next: Date | string | null }>`select least(
          (select min(start_at) from offers where start_at > ${at}),
          (select min(end_at) from offers where end_at > ${at})) as next`.execute(db);
      const next = rows[0]?.next;
      return next == null ? null : new Date(next).getTime();
    },
  };
}
