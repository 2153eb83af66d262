// When the set of offers active now next changes by itself: the earliest start or end after now. Lists that depend
// on it (offers active now, Hot Deals) are cached no longer than that (content.service.ts `cacheUntil`), so an offer
// that starts or ends shows or goes without a restart. The answer is remembered until that moment passes or an offer
// is written (forget), so a burst of cache misses asks the database once.
import type { Executor } from '../../db/transaction.ts';
import { createOffersRepository } from './offers.repository.ts';

export type OfferSchedule = ReturnType<typeof createOfferSchedule>;

export function createOfferSchedule(db: Executor, clock: () => number = Date.now) {
  const offers = createOffersRepository(db);
  let remembered: Promise<number | null> | undefined;

  function ask(now: number): Promise<number | null> {
    const answer = offers.findNextScheduleChange(new Date(now));
    remembered = answer;
    answer.catch(() => {
      if (remembered === answer) remembered = undefined;
    });
    return answer;
  }

  return {
    /** Epoch ms of the next start or end after now, or null when no offer starts or ends later. */
    async nextChange(): Promise<number | null> {
      const now = clock();
      const known = remembered && (await remembered.catch(() => undefined));
      // Still true while the moment it names has not come (null: none, until an offer is written).
      if (known !== undefined && (known === null || known > now)) return known;
      return ask(now);
    },
    /** After an offer is created, changed or deleted: the next change may be another. */
    forget(): void {
      remembered = undefined;
    },
  };
}
