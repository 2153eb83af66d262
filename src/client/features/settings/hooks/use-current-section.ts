// Which of the settings page's sections is being read, for its sections nav (aria-current): the last one whose
// top has come up to a line a third of the way down the window, measured at most once a frame while the page
// scrolls or resizes.
import { useEffect, useState } from 'react';

/** How far down the window a section's top must come for the section to count as the one being read. */
const READING_LINE = 1 / 3;

/**
 * The id of the section being read, or the first one before any has come up to the line. At the very end of the
 * page, where the last short sections cannot come up to the line, the section the address names (a link to it was
 * followed) is the one being read when it is in view.
 */
export function useCurrentSection(ids: readonly string[]): string | null {
  const [current, setCurrent] = useState<string | null>(ids[0] ?? null);
  const key = ids.join(' ');
  useEffect(() => {
    const sections = key.split(' ');
    let frame = 0;
    const measure = () => {
      frame = 0;
      const line = window.innerHeight * READING_LINE;
      let found = sections[0] ?? null;
      for (const id of sections) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= line) found = id;
      }
      const atEnd =
        window.scrollY > 0 &&
        window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      const named = window.location.hash.slice(1);
      const box = sections.includes(named)
        ? document.getElementById(named)?.getBoundingClientRect()
        : undefined;
      if (atEnd && box && box.top >= 0 && box.top < window.innerHeight) found = named;
      setCurrent(found);
    };
    const onChange = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    onChange();
    window.addEventListener('scroll', onChange, { passive: true });
    window.addEventListener('resize', onChange);
    window.addEventListener('hashchange', onChange);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onChange);
      window.removeEventListener('resize', onChange);
      window.removeEventListener('hashchange', onChange);
    };
  }, [key]);
  return current;
}
