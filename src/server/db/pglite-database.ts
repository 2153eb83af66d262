// The embedded driver: PGlite in DATA_DIR/pg (or in memory for tests) behind its Kysely dialect, with the data
// directory's lock, durable commits (decision 0032) and the PANIC guard (decision 0050).
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, sql } from 'kysely';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { assertChannelName, type Database } from './database-handle.ts';
import { assertNotFatal, noteFatal, PGliteDialect, type PGliteState } from './pglite-dialect.ts';
import { createPGliteClient } from './pglite-durability.ts';
import type { DB } from './schema.ts';

export async function openPGlite(
  dataDir: string | undefined,
  durableCommits: boolean,
  loadDataDir?: Blob,
): Promise<Database> {
  const releaseLock = dataDir ? acquireDataDirLock(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await createPGliteClient(dataDir ? path.join(dataDir, 'pg') : undefined, {
      extensions: { pg_trgm },
      durableCommits,
      loadDataDir,
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
