// GET and POST /api/v1/content (docs/product.md "Content"): every content type through one endpoint, each handed to
// the module that registered it (content.service.ts). Listings are public; with LISTINGS_NEED_SIGN_IN the shop's
// listings need a signed-in user, checked here before the registry and its cache. Creating needs a signed-in user.
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContentCreateBodySchema,
  ContentCreatedResponseSchema,
  ContentCreateHeadersSchema,
  ContentListQuerySchema,
  ContentListResponseSchema,
  type ContentListQuery,
} from '../../../shared/contracts/content.ts';
import { markAccess } from '../../http/route-access.ts';
import { readUserId } from '../../http/signed-in-user.ts';
import type { ContentService } from './content.service.ts';

export interface ContentRoutesOptions {
  content: ContentService;
  /** Sets request.userId or answers 401. */
  requireUser: preHandlerAsyncHookHandler;
  /** Sets request.userId when a token is sent: lists are cut to what the reader may see (decision 0071). */
  optionalUser: preHandlerAsyncHookHandler;
  /** LISTINGS_NEED_SIGN_IN: the shop's listings answer 401 to visitors who are not signed in. */
  listingsNeedSignIn: boolean;
}

/**
 * The listings docs/product.md "Who sees what" may close to visitors (Shop, Hot Deals, New Arrivals, Offers):
 * products or offers that are not one creator's and not one item.
 */
function isShopListing(query: ContentListQuery): boolean {
  if (query.type === 'product') return !query.uid && !query.contentId;
  if (query.type === 'offer') return !query.userId && !query.contentId;
  if (query.type === 'klip') return !query.uid && !query.contentId;
  return false;
}

export const contentRoutes: FastifyPluginAsyncZod<ContentRoutesOptions> = async (
  app,
  { content, requireUser, optionalUser, listingsNeedSignIn },
) => {
  const createBodyLimit = content.getCreateBodyLimitBytes();
  /** After validation, so the query is the schema's. */
  const gateListings: preHandlerAsyncHookHandler = async function (request, reply) {
    if (listingsNeedSignIn && isShopListing(request.query as ContentListQuery)) {
      await requireUser.call(this, request, reply);
    } else await optionalUser.call(this, request, reply);
  };
  // A token is welcome on every list; the API document says so, and a 401 for the listings that may need one.
  markAccess(gateListings, 'optional-user');
  app.get(
    '/api/v1/content',
    {
      schema: {
        tags: ['content'],
        summary: 'List products, offers, klips or the categories (by `type`)',
        querystring: ContentListQuerySchema,
        response: { 200: ContentListResponseSchema },
      },
      preHandler: gateListings,
    },
    async (request) => ({
      success: true as const,
      ...(await content.list(request.query, request.userId ?? null)),
    }),
  );

  app.post(
    '/api/v1/content',
    {
      // Signed-in check before the (larger than usual) body is read.
      onRequest: requireUser,
      ...(createBodyLimit ? { bodyLimit: createBodyLimit } : {}),
      schema: {
        tags: ['content'],
        summary: 'Create a product, an offer or a klip (by `type`)',
        errors: [422],
        headers: ContentCreateHeadersSchema,
        body: ContentCreateBodySchema,
        response: { 201: ContentCreatedResponseSchema },
      },
    },
    async (request, reply) => {
      const { created, replayed } = await content.create(readUserId(request), request.body, {
        idempotencyKey: request.headers['idempotency-key'],
      });
      // The stored first answer, given again: the client can tell, as with other Idempotency-Key servers.
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ success: true as const, ...created });
    },
  );
};
