// GET /api/v1/link-preview?url=... (docs/product.md "Link preview"). Public, under the global /api rate limit.
// 400: the link is invalid or points somewhere we never fetch. A website that gave no page we could read answers 200
// with status 'failed' (decision 0053b): the app shows the link without a preview, and the browser logs nothing.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../shared/contracts/error.ts';
import {
  LinkPreviewFailedSchema,
  LinkPreviewQuerySchema,
  LinkPreviewResponseSchema,
} from '../../../shared/contracts/link-preview.ts';
import { AppError } from '../../errors.ts';
import { createLinkPreviewService, type LinkPreviewOptions } from './link-preview.service.ts';
import { LinkPreviewError } from './safe-fetch.ts';

/** Options exist for tests (an allowed test host, short limits); the app registers the plugin without any. */
export type LinkPreviewRoutesOptions = Partial<LinkPreviewOptions>;

export const linkPreviewRoutes: FastifyPluginAsyncZod<LinkPreviewRoutesOptions> = async (app, options) => {
  const service = createLinkPreviewService(options);

  app.get(
    '/api/v1/link-preview',
    {
      schema: {
        tags: ['link-preview'],
        summary: 'Read the title, description and icons of the page a link points to',
        querystring: LinkPreviewQuerySchema,
        response: {
          200: z.union([LinkPreviewResponseSchema, LinkPreviewFailedSchema]),
          400: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      try {
        const data = await service.getLinkPreview(request.query.url);
        return { success: true as const, status: 'success' as const, data };
      } catch (error) {
        if (!(error instanceof LinkPreviewError)) throw error;
        if (error.kind === 'refused') {
          throw new AppError('bad-request', error.message, { reason: 'link-preview/refused' });
        }
        return {
          success: false as const,
          status: 'failed' as const,
          message: error.message,
          code: 'link-preview/failed' as const,
        };
      }
    },
  );
};
