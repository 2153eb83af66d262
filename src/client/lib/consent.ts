// The visitor's cookie consent (docs/product.md "Cookie consent", "Cookie preferences"; decision 0066): one value in
// localStorage, a tiny subscribe API for code outside React (the analytics client) and a hook for components.
import { useSyncExternalStore } from 'react';
import { COOKIE_PREFERENCES_STORAGE_KEY, OPTIONAL_COOKIE_CATEGORIES } from '../../shared/constants.ts';

export type OptionalCookieCategory = (typeof OPTIONAL_COOKIE_CATEGORIES)[number];

export type CookiePreferences = { necessary: true; consentGiven: boolean; timestamp: number | null } & Record<
  OptionalCookieCategory,
  boolean
>;

export type ConsentState = {
  preferences: CookiePreferences;
  /** The settings dialog is open (the banner's button, the footer or /settings opened it). */
  settingsOpen: boolean;
};

/** No consent yet: every optional category off and the banner shown. */
export const NO_CONSENT: CookiePreferences = {
  necessary: true,
  functional: false,
  analytics: false,
  marketing: false,
  preferences: false,
  consentGiven: false,
  timestamp: null,
};

/** A stored value is trusted only whole: anything else (garbage, an old shape, a hand edit) counts as no consent. */
export function parseCookiePreferences(text: string | null): CookiePreferences {
  if (!text) return NO_CONSENT;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return NO_CONSENT;
  }
  if (typeof value !== 'object' || value === null) return NO_CONSENT;
  const record = value as Record<string, unknown>;
  if (
    record.consentGiven !== true ||
    typeof record.timestamp !== 'number' ||
    !Number.isFinite(record.timestamp)
  ) {
    return NO_CONSENT;
  }
  if (OPTIONAL_COOKIE_CATEGORIES.some((category) => typeof record[category] !== 'boolean')) return NO_CONSENT;
  const preferences = { ...NO_CONSENT, consentGiven: true, timestamp: record.timestamp };
  for (const category of OPTIONAL_COOKIE_CATEGORIES) preferences[category] = record[category] as boolean;
  return preferences;
}

// The snapshot is derived from the stored text each time it is asked for (cheap), so a value written or cleared
// behind the store's back (another tab, a test, the browser's own tools) is never shadowed by a stale copy.
let storageWorks = true;
let memoryText: string | null = null;
let lastText: string | null | undefined;
let lastPreferences: CookiePreferences = NO_CONSENT;
let settingsOpen = false;
let snapshot: ConsentState = { preferences: NO_CONSENT, settingsOpen };

function readText(): string | null {
  if (!storageWorks) return memoryText;
  try {
    return window.localStorage.getItem(COOKIE_PREFERENCES_STORAGE_KEY);
  } catch {
    storageWorks = false; // storage disabled: the choice lasts for this page only
    return memoryText;
  }
}

function writeText(text: string | null): void {
  memoryText = text;
  if (!storageWorks) return;
  try {
    if (text === null) window.localStorage.removeItem(COOKIE_PREFERENCES_STORAGE_KEY);
    else window.localStorage.setItem(COOKIE_PREFERENCES_STORAGE_KEY, text);
  } catch {
    storageWorks = false;
  }
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  // Another tab chose (or reset): follow it. key null is that tab clearing all of its storage.
  if (event.key === null || event.key === COOKIE_PREFERENCES_STORAGE_KEY) notify();
}

export function subscribeConsent(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function getConsent(): ConsentState {
  const text = readText();
  if (text !== lastText) {
    lastText = text;
    lastPreferences = parseCookiePreferences(text);
  }
  if (snapshot.preferences !== lastPreferences || snapshot.settingsOpen !== settingsOpen) {
    snapshot = { preferences: lastPreferences, settingsOpen };
  }
  return snapshot;
}

/** Records a choice: consent given, with the time it was given. */
export function saveConsent(choice: Record<OptionalCookieCategory, boolean>): void {
  const preferences: CookiePreferences = {
    ...NO_CONSENT,
    ...choice,
    consentGiven: true,
    timestamp: Date.now(),
  };
  writeText(JSON.stringify(preferences));
  settingsOpen = false;
  notify();
}

export function acceptAllCookies(): void {
  saveConsent({ functional: true, analytics: true, marketing: true, preferences: true });
}

export function acceptNecessaryCookies(): void {
  saveConsent({ functional: false, analytics: false, marketing: false, preferences: false });
}

/** Clears the stored choice: no consent again, so the banner comes back. */
export function resetConsent(): void {
  writeText(null);
  settingsOpen = false;
  notify();
}

export function openCookieSettings(): void {
  settingsOpen = true;
  notify();
}

export function closeCookieSettings(): void {
  settingsOpen = false;
  notify();
}

/** Before the page has run (a server render and its hydration), no choice is known (decision 0080). */
const UNKNOWN: ConsentState = { preferences: NO_CONSENT, settingsOpen: false };

export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribeConsent, getConsent, () => UNKNOWN);
}
