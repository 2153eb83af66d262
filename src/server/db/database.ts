// Opens the one database the app uses: embedded PGlite in DATA_DIR/pg by default, PostgreSQL through a
// node-postgres pool when DATABASE_URL is set. Both speak the same SQL through the same Kysely instance.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';
import { runInTransaction, type Executor } from './transaction.ts';
import { withTimeout } from '../with-timeout.ts';

/** One database session, for work that must stay on one connection (migrations under an advisory lock). */
export interface Session {
  exec(script: string): Promise<void>;
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
}

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** Runs work in one transaction over `tx` (see transaction.ts); services build their repositories on it. */
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
  withSession<T>(work: (session: Session) => Promise<T>): Promise<T>;
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string | undefined;
  /** Data directory for PGlite; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
}

const CONNECT_TIMEOUT_MS = 2000;
const STATEMENT_TIMEOUT_MS = 15_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openPGlite(options.dataDir);
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
    transaction: (work) => runInTransaction(db, work),
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
    async ping(timeoutMs = CONNECT_TIMEOUT_MS) {
      await withTimeout(sql`select 1`.execute(db), timeoutMs, 'Database did not answer in time');
    },
    async close() {
      await db.destroy();
    },
  };
}

async function openPGlite(dataDir: string | undefined): Promise<Database> {
  const releaseLock = dataDir ? acquireDataDirLock(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ? path.join(dataDir, 'pg') : undefined, { extensions: { pg_trgm } });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    transaction: (work) => runInTransaction(db, work),
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
