// The dashboard's periods (docs/product.md "Dashboard"; decision 0065): a period of N UTC days ends today and
// includes it; the period before is the N days just before it. Days are YYYY-MM-DD texts, compared as texts.
import { DASHBOARD_PERIOD_DAYS } from '../../../shared/constants.ts';
import type { DashboardPeriod } from '../../../shared/contracts/dashboard.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DashboardPeriodRange {
  /** This period's first and last day (the last is today). */
  from: string;
  to: string;
  /** The period before: as many days, ending the day before `from`. */
  previousFrom: string;
  previousTo: string;
  /** Every day of this period, oldest first. */
  days: string[];
}

/** The UTC day (YYYY-MM-DD) `offset` days after the one `at` falls on. */
export function toUtcDay(at: Date, offset = 0): string {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return new Date(midnight + offset * DAY_MS).toISOString().slice(0, 10);
}

/** The instant a UTC day begins, for comparing timestamps with days (a day's end is the next day's start). */
export function startOfUtcDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function calculatePeriodRange(period: DashboardPeriod, now: Date): DashboardPeriodRange {
  const length = DASHBOARD_PERIOD_DAYS[period];
  const days = Array.from({ length }, (_, index) => toUtcDay(now, index - length + 1));
  return {
    from: days[0]!,
    to: days.at(-1)!,
    previousFrom: toUtcDay(now, -2 * length + 1),
    previousTo: toUtcDay(now, -length),
    days,
  };
}

/** The change from `previous` to `current` in per cent, to one decimal; null when there was nothing before. */
export function calculateChangePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
