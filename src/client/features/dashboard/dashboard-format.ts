// How the dashboard writes its figures (docs/product.md "Dashboard", "Numbers"): counts and per cents in en-IN, a
// change against the period before as words and an arrow (never colour alone), the seller's local days as a short
// date.
import { CURRENCY_LOCALE } from '../../../shared/constants.ts';
import type { DashboardPeriod, Trend } from '../../../shared/contracts/dashboard.ts';
import { formatInTimeZone } from '../../lib/time-zone.ts';
import { DASHBOARD_PAGE_MESSAGES } from './dashboard-messages.ts';

const counts = new Intl.NumberFormat(CURRENCY_LOCALE, { maximumFractionDigits: 0 });
const percents = new Intl.NumberFormat(CURRENCY_LOCALE, { style: 'percent', maximumFractionDigits: 1 });
const days = new Intl.DateTimeFormat(CURRENCY_LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A count as an Indian reader groups it: 1,23,456. */
export function formatFigure(count: number): string {
  return counts.format(count);
}

/** 12.5 -> '12.5%'. */
export function formatPercent(percent: number): string {
  return percents.format(percent / 100);
}

/**
 * A day (YYYY-MM-DD, the seller's local day, decision 0079) as '29 Nov': the calendar day as given, formatted at its
 * UTC midnight in UTC so that no browser zone moves it to the day before or after.
 */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : days.format(date);
}

export type ChangeDirection = 'up' | 'down' | 'same' | 'new' | 'none';

/**
 * A figure against the period before: up or down by its per cent, 'New' when there was none before, '-' when
 * there is none either way. `text` is what the card shows, `label` what a screen reader says.
 */
export function describeChange(
  trend: Trend,
  period: DashboardPeriod,
): { direction: ChangeDirection; text: string; label: string } {
  const m = DASHBOARD_PAGE_MESSAGES;
  const against = m.previousPeriod[period];
  if (trend.previous === 0) {
    return trend.current > 0
      ? { direction: 'new', text: m.changeNew, label: m.changeNewLabel(against) }
      : { direction: 'none', text: m.changeNone, label: m.changeNoneLabel(against) };
  }
  // The server's per cent when it gives one; from the two figures otherwise.
  const percent = trend.changePercent ?? ((trend.current - trend.previous) / trend.previous) * 100;
  const shown = formatPercent(Math.abs(percent));
  if (shown === formatPercent(0)) return { direction: 'same', text: shown, label: m.changeSame(against) };
  return percent > 0
    ? { direction: 'up', text: shown, label: m.changeUp(shown, against) }
    : { direction: 'down', text: shown, label: m.changeDown(shown, against) };
}

/** One step of a funnel from the step before, in per cent; null when the step before is 0. */
export function calculateConversion(count: number, before: number): number | null {
  return before > 0 ? (count / before) * 100 : null;
}

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** An offer's start or end as '25 Nov 2026', the day it is in `timeZone` (the user's, useTimeZone). */
export function formatDate(date: string, timeZone: string): string {
  return formatInTimeZone(date, timeZone, DATE);
}
