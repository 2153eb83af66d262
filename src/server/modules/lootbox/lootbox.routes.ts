// The Loot Box over HTTP (docs/product.md "Lootbox calls"; decision 0038): POST and GET /api/v1/lootbox, and GET,
// PUT and DELETE /api/v1/lootbox/{id}. Every call needs a signed-in user and reaches only their own lootboxes.
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LootboxBodySchema,
  LootboxListQuerySchema,
  LootboxListResponseSchema,
  LootboxParamsSchema,
  LootboxResponseSchema,
} from '../../../shared/contracts/lootbox.ts';
import { readUserId } from '../../http/signed-in-user.ts';
import type { LootboxService } from './lootbox.service.ts';

/**
 * Far above any body the schema takes: 100 items and 1000 tombstones, every id 64 characters, even written as \u
 * escapes, come to under 600 KB. So a body that is too big for a reason the schema can name (10 000 items, a 1 MB
 * product id) is still read and answered 400 naming the field; only a body past this is a 413.
 */
export const LOOTBOX_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export interface LootboxRoutesOptions {
  lootbox: LootboxService;
  /** Sets request.userId or answers 401. */
  requireUser: preHandlerAsyncHookHandler;
}

export const lootboxRoutes: FastifyPluginAsyncZod<LootboxRoutesOptions> = async (
  app,
  { lootbox, requireUser },
) => {
  app.post(
    '/api/v1/lootbox',
    {
      // Signed-in check before the body is read.
      onRequest: requireUser,
      bodyLimit: LOOTBOX_BODY_LIMIT_BYTES,
      schema: {
        tags: ['lootbox'],
        summary: 'Create the caller’s Loot Box',
        errors: [403, 409],
        body: LootboxBodySchema,
        response: { 201: LootboxResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await lootbox.create(readUserId(request), request.body);
      return reply.status(201).send({ success: true as const, lootbox: created });
    },
  );

  app.get(
    '/api/v1/lootbox',
    {
      onRequest: requireUser,
      schema: {
        tags: ['lootbox'],
        summary: 'List the caller’s Loot Boxes (the active one and recent cleared ones)',
        querystring: LootboxListQuerySchema,
        response: { 200: LootboxListResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await lootbox.list(readUserId(request), request.query)),
    }),
  );

  app.get(
    '/api/v1/lootbox/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['lootbox'],
        summary: 'Read one of the caller’s Loot Boxes',
        errors: [404],
        params: LootboxParamsSchema,
        response: { 200: LootboxResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      lootbox: await lootbox.get(readUserId(request), request.params.id),
    }),
  );

  app.put(
    '/api/v1/lootbox/:id',
    {
      onRequest: requireUser,
      bodyLimit: LOOTBOX_BODY_LIMIT_BYTES,
      schema: {
        tags: ['lootbox'],
        summary: 'Save the caller’s Loot Box (merged with changes made elsewhere)',
        errors: [403, 404, 409],
        params: LootboxParamsSchema,
        body: LootboxBodySchema,
        response: { 200: LootboxResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      lootbox: await lootbox.update(readUserId(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/lootbox/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['lootbox'],
        summary: 'Delete one of the caller’s Loot Boxes',
        errors: [404],
        params: LootboxParamsSchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await lootbox.delete(readUserId(request), request.params.id);
      return { success: true as const };
    },
  );
};
