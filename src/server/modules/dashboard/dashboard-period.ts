// The dashboard's periods (docs/product.md "Dashboard"; decisions 0065 and 0079): a period of N of the seller's
// local days ends today in the seller's zone and includes it; the period before is the N days just before it. Days
// are YYYY-MM-DD texts, compared as texts.
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

/** One formatter per zone: making one costs more than formatting with it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) `at` falls on in `timeZone` (an IANA name). */
export function toLocalDay(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    format.formatToParts(at).find((entry) => entry.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The day (YYYY-MM-DD) `offset` days after `day`: calendar arithmetic, the same in every zone. */
export function addDays(day: string, offset: number): string {
  return new Date(new Date(`${day}T00:00:00.000Z`).getTime() + offset * DAY_MS).toISOString().slice(0, 10);
}

export function calculatePeriodRange(
  period: DashboardPeriod,
  now: Date,
  timeZone: string,
): DashboardPeriodRange {
  const length = DASHBOARD_PERIOD_DAYS[period];
  const today = toLocalDay(now, timeZone);
  const days = Array.from({ length }, (_, index) => addDays(today, index - length + 1));
  return {
    from: days[0]!,
    to: today,
    previousFrom: addDays(today, -2 * length + 1),
    previousTo: addDays(today, -length),
    days,
  };
}

/** The change from `previous` to `current` in per cent, to one decimal; null when there was nothing before. */
export function calculateChangePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}
