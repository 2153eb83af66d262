// The Idempotency-Keys of creates (migrations/0014_create_idempotency_keys.sql): claimed, answered and read inside
// the create's own transaction, so a key is stored exactly when its create commits.
import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

export interface StoredIdempotencyKey {
  requestHash: string;
  response: Record<string, unknown> | null;
}

export function createIdempotencyKeysRepository(db: Executor) {
  return {
    /**
     * Takes the key for this request: true when it was free (never used, or expired). On PostgreSQL a concurrent
     * claim of the same key waits here until the first one's transaction ends: it then finds the key taken (and
     * its answer committed) or, when that transaction rolled back, free.
     */
    async claim(input: {
      userId: string;
      key: string;
      requestHash: string;
      expiresAt: Date;
    }): Promise<boolean> {
      const row = await db
        .insertInto('idempotency_keys')
        .values({
          user_id: input.userId,
          key: input.key,
          request_hash: input.requestHash,
          response: null,
          expires_at: input.expiresAt,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'key'])
            .doUpdateSet({
              request_hash: input.requestHash,
              response: null,
              created_at: sql<Date>`now()`,
              expires_at: input.expiresAt,
            })
            .where('idempotency_keys.expires_at', '<=', sql<Date>`now()`),
        )
        .returning('key')
        .executeTakeFirst();
      return row !== undefined;
    },

    async find(userId: string, key: string): Promise<StoredIdempotencyKey | undefined> {
      const row = await db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'response'])
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
      return row && { requestHash: row.request_hash, response: row.response };
    },

    async saveResponse(userId: string, key: string, response: Record<string, unknown>): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ response: JSON.stringify(response) })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    },

    /** Housekeeping: keys past their expiry, in batches so that one run never holds a long transaction. */
    async deleteExpired(batchSize = 1000): Promise<number> {
      let deleted = 0;
      for (;;) {
        const result = await sql`
          delete from idempotency_keys
          where (user_id, key) in (
            select user_id, key from idempotency_keys where expires_at <= now() limit ${batchSize}
          )`.execute(db);
        const count = Number(result.numAffectedRows ?? 0);
        deleted += count;
        if (count < batchSize) return deleted;
      }
    },
  };
}
