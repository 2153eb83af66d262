// Where the page sits after a navigation. A new page glides up from wherever the last one was scrolled to
// (docs/product.md "First load and scrolling"); Back and Forward return to where that entry was
// left, so a shopper coming back from a product finds the list as they left it (decision 0005).
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { prefersReducedMotion } from '../../hooks/use-media-query.ts';

/** A restored page may still be rendering its lower part (lazy route, cached list pages); wait this long for it. */
const RESTORE_WAIT_MS = 1000;

/** The last scroll position of each history entry of this tab, by the router's location key. */
const positions = new Map<string, number>();

/** Frames the restored position must hold: a glide to the top of the page left (still running) would undo it. */
const RESTORE_STEADY_FRAMES = 3;

function restoreWhenTallEnough(top: number): () => void {
  const deadline = performance.now() + RESTORE_WAIT_MS;
  let frame = 0;
  let steadyFrames = 0;
  const attempt = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= top;
    if (reachable || performance.now() > deadline) {
      window.scrollTo({ top, behavior: 'instant' });
      steadyFrames = Math.abs(window.scrollY - top) < 1 ? steadyFrames + 1 : 0;
      if (steadyFrames >= RESTORE_STEADY_FRAMES || performance.now() > deadline) return;
    }
    frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

export function ScrollManager() {
  const { key, pathname } = useLocation();
  const navigationType = useNavigationType();
  // The entry whose page is on screen: a scroll is filed under it. Not history.state's entry, which changes before
  // the page does: Back from a product still gliding to its top would file the product's scroll under the list.
  const shownKey = useRef(key);
  useLayoutEffect(() => {
    shownKey.current = key;
  }, [key]);

  useEffect(() => {
    // The browser's own restoration would jump before our page has rendered.
    window.history.scrollRestoration = 'manual';
    const onScroll = () => positions.set(shownKey.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // The page's first path is where the browser put it: a server-rendered page may have been scrolled (or restored
  // by a reload) before the app ran (decision 0080).
  const firstPath = useRef(true);
  // A layout effect reads the saved position before the new page's first scroll event can overwrite it.
  useLayoutEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return undefined;
    }
    const saved = positions.get(key);
    if (navigationType === 'POP' && saved !== undefined) return restoreWhenTallEnough(saved);
    if (window.scrollY > 0) {
      window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    }
    return undefined;
    // A new path, not a new query string: the shop's filters live in the URL and keep the page where it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return null;
}
