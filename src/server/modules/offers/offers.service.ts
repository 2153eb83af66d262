// Offer rules (docs/product.md "Offer", "Offer creation", "Offers API", "Offer limits"; decision 0035): who may
// change an offer, which products it may name, what each viewer sees, and the shape of docs/product.md "Offer" that
// lists and the edit page read. Writes run in a transaction this service opens (or the content module's, for a
// create), with the repository built over it (decision 0026). Paise and basis points from here down; the wire's
// rupees and percent are converted in the mapping functions below and nowhere else, and prices come from the one
// price engine (src/shared/domain/offers.ts priceLine).
import { ANONYMOUS_READER, audienceAdmits, toReader, type Reader } from '../../../shared/domain/privacy.ts';
import { ulid } from 'ulid';
import { z } from 'zod';
import type {
  Offer,
  OfferData,
  OfferListQuery,
  OfferListResponse,
  OwnOffersQuery,
  OwnOffersResponse,
  UpdateOfferBodySchema,
} from '../../../shared/contracts/offers.ts';
import {
  OFFER_FEATURED_PRODUCTS_MAX,
  OFFER_PERCENT_MAX,
  OFFER_PRODUCTS_MAX,
} from '../../../shared/constants.ts';
import {
  getOfferState,
  priceLine,
  readDate,
  resolveCreateDates,
  startsAfterEnd,
  type OfferTerms,
} from '../../../shared/domain/offers.ts';
import { paiseToRupees, rupeesToPaise } from '../../../shared/domain/pricing.ts';
import { OFFER_MESSAGES } from '../../../shared/offer-messages.ts';
import { SERVER_MESSAGES } from '../../../shared/server-messages.ts';
import type { Config } from '../../config.ts';
import { runInTransaction, type Executor } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { toCreatorAvatar, toProductSummary } from '../products/product-summary.ts';
import { CreatedAtCursorSchema, decodeCursor, encodeCursor } from '../content/content-cursor.ts';
import type { OfferSchedule } from './offer-schedule.ts';
import { toStoredCap, toStoredDiscountValue, toWireDiscountValue, toWireTerms } from './offer-values.ts';
import type { OfferProductRecord } from './offer-products.repository.ts';
import {
  createOffersRepository,
  type OfferCursor,
  type OfferRecord,
  type OffersRepository,
  type OfferWrite,
} from './offers.repository.ts';
import { inOrderOf } from '../../db/in-order-of.ts';

/** A page's cursor also carries the list's total, so that only the first page counts. */
type ListCursor = OfferCursor & { total: number };
const CursorSchema: z.ZodType<ListCursor> = CreatedAtCursorSchema.extend({
  total: z.number().int().nonnegative(),
});

type OfferListPage = Omit<OfferListResponse, 'success'>;
type FeaturedProduct = Offer['featuredProducts'][number];

function badField(field: string, problem: string): AppError {
  return new AppError('bad-request', SERVER_MESSAGES.validation(field, problem));
}

/** A discount value as stored; one that rounds to nothing or a percentage above 100 is refused with its text. */
function toStoredValue(discountType: OfferWrite['discountType'], value: number): number {
  const stored = toStoredDiscountValue(discountType, value);
  if (stored !== null) return stored;
  const tooHigh = discountType === 'percentage' && value > OFFER_PERCENT_MAX;
  throw badField('discountValue', tooHigh ? OFFER_MESSAGES.percentTooHigh : OFFER_MESSAGES.valueRequired);
}

export type OffersService = ReturnType<typeof createOffersService>;

