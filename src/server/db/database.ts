// Opens the one database the app uses: embedded PGlite in DATA_DIR/pg by default, PostgreSQL through a
// node-postgres pool when DATABASE_URL is set. Both speak the same SQL through the same Kysely instance.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { assertNotFatal, noteFatal, PGliteDialect, type PGliteState } from './pglite-dialect.ts';
import { isPrepared } from './plan-hints.ts';
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
  /** True once the database can never answer again in this process (an embedded PANIC, decision 0050). */
  isBroken(): boolean;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string | undefined;
  /** Data directory for PGlite; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /**
   * PostgreSQL: how long the app waits for any one query's answer before it gives up on the connection
   * (default QUERY_TIMEOUT_MS; tests shorten or lengthen it).
   */
  queryTimeoutMs?: number;
  /** PGlite in a data directory: each commit waits until it is on disk (decision 0032). Default true. */
  durableCommits?: boolean | undefined;
}

/** Opening a connection, and waiting for a free one in the pool: past it the request answers 503. */
const CONNECT_TIMEOUT_MS = 2000;
/**
 * The server cancels a statement running longer (a slow query, a lock wait, on a live server): the request answers
 * 503 within seconds and the connection stays usable. The app's queries take milliseconds.
 */
const STATEMENT_TIMEOUT_MS = 5000;
/**
 * The app stops waiting for an answer: later than the statement timeout, so that reaching it means the server or
 * the network went silent, not a slow query, and the connection is destroyed, never handed out again.
 */
const QUERY_TIMEOUT_MS = 6000;
/** How long a connection idle since a timeout elsewhere has to answer `select 1` before it is handed out. */
const CHECK_TIMEOUT_MS = 1000;
/** The server ends a session left inside a transaction (its client vanished mid-way), freeing its row locks. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
/**
 * TCP keepalive: probes start after this much silence, so a connection whose peer vanished (partition, dead host)
 * fails even while idle, once the probes go unanswered (their interval and count are libuv's or the OS's).
 */
const KEEPALIVE_INITIAL_DELAY_MS = 10_000;
const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 30_000;
/** Channel names are identifiers in LISTEN; only plain ones are allowed so they need no quoting. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10, options.queryTimeoutMs ?? QUERY_TIMEOUT_MS)
    : openPGlite(options.dataDir, options.durableCommits ?? true);
}

async function openPostgres(url: string, poolSize: number, queryTimeoutMs: number): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Covers both opening a connection and waiting for a free one (pg-pool's pending queue).
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection must not crash the process: queries on it fail (-> 503) and the pool reconnects.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const health = createConnectionHealth(pool);
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: createTimedPool(pool, health, queryTimeoutMs) }),
  });
  return {
    db,
    kind: 'postgres',
    async withSession(work) {
      const client = await pool.connect();
      try {
        // Sessions run migrations: an index built on a large table may take minutes, past a web request's limits.
        // The connection is destroyed afterwards, so no request ever gets it without its statement timeout.
        await client.query('set statement_timeout = 0');
        return await work({
          exec: async (script) => {
            await client.query(script);
          },
          query: async <R>(text: string, params: unknown[] = []) =>
            (await client.query(text, params)).rows as R[],
        });
      } finally {
        client.release(true);
      }
    },
    listen(channel, handlers) {
      return listenOnPostgres(url, channel, handlers);
    },
    // A PostgreSQL server restarts its own backends after a PANIC; an unreachable one is for readiness.
    isBroken: () => false,
    async ping(timeoutMs = CONNECT_TIMEOUT_MS) {
      // Its own connection and its own query timeout: a probe that gives up destroys the connection it waited on,
      // so probes against a silent database never keep pool slots (or hand a dead connection to a request).
      const acquiring = pool.connect();
      let client: pg.PoolClient;
      try {
        client = await withTimeout(acquiring, timeoutMs, 'Database did not answer in time');
      } catch (error) {
        acquiring.then(
          (late) => late.release(),
          () => {},
        );
        throw error;
      }
      try {
        await client.query(withQueryTimeout('select 1', [], timeoutMs));
        health.answered(client);
        client.release();
      } catch (error) {
        if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) health.timedOut();
        client.release(error as Error);
        throw toUnavailable(error);
      }
    },
    async close() {
      await db.destroy();
    },
  };
}

const QUERY_READ_TIMEOUT = 'Query read timeout';

/** A query with pg's client-side timeout, which pg reads from the query's config (its types do not list it). */
function withQueryTimeout(text: string, values: unknown[], timeoutMs: number): pg.QueryConfig {
  const config: pg.QueryConfig & { query_timeout: number } = { text, values, query_timeout: timeoutMs };
  return config;
}

/** PostgreSQL's code for a statement it cancelled, here by statement_timeout. */
const QUERY_CANCELED = '57014';

/**
 * A query the database did not answer in time (pg's client-side timeout carries no code; the server's statement
 * timeout has its own) becomes an error with the code the error handler answers 503 for: the request may be retried.
 */
function toUnavailable(error: unknown): unknown {
  const timedOut =
    error instanceof Error &&
    (error.message === QUERY_READ_TIMEOUT || (error as { code?: unknown }).code === QUERY_CANCELED);
  if (timedOut) {
    return Object.assign(new Error('Database did not answer in time', { cause: error }), {
      code: 'ETIMEDOUT',
    });
  }
  return error;
}

