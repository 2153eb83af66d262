// Products over HTTP, in the spec's shapes (§7 "Content" and "Products, klips, offers"): the listing and product
// creation under /api/v1/content, the rest under /api/v1/products/{id}. Listing and detail are public; changes
// need a signed-in owner.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateProductBodySchema,
  ProductDetailResponseSchema,
  ProductListQuerySchema,
  ProductListResponseSchema,
  UpdateProductBodySchema,
} from '../../../shared/contracts/products.ts';
import { HTTP_MESSAGES } from '../../../shared/messages.ts';
import { AppError } from '../../errors.ts';
import type { ProductsService } from './products.service.ts';

/** A description may be 5000 characters of any script; a bigger body is still read, so zod can name the field. */
const PRODUCT_BODY_LIMIT_BYTES = 6 * 1024 * 1024;

export interface ProductsRoutesOptions {
  products: ProductsService;
  /** Sets request.userId or answers 401. */
  requireUser: preHandlerAsyncHookHandler;
}

const ProductParams = z.object({ id: z.string().min(1).max(64) });

function readUserId(request: FastifyRequest): string {
  const userId = request.userId;
  if (!userId) throw new AppError('unauthorized', HTTP_MESSAGES.unauthorized);
  return userId;
}

export const productsRoutes: FastifyPluginAsyncZod<ProductsRoutesOptions> = async (
  app,
  { products, requireUser },
) => {
  app.get(
    '/api/v1/content',
    {
      schema: {
        tags: ['products'],
        querystring: ProductListQuerySchema,
        response: { 200: ProductListResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await products.list(request.query)) }),
  );

  app.post(
    '/api/v1/content',
    {
      // Signed-in check before the (larger than usual) body is read.
      onRequest: requireUser,
      bodyLimit: PRODUCT_BODY_LIMIT_BYTES,
      schema: {
        tags: ['products'],
        body: CreateProductBodySchema,
        response: { 201: ProductDetailResponseSchema },
      },
    },
    async (request, reply) => {
      const { type: _type, ...data } = request.body;
      const product = await products.create(readUserId(request), data);
      return reply.code(201).send({ success: true as const, product });
    },
  );

  app.get(
    '/api/v1/products/:id',
    { schema: { tags: ['products'], params: ProductParams, response: { 200: ProductDetailResponseSchema } } },
    async (request) => ({ success: true as const, product: await products.get(request.params.id) }),
  );

  app.patch(
    '/api/v1/products/:id',
    {
      onRequest: requireUser,
      bodyLimit: PRODUCT_BODY_LIMIT_BYTES,
      schema: {
        tags: ['products'],
        params: ProductParams,
        body: UpdateProductBodySchema,
        response: { 200: ProductDetailResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      product: await products.update(readUserId(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/products/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['products'],
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
