// GET and POST /api/v1/content (docs/product.md "Content"): one endpoint for every kind of content, told apart by
// `type`. Each type's shapes live with its domain (products.ts today; klips and offers join with their issues by
// adding their schemas to these unions); the server's content module hands each type to the module that registered
// it.
import { z } from 'zod';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../constants.ts';
import {
  CategoryListQuerySchema,
  CategoryListResponseSchema,
  CreateProductBodySchema,
  ProductDetailResponseSchema,
  ProductListQuerySchema,
  ProductListResponseSchema,
} from './products.ts';

/** What GET /api/v1/content answers: products and the category list; any other type is a 400 naming `type`. */
export const ContentListQuerySchema = z.discriminatedUnion('type', [
  ProductListQuerySchema,
  CategoryListQuerySchema,
]);
export type ContentListQuery = z.infer<typeof ContentListQuerySchema>;
export type ContentType = ContentListQuery['type'];

export const ContentListResponseSchema = z.union([ProductListResponseSchema, CategoryListResponseSchema]);
export type ContentListResponse = z.infer<typeof ContentListResponseSchema>;

/**
 * What POST /api/v1/content creates: a product. A single object, not yet a union, so that a refused body is named
 * field by field exactly as before; it becomes a discriminated union on `type` when a second type can be created.
 */
export const ContentCreateBodySchema = CreateProductBodySchema;
export type ContentCreateBody = z.infer<typeof ContentCreateBodySchema>;

export const ContentCreatedResponseSchema = ProductDetailResponseSchema;
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
