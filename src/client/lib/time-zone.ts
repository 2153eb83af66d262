// The zone dates and times are shown in (docs/product.md "App settings": appearance.timezone; decision 0073): the
// signed-in user's setting, else this device's zone. Features take the zone as an argument of their formatters
// and format through formatInTimeZone, so that the same instant reads the same everywhere on screen.
import { useSyncExternalStore } from 'react';
import { CURRENCY_LOCALE, DEFAULT_TIME_ZONE } from '../../shared/constants.ts';
import { useAuth } from './auth.ts';
import { subscribeToNothing, useRenderEnvironment } from './render-environment.ts';
import { useSettings, type SettingsResponse } from './settings.ts';

/** The device's IANA zone ('Asia/Kolkata'); UTC when the runtime names none. */
export function getDeviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/**
 * Names some runtimes know but do not list: UTC itself, and India's current name (ICU lists only the older
 * Asia/Calcutta), which most of our users will look for.
 */
const ALWAYS_LISTED = [DEFAULT_TIME_ZONE, 'Asia/Kolkata'];

/** Every zone this runtime knows, for the time zone picker, in alphabetical order. */
export function listTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...zones, ...ALWAYS_LISTED, getDeviceTimeZone()])].sort();
}

// One formatter per zone and option set: building an Intl.DateTimeFormat costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** `date` as the options say, in `timeZone` (an unknown zone falls back to UTC); '' for an invalid date. */
export function formatInTimeZone(
  date: string | number | Date,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): string {
  const parsed = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(parsed.getTime())) return '';
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = createFormatter(options, timeZone);
    formatters.set(key, formatter);
  }
  return formatter.format(parsed);
}

function createFormatter(options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(CURRENCY_LOCALE, { ...options, timeZone });
  } catch {
    // A zone this runtime does not know (RangeError).
    return new Intl.DateTimeFormat(CURRENCY_LOCALE, { ...options, timeZone: DEFAULT_TIME_ZONE });
  }
}

const selectTimeZone = (answer: SettingsResponse): string => answer.settings.appearance.timezone;

/** The signed-in user's zone once their settings are loaded; the device's zone otherwise. */
export function useTimeZone(): string {
  const { user } = useAuth();
  const { data } = useSettings(selectTimeZone);
  // A server render (and its hydration) shows the zone it guessed (decision 0080); the device's from then on.
  const environment = useRenderEnvironment();
  const deviceZone = useSyncExternalStore(
    subscribeToNothing,
    getDeviceTimeZone,
    () => environment?.timeZone ?? DEFAULT_TIME_ZONE,
  );
  return (user && data) || deviceZone;
}
