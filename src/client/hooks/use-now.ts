// One clock per page (docs/product.md "Offers page": a live countdown to the end date): every countdown on the page
// reads the same time, so they tick together, and an offer that ends while the page is open shows as ended.
import { useEffect, useState } from 'react';
import { useServerTimeWhileHydrating } from '../lib/render-environment.ts';

/**
 * The time in ms, renewed every intervalMs while the component is mounted. The first render shows the server
 * render's time when it hydrates one (decision 0080); the clock's from the mount on.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return useServerTimeWhileHydrating(now);
}

// setTimeout's longest delay (about 24.8 days); a later moment is waited for in steps.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The time in ms, renewed only as each of `moments` (ms) passes: for what changes at known times, such as an offer
 * starting or ending, without rendering every second as useNow does.
 */
export function useNowAt(...moments: number[]): number {
  const [clockNow, setNow] = useState(() => Date.now());
  const now = useServerTimeWhileHydrating(clockNow);
  const next = Math.min(...moments.filter((moment) => moment > now));
  useEffect(() => {
    if (!Number.isFinite(next)) return undefined;
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.min(Math.max(0, next - Date.now()), MAX_TIMEOUT_MS),
    );
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}
