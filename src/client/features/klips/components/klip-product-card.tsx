// STUB (issue 15, interactions branch replaces it): the featured product over a klip, with add to Loot Box.
import type { Klip } from '../../../../shared/contracts/klips.ts';

export type KlipProductCardProps = {
  klip: Klip;
  /** A klip not yet published: adding says KLIPS_MESSAGES.previewAddToLoot. */
  preview?: boolean;
};

export function KlipProductCard(_props: KlipProductCardProps) {
  return null;
}
