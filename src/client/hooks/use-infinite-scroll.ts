// Infinite scroll (docs/product.md "Listings", "Infinite scroll"): a sentinel under the list asks for the next
// page once it comes within INFINITE_SCROLL_MARGIN_PX of the viewport (threshold 0.1).
import { useEffect, useRef } from 'react';
import { INFINITE_SCROLL_MARGIN_PX, INFINITE_SCROLL_THRESHOLD } from '../../shared/constants.ts';

/** Returns the ref for the sentinel element; onReach runs while it is visible and enabled is true. */
export function useInfiniteScroll({ enabled, onReach }: { enabled: boolean; onReach: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onReach);
  useEffect(() => {
    latest.current = onReach;
  });
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { threshold: INFINITE_SCROLL_THRESHOLD, rootMargin: `${INFINITE_SCROLL_MARGIN_PX}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
