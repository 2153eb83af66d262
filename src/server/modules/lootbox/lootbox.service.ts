// Loot Box rules (docs/product.md "Lootbox (server cart)", "Lootbox calls", "Cart (Loot Box) persistence"; decision
// 0038): only the owner reads or writes a lootbox (another's is a 404, like an unknown one); at most one active
// lootbox per user, decided by the database's unique index; versioned saves (a save based on another version than
// the stored one answers 409 and writes nothing). Every answer is priced here, from the products and offers as they
// are now, through the shared price engine (cart.ts priceCart): a client's totalValue, names and prices are never
// read. A create runs in one transaction this service opens (decision 0026); a save is one statement, conditional
// on the version it read (lootbox.repository.ts saveIfVersion): either way a refused write leaves nothing written.
import { ulid } from 'ulid';
import type { z } from 'zod';
import type {
  Lootbox,
  LootboxBodySchema,
  LootboxStatus,
  LootboxItem,
  LootboxListQuery,
  LootboxListResponse,
} from '../../../shared/contracts/lootbox.ts';
import type { ProductOffer } from '../../../shared/contracts/products.ts';
import { LOOTBOX_COMPLETED_KEPT, PRODUCT_PLACEHOLDER_IMAGE } from '../../../shared/constants.ts';
import { capRemovals, priceCart, type CartItem, type CurrentProduct } from '../../../shared/domain/cart.ts';
import { calculateWirePrice, paiseToRupees } from '../../../shared/domain/pricing.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { SERVER_MESSAGES } from '../../../shared/server-messages.ts';
import type { Config } from '../../config.ts';
import { runInTransaction, runOnOneConnection, type Executor } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { buildImageUrls } from '../../media/media-urls.ts';
import { CreatedAtCursorSchema, decodeCursor, encodeCursor } from '../content/content-cursor.ts';
import { toWireTerms } from '../offers/offer-values.ts';
import type { LootboxItemRecord } from './lootbox-items.repository.ts';
import { toLookupKey, type AppliedOfferRecord, type ProductLookup } from './lootbox-products.repository.ts';
import {
  createLootboxRepository,
  type LootboxCursor,
  type LootboxRecord,
  type LootboxRemoval,
  type LootboxRepository,
} from './lootbox.repository.ts';

export type LootboxBody = z.output<typeof LootboxBodySchema>;

const CursorSchema: z.ZodType<LootboxCursor> = CreatedAtCursorSchema;

/** Postgres' unique violation: here, a second active lootbox for one user (lootboxes_one_active_idx). */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/** The stored offer as products carry it (docs/product.md "Applied offer"), percent and rupees. */
function toProductOffer(offer: AppliedOfferRecord): ProductOffer {
  return {
    offerId: offer.offerId,
    title: offer.title,
    ...toWireTerms(offer),
    startDate: offer.startAt.toISOString(),
    endDate: offer.endAt.toISOString(),
  };
}

/**
 * The tombstones as kept: one per product (its latest removal), none for a product that is in the items (adding a
 * product again drops its tombstone, as cart.ts addItem does), and only the newest CART_REMOVED_KEPT of them by
 * removedAt, in the order sent: a shopper who took out hundreds of products can still save (decision 0038). A
 * completed lootbox keeps none: tombstones serve merges into an open one, and nothing merges into a closed one
 * (decision 0049).
 */
function normalizeRemoved(
  removed: readonly LootboxRemoval[],
  items: readonly { productId: string }[],
  status: LootboxStatus,
) {
  if (status === 'completed') return [];
  const inItems = new Set(items.map((item) => item.productId));
  const latest = new Map<string, LootboxRemoval>();
  for (const removal of removed) {
    if (inItems.has(removal.productId)) continue;
    const seen = latest.get(removal.productId);
    if (!seen || seen.removedAt < removal.removedAt) latest.set(removal.productId, removal);
  }
  return capRemovals([...latest.values()]);
}

/** How often a save without a version is made again when other saves keep landing between its read and write. */
const SAVE_ATTEMPTS = 5;

