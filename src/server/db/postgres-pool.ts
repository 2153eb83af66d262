// The node-postgres pool as Kysely sees it: every query with a client-side timeout, a connection that timed out
// destroyed rather than reused, idle ones checked after a timeout, and statements marked PREPARED (plan-hints.ts)
// run as named prepared statements.
import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isPrepared } from './plan-hints.ts';

/** Opening a connection, and waiting for a free one in the pool: past it the request answers 503. */
export const CONNECT_TIMEOUT_MS = 2000;
/** How long a connection idle since a timeout elsewhere has to answer `select 1` before it is handed out. */
const CHECK_TIMEOUT_MS = 1000;
export const QUERY_READ_TIMEOUT = 'Query read timeout';

/** A query with pg's client-side timeout, which pg reads from the query's config (its types do not list it). */
export function withQueryTimeout(text: string, values: unknown[], timeoutMs: number): pg.QueryConfig {
  const config: pg.QueryConfig & { query_timeout: number } = { text, values, query_timeout: timeoutMs };
  return config;
}

/** PostgreSQL's code for a statement it cancelled, here by statement_timeout. */
const QUERY_CANCELED = '57014';

/**
 * A query the database did not answer in time (pg's client-side timeout carries no code; the server's statement
 * timeout has its own) becomes an error with the code the error handler answers 503 for: the request may be retried.
 */
export function toUnavailable(error: unknown): unknown {
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
export function createConnectionHealth(pool: pg.Pool) {
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
export function createTimedPool(
  pool: pg.Pool,
  health: ConnectionHealth,
  queryTimeoutMs: number,
): PostgresPool {
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
