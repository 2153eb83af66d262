// Klip interactions over HTTP (docs/product.md "Klip interactions API"): under /api/v1/interactions/klips/{id} a
// view (anyone; an anonymous viewer names its session in VIEWER_ID_HEADER), the like toggle and its status, the
// comments and replies, and the klip's stats; and the generic POST /api/v1/interactions. Likes and comment writes
// need sign-in (401 before the body is read).
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeleteCommentResponseSchema,
  KlipStatsResponseSchema,
  LikeResponseSchema,
  LikeStatusResponseSchema,
  ListCommentsQuerySchema,
  ListCommentsResponseSchema,
  PostCommentBodySchema,
  PostCommentResponseSchema,
  PostInteractionBodySchema,
  ViewResponseSchema,
} from '../../../shared/contracts/interactions.ts';
import { VIEWER_ID_HEADER } from '../../../shared/constants.ts';
import { readUserId } from '../../http/signed-in-user.ts';
import type { InteractionsService, Viewer } from './interactions.service.ts';

export interface InteractionsRoutesOptions {
  interactions: InteractionsService;
  requireUser: preHandlerAsyncHookHandler;
  optionalUser: preHandlerAsyncHookHandler;
}

const KlipParams = z.object({ id: z.string().min(1).max(64) });
const CommentParams = KlipParams.extend({ commentId: z.string().min(1).max(64) });
/** An anonymous viewer's session id: what the client generates (a UUID or ULID), nothing longer. */
const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The viewer of a view: the signed-in user, else the session header (or none) and the request's address. */
function readViewer(request: FastifyRequest): Viewer {
  if (request.userId) return { userId: request.userId };
  const header = request.headers[VIEWER_ID_HEADER];
  const sessionId = typeof header === 'string' && SESSION_ID.test(header) ? header : null;
  return { sessionId, address: request.ip };
}

export const interactionsRoutes: FastifyPluginAsyncZod<InteractionsRoutesOptions> = async (
  app,
  { interactions, requireUser, optionalUser },
) => {
  const prefix = '/api/v1/interactions/klips/:id';

  app.post(
    `${prefix}/view`,
    {
      onRequest: optionalUser,
      schema: {
        tags: ['interactions'],
        summary: 'Count a view of a klip (once per viewer in a while)',
        errors: [404],
        params: KlipParams,
        response: { 200: ViewResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await interactions.view(request.params.id, readViewer(request))),
    }),
  );

  app.post(
    `${prefix}/like`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['interactions'],
        summary: 'Like a klip, or take the like back',
        errors: [404],
        params: KlipParams,
        response: { 200: LikeResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await interactions.toggleLike(request.params.id, readUserId(request))),
    }),
  );

  app.get(
    `${prefix}/like/status`,
    {
      onRequest: optionalUser,
      schema: {
        tags: ['interactions'],
        summary: 'Whether the caller likes a klip',
        errors: [404],
        params: KlipParams,
        response: { 200: LikeStatusResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await interactions.likeStatus(request.params.id, request.userId)),
    }),
  );

  app.get(
    `${prefix}/stats`,
    {
      onRequest: optionalUser,
      schema: {
        tags: ['interactions'],
        summary: 'Read a klip’s counts (views, likes, comments)',
        errors: [404],
        params: KlipParams,
        response: { 200: KlipStatsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await interactions.stats(request.params.id, request.userId)),
    }),
  );

  app.post(
    `${prefix}/comments`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['interactions'],
        summary: 'Comment on a klip, or reply to a comment',
        errors: [404],
        params: KlipParams,
        body: PostCommentBodySchema,
        response: { 201: PostCommentResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await interactions.postComment(request.params.id, readUserId(request), request.body);
      return reply.code(201).send({ success: true as const, ...result });
    },
  );

  app.get(
    `${prefix}/comments`,
    {
      onRequest: optionalUser,
      schema: {
        tags: ['interactions'],
        summary: 'List a klip’s comments, or a comment’s replies',
        errors: [404],
        params: KlipParams,
        querystring: ListCommentsQuerySchema,
        response: { 200: ListCommentsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await interactions.listComments(request.params.id, request.query, request.userId)),
    }),
  );

  app.delete(
    `${prefix}/comments/:commentId`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['interactions'],
        summary: 'Delete the caller’s comment',
        errors: [403, 404],
        params: CommentParams,
        response: { 200: DeleteCommentResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await interactions.deleteComment(request.params.id, request.params.commentId, readUserId(request))),
    }),
  );

  app.post(
    '/api/v1/interactions',
    {
      onRequest: optionalUser,
      schema: {
        tags: ['interactions'],
        summary: 'Record an interaction with a product, klip or offer (share, click)',
        errors: [404],
        body: PostInteractionBodySchema,
        response: { 201: z.object({ success: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await interactions.record(request.body, request.userId);
      return reply.code(201).send({ success: true as const });
    },
  );
};