export type LootboxService = ReturnType<typeof createLootboxService>;

export function createLootboxService(deps: {
  /** The database; writes open a transaction on it and build the repository over that. */
  db: Executor;
  config: Pick<Config, 'MEDIA_PUBLIC_URL'>;
  /** The time, for which offers are active now and an item's updatedAt when the client sends none (tests). */
  now?: () => Date;
}) {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  const lootboxes = createLootboxRepository(db);
  const inTransaction = <T>(work: (repository: LootboxRepository) => Promise<T>) =>
    runInTransaction(db, (tx) => work(createLootboxRepository(tx)));

  const wantedBy = (body: LootboxBody) =>
    body.items.map((item) => ({ productId: item.productId, offerId: item.appliedOfferId ?? null }));
  const lookupOf = (items: readonly Pick<LootboxItemRecord, 'productId' | 'appliedOfferId'>[]) =>
    items.map((item) => ({ productId: item.productId, offerId: item.appliedOfferId }));

  /**
   * docs/product.md "Loot Box item": the first image's URL as product lists give it, else the placeholder. A deleted
   * product's photos left storage with it (docs/product.md "Products, klips, offers"), so its snapshot's thumbnail
   * names files that are gone: it shows the placeholder.
   */
  function toThumbnail(lookup: ProductLookup | undefined): string {
    const variants = lookup?.product?.coverVariants;
    const url = variants ? buildImageUrls(variants, config).url : '';
    return url || PRODUCT_PLACEHOLDER_IMAGE;
  }

  /**
   * The lootbox as the wire carries it: each item priced by priceCart with its product's price now and its offer
   * while that runs and includes the product; a deleted product's line shows its snapshot, unavailable, and is left
   * out of the total.
   */
  function toLootbox(record: LootboxRecord, found: Map<string, ProductLookup>): Lootbox {
    const lookupFor = (item: Pick<LootboxItemRecord, 'productId' | 'appliedOfferId'>) =>
      found.get(toLookupKey(item.productId, item.appliedOfferId));
    // priceCart reads only productId and quantity of an item; the rest of a CartItem is the answer's, made below.
    const cartItems = record.items.map(
      (item) => ({ productId: item.productId, quantity: item.quantity }) as CartItem,
    );
    const byProduct = new Map(record.items.map((item) => [item.productId, item]));
    const priced = priceCart(cartItems, (productId): CurrentProduct | null => {
      const lookup = lookupFor(byProduct.get(productId)!);
      if (!lookup?.product) return null;
      return {
        price: paiseToRupees(lookup.product.pricePaise),
        discount: lookup.product.discount,
        activeOffer: lookup.offer ? toWireTerms(lookup.offer) : null,
      };
    });
    const items = record.items.map((item, index): LootboxItem => {
      const lookup = lookupFor(item);
      const line = priced.lines[index]!.price;
      const common = {
        productId: item.productId,
        quantity: item.quantity,
        thumbnail: toThumbnail(lookup),
        fromKlip: item.fromKlip,
        appliedOfferId: item.appliedOfferId,
        updatedAt: item.updatedAt,
      };
      if (!lookup?.product || !line) {
        // Unavailable: the price it had at the last save, counted nowhere.
        const last = calculateWirePrice({
          price: paiseToRupees(item.snapshot.pricePaise),
          discount: item.snapshot.discount,
        });
        return {
          ...common,
          name: item.snapshot.name,
          price: paiseToRupees(last.discountedPrice),
          originalPrice: paiseToRupees(last.originalPrice),
          discount: item.snapshot.discount,
          appliedOffer: null,
          finalPrice: paiseToRupees(last.discountedPrice),
          lineTotal: 0,
          shortBy: 0,
          available: false,
        };
      }
      return {
        ...common,
        name: lookup.product.name,
        price: paiseToRupees(line.unit.discountedPrice),
        originalPrice: paiseToRupees(line.unit.originalPrice),
        discount: lookup.product.discount,
        appliedOffer: lookup.offer ? toProductOffer(lookup.offer) : null,
        finalPrice: paiseToRupees(line.unit.finalPrice),
        lineTotal: paiseToRupees(line.lineTotal),
        shortBy: paiseToRupees(line.shortBy),
        available: true,
      };
    });
    return {
      id: record.id,
      userId: record.userId,
      status: record.status,
      items,
      removed: record.removed,
      totalValue: paiseToRupees(priced.total),
      version: record.version,
      createdAt: record.createdAt.toISOString(),
      updatedAt: record.updatedAt.toISOString(),
    };
  }

  /** The body's userId, when sent, must be the caller's (it is used for nothing else). */
  function checkUserId(userId: string, body: LootboxBody): void {
    if (body.userId !== undefined && body.userId !== userId) {
      throw new AppError('forbidden', LOOTBOX_MESSAGES.notYours);
    }
  }

  /**
   * The items to store: each with its updatedAt (the client's, else the stored one when nothing changed, else now)
   * and the snapshot of its product as it is now (a deleted one keeps its stored snapshot). A product that is
   * neither a product now nor already in the lootbox is refused, naming the item.
   */
  function toItemWrites(
    body: LootboxBody,
    stored: readonly LootboxItemRecord[],
    found: Map<string, ProductLookup>,
    at: number,
  ): LootboxItemRecord[] {
    const storedByProduct = new Map(stored.map((item) => [item.productId, item]));
    return body.items.map((input, index) => {
      const appliedOfferId = input.appliedOfferId ?? null;
      const product = found.get(toLookupKey(input.productId, appliedOfferId))?.product;
      const before = storedByProduct.get(input.productId);
      if (!product && !before) {
        throw new AppError(
          'bad-request',
          SERVER_MESSAGES.validation(
            `items.${index}.productId`,
            LOOTBOX_MESSAGES.unknownProduct(input.productId),
          ),
        );
      }
      const unchanged =
        before &&
        before.quantity === input.quantity &&
        before.fromKlip === input.fromKlip &&
        before.appliedOfferId === appliedOfferId;
      return {
        productId: input.productId,
        quantity: input.quantity,
        fromKlip: input.fromKlip,
        appliedOfferId,
        updatedAt: input.updatedAt ?? (unchanged ? before.updatedAt : at),
        snapshot: product
          ? {
              name: product.name,
              thumbnail: product.coverVariants ? buildImageUrls(product.coverVariants, config).url : null,
              pricePaise: product.pricePaise,
              discount: product.discount,
            }
          : before!.snapshot,
      };
    });
  }

  /** update's read and conditional write, on the repository of one connection. */
  async function saveOn(
    lootboxes: LootboxRepository,
    userId: string,
    id: string,
    body: LootboxBody,
  ): Promise<Lootbox> {
    const wanted = wantedBy(body);
    for (let attempt = 1; ; attempt += 1) {
      const at = now();
      const read = await lootboxes.findOwnedWithProducts(id, userId, wanted, at);
      if (!read) throw new AppError('not-found', LOOTBOX_MESSAGES.notFound);
      const { record: stored, found } = read;
      if (stored.status === 'completed') {
        const repeatedClear = body.status === 'completed' && body.items.length === 0;
        if (!repeatedClear) throw new AppError('conflict', LOOTBOX_MESSAGES.completed);
        return toLootbox(stored, await lootboxes.findProducts(lookupOf(stored.items), at, userId));
      }
      if (body.version !== undefined && body.version !== stored.version) {
        throw new AppError('conflict', LOOTBOX_MESSAGES.versionConflict);
      }
      const items = toItemWrites(body, stored.items, found, at.getTime());
      const status = body.status ?? stored.status;
      const removed = normalizeRemoved(body.removed, items, status);
      const saved = await lootboxes.saveIfVersion(
        id,
        stored.version,
        { status, removed, items },
        stored.items,
      );
      if (saved) return toLootbox({ ...stored, status, removed, items, ...saved }, found);
      if (body.version !== undefined || attempt >= SAVE_ATTEMPTS) {
        throw new AppError('conflict', LOOTBOX_MESSAGES.versionConflict);
      }
    }
  }

  return {
    /**
     * POST /api/v1/lootbox: a new lootbox (active unless the body says completed) with the body's items. A user
     * with an active lootbox already gets 409: the unique index decides, so two tabs posting at once make one.
     */
    async create(userId: string, body: LootboxBody): Promise<Lootbox> {
      checkUserId(userId, body);
      const at = now();
      const id = ulid();
      try {
        return await inTransaction(async (repository) => {
          const status = body.status ?? 'active';
          const removed = normalizeRemoved(body.removed, body.items, status);
          const row = await repository.create({ id, userId, status, removed });
          const found = await repository.findProducts(wantedBy(body), at, userId);
          const items = toItemWrites(body, [], found, at.getTime());
          await repository.replaceItems(id, items);
          if (status === 'completed') await repository.pruneCompleted(userId, id, LOOTBOX_COMPLETED_KEPT);
          return toLootbox({ id, userId, status, removed, items, ...row }, found);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', LOOTBOX_MESSAGES.activeExists);
        throw error;
      }
    },

    /**
     * PUT /api/v1/lootbox/{id}: the items, tombstones and status become the body's, one version on. A body whose
     * version is not the stored one answers 409 and writes nothing; without a version (the spec's client) the save
     * is applied as sent. A completed lootbox is closed: a repeated Clear answers it as it is, anything else 409.
     * Read, then one conditional write (saveIfVersion): a write that lost to another one in between writes nothing
     * and is a 409 too when the body named its version, else it is made again over the newer copy.
     */
    async update(userId: string, id: string, body: LootboxBody): Promise<Lootbox> {
      checkUserId(userId, body);
      if (body.status === 'completed') {
        // A Clear: the save and the trimming of the user's history of cleared lootboxes commit together, so the
        // history never holds more than LOOTBOX_COMPLETED_KEPT of them (decision 0049).
        return inTransaction(async (repository) => {
          const lootbox = await saveOn(repository, userId, id, body);
          await repository.pruneCompleted(userId, id, LOOTBOX_COMPLETED_KEPT);
          return lootbox;
        });
      }
      // The read and the write on one connection (no transaction: the write is conditional by itself), so that
      // under load a save waits for a free connection once, as a product read does.
      return runOnOneConnection(db, (connection) =>
        saveOn(createLootboxRepository(connection), userId, id, body),
      );
    },

    /** GET /api/v1/lootbox/{id}: the caller's own only (404 otherwise). */
    async get(userId: string, id: string): Promise<Lootbox> {
      const record = await lootboxes.findOwned(id, userId);
      if (!record) throw new AppError('not-found', LOOTBOX_MESSAGES.notFound);
      return toLootbox(record, await lootboxes.findProducts(lookupOf(record.items), now(), userId));
    },

    /** GET /api/v1/lootbox: the caller's own, newest first, a page at a time (one statement for products). */
    async list(userId: string, query: LootboxListQuery): Promise<Omit<LootboxListResponse, 'success'>> {
      const cursor = query.nextToken ? decodeCursor(query.nextToken, CursorSchema, 'nextToken') : undefined;
      // One row more than asked tells whether another page exists.
      const page = await lootboxes.listByUser(userId, {
        status: query.status,
        limit: query.limit + 1,
        cursor,
      });
      const records = page.records.slice(0, query.limit);
      const last = page.cursors[records.length - 1];
      const found = await lootboxes.findProducts(
        lookupOf(records.flatMap((record) => record.items)),
        now(),
        userId,
      );
      return {
        lootboxes: records.map((record) => toLootbox(record, found)),
        nextToken: page.records.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    /** DELETE /api/v1/lootbox/{id}: the caller's own only (404 otherwise); its items go with it. */
    async delete(userId: string, id: string): Promise<void> {
      const deleted = await lootboxes.delete(id, userId);
      if (!deleted) throw new AppError('not-found', LOOTBOX_MESSAGES.notFound);
    },
  };
}
