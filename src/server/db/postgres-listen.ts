// LISTEN on PostgreSQL: a connection of its own outside the pool, opened again with back-off whenever it drops.
import pg from 'pg';
import { assertChannelName, type Listening, type NotificationHandlers } from './database-handle.ts';
import { CONNECT_TIMEOUT_MS } from './postgres-pool.ts';

const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * One connection of its own (a pooled one would be handed to queries and lose the LISTEN). When it drops (server
 * restart, a terminated backend, a network cut) it is opened again after a growing delay, and onReconnect runs.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<Listening> {
  assertChannelName(channel);
  let closed = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryDelayMs = LISTEN_RETRY_MIN_MS;

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: `lootklip-listen-${channel}`,
    });
    // Drops count only once LISTEN is in place; before that, connect() throws and its caller retries.
    let listening = false;
    let dropped = false;
    const onDrop = () => {
      if (!listening || dropped) return;
      dropped = true;
      if (client === next) client = undefined;
      void next.end().catch(() => {});
      scheduleReconnect();
    };
    next.on('error', onDrop);
    next.on('end', onDrop);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    listening = true;
    client = next;
    retryDelayMs = LISTEN_RETRY_MIN_MS;
  }

  function scheduleReconnect(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => {
          if (!closed) handlers.onReconnect?.();
        },
        () => {
          retryDelayMs = Math.min(LISTEN_RETRY_MAX_MS, retryDelayMs * 2);
          scheduleReconnect();
        },
      );
    }, retryDelayMs);
    retryTimer.unref();
  }

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
