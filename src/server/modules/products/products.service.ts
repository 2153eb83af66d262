// Catalogue rules: who may change a product, which images it may use, how filters map to the fixed category
// tree (docs/product.md "Category tree"), and the shapes of docs/product.md "Product" that lists and the detail
// page read. Writes run in a transaction this service opens, with the repository built over it (decision 0026).
// Prices are paise from here down; the wire's rupees are converted in the mapping functions below and nowhere else.
import type { FastifyBaseLogger } from 'fastify';
import { ulid } from 'ulid';
import { z } from 'zod';
import { hasContactMethod } from '../../../shared/contracts/products.ts';
import type {
  ProductData,
  ProductDetail,
  CategoryListResponse,
  ProductListResponse,
  ProductOffer,
  Rating,
  ProductImage,
  ProductListQuery,
  ProductSummary,
} from '../../../shared/contracts/products.ts';
import { MAX_PRODUCT_IMAGES, PRODUCT_PRICE_MAX, SHARED_LOOTBOX_IDS_MAX } from '../../../shared/constants.ts';
import {
  CATEGORIES,
  CATEGORY_TREE,
  findCategory,
  formatCategory,
} from '../../../shared/domain/categories.ts';
import { pickBestOffer, priceLine } from '../../../shared/domain/offers.ts';
import {
  paiseToRupees,
  rupeesToPaise,
  rupeesToPaiseAtLeast,
  rupeesToPaiseAtMost,
} from '../../../shared/domain/pricing.ts';
import { ANONYMOUS_READER, audienceAdmits, toReader, type Reader } from '../../../shared/domain/privacy.ts';
import { parseSharedIds } from '../../../shared/domain/share-links.ts';
import { describeStoreLink } from '../../../shared/domain/shopping-hosts.ts';
import { CATALOGUE_MESSAGES } from '../../../shared/catalogue-messages.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { SERVER_MESSAGES } from '../../../shared/server-messages.ts';
import type { Config } from '../../config.ts';
import { runInTransaction, type Executor } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { removeMediaObjectsNow } from '../../media/media-sweep.service.ts';
import type { StorageProvider } from '../../storage/storage-provider.ts';
import {
  CursorIdSchema,
  CursorTimestampSchema,
  decodeCursor,
  encodeCursor,
} from '../content/content-cursor.ts';
import { toWireTerms } from '../offers/offer-values.ts';
import { createOffersRepository } from '../offers/offers.repository.ts';
import { averageRating, toProductImage, toProductSummary } from './product-summary.ts';
import type { OfferSchedule } from '../offers/offer-schedule.ts';
import type { ProductImageRecord, ProductRecord } from '../content/product-cards.repository.ts';
import type { ActiveOfferRecord } from './hot-deals.repository.ts';
import type { ProductCursor } from './products-listing.repository.ts';
import type { ProductListFilter } from './products-search.repository.ts';
import type { LockedProduct, ProductWrite } from './products-writes.repository.ts';
import { createProductsRepository, type ProductsRepository } from './products.repository.ts';
import { inOrderOf } from '../../db/in-order-of.ts';

/** A page's cursor also carries the list's total, so that only the first page counts. */
type ListCursor = ProductCursor & { total: number };

const total = z.number().int().nonnegative();
const CursorSchema: z.ZodType<ListCursor> = z.union([
  z.object({ kind: z.literal('newest'), createdAt: CursorTimestampSchema, id: CursorIdSchema, total }),
  z.object({
    kind: z.literal('rank'),
    rank: z.string().regex(/^\d+(\.\d+)?$/),
    id: CursorIdSchema,
    total,
  }),
]);

/** Maps the spec's category parameter onto the tree, case-insensitively; null when it names nothing we have. */
export function toCategoryFilter(value: string): Pick<ProductListFilter, 'category' | 'categoryRoot'> | null {
  const found = findCategory(value);
  if (!found) return null;
  return found.subcategory === null
    ? { categoryRoot: found.category }
    : { category: formatCategory(found.category, found.subcategory) };
}

/**
 * The fields a seller sent, as stored: only those sent (a PATCH writes nothing it did not name), the price in
 * paise. The wire's rupees become paise here (rupeesToPaise: half up, as numeric(12, 2) rounded them before).
 */
