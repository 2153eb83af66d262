// The Loot Box on the server (docs/product.md "Lootbox (server cart)", "Lootbox calls", "Loot Box item", "Cart
// (Loot Box) persistence") and the public read of a shared Loot Box's products ("Share link"). What the client
// sends is only what the shopper chose: which products, how many, from a klip or not, which offer, and when. Names,
// prices, thumbnails and the total are the server's, read from the products as they are now; a totalValue, name or
// price in a body is dropped, never stored as truth.
//
// Saves are versioned (decision 0038): every answer carries the lootbox's `version`; a PUT names
// the version it was based on, and one based on an older version answers 409, so the client reads the newer copy,
// merges (cart.ts mergeCarts) and saves again. A PUT without a version (the spec's own client) is applied as sent.
import { z } from 'zod';
import {
  CART_ITEMS_MAX,
  CART_QUANTITY_MAX,
  CART_REMOVED_BODY_MAX,
  MAX_PAGE_SIZE,
  MIN_QUANTITY,
  SHARED_LOOTBOX_ID_PATTERN,
} from '../constants.ts';
import { LOOTBOX_MESSAGES } from '../lootbox-messages.ts';
import { ProductDetailSchema, ProductOfferSchema } from './products.ts';
import { PageKeySchema } from './page.ts';

export const LOOTBOX_STATUSES = ['active', 'completed'] as const;
export type LootboxStatus = (typeof LOOTBOX_STATUSES)[number];

const ProductId = z.string().trim().regex(SHARED_LOOTBOX_ID_PATTERN, LOOTBOX_MESSAGES.badProductId);
/** ms since the epoch; a clock far in the future cannot make one copy win every merge. */
const Timestamp = z.number().int().nonnegative().max(8_640_000_000_000_000);

/** One item as the client sends it. Unknown fields (name, price, thumbnail, totalValue...) are dropped. */
export const LootboxItemInputSchema = z.object({
  productId: ProductId,
  quantity: z
    .number({ error: LOOTBOX_MESSAGES.badQuantity })
    .int(LOOTBOX_MESSAGES.badQuantity)
    .min(MIN_QUANTITY, LOOTBOX_MESSAGES.badQuantity)
    .max(CART_QUANTITY_MAX, LOOTBOX_MESSAGES.badQuantity),
  fromKlip: z.boolean().default(false),
  /** The claimed offer's id; the server applies it only while it runs and includes the product. */
  appliedOfferId: z.string().trim().min(1).max(64).nullish(),
  /** When the item was added or its quantity changed; the server's clock when absent. */
  updatedAt: Timestamp.optional(),
});
export type LootboxItemInput = z.input<typeof LootboxItemInputSchema>;

export const CartRemovalSchema = z.object({ productId: ProductId, removedAt: Timestamp });

/** POST /api/v1/lootbox and PUT /api/v1/lootbox/{id}. */
export const LootboxBodySchema = z.object({
  /** The spec's client sends it; it must be the caller's own (403 otherwise), and is never used beyond that check. */
  userId: z.string().max(128).optional(),
  items: z
    .array(LootboxItemInputSchema)
    .max(CART_ITEMS_MAX, LOOTBOX_MESSAGES.tooManyItems(CART_ITEMS_MAX))
    .superRefine((items, context) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        if (seen.has(item.productId)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'productId'],
            message: LOOTBOX_MESSAGES.duplicateProduct,
          });
        }
        seen.add(item.productId);
      });
    }),
  /** Read and dropped: the server answers the true total. */
  totalValue: z.number().optional(),
  status: z.enum(LOOTBOX_STATUSES).optional(),
  /**
   * Products taken out (tombstones, cart.ts), so that a merge elsewhere knows they were removed. The server keeps the
   * newest CART_REMOVED_KEPT (by removedAt) and drops the rest; a body may carry more, up to CART_REMOVED_BODY_MAX.
   */
  removed: z
    .array(CartRemovalSchema)
    .max(CART_REMOVED_BODY_MAX, LOOTBOX_MESSAGES.tooManyRemoved(CART_REMOVED_BODY_MAX))
    .default([]),
  /** PUT: the version this save was based on; an older one than the stored answers 409. */
  version: z.number().int().nonnegative().optional(),
});
export type LootboxBody = z.input<typeof LootboxBodySchema>;

/** One item as the server answers it: the shopper's choice with the product as it is now, priced by priceLine. */
export const LootboxItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /** Rupees: one of it after the product's own discount (docs/product.md "Loot Box item"). */
  price: z.number(),
  originalPrice: z.number(),
  /** The product's own discount, percent. */
  discount: z.number(),
  quantity: z.number(),
  thumbnail: z.string(),
  fromKlip: z.boolean(),
  appliedOfferId: z.string().nullable(),
  /** The applied offer's terms while it runs and includes the product; null otherwise. */
  appliedOffer: ProductOfferSchema.nullable(),
  /** Rupees: one of it after the offer. */
  finalPrice: z.number(),
  /** Rupees: the line (finalPrice's line at this quantity, docs/product.md "Price calculation"). */
  lineTotal: z.number(),
  /** Rupees still to add before the offer applies ("Offer minimum purchase"); 0 when it applies or there is none. */
  shortBy: z.number(),
  /** false: the product was deleted since; shown as unavailable, left out of the total. */
  available: z.boolean(),
  updatedAt: z.number(),
});
export type LootboxItem = z.infer<typeof LootboxItemSchema>;

export const LootboxSchema = z.object({
  id: z.string(),
  userId: z.string(),
  status: z.enum(LOOTBOX_STATUSES),
  items: z.array(LootboxItemSchema),
  removed: z.array(CartRemovalSchema),
  /** Rupees: the sum of the available lines. */
  totalValue: z.number(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lootbox = z.infer<typeof LootboxSchema>;

export const LootboxResponseSchema = z.object({ success: z.literal(true), lootbox: LootboxSchema });
export type LootboxResponse = z.infer<typeof LootboxResponseSchema>;

/** GET /api/v1/lootbox: the caller's own lootboxes, newest first. */
export const LootboxListQuerySchema = z.object({
  status: z.enum(LOOTBOX_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  nextToken: PageKeySchema.optional(),
});
export type LootboxListQuery = z.infer<typeof LootboxListQuerySchema>;

export const LootboxListResponseSchema = z.object({
  success: z.literal(true),
  lootboxes: z.array(LootboxSchema),
  nextToken: z.string().nullable(),
});
export type LootboxListResponse = z.infer<typeof LootboxListResponseSchema>;

export const LootboxParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * GET /api/v1/products/shared?products={ids}: public, the products of a shared Loot Box (and of the Loot Box dialog)
 * as their pages show them, in the link's order. Garbage ids or more than SHARED_LOOTBOX_IDS_MAX answer 400
 * (share-links.ts parseSharedIds); ids that name no product are listed in `missing`.
 */
export const SharedProductsQuerySchema = z.object({ products: z.string().max(4000) });

export const SharedProductsResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(ProductDetailSchema),
  missing: z.array(z.string()),
});
export type SharedProductsResponse = z.infer<typeof SharedProductsResponseSchema>;