export function createOffersService(deps: {
  /** The database; writes open a transaction on it and build the repository over that. */
  db: Executor;
  config: Pick<Config, 'MEDIA_PUBLIC_URL'>;
  /** Clears the content module's shared list cache: called after every write. */
  clearContentLists: () => void;
  /** When the set of offers active now next changes; forgotten after every write. */
  schedule: Pick<OfferSchedule, 'forget'>;
  /** The time (tests). */
  now?: () => Date;
}) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  const offers = createOffersRepository(db);
  const inTransaction = <T>(within: Executor, work: (repository: OffersRepository) => Promise<T>) =>
    runInTransaction(within, (tx) => work(createOffersRepository(tx)));

  function toFeaturedProduct(product: OfferProductRecord, terms: OfferTerms): FeaturedProduct {
    const summary = toProductSummary(product, config);
    // One of it under this offer, as the price engine gives it (min purchase included).
    const line = priceLine({ price: summary.price, discount: summary.discount }, terms);
    return { ...summary, finalPrice: paiseToRupees(line.unit.finalPrice) };
  }

  function toOffer(record: OfferRecord, products: OfferProductRecord[], at: Date): Offer {
    const terms = toWireTerms(record);
    const period = { startDate: record.startAt.toISOString(), endDate: record.endAt.toISOString() };
    return {
      id: record.id,
      contentId: record.id,
      type: 'offer',
      status: 'active',
      state: getOfferState(period, at),
      createdAt: record.createdAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
      uid: record.ownerId,
      creatorUsername: record.creatorUsername,
      creatorAvatar: toCreatorAvatar(record.creatorAvatarVariants, config),
      title: record.title,
      description: record.description,
      discountType: terms.discountType,
      discountValue: terms.discountValue,
      minPurchase: terms.minPurchase ?? 0,
      maxDiscount: terms.maxDiscount ?? null,
      ...period,
      products: record.productIds,
      terms: record.terms,
      featuredProducts: products.map((product) => toFeaturedProduct(product, terms)),
    };
  }

  /**
   * Offers with their first products (`featured`: how many; OFFER_FEATURED_PRODUCTS_MAX unless the viewer edits
   * it): one query for the products of the whole page.
   */
  async function toOffers(
    repository: OffersRepository,
    records: OfferRecord[],
    at: Date,
    featured = OFFER_FEATURED_PRODUCTS_MAX,
  ): Promise<Offer[]> {
    const products = await repository.listFeaturedProducts(
      records.map((record) => record.id),
      featured,
    );
    const byOffer = Map.groupBy(products, (product) => product.offerId);
    return records.map((record) => toOffer(record, byOffer.get(record.id) ?? [], at));
  }

  /**
   * The products an offer names must be the seller's own active products (docs/product.md "Offer limits"), each
   * once. Their rows stay locked (FOR KEY SHARE) until the write commits, so none is deleted in between.
   */
  async function checkProducts(repository: OffersRepository, userId: string, productIds: string[]) {
    const seen = new Set<string>();
    for (const id of productIds) {
      if (seen.has(id)) throw new AppError('bad-request', OFFER_MESSAGES.productListedTwice(id));
      seen.add(id);
    }
    const owned = await repository.findOwnedProductIds(userId, productIds);
    const foreign = productIds.find((id) => !owned.has(id));
    if (foreign !== undefined) throw new AppError('bad-request', OFFER_MESSAGES.productNotYours(foreign));
  }

  /** Inside a write's transaction: the offer locked, for its owner only (404 or 403 otherwise). */
  async function lockOwned(repository: OffersRepository, userId: string, id: string) {
    const locked = await repository.findForUpdate(id);
    if (!locked) throw new AppError('not-found', OFFER_MESSAGES.offerNotFound);
    if (locked.ownerId !== userId) throw new AppError('forbidden', OFFER_MESSAGES.notYourOffer);
    return locked;
  }

  async function readBack(repository: OffersRepository, id: string): Promise<Offer> {
    const record = await repository.findById(id);
    if (!record) throw new Error(`offer ${id} is not there after its write`);
    const [offer] = await toOffers(repository, [record], now());
    return offer!;
  }

  /** After any write: lists answer from the database again, and the next start or end is asked again. */
  function changed<T>(result: T): T {
    deps.schedule.forget();
    deps.clearContentLists();
    return result;
  }

  return {
    /**
     * A new offer for the signed-in seller, read back in the same transaction (`within`: the content module's,
     * which holds the Idempotency-Key too). Dates as docs/product.md "Offer creation" says: missing or invalid
     * ones default to now and now + 7 days; a start after the end is refused.
     */
    async create(userId: string, data: OfferData, within: Executor = db): Promise<Offer> {
      const dates = resolveCreateDates(data, now());
      if (startsAfterEnd(dates)) {
        throw badField('startDate', OFFER_MESSAGES.startAfterEnd);
      }
      const offer: OfferWrite = {
        title: data.title,
        description: data.description,
        discountType: data.discountType,
        discountValue: toStoredValue(data.discountType, data.discountValue),
        minPurchasePaise: rupeesToPaise(data.minPurchase),
        maxDiscountPaise: toStoredCap(data.maxDiscount),
        startAt: dates.startDate,
        endAt: dates.endDate,
        terms: data.terms,
      };
      const id = ulid();
      const created = await inTransaction(within, async (repository) => {
        await checkProducts(repository, userId, data.products);
        await repository.create({ id, ownerId: userId, offer, productIds: data.products });
        return readBack(repository, id);
      });
      return changed(created);
    },

    /**
     * Writes only the fields sent, over the row as it is when locked; what depends on a field not sent (a start
     * after the stored end, a percentage above 100 when only the type changes) is checked against the stored row.
     * A date that does not parse (or is out of range) is left as it is (docs/product.md "Offer limits").
     */
    async update(
      userId: string,
      id: string,
      changes: z.output<typeof UpdateOfferBodySchema>,
    ): Promise<Offer> {
      const updated = await inTransaction(db, async (repository) => {
        const current = await lockOwned(repository, userId, id);
        const write: Partial<OfferWrite> = {};
        if (changes.title !== undefined) write.title = changes.title;
        if (changes.description !== undefined) write.description = changes.description;
        if (changes.discountType !== undefined || changes.discountValue !== undefined) {
          const discountType = changes.discountType ?? current.discountType;
          // The type alone changes: the number stays (20% becomes ₹20), checked again under the new type.
          const value =
            changes.discountValue ?? toWireDiscountValue(current.discountType, current.discountValue);
          write.discountType = discountType;
          write.discountValue = toStoredValue(discountType, value);
        }
        if (changes.minPurchase !== undefined) write.minPurchasePaise = rupeesToPaise(changes.minPurchase);
        if (changes.maxDiscount !== undefined) write.maxDiscountPaise = toStoredCap(changes.maxDiscount);
        const startAt = readDate(changes.startDate);
        const endAt = readDate(changes.endDate);
        if (startAt) write.startAt = startAt;
        if (endAt) write.endAt = endAt;
        if (startsAfterEnd({ startDate: startAt ?? current.startAt, endDate: endAt ?? current.endAt })) {
          throw badField('startDate', OFFER_MESSAGES.startAfterEnd);
        }
        if (changes.terms !== undefined) write.terms = changes.terms;
        if (changes.products !== undefined) await checkProducts(repository, userId, changes.products);
        await repository.update(id, write, changes.products);
        return readBack(repository, id);
      });
      return changed(updated);
    },

    async delete(userId: string, id: string): Promise<void> {
      await inTransaction(db, async (repository) => {
        await lockOwned(repository, userId, id);
        await repository.delete(id);
      });
      changed(undefined);
    },

    /**
     * GET /api/v1/content?type=offer: offers active now, for everyone, newest first (the content module caches the
     * page until the next start or end: offer-schedule.ts).
     */
    async list(query: OfferListQuery, reader: Reader = ANONYMOUS_READER): Promise<OfferListPage> {
      const at = now();
      const cursor = query.lastEvaluatedKey ? decodeCursor(query.lastEvaluatedKey, CursorSchema) : undefined;
      const filter = {
        search: query.search || undefined,
        ownerId: query.userId || undefined,
        offerId: query.contentId || undefined,
        reader,
      };
      // One row more than asked tells whether another page exists.
      const page = await offers.listActive(filter, {
        limit: query.limit + 1,
        cursor,
        withTotal: !cursor,
        now: at,
      });
      const total = cursor?.total ?? page.total ?? 0;
      const hasMore = page.records.length > query.limit;
      const records = page.records.slice(0, query.limit);
      const last = page.cursors[records.length - 1];
      return {
        items: await toOffers(offers, records, at),
        lastEvaluatedKey: hasMore && last ? encodeCursor({ ...last, total }) : null,
        total,
        hasMore,
      };
    },

    /** The offers of these ids active now that the reader may see, in the order of the ids (a search's page). */
    async listActiveByIds(ids: readonly string[], reader: Reader = ANONYMOUS_READER): Promise<Offer[]> {
      if (ids.length === 0) return [];
      const at = now();
      const page = await offers.listActive(
        { offerIds: ids, reader },
        { limit: ids.length, cursor: undefined, withTotal: false, now: at },
      );
      return inOrderOf(ids, await toOffers(offers, page.records, at));
    },

    /** GET /api/v1/content/offers: the seller's own offers in every state, newest first, a page at a time. */
    async listOwn(userId: string, query: OwnOffersQuery): Promise<Omit<OwnOffersResponse, 'success'>> {
      const cursor = query.lastEvaluatedKey
        ? decodeCursor(query.lastEvaluatedKey, CreatedAtCursorSchema)
        : undefined;
      // One row more than asked tells whether another page exists.
      const page = await offers.listByOwner(userId, { limit: query.limit + 1, cursor });
      const hasMore = page.records.length > query.limit;
      const records = page.records.slice(0, query.limit);
      const last = page.cursors[records.length - 1];
      return {
        items: await toOffers(offers, records, now()),
        lastEvaluatedKey: hasMore && last ? encodeCursor(last) : null,
        hasMore,
      };
    },

    /**
     * One offer: its owner sees it in any state, everyone else only while it is active (404 otherwise). The owner
     * gets every product as featuredProducts (up to OFFER_PRODUCTS_MAX), so the edit page shows each with its
     * name and thumbnail; everyone else the first OFFER_FEATURED_PRODUCTS_MAX, as lists carry them.
     */
    async getForViewer(id: string, viewerId: string | undefined): Promise<Offer> {
      const record = await offers.findById(id);
      const at = now();
      const visible =
        record &&
        // An offer the seller's whoCanSeeMyContent keeps from this reader is, to them, no offer (decision 0071).
        audienceAdmits(record.contentAudience, record.ownerId, toReader(viewerId)) &&
        (record.ownerId === viewerId ||
          getOfferState(
            { startDate: record.startAt.toISOString(), endDate: record.endAt.toISOString() },
            at,
          ) === 'active');
      if (!visible) throw new AppError('not-found', OFFER_MESSAGES.offerNotFound);
      const featured = record.ownerId === viewerId ? OFFER_PRODUCTS_MAX : OFFER_FEATURED_PRODUCTS_MAX;
      const [offer] = await toOffers(offers, [record], at, featured);
      return offer!;
    },
  };
}