/**
 * What the pool knows of its connections' health. A connection whose query timed out is destroyed; the other idle
 * ones most likely went silent at the same moment (one network path) but would each cost a request a full query
 * timeout to find out. So after a timeout, a connection that has not answered since is checked with a short
 * `select 1` before it is handed out, and dropped if it stays silent.
 */
function createConnectionHealth(pool: pg.Pool) {
  let lastTimeoutAt = -Infinity;
  const lastAnswerAt = new WeakMap<pg.ClientBase, number>();
  pool.on('connect', (client) => lastAnswerAt.set(client, performance.now()));
  const answered = (client: pg.ClientBase) => lastAnswerAt.set(client, performance.now());
  return {
    answered,
    timedOut() {
      lastTimeoutAt = performance.now();
    },
    /** A pooled connection that answered since the last timeout (each try either returns or drops one). */
    async acquire(): Promise<pg.PoolClient> {
      for (;;) {
        const client = await pool.connect();
        if ((lastAnswerAt.get(client) ?? -Infinity) >= lastTimeoutAt) return client;
        try {
          await client.query(withQueryTimeout('select 1', [], CHECK_TIMEOUT_MS));
          answered(client);
          return client;
        } catch (error) {
          client.release(error as Error);
        }
      }
    },
  };
}

type ConnectionHealth = ReturnType<typeof createConnectionHealth>;

/**
 * The pool as Kysely sees it. Each query carries the client-side timeout; a connection on which one timed out is
 * poisoned (the late answer, if any, would arrive in its stream ahead of the next query's): the queries after it on
 * that connection (a transaction's rollback) fail at once instead of waiting their turn, and releasing it destroys
 * it (pg-pool's release(error)) instead of returning it to the pool, where Kysely's plain release() would put it.
 */
function createTimedPool(pool: pg.Pool, health: ConnectionHealth, queryTimeoutMs: number): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await health.acquire();
      let failure: Error | undefined;
      async function query(text: string, values: readonly unknown[]) {
        if (failure) throw toUnavailable(failure);
        try {
          const config = withQueryTimeout(text, [...values], queryTimeoutMs);
          const name = isPrepared(text) ? preparedNameOn(client, text) : undefined;
          if (name) config.name = name;
          const result = await client.query(config);
          health.answered(client);
          return result;
        } catch (error) {
          if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) {
            failure = error;
            health.timedOut();
          }
          throw toUnavailable(error);
        }
      }
      return {
        // Kysely's cursor overload is never used: the dialect is built without a cursor.
        query: query as unknown as PostgresPoolClient['query'],
        release() {
          client.release(failure);
        },
      };
    },
    end: () => pool.end(),
  };
}

/** Named prepared statements kept per PostgreSQL connection at most; past it, a statement runs unnamed. */
const PREPARED_PER_CONNECTION_MAX = 64;
const preparedNames = new WeakMap<pg.ClientBase, Set<string>>();
const nameOfText = new Map<string, string>();

/**
 * The name a statement marked PREPARED (plan-hints.ts) runs under on this connection: the hash of its text, so that
 * one text is one name on every connection (node-postgres parses it on a connection the first time only). Undefined
 * once the connection keeps PREPARED_PER_CONNECTION_MAX others: it then runs unnamed, as unmarked ones do.
 */
function preparedNameOn(client: pg.ClientBase, text: string): string | undefined {
  let name = nameOfText.get(text);
  if (!name) {
    name = `lk_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    if (nameOfText.size < PREPARED_PER_CONNECTION_MAX * 4) nameOfText.set(text, name);
  }
  let names = preparedNames.get(client);
  if (!names) {
    names = new Set();
    preparedNames.set(client, names);
  }
  if (names.has(name)) return name;
  if (names.size >= PREPARED_PER_CONNECTION_MAX) return undefined;
  names.add(name);
  return name;
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
  const state: PGliteState = { fatal: undefined };
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client, state) });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async withSession(work) {
      // Past a PANIC the instance must not be called again (pglite-dialect.ts, decision 0050), on this path too.
      const guarded = async <T>(call: () => Promise<T>): Promise<T> => {
        assertNotFatal(state);
        try {
          return await call();
        } catch (error) {
          noteFatal(state, error);
          throw error;
        }
      };
      assertNotFatal(state);
      // Borrow Kysely's single connection so nothing else runs on the session meanwhile.
      return db.connection().execute(() =>
        work({
          exec: async (script) => {
            await guarded(() => client.exec(script));
          },
          query: async <R>(text: string, params: unknown[] = []) =>
            (await guarded(() => client.query<R>(text, params))).rows,
        }),
      );
    },
    async listen(channel, handlers) {
      assertChannelName(channel);
      // Through Kysely's one connection, like withSession: a LISTEN must never land inside another caller's
      // transaction (a rollback would undo it).
      assertNotFatal(state);
      const unlisten = await db
        .connection()
        .execute(() => client.listen(channel, (payload) => handlers.onNotify(payload)));
      return {
        async close() {
          // After a PANIC an UNLISTEN would spin for good (decision 0050): a worker stopping then just lets go.
          if (closed || state.fatal) return;
          await db.connection().execute(async () => {
            try {
              await unlisten();
            } catch (error) {
              noteFatal(state, error);
              throw error;
            }
          });
        },
      };
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    isBroken: () => state.fatal !== undefined,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await db.destroy();
        // After a PANIC the instance never answers again (pglite-dialect.ts): its files are left to crash recovery.
        if (!state.fatal) {
          await client.exec('CHECKPOINT');
          await client.close();
        }
      } finally {
        // Even when the checkpoint fails (a disk error): the lock must not outlive the database it guards.
        releaseLock();
      }
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
