// Offers over HTTP (docs/product.md "Products, klips, offers", "Offers API"): the signed-in seller's own offers in
// every state (GET /api/v1/content/offers), and one offer under /api/v1/offers/{id}: public while it is active (its
// owner sees it in any state), changed and deleted by its owner only. Listing and creating are GET and POST
// /api/v1/content, owned by the content module, to which offers.content.ts registers the offer type.
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OfferResponseSchema,
  OwnOffersQuerySchema,
  OwnOffersResponseSchema,
  UpdateOfferBodySchema,
} from '../../../shared/contracts/offers.ts';
import { readUserId } from '../../http/signed-in-user.ts';
import type { OffersService } from './offers.service.ts';

/**
 * Far above any body the schema takes (100 product ids, 20 terms of 300 characters, a 2000-character description,
 * even as \u escapes: under 64 KB), so a field that is much too long (a 1 MB title) is still read and named by the
 * schema (400); only a body past this is a 413. POST /api/v1/content takes the largest limit of any type.
 */
export const OFFER_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export interface OffersRoutesOptions {
  offers: OffersService;
  /** Sets request.userId or answers 401. */
  requireUser: preHandlerAsyncHookHandler;
  /** Sets request.userId when a good token is sent; a bad one is a 401. */
  optionalUser: preHandlerAsyncHookHandler;
}

const OfferParams = z.object({ id: z.string().min(1).max(64) });

export const offersRoutes: FastifyPluginAsyncZod<OffersRoutesOptions> = async (
  app,
  { offers, requireUser, optionalUser },
) => {
  app.get(
    '/api/v1/content/offers',
    {
      onRequest: requireUser,
      schema: {
        tags: ['offers'],
        summary: 'List the caller’s own offers',
        querystring: OwnOffersQuerySchema,
        response: { 200: OwnOffersResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await offers.listOwn(readUserId(request), request.query)),
    }),
  );

  app.get(
    '/api/v1/offers/:id',
    {
      onRequest: optionalUser,
      schema: {
        tags: ['offers'],
        summary: 'Read an offer',
        errors: [404],
        params: OfferParams,
        response: { 200: OfferResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      offer: await offers.getForViewer(request.params.id, request.userId),
    }),
  );

  app.patch(
    '/api/v1/offers/:id',
    {
      // Signed-in check before the body is read.
      onRequest: requireUser,
      bodyLimit: OFFER_BODY_LIMIT_BYTES,
      schema: {
        tags: ['offers'],
        summary: 'Change the caller’s offer',
        errors: [403, 404],
        params: OfferParams,
        body: UpdateOfferBodySchema,
        response: { 200: OfferResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      offer: await offers.update(readUserId(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/offers/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['offers'],
        summary: 'Delete the caller’s offer',
        errors: [403, 404],
        params: OfferParams,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await offers.delete(readUserId(request), request.params.id);
      return { success: true as const };
    },
  );
};
