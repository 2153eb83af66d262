// The privacy choices as the user row holds them (migration 0024, decision 0071): the one copy the catalogue's reads
// filter on and the settings answer reads back.
import type { Executor } from '../../db/transaction.ts';
import type { Audience } from '../../../shared/domain/privacy.ts';

export interface PrivacyColumns {
  content_audience: Audience;
  contact_audience: Audience;
  activity_visible: boolean;
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;

export function createPrivacyRepository(db: Executor) {
  return {
    async read(userId: string): Promise<PrivacyColumns | undefined> {
      return db
        .selectFrom('users')
        .select(['content_audience', 'contact_audience', 'activity_visible'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** Writes the given columns; the content audience before the change comes back (undefined: no such user). */
    async update(
      userId: string,
      changes: Partial<PrivacyColumns>,
    ): Promise<{ contentAudienceBefore: Audience } | undefined> {
      return db.transaction().execute(async (tx) => {
        const before = await tx
          .selectFrom('users')
          .select('content_audience')
          .where('id', '=', userId)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return undefined;
        if (Object.keys(changes).length > 0) {
          await tx.updateTable('users').set(changes).where('id', '=', userId).execute();
        }
        return { contentAudienceBefore: before.content_audience };
      });
    },
  };
}
