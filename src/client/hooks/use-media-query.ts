import { useSyncExternalStore } from 'react';
import { MOBILE_MEDIA_QUERY } from '../../shared/constants.ts';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY);
}

/**
 * Whether to move as little as possible: the device asks for it, or the user turned on Reduce motion in the
 * settings (the class src/client/lib/theme.ts puts on <html>; decision 0073).
 */
export function prefersReducedMotion(): boolean {
  return (
    document.documentElement.classList.contains('reduce-motion') ||
    window.matchMedia(REDUCED_MOTION_QUERY).matches
  );
}
