// Opens the one database the app uses: embedded PGlite in DATA_DIR/pg by default, PostgreSQL through a
// node-postgres pool when DATABASE_URL is set. Both speak the same SQL through the same Kysely instance.
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { createPGliteClient } from './pglite-durability.ts';
import type { DB } from './schema.ts';
import { withTimeout } from '../with-timeout.ts';

/** One database session, for work that must stay on one connection (migrations under an advisory lock). */
export interface Session {
  exec(script: string): Promise<void>;
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
}

/** What listen() calls: each NOTIFY's payload, and (PostgreSQL) a new connection after one dropped. */
export interface NotificationHandlers {
  onNotify(payload: string): void;
  /** Notifications sent while the connection was down are lost: the listener should look for missed work. */
  onReconnect?(): void;
}

export interface Listening {
  close(): Promise<void>;
}

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  withSession<T>(work: (session: Session) => Promise<T>): Promise<T>;
  /**
   * LISTENs on channel: PGlite's own listener, or on PostgreSQL one dedicated connection outside the pool that is
   * opened again (with back-off) whenever it drops. Resolves once the first LISTEN is in place.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<Listening>;
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string | undefined;
  /** Data directory for PGlite; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /** PGlite in a data directory: each commit waits until it is on disk (decision 0032). Default true. */
  durableCommits?: boolean | undefined;
}

const CONNECT_TIMEOUT_MS = 2000;
const STATEMENT_TIMEOUT_MS = 15_000;
const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 30_000;
/** Channel names are identifiers in LISTEN; only plain ones are allowed so they need no quoting. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10)
    : openPGlite(options.dataDir, options.durableCommits ?? true);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection must not crash the process: queries on it fail (-> 503) and the pool reconnects.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    async withSession(work) {
      const client = await pool.connect();
      try {
        return await work({
          exec: async (script) => {
            await client.query(script);
          },
          query: async <R>(text: string, params: unknown[] = []) =>
            (await client.query(text, params)).rows as R[],
        });
      } finally {
        client.release();
      }
    },
    listen(channel, handlers) {
      return listenOnPostgres(url, channel, handlers);
    },
    async ping(timeoutMs = CONNECT_TIMEOUT_MS) {
      await withTimeout(sql`select 1`.execute(db), timeoutMs, 'Database did not answer in time');
    },
    async close() {
      await db.destroy();
    },
  };
}

async function openPGlite(dataDir: string | undefined, durableCommits: boolean): Promise<Database> {
  const releaseLock = dataDir ? acquireDataDirLock(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await createPGliteClient(dataDir ? path.join(dataDir, 'pg') : undefined, {
      extensions: { pg_trgm },
      durableCommits,
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async withSession(work) {
      // Borrow Kysely's single connection so nothing else runs on the session meanwhile.
      return db.connection().execute(() =>
        work({
          exec: async (script) => {
            await client.exec(script);
          },
          query: async <R>(text: string, params: unknown[] = []) =>
            (await client.query<R>(text, params)).rows,
        }),
      );
    },
    async listen(channel, handlers) {
      assertChannelName(channel);
      // Through Kysely's one connection, like withSession: a LISTEN must never land inside another caller's
      // transaction (a rollback would undo it).
      const unlisten = await db
        .connection()
        .execute(() => client.listen(channel, (payload) => handlers.onNotify(payload)));
      return {
        async close() {
          if (!closed) await db.connection().execute(() => unlisten());
        },
      };
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await client.exec('CHECKPOINT');
      await client.close();
      releaseLock();
    },
  };
}

function assertChannelName(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid notification channel name: ${channel}`);
}

/**
 * One connection of its own (a pooled one would be handed to queries and lose the LISTEN). When it drops (server
 * restart, a terminated backend, a network cut) it is opened again after a growing delay, and onReconnect runs.
 */
async function listenOnPostgres(
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
