// The only code that touches user_settings. Stored objects hold only what the user changed.
import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

export type SettingsColumn = 'app_settings' | 'profile_settings' | 'preferences';

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

export function createSettingsRepository(db: Executor) {
  return {
    async read(userId: string, column: SettingsColumn): Promise<Record<string, unknown>> {
      const row = await db
        .selectFrom('user_settings')
        .select(column)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return (row?.[column] as Record<string, unknown> | undefined) ?? {};
    },

    /**
     * Replaces the stored object with `change(stored)`, unless the result would be larger than `maxBytes` as JSON:
     * then nothing is written and the result's size is returned. The row is locked from read to write, so two
     * concurrent changes neither lose each other's fields nor together pass the cap.
     */
    async update(
      userId: string,
      column: SettingsColumn,
      change: (stored: Record<string, unknown>) => Record<string, unknown>,
      maxBytes: number,
    ): Promise<{ written: true } | { written: false; bytes: number }> {
      return db.transaction().execute(async (tx) => {
        await tx
          .insertInto('user_settings')
          .values({ user_id: userId })
          .onConflict((conflict) => conflict.column('user_id').doNothing())
          .execute();
        const row = await tx
          .selectFrom('user_settings')
          .select(column)
          .where('user_id', '=', userId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const json = JSON.stringify(change(row[column] as Record<string, unknown>));
        const bytes = Buffer.byteLength(json);
        if (bytes > maxBytes) return { written: false as const, bytes };
        await tx
          .updateTable('user_settings')
          .set({ [column]: json, updated_at: sql`now()` } as never)
          .where('user_id', '=', userId)
          .execute();
        return { written: true as const };
      });
    },
  };
}
