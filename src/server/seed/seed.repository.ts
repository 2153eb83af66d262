// The seed's own statements: what no user action writes (a first-start check, rows dated in the past so the demo
// looks lived-in). Everything else the seed writes goes through the repositories of the modules owning the tables.
import type { Executor } from '../db/transaction.ts';

export function createSeedRepository(db: Executor) {
  return {
    /** True when no account exists yet: the first start, which seeds the demo marketplace. */
    async isEmpty(): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
      return row === undefined;
    },

    /** Set up before it started, as a seller would have: its created_at only (updated_at stays the seed's). */
    async backdateOffer(id: string, createdAt: Date): Promise<void> {
      await db.updateTable('offers').set({ created_at: createdAt }).where('id', '=', id).execute();
    },

    /** Posted hours or days ago: created_at and updated_at both then, as a klip nobody edited since. */
    async backdateKlip(id: string, postedAt: Date): Promise<void> {
      await db
        .updateTable('klips')
        .set({ created_at: postedAt, updated_at: postedAt })
        .where('id', '=', id)
        .execute();
    },
  };
}
