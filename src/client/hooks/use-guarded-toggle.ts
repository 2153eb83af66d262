import { useRef, useState } from 'react';
import { DOUBLE_TOGGLE_GUARD_MS } from '../../shared/constants.ts';

/**
 * An open/closed flag that ignores a change coming sooner than the double-toggle guard (docs/product.md "Touch",
 * 300 ms) after the previous one, so the second tap of a double tap cannot undo the first.
 */
export function useGuardedToggle(guardMs = DOUBLE_TOGGLE_GUARD_MS): [boolean, (next: boolean) => void] {
  const [isOn, setIsOn] = useState(false);
  const lastChange = useRef(Number.NEGATIVE_INFINITY);
  return [
    isOn,
    (next) => {
      const now = Date.now();
      if (next === isOn || now - lastChange.current < guardMs) return;
      lastChange.current = now;
      setIsOn(next);
    },
  ];
}
