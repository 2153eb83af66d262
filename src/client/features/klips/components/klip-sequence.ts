// What the theater and the snap feed play through: the loaded klips, in order, and how to load more.
import type { Klip } from '../../../../shared/contracts/klips.ts';

export type KlipSequence = {
  klips: Klip[];
  hasMore: boolean;
  isFetchingMore: boolean;
  /** Loads the next page (a no-op while one is loading or none remains). */
  loadMore: () => void;
};
