// The server driver: a node-postgres pool (postgres-pool.ts: timeouts, connection health, prepared statements)
// behind Kysely's PostgresDialect, a session for migrations, and LISTEN on a connection of its own
// (postgres-listen.ts).
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database-handle.ts';
import { listenOnPostgres } from './postgres-listen.ts';
import {
  CONNECT_TIMEOUT_MS,
  createConnectionHealth,
  createTimedPool,
  QUERY_READ_TIMEOUT,
  toUnavailable,
  withQueryTimeout,
} from './postgres-pool.ts';
import type { DB } from './schema.ts';
import { withTimeout } from '../with-timeout.ts';

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
/** The server ends a session left inside a transaction (its client vanished mid-way), freeing its row locks. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
/**
 * TCP keepalive: probes start after this much silence, so a connection whose peer vanished (partition, dead host)
 * fails even while idle, once the probes go unanswered (their interval and count are libuv's or the OS's).
 */
const KEEPALIVE_INITIAL_DELAY_MS = 10_000;

export async function openPostgres(
  url: string,
  poolSize: number,
  queryTimeoutMs: number = QUERY_TIMEOUT_MS,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Covers both opening a connection and waiting for a free one (pg-pool's pending queue).
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    // No JIT: it compiles any statement estimated past jit_above_cost, and the search's tiers (decision 0082) crossed
    // it to spend 80 ms compiling a statement that runs in 7 ms. The app's statements are short; JIT never pays here.
    options: '-c jit=off',
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
