// The user's time zone as the user row holds it (migration 0028, decision 0079): the one copy the analytics roll-ups
// and the dashboard's reads cut the seller's days with, and the settings answer reads back.
import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';

export type TimeZoneRepository = ReturnType<typeof createTimeZoneRepository>;

export function createTimeZoneRepository(db: Executor) {
  return {
    async read(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('time_zone')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.time_zone;
    },

    /**
     * Stores `zone` as PostgreSQL spells it when PostgreSQL knows it (pg_timezone_names, names compared without
     * case as PostgreSQL compares them), in one statement; answers the stored name, or undefined when the zone is
     * unknown (nothing written). The list is exact names only: `at time zone` would also take POSIX strings such as
     * '+05:30', which it reads as 5:30 west of Greenwich, the opposite of what Intl means by them.
     */
    async update(userId: string, zone: string): Promise<string | undefined> {
      const { rows } = await sql<{ time_zone: string }>`
        with known as (
          select name from pg_timezone_names where lower(name) = lower(${zone})
           order by name = ${zone} desc, name limit 1
        )
        update users set time_zone = known.name from known where users.id = ${userId}
        returning users.time_zone`.execute(db);
      return rows[0]?.time_zone;
    },
  };
}
