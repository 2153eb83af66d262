// POST /api/v1/events (docs/product.md "Analytics"; decision 0064): a batch of events from
// the browser, as JSON or as text/plain JSON (navigator.sendBeacon sends either), at most ANALYTICS_BATCH_MAX_BYTES,
// rate limited per address. Every refusal is counted by reason, in memory, with no write per refused request.
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANALYTICS_BATCH_MAX_BYTES } from '../../../shared/constants.ts';
import { EventBatchResponseSchema, EventBatchSchema } from '../../../shared/contracts/analytics.ts';
import { ANALYTICS_MESSAGES } from '../../../shared/server-messages.ts';
import type { AnalyticsService, RefusalReason } from './analytics.service.ts';

export interface AnalyticsRoutesOptions {
  analytics: Pick<AnalyticsService, 'ingest' | 'refusals'>;
  /** Batches one address may send in `rateLimitWindowMs`. */
  rateLimitMax: number;
  rateLimitWindowMs: number;
}

/** The refusal a status stands for. */
const REFUSAL_BY_STATUS: Record<number, RefusalReason> = {
  400: 'invalid',
  413: 'too-large',
  415: 'invalid',
  429: 'rate-limited',
};

export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRoutesOptions> = async (app, options) => {
  const { analytics } = options;
  // sendBeacon's string body is text/plain: the same JSON, through Fastify's own JSON parser (its guards against
  // prototype poisoning included).
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: ANALYTICS_BATCH_MAX_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({
        success: false,
        message: ANALYTICS_MESSAGES.batchTooLarge(`${ANALYTICS_BATCH_MAX_BYTES / 1024} KB`),
        code: 'payload-too-large',
      });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({
        success: false,
        message: ANALYTICS_MESSAGES.unsupportedContentType,
        code: 'unsupported-media-type',
      });
    }
    // Everything else is the app's one error handler's.
    throw error;
  });
  app.addHook('onResponse', async (_request, reply) => {
    const reason = REFUSAL_BY_STATUS[reply.statusCode];
    if (reason) analytics.refusals.add(reason);
  });

  app.post(
    '/api/v1/events',
    {
      bodyLimit: ANALYTICS_BATCH_MAX_BYTES,
      config: { rateLimit: { max: options.rateLimitMax, timeWindow: options.rateLimitWindowMs } },
      schema: {
        tags: ['analytics'],
        summary: 'Report a batch of app events (accepted, counted later)',
        body: EventBatchSchema,
        response: { 202: EventBatchResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await analytics.ingest(request.body, { address: request.ip });
      return reply.status(202).send({ success: true as const, ...result });
    },
  );
};
