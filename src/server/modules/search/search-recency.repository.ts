// The recent documents (migration 0032, decision 0082): products and klips leave them as they age, hourly.
import type { Executor } from '../../db/transaction.ts';

export function createSearchRecencyRepository(db: Executor) {
  return {
    /** Products and klips created before `before` leave the recent documents; how many left. */
    async ageDocuments(before: Date): Promise<number> {
      let aged = 0;
      for (const table of ['products', 'klips'] as const) {
        const result = await db
          .updateTable(table)
          .set({ search_recent: false })
          .where('search_recent', '=', true)
          .where('created_at', '<', before)
          .executeTakeFirst();
        aged += Number(result.numUpdatedRows);
      }
      return aged;
    },
  };
}