function toProductChanges(data: Partial<ProductData>): Partial<ProductWrite> {
  const changes: Partial<ProductWrite> = {};
  if (data.name !== undefined) changes.name = data.name;
  if (data.description !== undefined) changes.description = data.description;
  if (data.price !== undefined) changes.pricePaise = rupeesToPaise(data.price);
  if (data.discount !== undefined) changes.discount = data.discount;
  if (data.category !== undefined) changes.category = data.category;
  if (data.tags !== undefined) changes.tags = [...new Set(data.tags)];
  if (data.contactInfo !== undefined) {
    changes.contactWhatsapp = data.contactInfo.whatsapp;
    changes.contactPhone = data.contactInfo.phone;
    changes.contactEmail = data.contactInfo.email;
  }
  if (data.externalLinks !== undefined)
    changes.externalLinks = data.externalLinks.map((link) => ({ url: link.url }));
  return changes;
}

function toProductWrite(data: ProductData): ProductWrite {
  return toProductChanges(data) as ProductWrite;
}

/**
 * A list's price range in paise: at least the smallest whole paise at or above minPrice, at most the largest at
 * or below maxPrice (so exactly the rows numeric(12, 2) compared in before). Bounds past the largest price a
 * product may have are clamped, so that the integer column is never compared with a number it cannot hold.
 * maxPrice 0 means no upper bound, as it always has.
 */
function toPriceRange(query: Pick<ProductListQuery, 'minPrice' | 'maxPrice'>) {
  return {
    minPricePaise:
      query.minPrice === undefined
        ? undefined
        : rupeesToPaiseAtLeast(Math.min(query.minPrice, PRODUCT_PRICE_MAX + 1)),
    maxPricePaise: query.maxPrice
      ? rupeesToPaiseAtMost(Math.min(query.maxPrice, PRODUCT_PRICE_MAX))
      : undefined,
  } satisfies Pick<ProductListFilter, 'minPricePaise' | 'maxPricePaise'>;
}

/**
 * A stored offer as products carry it (docs/product.md "Applied offer"): its basis points and paise become the
 * wire's percent and rupees through offer-values.ts, where every offer's numbers are converted.
 */
export function toProductOffer(offer: ActiveOfferRecord): ProductOffer {
  const { discountType, discountValue, minPurchase, maxDiscount } = toWireTerms(offer);
  return {
    offerId: offer.offerId,
    title: offer.title,
    discountType,
    discountValue,
    minPurchase,
    maxDiscount,
    startDate: offer.startDate,
    endDate: offer.endDate,
  };
}

/**
 * A product with the offer it shows (docs/product.md "Hot Deals", "Offer on a product"): of the offers active now
 * that include it, the one that takes the most off one of it; `offers` come ending soonest first, so of two that
 * take as much the one that ends first is shown (it is the one to use now). finalPrice is one of it with that offer,
 * as the price engine gives it (a minimum purchase one unit does not meet leaves the price as it is).
 */
export function withActiveOffer<T extends ProductSummary>(
  product: T,
  offers: readonly ActiveOfferRecord[],
): T {
  const best = pickBestOffer(product, offers.map(toProductOffer));
  if (!best) return product;
  return {
    ...product,
    activeOffer: best,
    finalPrice: paiseToRupees(priceLine(product, best).unit.finalPrice),
  };
}

/**
 * A PATCH that changes the ways to reach the seller must leave one (decision 0046), judged on the locked row with
 * the change over it. One that does not touch them passes, so a product stored before the rule stays editable.
 */
function checkContactKept(current: LockedProduct, changes: Partial<ProductData>): void {
  if (changes.contactInfo === undefined && changes.externalLinks === undefined) return;
  const merged = {
    contactInfo: changes.contactInfo ?? {
      whatsapp: current.contactWhatsapp,
      phone: current.contactPhone,
      email: current.contactEmail,
    },
    externalLinks: changes.externalLinks ?? current.externalLinks,
  };
  if (!hasContactMethod(merged)) {
    throw new AppError(
      'bad-request',
      SERVER_MESSAGES.validation('contactInfo', CATALOGUE_MESSAGES.noContactMethod),
    );
  }
}

export type ProductsService = ReturnType<typeof createProductsService>;

type ProductListPage = Omit<ProductListResponse, 'success'>;

