// The only code that touches the offer tables (migrations/0015_create_offers.sql). Money is integer paise and a
// percentage is basis points here, as stored; the service converts to and from the wire. Listings are keyset-paged
// newest first on (created_at, id); counts stop at LIST_TOTAL_CAP so that a page costs the same at any table size.
// A factory over an executor (decision 0026): the service builds it on the database for reads and on its own
// transaction for writes; nothing here opens a transaction.
import { sql, type RawBuilder } from 'kysely';
import { LIST_TOTAL_CAP } from '../../../shared/constants.ts';
import type { OfferDiscountType } from '../../../shared/domain/offers.ts';
import type { Paise } from '../../../shared/domain/pricing.ts';
import type { Audience, Reader } from '../../../shared/domain/privacy.ts';
import { authorContentVisibleTo } from '../../db/audience.ts';
import { joinAuthor, toAuthor } from '../../db/author-columns.ts';
import { isPast, toSortKey, type KeysetPosition } from '../../db/keyset.ts';
import { toContainsPattern } from '../../db/text-search.ts';
import type { Executor } from '../../db/transaction.ts';
import type { MediaVariant } from '../../db/tables/media-objects.ts';
import { OFFER_TERM_COLUMNS } from '../content/offer-terms.ts';
import { isActiveAt } from '../../db/active-at.ts';
import { buildMatchQuery, interpretQuery, type SearchQueryWords } from '../search/search-query.repository.ts';
import { createOfferProductsRepository } from './offer-products.repository.ts';

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
  /** The seller's whoCanSeeMyContent (decision 0071). */
  contentAudience: Audience;
  /** Every product's id, in the seller's order. */
  productIds: string[];
}

/** What a change starts from: the row locked FOR UPDATE until the caller's transaction ends. */
export type LockedOffer = Pick<
  OfferRecord,
  'ownerId' | 'discountType' | 'discountValue' | 'startAt' | 'endAt'
>;

export type OfferCursor = KeysetPosition;

export interface OfferListFilter {
  search?: string | undefined;
  ownerId?: string | undefined;
  offerId?: string | undefined;
  /** Only these offers (a search's page, decision 0082). */
  offerIds?: readonly string[] | undefined;
  /** Only offers whose seller's content audience admits this reader (decision 0071); the total is not cut. */
  reader?: Reader | undefined;
}

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

function buildListCondition(
  filter: OfferListFilter,
  now: Date,
  words: SearchQueryWords | null,
): RawBuilder<boolean> {
  const conditions = [sql<boolean>`o.status = 'active'`, isActiveAt('o', now)];
  if (filter.ownerId) conditions.push(sql`o.owner_id = ${filter.ownerId}`);
  if (filter.offerId) conditions.push(sql`o.id = ${filter.offerId}`);
  if (filter.offerIds) conditions.push(sql`o.id in (${sql.join([...filter.offerIds])})`);
  if (filter.search) {
    // The marketplace search's words (decision 0082: title, products' names, description; typos, plurals), or a
    // substring of title and description (offers_title_trgm_idx) for a search without a word.
    conditions.push(
      words?.words.length
        ? sql<boolean>`o.search_document @@ ${buildMatchQuery(words)}`
        : sql<boolean>`lower(o.title || ' ' || o.description) like ${toContainsPattern(filter.search)}`,
    );
  }
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}

/** A page of offers, with the cursor of each. */
interface OfferPage {
  records: OfferRecord[];
  cursors: OfferCursor[];
}

export type OffersRepository = ReturnType<typeof createOffersRepository>;

export function createOffersRepository(db: Executor) {
  function selectOffers() {
    return joinAuthor(db.selectFrom('offers as o'), 'o.owner_id').select([
      'o.id',
      'o.owner_id',
      'o.title',
      'o.description',
      ...OFFER_TERM_COLUMNS,
      'o.terms',
      'o.created_at',
      'o.updated_at',
      sql<string[]>`array(select op.product_id from offer_products op where op.offer_id = o.id
          order by op.position)`.as('product_ids'),
      toSortKey('o.created_at').as('sort_key'),
      // The seller joined as u by joinAuthor.
      sql<Audience>`u.content_audience`.as('author_content_audience'),
    ]);
  }

  type Row = Awaited<ReturnType<ReturnType<typeof selectOffers>['execute']>>[number];

  function toRecord(row: Row): OfferRecord {
    const author = toAuthor(row);
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
      creatorUsername: author.username,
      creatorAvatarVariants: author.avatarVariants,
      contentAudience: row.author_content_audience,
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

  /**
   * The offers meeting `condition`, newest first, one page after `cursor`; with the total (counted up to
   * LIST_TOTAL_CAP) in the same statement when asked for. A page after the cursor may be empty while the list is
   * not: only a first page counts, so the total is exact.
   */
  async function readPage(
    condition: RawBuilder<boolean>,
    page: { limit: number; cursor: OfferCursor | undefined; withTotal: boolean },
    reader?: Reader,
  ): Promise<OfferPage & { total: number | undefined }> {
    const { cursor } = page;
    const rows = await selectOffers()
      .where(condition)
      .$if(reader !== undefined, (builder) => builder.where(authorContentVisibleTo(reader!)))
      .$if(page.withTotal, (builder) =>
        builder.select(
          sql<string>`(select count(*) from (select 1 from offers o where ${condition}
            limit ${sql.lit(LIST_TOTAL_CAP)}) as matches)`.as('total'),
        ),
      )
      .$if(cursor !== undefined, (builder) => builder.where(isPast('o', cursor!)))
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(sql.lit(page.limit))
      .execute();
    const first = rows[0] as { total?: string | number | null } | undefined;
    return {
      records: rows.map(toRecord),
      cursors: rows.map((row) => ({ createdAt: row.sort_key, id: row.id })),
      total: page.withTotal ? Number(first?.total ?? 0) : undefined,
    };
  }

  return {
    ...createOfferProductsRepository(db),

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
    ): Promise<OfferPage & { total: number | undefined }> {
      const words = filter.search ? await interpretQuery(db, filter.search) : null;
      return readPage(buildListCondition(filter, page.now, words), page, filter.reader);
    },

    /** One seller's offers in every state, newest first, one page after `cursor`. */
    listByOwner(
      ownerId: string,
      page: { limit: number; cursor: OfferCursor | undefined },
    ): Promise<OfferPage> {
      return readPage(sql<boolean>`o.owner_id = ${ownerId}`, { ...page, withTotal: false });
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

    /** The offer; its offer_products go with it (on delete cascade). */
    async delete(id: string): Promise<void> {
      await db.deleteFrom('offers').where('id', '=', id).execute();
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
