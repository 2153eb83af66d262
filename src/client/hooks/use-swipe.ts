// Horizontal swipes on touch screens (docs/product.md "Touch"). A finger that moves more than TOUCH_MOVE_SWIPE_PX
// is a swipe, never a tap; it changes the image only once it has travelled SWIPE_THRESHOLD_PX sideways. A tap is
// a touch shorter than TAP_MAX_MS that stayed put: only a tap is let through to become a click.
import { useRef, useState, type TouchEvent } from 'react';
import { SWIPE_THRESHOLD_PX, TAP_MAX_MS, TOUCH_MOVE_SWIPE_PX } from '../../shared/constants.ts';

/** Which way the finger went: 'left' shows the next image, 'right' the previous one. */
export type SwipeDirection = 'left' | 'right';
export type TouchGesture = SwipeDirection | 'tap' | 'none';

export function classifyGesture({
  dx,
  dy,
  durationMs,
}: {
  dx: number;
  dy: number;
  durationMs: number;
}): TouchGesture {
  const moved = Math.max(Math.abs(dx), Math.abs(dy)) > TOUCH_MOVE_SWIPE_PX;
  if (!moved) return durationMs < TAP_MAX_MS ? 'tap' : 'none';
  // A mostly vertical move is the page scrolling, not a swipe.
  if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) <= Math.abs(dy)) return 'none';
  return dx < 0 ? 'left' : 'right';
}

type Start = { x: number; y: number; time: number };

/**
 * Touch handlers to spread on the swiped element, and how far a sideways drag has gone (for the image to follow
 * the finger). Anything but a tap cancels its touchend, which stops the browser turning it into a click.
 * Give the element `touch-action: manipulation`, not `pan-y`: with pan-y, Chromium drops the click of a tap
 * that comes a few hundred ms after a sideways swipe.
 */
export function useSwipe(onSwipe: (direction: SwipeDirection) => void) {
  const start = useRef<Start | null>(null);
  const [offsetX, setOffsetX] = useState(0);

  function reset(): void {
    start.current = null;
    setOffsetX(0);
  }

  const handlers = {
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0];
      // A second finger is a pinch: no swipe, no tap.
      if (event.touches.length !== 1 || !touch) return reset();
      start.current = { x: touch.clientX, y: touch.clientY, time: Date.now() };
    },
    onTouchMove: (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!start.current || !touch) return;
      const dx = touch.clientX - start.current.x;
      const dy = touch.clientY - start.current.y;
      setOffsetX(Math.abs(dx) > TOUCH_MOVE_SWIPE_PX && Math.abs(dx) > Math.abs(dy) ? dx : 0);
    },
    onTouchEnd: (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      const from = start.current;
      reset();
      if (!from || !touch) return;
      const gesture = classifyGesture({
        dx: touch.clientX - from.x,
        dy: touch.clientY - from.y,
        durationMs: Date.now() - from.time,
      });
      // After a scroll the browser makes touchend uncancelable (and makes no click anyway).
      if (gesture !== 'tap' && event.cancelable) event.preventDefault();
      if (gesture === 'left' || gesture === 'right') onSwipe(gesture);
    },
    onTouchCancel: reset,
  };
  return { offsetX, handlers };
}
