// Who hears that a user's activity changed (decision 0078): the open event streams of this instance subscribe by
// user id; a publish reaches them at once and, with REDIS_URL, every other instance through Redis pub/sub. A
// message names only user ids: each stream reads the new count itself, so nothing private crosses Redis.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { NOTIFICATION_REDIS_CHANNEL } from '../../../shared/constants.ts';

export type HubListener = () => void;

export interface NotificationHub {
  /** Tells every stream of these users, on every instance, that their activity changed. */
  publish(userIds: readonly string[]): void;
  /** Listens for one user's changes; returns the unsubscribe. */
  subscribe(userId: string, listener: HubListener): () => void;
  /** Resolves once the Redis subscription is live (at once without Redis). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createNotificationHub(redis: Redis | undefined, log: FastifyBaseLogger): NotificationHub {
  const listeners = new Map<string, Set<HubListener>>();
  const instanceId = randomUUID();

  const deliver = (userIds: readonly string[]) => {
    for (const userId of new Set(userIds)) {
      for (const listener of listeners.get(userId) ?? []) listener();
    }
  };

  // A subscribed ioredis connection can do nothing else: the subscriber is a copy of the app's connection, except that
  // it queues its SUBSCRIBE until it is connected, however long Redis is away. The app's connection has no offline
  // queue (runtime.ts), so a plain copy sent the SUBSCRIBE before its own connection was up, was refused at once and
  // never subscribed: no instance heard another's changes.
  const subscriber = redis?.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
  const subscribed = subscriber
    ? subscriber.subscribe(NOTIFICATION_REDIS_CHANNEL).then(
        () => undefined,
        (error: Error) => log.warn({ err: error.message }, 'notification fan-out: Redis subscribe failed'),
      )
    : Promise.resolve();
  subscriber?.on('message', (_channel: string, text: string) => {
    try {
      const message = JSON.parse(text) as { from?: unknown; userIds?: unknown };
      if (message.from === instanceId || !Array.isArray(message.userIds)) return;
      deliver(message.userIds.filter((id): id is string => typeof id === 'string'));
    } catch {
      // Not one of ours: ignored.
    }
  });

  return {
    publish(userIds) {
      if (userIds.length === 0) return;
      deliver(userIds);
      if (redis) {
        redis
          .publish(
            NOTIFICATION_REDIS_CHANNEL,
            JSON.stringify({ from: instanceId, userIds: [...new Set(userIds)] }),
          )
          .catch((error: Error) =>
            log.warn({ err: error.message }, 'notification fan-out: Redis publish failed'),
          );
      }
    },
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) listeners.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    ready: () => subscribed,
    async close() {
      listeners.clear();
      // QUIT waits for a connection; one that is not up has nothing to say goodbye to.
      if (subscriber?.status === 'ready') await subscriber.quit().catch(() => subscriber.disconnect());
      else subscriber?.disconnect();
    },
  };
}
