// A long press (docs/product.md "Klips": 500 ms on one's own comment reveals Delete). A pointer held still for
// LONG_PRESS_MS fires it; lifting, leaving or moving more than a touch-move (a scroll) before then does not. The
// context menu a long touch opens on phones is kept away once it has fired.
import { useEffect, useRef, type PointerEvent } from 'react';
import { LONG_PRESS_MS, TOUCH_MOVE_SWIPE_PX } from '../../../../shared/constants.ts';

export function useLongPress(onLongPress: () => void, { enabled = true }: { enabled?: boolean } = {}) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);

  const cancel = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    start.current = null;
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!enabled) return {};
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.button !== 0) return;
      cancel();
      fired.current = false;
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        fired.current = true;
        start.current = null;
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerMove: (event: PointerEvent) => {
      const from = start.current;
      if (!from) return;
      if (Math.hypot(event.clientX - from.x, event.clientY - from.y) > TOUCH_MOVE_SWIPE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onContextMenu: (event: { preventDefault: () => void }) => {
      if (fired.current || timer.current) event.preventDefault();
    },
  };
}
