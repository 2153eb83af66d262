// The theater's navigation rules (docs/product.md "Klips", theater mode), kept free of React and the DOM so that
// the numbers are tested: which keys move, how wheel movement is summed (WHEEL_THRESHOLD over
// WHEEL_AGGREGATION_MS windows), and the NAVIGATION_LOCK_MS lock after each move.
import { NAVIGATION_LOCK_MS, WHEEL_AGGREGATION_MS, WHEEL_THRESHOLD } from '../../../../shared/constants.ts';

export type Direction = 'previous' | 'next';
export type TheaterKeyAction = Direction | 'help' | null;

/**
 * Up, left or K: previous; down, right or J: next; ?: the help. Esc is the dialog's own (it closes it, or a
 * dialog opened over it first).
 */
export function getTheaterKeyAction(key: string): TheaterKeyAction {
  switch (key) {
    case 'ArrowUp':
    case 'ArrowLeft':
    case 'k':
    case 'K':
      return 'previous';
    case 'ArrowDown':
    case 'ArrowRight':
    case 'j':
    case 'J':
      return 'next';
    case '?':
      return 'help';
    default:
      return null;
  }
}

/**
 * Sums wheel deltaY over a window of `windowMs` from the window's first event; once the sum reaches `threshold`
 * either way it answers the direction (down is next) and starts over. A touchpad's many small deltas make one
 * move, and a flick of a few pixels none.
 */
export function createWheelAggregator({
  threshold = WHEEL_THRESHOLD,
  windowMs = WHEEL_AGGREGATION_MS,
}: { threshold?: number; windowMs?: number } = {}) {
  let windowStart = Number.NEGATIVE_INFINITY;
  let sum = 0;
  return {
    add(deltaY: number, now: number): Direction | null {
      if (now - windowStart > windowMs) {
        windowStart = now;
        sum = 0;
      }
      sum += deltaY;
      if (Math.abs(sum) < threshold) return null;
      const direction: Direction = sum > 0 ? 'next' : 'previous';
      windowStart = Number.NEGATIVE_INFINITY;
      sum = 0;
      return direction;
    },
  };
}

/** After a move, further moves are refused for `lockMs`. */
export function createNavigationLock(lockMs = NAVIGATION_LOCK_MS) {
  let lockedUntil = Number.NEGATIVE_INFINITY;
  return {
    /** Whether a move may happen now; if so, the lock starts. */
    tryAcquire(now: number): boolean {
      if (now < lockedUntil) return false;
      lockedUntil = now + lockMs;
      return true;
    },
  };
}

/** The index a move goes to, or null at either end. */
export function getNextIndex(index: number, direction: Direction, length: number): number | null {
  const next = direction === 'next' ? index + 1 : index - 1;
  return next >= 0 && next < length ? next : null;
}

/**
 * The phone feed's slide at least `ratio` in view, where every slide is one scroller tall: the one nearest
 * `scrollTop`, unless the feed rests too far between two (then none, and the one playing goes on).
 */
export function findSlideInView(scrollTop: number, slideHeight: number, ratio: number): number | undefined {
  if (slideHeight <= 0) return undefined;
  const position = scrollTop / slideHeight;
  const index = Math.round(position);
  return Math.abs(position - index) <= 1 - ratio ? index : undefined;
}

/** Within 2 of the end of what is loaded, the next page is asked for. */
export function shouldLoadMore(index: number, length: number): boolean {
  return index >= length - 3;
}
