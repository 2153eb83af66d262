// The search tiers of products and klips (migration 0032, decision 0082): rows move on to the next as they age.
import { sql } from 'kysely';
import { SEARCH_TIER_DAYS } from '../../../shared/constants.ts';
import type { Executor } from '../../db/transaction.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function createSearchRecencyRepository(db: Executor) {
  return {
    /** Moves products and klips older than a tier's days on, straight into their tier; how many moved. */
    async ageDocuments(now: Date): Promise<number> {
      const since = (days: number) => new Date(now.getTime() - days * DAY_MS);
      // The tier a row's age puts it in, the oldest boundary first.
      const tierByAge = sql<number>`case ${sql.join(
        [...SEARCH_TIER_DAYS.entries()]
          .reverse()
          .map(([tier, days]) => sql`when created_at < ${since(days)} then ${tier + 1}`),
        sql` `,
      )} else 0 end`;
      let moved = 0;
      // One pass over each table: the rows past the newest boundary whose tier is behind their age.
      for (const table of ['products', 'klips'] as const) {
        const result = await db
          .updateTable(table)
          .set({ search_tier: tierByAge })
          .where('created_at', '<', since(SEARCH_TIER_DAYS[0]!))
          .where('search_tier', '<', tierByAge)
          .executeTakeFirst();
        moved += Number(result.numUpdatedRows);
      }
      return moved;
    },
  };
}
