// One clock per page (PRODUCT-DECISIONS "Offers": a live countdown to the end date): every countdown on the page
// reads the same time, so they tick together, and an offer that ends while the page is open shows as ended.
import { useEffect, useState } from 'react';

/** The time in ms, renewed every intervalMs while the component is mounted. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
