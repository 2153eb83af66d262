import { useSyncExternalStore } from 'react';
import { DESKTOP_MEDIA_QUERY, MOBILE_MEDIA_QUERY } from '../../shared/constants.ts';
import { useRenderEnvironment } from '../lib/render-environment.ts';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether the screen matches a media query. A server render (and the hydration of it) answers from the server's
 * guess of a phone for the layout's two queries, and false for any other (decision 0080).
 */
export function useMediaQuery(query: string): boolean {
  const environment = useRenderEnvironment();
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => {
      if (query === MOBILE_MEDIA_QUERY) return environment?.phone ?? false;
      if (query === DESKTOP_MEDIA_QUERY) return !(environment?.phone ?? true);
      return false;
    },
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