export function createProductsService(deps: {
  /** The database; writes open a transaction on it and build the repository over that. */
  db: Executor;
  config: Config;
  /** Clears the content module's shared list cache: called after every write. */
  clearContentLists: () => void;
  /**
   * Where a deleted product's photos leave at once (docs/product.md "Products, klips, offers"). Without it (tests
   * and benchmarks that never delete) they are left to the media sweep, which takes them after its grace period.
   */
  storage?: StorageProvider;
  /** Where a storage fault after a delete is told. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Builds the repository over an executor (tests wrap it to count queries). */
  createRepository?: (executor: Executor) => ProductsRepository;
  /**
   * When the offers active now next change: the one app.ts shares with the offers module, whose writes forget it
   * (a schedule of its own would never hear of them).
   */
  offerSchedule: Pick<OfferSchedule, 'nextChange' | 'forget'>;
  /** The time, for which offers are active now (tests move it). */
  now?: () => Date;
}) {
  const { db, config, offerSchedule } = deps;
  const now = deps.now ?? (() => new Date());
  const repositoryOn = deps.createRepository ?? createProductsRepository;
  /** Reads outside a transaction. */
  const products = repositoryOn(db);
  /** A write: one transaction, the repository over it. */
  const inTransaction = <T>(work: (repository: ProductsRepository) => Promise<T>) =>
    runInTransaction(db, (tx) => work(repositoryOn(tx)));

  const toImage = (image: ProductImageRecord) => toProductImage(image, config);
  const toSummary = (record: ProductRecord, images?: ProductImage[]) =>
    toProductSummary(record, config, images);

  /**
   * The product page's shape for this reader: the seller's contact methods only when their whoCanContactMe admits the
   * reader, else empty with contactsHidden (decision 0071).
   */
  function toDetail(record: ProductRecord, reader: Reader, activeOffers: ProductOffer[] = []): ProductDetail {
    const images = record.images.map(toImage);
    const contactsHidden = !audienceAdmits(record.contactAudience, record.ownerId, reader);
    return {
      ...toSummary(record, images),
      images,
      activeOffers,
      updatedAt: record.updatedAt.toISOString(),
      metadata: {
        contactInfo: contactsHidden
          ? { whatsapp: '', phone: '', email: '' }
          : { whatsapp: record.contactWhatsapp, phone: record.contactPhone, email: record.contactEmail },
        externalLinks: record.externalLinks.map((link) => ({
          url: link.url,
          platformInfo: describeStoreLink(link.url),
        })),
      },
      ...(contactsHidden ? { contactsHidden: true } : {}),
    };
  }

  async function checkImages(
    repository: ProductsRepository,
    ownerId: string,
    imageIds: string[],
  ): Promise<void> {
    const unique = [...new Set(imageIds)];
    if (unique.length !== imageIds.length)
      throw new AppError('bad-request', 'images: an image is listed twice');
    const owned = await repository.findOwnedImageIds(ownerId, unique);
    const unknown = unique.filter((id) => !owned.has(id));
    if (unknown.length) {
      throw new AppError('bad-request', `images: ${unknown.join(', ')} is not an image you uploaded`);
    }
  }

  async function findOwned(userId: string, id: string): Promise<ProductRecord> {
    const record = await products.findById(id);
    if (!record) throw new AppError('not-found', CATALOGUE_MESSAGES.productNotFound);
    if (record.ownerId !== userId) throw new AppError('forbidden', CATALOGUE_MESSAGES.notYourProduct);
    return record;
  }

  /** Inside a write's transaction: the product locked, for its owner only (404 or 403 otherwise). */
  async function lockOwned(repository: ProductsRepository, userId: string, id: string) {
    const locked = await repository.findForUpdate(id);
    if (!locked) throw new AppError('not-found', CATALOGUE_MESSAGES.productNotFound);
    if (locked.ownerId !== userId) throw new AppError('forbidden', CATALOGUE_MESSAGES.notYourProduct);
    return locked;
  }

  /** Whether the reader may see the product at all: its seller's whoCanSeeMyContent (decision 0071). */
  const mayRead = (record: ProductRecord, reader: Reader) =>
    audienceAdmits(record.contentAudience, record.ownerId, reader);

  // A read told no reader answers as for one not signed in (decision 0071): plumbing left out never shows more.
  async function listFromDatabase(
    query: ProductListQuery,
    reader: Reader = ANONYMOUS_READER,
  ): Promise<ProductListPage> {
    const empty = { items: [], lastEvaluatedKey: null, total: 0, hasMore: false };
    if (query.contentId) {
      const record = await products.findById(query.contentId);
      return record && mayRead(record, reader) ? { ...empty, items: [toSummary(record)], total: 1 } : empty;
    }
    if (query.source === 'activeOffers') return listDeals(query, reader);
    const categoryFilter = query.category ? toCategoryFilter(query.category) : {};
    if (!categoryFilter) return empty;
    const filter: ProductListFilter = {
      ...categoryFilter,
      ...toPriceRange(query),
      search: query.search || undefined,
      ownerId: query.uid || undefined,
      reader,
    };
    const cursor = decodeListCursor(query);
    // One row more than asked tells whether another page exists.
    const page = await products.list(filter, { limit: query.limit + 1, cursor, withTotal: !cursor });
    return toPage(query, page, cursor?.total ?? page.total ?? 0);
  }

  function decodeListCursor(query: ProductListQuery): ListCursor | undefined {
    return query.lastEvaluatedKey ? decodeCursor(query.lastEvaluatedKey, CursorSchema) : undefined;
  }

  /**
   * Hot Deals (docs/product.md "Hot Deals"): the products of offers active now, newest first, each with its offer
   * and price. Only the page's size and cursor apply: the home page asks for nothing else.
   */
  async function listDeals(query: ProductListQuery, reader: Reader): Promise<ProductListPage> {
    const cursor = decodeListCursor(query);
    if (cursor && cursor.kind !== 'newest') {
      throw new AppError('bad-request', 'lastEvaluatedKey: not a cursor this list gave out');
    }
    const page = await products.listDeals(now(), reader, {
      limit: query.limit + 1,
      cursor,
      withTotal: !cursor,
    });
    return toPage(query, page, cursor?.total ?? page.total ?? 0, page.offers);
  }

  /** A page of records (one more than asked, which tells whether another page exists) as the list answers it. */
  function toPage(
    query: ProductListQuery,
    page: { records: ProductRecord[]; cursors: ProductCursor[] },
    total: number,
    /** The offers active now of the page's products, for lists that carry them (Hot Deals). */
    offers?: Map<string, ActiveOfferRecord[]>,
  ): ProductListPage {
    const hasMore = page.records.length > query.limit;
    const records = page.records.slice(0, query.limit);
    const last = page.cursors[records.length - 1];
    return {
      items: records.map((record) => {
        const summary = toSummary(record);
        return offers ? withActiveOffer(summary, offers.get(record.id) ?? []) : summary;
      }),
      lastEvaluatedKey: hasMore && last ? encodeCursor({ ...last, total }) : null,
      total,
      hasMore,
    };
  }

  /** After any write, lists answer from the database again. */
  function changed<T>(result: T): T {
    deps.clearContentLists();
    return result;
  }

  return {
    /** One page of a product list, from the database (the content module caches it). */
    list: listFromDatabase,

    /** The products of these ids that the reader may see, as list cards, in the order of the ids (a search's page). */
    async listByIds(ids: readonly string[], reader: Reader = ANONYMOUS_READER): Promise<ProductSummary[]> {
      if (ids.length === 0) return [];
      const [records, offers] = await Promise.all([
        products.findByIds(ids),
        products.findActiveOffers([...ids], now()),
      ]);
      const summaries = records
        .filter((record) => mayRead(record, reader))
        .map((record) => withActiveOffer(toSummary(record), offers.get(record.id) ?? []));
      return inOrderOf(ids, summaries);
    },

    /** The owner's products of these ids, in no particular order; others' and absent ids are left out. */
    async listOwnByIds(userId: string, ids: readonly string[]): Promise<ProductSummary[]> {
      const records = await products.findByIds(ids);
      return records.filter((record) => record.ownerId === userId).map((record) => toSummary(record));
    },

    /**
     * Until when a cached page of this query stays true by itself: Hot Deals until the next start or end of an
     * offer; other lists change only through writes (null).
     */
    cacheListUntil(query: ProductListQuery): Promise<number | null> {
      return query.source === 'activeOffers' ? offerSchedule.nextChange() : Promise.resolve(null);
    },

    /** The category tree with the active products of each top-level category that the reader may see. */
    async listCategories(
      limit: number,
      reader: Reader = ANONYMOUS_READER,
    ): Promise<Omit<CategoryListResponse, 'success'>> {
      const counts = await products.countByCategoryRoot(reader);
      const items = CATEGORIES.slice(0, limit).map((name) => ({
        id: name,
        type: 'categoryList' as const,
        name,
        subcategories: [...CATEGORY_TREE[name]],
        productCount: counts.get(name) ?? 0,
      }));
      return { items, lastEvaluatedKey: null, total: items.length, hasMore: false };
    },

    /**
     * The product page: with the offer it shows, if an offer active now includes it (withActiveOffer), and every
     * offer active now that includes it, ending soonest first (activeOffers), against which the page checks an
     * offer the shopper claimed.
     */
    async get(id: string, reader: Reader = ANONYMOUS_READER): Promise<ProductDetail> {
      const [record, found] = await Promise.all([
        products.findById(id),
        products.findActiveOffers([id], now()),
      ]);
      // A product the seller keeps from this reader is, to them, no product (decision 0071).
      if (!record || !mayRead(record, reader))
        throw new AppError('not-found', CATALOGUE_MESSAGES.productNotFound);
      const offers = found.get(id) ?? [];
      return withActiveOffer(toDetail(record, reader, offers.map(toProductOffer)), offers);
    },

    /**
     * A shared Loot Box's products (docs/product.md "Shared Loot Box"), each as its page reads it (get above, with
     * its offer active now and its activeOffers), in the link's order; ids that name no product (deleted since)
     * come back in `missing`. Two statements for any number of ids up to SHARED_LOOTBOX_IDS_MAX, never one per id.
     * A link with garbage ids or too many is refused whole (400): the page says which.
     */
    async listShared(
      link: string,
      reader: Reader = ANONYMOUS_READER,
    ): Promise<{ products: ProductDetail[]; missing: string[] }> {
      const { ids, invalidCount, tooMany } = parseSharedIds(link);
      if (invalidCount > 0) throw new AppError('bad-request', LOOTBOX_MESSAGES.badSharedIds);
      if (tooMany) {
        throw new AppError('bad-request', LOOTBOX_MESSAGES.tooManySharedIds(SHARED_LOOTBOX_IDS_MAX));
      }
      if (ids.length === 0) return { products: [], missing: [] };
      const at = now();
      const [records, found] = await Promise.all([
        products.findByIds(ids),
        products.findActiveOffers(ids, at),
      ]);
      const byId = new Map(records.map((record) => [record.id, record]));
      const details: ProductDetail[] = [];
      const missing: string[] = [];
      for (const id of ids) {
        const record = byId.get(id);
        if (!record || !mayRead(record, reader)) {
          missing.push(id);
          continue;
        }
        const offers = found.get(id) ?? [];
        details.push(withActiveOffer(toDetail(record, reader, offers.map(toProductOffer)), offers));
      }
      return { products: details, missing };
    },

    /**
     * The product and its answer, read back in the same transaction (`within`: the caller's, when it holds more of
     * the create, as the content module's Idempotency-Key does): one connection for the whole create, and nothing
     * left to fail once it committed.
     */
    async create(userId: string, data: ProductData, within: Executor = db): Promise<ProductDetail> {
      const id = ulid();
      const record = await runInTransaction(within, async (tx) => {
        const repository = repositoryOn(tx);
        await checkImages(repository, userId, data.images);
        await repository.create({
          id,
          ownerId: userId,
          product: toProductWrite(data),
          imageIds: data.images,
        });
        return repository.findById(id);
      });
      if (!record) throw new Error(`product ${id} is not there after its create`);
      return changed(toDetail(record, toReader(userId)));
    },

    /**
     * Writes only the fields sent, over the row as it is when locked: concurrent PATCHes of one product go one
     * after another, and none writes back a field it did not send, so none loses another's change.
     * `addedImageIds` (images stored for this change: the multipart PATCH) go after the images sent or, without
     * them, after the product's images as they are under the lock, so that an images change committed while they
     * were stored is kept; the image cap is checked there too. Returns once committed and reads nothing back: a
     * caller that undoes its own work when the change fails must not take a failed read for a failed change.
     */
    async update(
      userId: string,
      id: string,
      changes: Partial<ProductData>,
      options: { addedImageIds?: string[] } = {},
    ): Promise<void> {
      await inTransaction(async (repository) => {
        const current = await lockOwned(repository, userId, id);
        checkContactKept(current, changes);
        const added = options.addedImageIds ?? [];
        const images = added.length
          ? [...(changes.images ?? (await repository.listImageIds(id))), ...added]
          : changes.images;
        if (images && images.length > MAX_PRODUCT_IMAGES) {
          throw new AppError('bad-request', CATALOGUE_MESSAGES.tooManyImages(MAX_PRODUCT_IMAGES));
        }
        if (images) await checkImages(repository, userId, images);
        await repository.update(id, current, toProductChanges(changes), images);
      });
      changed(undefined);
    },

    async getRating(userId: string, id: string): Promise<Rating> {
      const record = await products.findById(id);
      if (!record || !mayRead(record, toReader(userId)))
        throw new AppError('not-found', CATALOGUE_MESSAGES.productNotFound);
      return {
        rating: averageRating(record.ratingSum, record.ratingCount),
        ratingCount: record.ratingCount,
        myRating: await products.findRating(id, userId),
      };
    },

    /**
     * Shoppers rate others' products, once each (a new rating replaces their old one); a product its seller keeps
     * from the shopper is, to them, no product (decision 0071), and nothing is stored.
     */
    async rate(userId: string, id: string, stars: number): Promise<Rating> {
      const totals = await inTransaction(async (repository) => {
        const owner = await repository.findOwner(id);
        if (!owner || !audienceAdmits(owner.contentAudience, owner.ownerId, toReader(userId)))
          throw new AppError('not-found', CATALOGUE_MESSAGES.productNotFound);
        if (owner.ownerId === userId) throw new AppError('forbidden', CATALOGUE_MESSAGES.ownProductRating);
        return repository.rate(id, userId, stars);
      });
      changed(totals);
      return {
        rating: averageRating(totals.ratingSum, totals.ratingCount),
        ratingCount: totals.ratingCount,
        myRating: stars,
      };
    },

    /** The ids of a product's images, in order, for its owner only (404 or 403 otherwise). */
    async getOwnedImageIds(userId: string, id: string): Promise<string[]> {
      return (await findOwned(userId, id)).images.map((image) => image.mediaId);
    },

    /**
     * The product goes for its owner only (404 or 403 otherwise), with its images, ratings and its place in offers
     * (their rows cascade); an offer it leaves with no product ends then (docs/product.md "Products, klips,
     * offers"), the others keep their other products; a klip that showed it keeps playing without it, and a Loot
     * Box keeps its snapshot as unavailable. Lists (offers and Hot Deals too) answer without it at once; its
     * photos' media leave storage after the commit, each unless another row (another product, an avatar, a klip's
     * poster) still uses it.
     */
    async delete(userId: string, id: string): Promise<void> {
      const mediaIds = await runInTransaction(db, async (tx) => {
        const repository = repositoryOn(tx);
        const offers = createOffersRepository(tx);
        // The offers first, then the product: the order an offer's edit locks them in.
        await offers.lockOffersOfProduct(id);
        await lockOwned(repository, userId, id);
        const imageIds = await repository.listImageIds(id);
        await repository.delete(id);
        await offers.endOffersLeftEmpty(userId, now());
        return imageIds;
      });
      // The next start or end of an offer may have been one that ended here.
      offerSchedule.forget();
      changed(undefined);
      // After the commit, outside any transaction (storage may be slow). The product is gone whatever happens
      // here: a storage fault is logged, not answered as a failed delete; what it leaves, the sweep takes.
      if (!deps.storage) return;
      try {
        await removeMediaObjectsNow({ db, storage: deps.storage }, mediaIds);
      } catch (error) {
        deps.log?.warn(
          { err: error, productId: id },
          'product deleted; its photos are left to the media sweep',
        );
      }
    },

    /** Recounts product_counts from the rows, in one transaction (after bulk inserts: seed, benchmarks). */
    async refreshCounts(): Promise<void> {
      await inTransaction((repository) => repository.refreshCounts());
      changed(undefined);
    },
  };
}
