// STUB (issue 15, interactions branch replaces it): the like, comment and share column beside a playing klip.
import type { Klip } from '../../../../shared/contracts/klips.ts';

export type KlipActionsProps = {
  klip: Klip;
  /** A klip not yet published: like, comment and delete are disabled (docs/product.md "Comments"). */
  preview?: boolean;
};

export function KlipActions(_props: KlipActionsProps) {
  return null;
}
