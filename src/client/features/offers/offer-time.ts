// How long an offer has left, as the Offers page and the product page show it (docs/product.md "Offers page": a
// live countdown to the end date). Pure: the caller passes the time, from one ticking clock per page (useNow), and
// the zone the dates are shown in (useTimeZone, docs/product.md "App settings": appearance.timezone).
import { formatInTimeZone } from '../../lib/time-zone.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** '2d 4h left' for a day or more, '03:12:09 left' below a day; '' once the end has passed. */
export function formatTimeLeft(endDate: string, now: number): string {
  const left = Date.parse(endDate) - now;
  if (!(left > 0)) return '';
  if (left >= DAY) return `${Math.floor(left / DAY)}d ${Math.floor((left % DAY) / HOUR)}h left`;
  const hours = Math.floor(left / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  const seconds = Math.floor((left % MINUTE) / SECOND);
  return `${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)} left`;
}

const OFFER_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** '25 Nov 2026': an offer's start or end day, as it is in `timeZone`. */
export function formatOfferDate(date: string, timeZone: string): string {
  return formatInTimeZone(date, timeZone, OFFER_DATE);
}
