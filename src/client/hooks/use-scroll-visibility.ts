// Scroll-driven hiding of the mobile header and bottom bar (docs/product.md "Layout and navigation",
// "Responsive and scroll").
import { useEffect, useState } from 'react';
import {
  BOTTOM_BAR_HIDE_SCROLL_PX,
  HEADER_HIDE_DELAY_MS,
  HEADER_HIDE_SCROLL_PX,
  HEADER_SHOW_TOP_PX,
} from '../../shared/constants.ts';

/**
 * The header hides HEADER_HIDE_DELAY_MS after the page scrolls down past HEADER_HIDE_SCROLL_PX and shows again
 * on any upward scroll or near the top. Only when `enabled` (under the mobile breakpoint).
 */
export function useHeaderVisible(enabled: boolean): boolean {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    if (!enabled) return;
    let lastY = window.scrollY;
    let hideTimer: ReturnType<typeof setTimeout> | undefined;
    const cancelHide = () => {
      clearTimeout(hideTimer);
      hideTimer = undefined;
    };

    function onScroll(): void {
      const y = window.scrollY;
      if (y <= HEADER_SHOW_TOP_PX || y < lastY) {
        cancelHide();
        setVisible(true);
      } else if (y > lastY && y > HEADER_HIDE_SCROLL_PX && hideTimer === undefined) {
        // The delay keeps the header from flickering away on a short accidental flick.
        hideTimer = setTimeout(() => {
          hideTimer = undefined;
          setVisible(false);
        }, HEADER_HIDE_DELAY_MS);
      }
      lastY = y;
    }

    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelHide();
      window.removeEventListener('scroll', onScroll);
      setVisible(true); // leaving mobile (or unmounting) must never leave the header hidden
    };
  }, [enabled]);

  return !enabled || visible;
}

/** The bottom bar hides at once when scrolling down past BOTTOM_BAR_HIDE_SCROLL_PX and returns on scrolling up. */
export function useBottomBarVisible(enabled: boolean): boolean {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    if (!enabled) return;
    let lastY = window.scrollY;
    function onScroll(): void {
      const y = window.scrollY;
      if (y < lastY) setVisible(true);
      else if (y > lastY && y > BOTTOM_BAR_HIDE_SCROLL_PX) setVisible(false);
      lastY = y;
    }
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      setVisible(true);
    };
  }, [enabled]);

  return !enabled || visible;
}
