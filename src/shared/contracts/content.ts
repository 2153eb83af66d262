// GET and POST /api/v1/content (docs/product.md "Content"): one endpoint for every kind of content, told apart by
// `type`. Each type's shapes live with its domain (products.ts, offers.ts; klips join with their issue by adding
// their schemas to these unions); the server's content module hands each type to the module that registered it.
import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../constants.ts';
import {
  CreateKlipBodySchema,
  KlipListQuerySchema,
  KlipListResponseSchema,
  KlipResponseSchema,
} from './klips.ts';
import {
  CreateOfferBodySchema,
  OfferListQuerySchema,
  OfferListResponseSchema,
  OfferResponseSchema,
} from './offers.ts';
import {
  CategoryListQuerySchema,
  CategoryListResponseSchema,
  CreateProductBodySchema,
  ProductDetailResponseSchema,
  ProductListQuerySchema,
  ProductListResponseSchema,
} from './products.ts';

/** What GET /api/v1/content answers: products, offers and the category list; another type is a 400 naming `type`. */
export const ContentListQuerySchema = z.discriminatedUnion('type', [
  ProductListQuerySchema,
  OfferListQuerySchema,
  CategoryListQuerySchema,
  KlipListQuerySchema,
]);
export type ContentListQuery = z.infer<typeof ContentListQuerySchema>;
export type ContentType = ContentListQuery['type'];

export const ContentListResponseSchema = z.union([
  ProductListResponseSchema,
  OfferListResponseSchema,
  CategoryListResponseSchema,
  KlipListResponseSchema,
]);
export type ContentListResponse = z.infer<typeof ContentListResponseSchema>;

/**
 * What POST /api/v1/content creates: a product, or an offer (`{type: 'offer', status: 'active', metadata}`). Told
 * apart by `type`, so a refused body is named field by field within its own type's schema.
 */
export const ContentCreateBodySchema = z.discriminatedUnion('type', [
  CreateProductBodySchema,
  CreateOfferBodySchema,
  CreateKlipBodySchema,
]);
export type ContentCreateBody = z.infer<typeof ContentCreateBodySchema>;

export const ContentCreatedResponseSchema = z.union([
  ProductDetailResponseSchema,
  OfferResponseSchema,
  KlipResponseSchema,
]);
export type ContentCreatedResponse = z.infer<typeof ContentCreatedResponseSchema>;

/**
 * POST /api/v1/content's optional Idempotency-Key header (decision 0034): a retry with the same key and the same
 * body answers the first create again and creates nothing; the same key with another body is refused (422). Keys
 * are the sender's own, remembered for IDEMPOTENCY_KEY_TTL_MS. Other headers pass through untouched.
 */
export const ContentCreateHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX_LENGTH)
    .regex(/^[\x21-\x7e]+$/, 'use visible ASCII characters only')
    .optional(),
});
