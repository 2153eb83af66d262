// The search tiers of products and klips (migration 0032, decision 0082): rows move on to the next as they age.
import { SEARCH_TIER_DAYS } from '../../../shared/constants.ts';
import type { Executor } from '../../db/transaction.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function createSearchRecencyRepository(db: Executor) {
  return {
    /** Moves products and klips older than each tier's days into the next tier; how many moved. */
    async ageDocuments(now: Date): Promise<number> {
      let moved = 0;
      for (const table of ['products', 'klips'] as const) {
        // The oldest boundary first, so that each row is written once, straight into its tier.
        for (const [tier, days] of [...SEARCH_TIER_DAYS.entries()].reverse()) {
          const result = await db
            .updateTable(table)
            .set({ search_tier: tier + 1 })
            .where('search_tier', '<=', tier)
            .where('created_at', '<', new Date(now.getTime() - days * DAY_MS))
            .executeTakeFirst();
          moved += Number(result.numUpdatedRows);
        }
      }
      return moved;
    },
  };
}
