// Klips over HTTP (docs/product.md "Klip", "Klips API"): the signed-in seller's own klips in every state, one klip
// (public when active, the owner's in any state), and the owner's edit, delete and retry. Creating goes through
// POST /api/v1/content (klips.content.ts).
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KlipIdParamsSchema,
  KlipListResponseSchema,
  KlipResponseSchema,
  OwnKlipListQuerySchema,
  UpdateKlipBodySchema,
} from '../../../shared/contracts/klips.ts';
import { readUserId } from '../../http/signed-in-user.ts';
import type { KlipsService } from './klips.service.ts';

/**
 * Far above any body the schema takes (a 150-character title, 2000-character description and 20 tags, even as \u
 * escapes), so a much too long field is still read and named by the schema (400) rather than refused as a 413.
 */
export const KLIP_BODY_LIMIT_BYTES = 1024 * 1024;

export interface KlipsRoutesOptions {
  klips: KlipsService;
  requireUser: preHandlerAsyncHookHandler;
  optionalUser: preHandlerAsyncHookHandler;
}

const RetryBodySchema = z.object({ videoId: z.string().trim().min(1).max(64).optional() }).nullish();

export const klipsRoutes: FastifyPluginAsyncZod<KlipsRoutesOptions> = async (
  app,
  { klips, requireUser, optionalUser },
) => {
  app.get(
    '/api/v1/content/klips',
    {
      onRequest: requireUser,
      schema: {
        tags: ['klips'],
        summary: 'List the caller’s own klips, processing and failed ones too',
        querystring: OwnKlipListQuerySchema,
        response: { 200: KlipListResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await klips.listOwn(readUserId(request), request.query)),
    }),
  );

  app.get(
    '/api/v1/klips/:id',
    {
      onRequest: optionalUser,
      schema: {
        tags: ['klips'],
        summary: 'Read a klip',
        errors: [404],
        params: KlipIdParamsSchema,
        response: { 200: KlipResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      klip: await klips.getForViewer(request.params.id, request.userId),
    }),
  );

  app.patch(
    '/api/v1/klips/:id',
    {
      onRequest: requireUser,
      bodyLimit: KLIP_BODY_LIMIT_BYTES,
      schema: {
        tags: ['klips'],
        summary: 'Change the caller’s klip',
        errors: [404],
        params: KlipIdParamsSchema,
        body: UpdateKlipBodySchema,
        response: { 200: KlipResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      klip: await klips.update(readUserId(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/klips/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['klips'],
        summary: 'Delete the caller’s klip',
        errors: [404],
        params: KlipIdParamsSchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      await klips.delete(readUserId(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/v1/klips/:id/retry',
    {
      onRequest: requireUser,
      schema: {
        tags: ['klips'],
        summary: 'Process a failed klip again, with its video or a new upload',
        errors: [404, 409],
        params: KlipIdParamsSchema,
        body: RetryBodySchema,
        response: { 200: KlipResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      klip: await klips.retry(readUserId(request), request.params.id, request.body ?? {}),
    }),
  );
};
