// STUB (issue 15, player branch replaces it): the desktop theater, full screen at the chosen klip.
import type { KlipSequence } from './klip-sequence.ts';

export type KlipTheaterProps = {
  sequence: KlipSequence;
  /** Index in sequence.klips of the klip to open at. */
  startIndex: number;
  onClose: () => void;
};

export function KlipTheater(_props: KlipTheaterProps) {
  return null;
}
