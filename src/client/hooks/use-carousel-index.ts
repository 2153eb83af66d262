// Which image of a carousel is shown (docs/product.md "Gallery", "Touch"). The index wraps around, and every change
// starts a CAROUSEL_LOCK_MS lock during which further steps are refused, so a double click or a swipe that also
// ends on an arrow moves one image, not two.
import { useEffect, useRef, useState } from 'react';
import { CAROUSEL_LOCK_MS } from '../../shared/constants.ts';

/** Step direction of the last change: 1 forward, -1 back, 0 before any change. */
export type CarouselDirection = -1 | 0 | 1;

export type Carousel = {
  index: number;
  direction: CarouselDirection;
  isLocked: boolean;
  /** One step forward (1) or back (-1); ignored while locked. */
  goBy: (step: 1 | -1) => void;
  /** A chosen image (a thumbnail): not a step, so the lock does not refuse it, but it starts one. */
  goTo: (index: number) => void;
};

export function wrapIndex(index: number, count: number): number {
  return count > 0 ? ((index % count) + count) % count : 0;
}

export function useCarouselIndex(count: number, lockMs = CAROUSEL_LOCK_MS): Carousel {
  const [shown, setShown] = useState<{ index: number; direction: CarouselDirection }>({
    index: 0,
    direction: 0,
  });
  const [isLocked, setIsLocked] = useState(false);
  // Handlers check the ref: two events in one task would both still see the state from before the first.
  const lockedRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function startLock(): void {
    lockedRef.current = true;
    setIsLocked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      lockedRef.current = false;
      setIsLocked(false);
    }, lockMs);
  }

  return {
    // The list may shrink under us (an edit elsewhere); never point past its end.
    index: Math.min(shown.index, Math.max(count - 1, 0)),
    direction: shown.direction,
    isLocked,
    goBy: (step) => {
      if (lockedRef.current || count < 2) return;
      setShown((current) => ({ index: wrapIndex(current.index + step, count), direction: step }));
      startLock();
    },
    goTo: (index) => {
      setShown((current) =>
        current.index === index ? current : { index, direction: index > current.index ? 1 : -1 },
      );
      startLock();
    },
  };
}
