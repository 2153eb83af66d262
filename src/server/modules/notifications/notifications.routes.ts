// The user's activity over HTTP (docs/product.md "Notifications"; decisions 0077 and 0078): the caller's
// own groups, unread count and read marks (requireUser), and the live stream GET /api/v1/notifications/stream
// (text/event-stream) that says when the unread count changed. The stream takes the bearer token in its header
// (the client reads it with fetch, never an EventSource with the token in the URL), is bounded per user, sends
// heartbeats, and closes once the session is no longer live (sign-out), checked at every heartbeat and change.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ListNotificationsQuerySchema,
  ListNotificationsResponseSchema,
  MarkReadBodySchema,
  MarkReadResponseSchema,
  UnreadCountResponseSchema,
} from '../../../shared/contracts/notifications.ts';
import {
  NOTIFICATION_STREAM_HEARTBEAT_MS,
  NOTIFICATION_STREAM_RETRY_MS,
  NOTIFICATION_STREAMS_PER_USER,
} from '../../../shared/constants.ts';
import { NOTIFICATION_MESSAGES } from '../../../shared/notifications-messages.ts';
import { AppError } from '../../errors.ts';
import { readUserId } from '../../http/signed-in-user.ts';
import type { NotificationHub } from './notification-hub.ts';
import type { NotificationsService } from './notifications.service.ts';

export interface NotificationsRoutesOptions {
  notifications: NotificationsService;
  hub: NotificationHub;
  requireUser: preHandlerAsyncHookHandler;
  /** The user id of a still-valid bearer token, or null (AuthService.authenticate). */
  authenticate: (token: string) => Promise<string | null>;
  /** Tests shorten it; NOTIFICATION_STREAM_HEARTBEAT_MS otherwise. */
  heartbeatMs?: number;
  maxStreamsPerUser?: number;
}

function readBearer(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/** `read` with one call in flight per key: callers that ask while it runs share its answer. */
function shareInFlight<T>(read: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key) => {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = read(key).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}

export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (
  app,
  options,
) => {
  const { notifications, hub, requireUser, authenticate } = options;
  const heartbeatMs = options.heartbeatMs ?? NOTIFICATION_STREAM_HEARTBEAT_MS;
  const maxStreams = options.maxStreamsPerUser ?? NOTIFICATION_STREAMS_PER_USER;
  const prefix = '/api/v1/notifications';
  /** Open streams per user on this instance, and how to end each one (at close). */
  const streamsPerUser = new Map<string, number>();
  const openStreams = new Set<() => void>();
  /** One count read per user at a time, shared by all of that user's streams on this instance. */
  const readCount = shareInFlight((userId: string) => notifications.unreadCount(userId));
  /** Likewise one session check per token at a time: a user's tabs usually share one token. */
  const checkSession = shareInFlight(authenticate);

  app.get(
    prefix,
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'List the caller’s notifications, newest first',
        querystring: ListNotificationsQuerySchema,
        response: { 200: ListNotificationsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await notifications.list(readUserId(request), request.query)),
    }),
  );

  app.get(
    `${prefix}/unread-count`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Count the caller’s unread notifications',
        response: { 200: UnreadCountResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      unreadCount: await notifications.unreadCount(readUserId(request)),
    }),
  );

  app.post(
    `${prefix}/read`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Mark some notifications read',
        body: MarkReadBodySchema,
        response: { 200: MarkReadResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      unreadCount: await notifications.markRead(readUserId(request), request.body.ids),
    }),
  );

  app.post(
    `${prefix}/read-all`,
    {
      onRequest: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification read',
        response: { 200: MarkReadResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      unreadCount: await notifications.markAllRead(readUserId(request)),
    }),
  );

  app.get(
    `${prefix}/stream`,
    {
      onRequest: requireUser,
      // Open for as long as the tab is: no request deadline, no in-flight slot, not compressed.
      config: { requestDeadlineMs: false, shedUnderLoad: false },
      compress: false,
      schema: {
        tags: ['notifications'],
        summary: 'Stream the unread count as server-sent events (`event: unread`)',
        description:
          'text/event-stream: `unread` events with `{ "unreadCount": n }`, and `end` when the session ends.',
      },
    },
    (request, reply) => openStream(request, reply),
  );

  function openStream(request: FastifyRequest, reply: FastifyReply) {
    const userId = readUserId(request);
    const token = readBearer(request);
    const open = streamsPerUser.get(userId) ?? 0;
    if (open >= maxStreams)
      throw new AppError('too-many-requests', NOTIFICATION_MESSAGES.tooManyStreams(maxStreams));
    streamsPerUser.set(userId, open + 1);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      // The connection ends with the stream: a reused one would stay open past the app's close.
      connection: 'close',
    });
    let closed = false;
    let sending = false;
    let again = false;
    /** Sends the current count; changes that come while one is read are folded into one more send. */
    const sendCount = async () => {
      if (sending) return void (again = true);
      sending = true;
      try {
        do {
          again = false;
          // A session that ended (sign-out) hears nothing more: its stream closes on its next change.
          if ((await checkSession(token)) !== userId) return end('signed-out');
          const unreadCount = await readCount(userId);
          if (!closed) res.write(`event: unread\ndata: ${JSON.stringify({ unreadCount })}\n\n`);
        } while (again && !closed);
      } catch (error) {
        // A busy database: the count is sent again a little later rather than left stale until the next change.
        request.log.warn({ err: (error as Error).message }, 'notification stream: count not read');
        if (!closed) setTimeout(() => void sendCount(), NOTIFICATION_STREAM_RETRY_MS).unref();
      } finally {
        sending = false;
      }
    };
    const unsubscribe = hub.subscribe(userId, () => void sendCount());
    const heartbeat = setInterval(() => {
      void checkSession(token).then(
        (live) => (live === userId ? res.write(': heartbeat\n\n') : end('signed-out')),
        () => undefined,
      );
    }, heartbeatMs);
    heartbeat.unref();
    const end = (reason: string) => {
      if (closed) return;
      // The last event, then the connection goes: a client that stopped reading must not hold it open.
      if (!res.writableEnded)
        res.end(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`, () => res.destroy());
      else res.destroy();
      cleanup();
    };
    const cleanup = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(endOnClose);
      const left = (streamsPerUser.get(userId) ?? 1) - 1;
      if (left > 0) streamsPerUser.set(userId, left);
      else streamsPerUser.delete(userId);
    };
    const endOnClose = () => end('closing');
    openStreams.add(endOnClose);
    res.on('close', cleanup);
    res.write('retry: 5000\n\n');
    void sendCount();
  }

  // Open streams would hold the server open: they end when the app closes.
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });
};
