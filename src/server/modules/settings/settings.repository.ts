// The only code that touches user_settings. Stored objects hold only what the user changed.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type SettingsColumn = 'app_settings' | 'profile_settings' | 'preferences';

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

export function createSettingsRepository(db: Kysely<DB>) {
  return {
    async read(userId: string, column: SettingsColumn): Promise<Record<string, unknown>> {
      const row = await db
        .selectFrom('user_settings')
        .select(column)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return (row?.[column] as Record<string, unknown> | undefined) ?? {};
    },

    /** Merges changes into the stored object (top-level keys of `changes` replace stored ones) atomically. */
    async merge(userId: string, column: SettingsColumn, changes: Record<string, unknown>): Promise<void> {
      const json = JSON.stringify(changes);
      await db
        .insertInto('user_settings')
        .values({ user_id: userId, [column]: json })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({
            [column]: sql`user_settings.${sql.ref(column)} || ${json}::jsonb`,
            updated_at: sql`now()`,
          } as never),
        )
        .execute();
    },
  };
}
