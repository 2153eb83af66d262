// Opens the one database the app uses: embedded PGlite in DATA_DIR/pg by default, PostgreSQL through a
// node-postgres pool when DATABASE_URL is set. Both speak the same SQL through the same Kysely instance.
import type { Database } from './database-handle.ts';
import { openPGlite } from './pglite-database.ts';
import { openPostgres } from './postgres-database.ts';

export type { Database } from './database-handle.ts';

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
  /** In-memory PGlite: start from this dump of a data directory (`dumpDataDir()`) instead of an empty one. */
  loadDataDir?: Blob | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10, options.queryTimeoutMs)
    : openPGlite(options.dataDir, options.durableCommits ?? true, options.loadDataDir);
}
