// Products over HTTP, in the shapes of docs/product.md "Products, klips, offers": one product under
// /api/v1/products/{id}, and a shared Loot Box's products under /api/v1/products/shared. The listing and product
// creation are GET and POST /api/v1/content, owned by the content module, to which products.content.ts registers
// the product types. The detail and the shared products are public; changes need a signed-in owner.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ProductDetailResponseSchema,
  RatingBodySchema,
  RatingResponseSchema,
  UpdateProductBodySchema,
} from '../../../shared/contracts/products.ts';
import {
  SharedProductsQuerySchema,
  SharedProductsResponseSchema,
} from '../../../shared/contracts/lootbox.ts';
import { MAX_PRODUCT_IMAGES } from '../../../shared/constants.ts';
import { toReader } from '../../../shared/domain/privacy.ts';
import { CATALOGUE_MESSAGES } from '../../../shared/catalogue-messages.ts';
import { AppError } from '../../errors.ts';
import { readUserId } from '../../http/signed-in-user.ts';
import { parseBody } from '../../http/validation.ts';
import { createImageBatch, type ImageDeps } from '../../media/images.service.ts';
import { readMultipartParts, uploadScope } from '../../media/uploads.ts';
import type { ProductsService } from './products.service.ts';

/** A description may be 5000 characters of any script; a bigger body is still read, so zod can name the field. */
export const PRODUCT_BODY_LIMIT_BYTES = 6 * 1024 * 1024;

export interface ProductsRoutesOptions {
  products: ProductsService;
  /** Where images sent with a multipart PATCH are stored. */
  images: ImageDeps;
  /** Sets request.userId or answers 401. */
  requireUser: preHandlerAsyncHookHandler;
  /** Sets request.userId when a token is sent: the seller's privacy choices decide what the reader sees. */
  optionalUser: preHandlerAsyncHookHandler;
}

const ProductParams = z.object({ id: z.string().min(1).max(64) });

/** One `data` field and at most one file more than allowed, so that the eleventh gets our message. */
const MULTIPART_UPDATE_LIMITS = {
  files: MAX_PRODUCT_IMAGES + 1,
  fields: 1,
  parts: MAX_PRODUCT_IMAGES + 2,
  fieldSize: PRODUCT_BODY_LIMIT_BYTES,
};

function parseJsonField(value: unknown): unknown {
  try {
    return JSON.parse(String(value));
  } catch {
    throw new AppError('bad-request', CATALOGUE_MESSAGES.multipartDataNotJson);
  }
}

export const productsRoutes: FastifyPluginAsyncZod<ProductsRoutesOptions> = async (
  app,
  { products, images, requireUser, optionalUser },
) => {
  /**
   * The multipart form of PATCH: the product's owner is checked before any of the body is read, then the fields
   * before any file is stored; each image is then received, re-encoded and stored as it arrives; the product
   * changes once, at the end, with the new images added to its images as they are then (not as they were when the
   * request began). When the change fails, the images stored so far are removed again; once it has committed they
   * belong to the product, so nothing after it (the read-back) may remove them.
   */
  async function updateFromMultipart(request: FastifyRequest, userId: string, id: string): Promise<void> {
    // Read outside the change's transaction: only to refuse an eleventh image before storing it. The change
    // counts again, under the product's lock.
    const current = await products.getOwnedImageIds(userId, id);
    const parts = readMultipartParts(request, PRODUCT_BODY_LIMIT_BYTES);
    const first = await parts.next();
    if (first.done || first.value.type !== 'field' || first.value.fieldname !== 'data') {
      throw new AppError('bad-request', CATALOGUE_MESSAGES.multipartDataFirst);
    }
    const changes = parseBody(UpdateProductBodySchema, parseJsonField(first.value.value), 'data');
    const kept = changes.images ?? current;
    const batch = createImageBatch(images, { ownerId: userId });
    try {
      const added: string[] = [];
      for await (const part of parts) {
        if (part.type !== 'file' || part.fieldname !== 'images') {
          throw new AppError('bad-request', CATALOGUE_MESSAGES.multipartOnlyImages);
        }
        if (kept.length + added.length >= MAX_PRODUCT_IMAGES) {
          throw new AppError('bad-request', CATALOGUE_MESSAGES.tooManyImages(MAX_PRODUCT_IMAGES));
        }
        added.push((await batch.acceptPart(part)).id);
      }
      await products.update(userId, id, changes, { addedImageIds: added });
    } catch (error) {
      await batch.discard();
      throw error;
    }
  }

  // A shared Loot Box's products (docs/product.md "Shared Loot Box"): public, as the product page is.
  app.get(
    '/api/v1/products/shared',
    {
      onRequest: optionalUser,
      schema: {
        tags: ['products'],
        summary: 'List the products of a shared Loot Box link',
        querystring: SharedProductsQuerySchema,
        response: { 200: SharedProductsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await products.listShared(request.query.products, toReader(request.userId))),
    }),
  );

  app.get(
    '/api/v1/products/:id',
    {
      onRequest: optionalUser,
      schema: {
        tags: ['products'],
        summary: 'Read a product',
        errors: [404],
        params: ProductParams,
        response: { 200: ProductDetailResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      product: await products.get(request.params.id, toReader(request.userId)),
    }),
  );

  // JSON, or multipart (docs/product.md "Products, klips, offers"): a `data` field first (the same JSON), then up
  // to 10 `images` files, which are stored and added after the images data lists (or after the product's current
  // images).
  await app.register(
    uploadScope((scope) => {
      scope.withTypeProvider<ZodTypeProvider>().patch(
        '/api/v1/products/:id',
        {
          onRequest: requireUser,
          bodyLimit: PRODUCT_BODY_LIMIT_BYTES,
          schema: {
            tags: ['products'],
            summary: 'Change the caller’s product (JSON, or multipart with new images)',
            errors: [403, 404],
            params: ProductParams,
            consumes: ['application/json', 'multipart/form-data'],
            response: { 200: ProductDetailResponseSchema },
          },
        },
        async (request) => {
          const userId = readUserId(request);
          const { id } = request.params;
          if (request.isMultipart()) await updateFromMultipart(request, userId, id);
          else await products.update(userId, id, parseBody(UpdateProductBodySchema, request.body));
          return { success: true as const, product: await products.get(id, toReader(userId)) };
        },
      );
    }, MULTIPART_UPDATE_LIMITS),
  );

  app.get(
    '/api/v1/products/:id/rating',
    {
      onRequest: requireUser,
      schema: {
        tags: ['products'],
        summary: 'Read a product’s rating and the caller’s own stars',
        errors: [404],
        params: ProductParams,
        response: { 200: RatingResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await products.getRating(readUserId(request), request.params.id),
    }),
  );

  app.put(
    '/api/v1/products/:id/rating',
    {
      onRequest: requireUser,
      schema: {
        tags: ['products'],
        summary: 'Rate a product (1 to 5 stars; again to change)',
        errors: [403, 404],
        params: ProductParams,
        body: RatingBodySchema,
        response: { 200: RatingResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await products.rate(readUserId(request), request.params.id, request.body.stars),
    }),
  );

  app.delete(
    '/api/v1/products/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['products'],
        summary: 'Delete the caller’s product',
        errors: [403, 404],
        params: ProductParams,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await products.delete(readUserId(request), request.params.id);
      return { success: true as const };
    },
  );
};
