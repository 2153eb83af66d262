import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { prefersReducedMotion } from '../../hooks/use-media-query.ts';

/** On every path change, glide back to the top if the page was scrolled down (spec §2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (window.scrollY > 0) {
      window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    }
  }, [pathname]);
  return null;
}
