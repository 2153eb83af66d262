// How a klip card writes its numbers: the length as m:ss, views and likes short (1.5K) in the app's locale.
import { CURRENCY_LOCALE } from '../../../shared/constants.ts';

/** A klip's length on its card, m:ss (a 2-minute klip is 2:00); nothing when the length is unknown. */
export function formatKlipDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const compact = new Intl.NumberFormat(CURRENCY_LOCALE, { notation: 'compact', maximumFractionDigits: 1 });

/** Views or likes, short: 999, 1.5K, 2.5L. */
export function formatKlipCount(count: number): string {
  return compact.format(count);
}
