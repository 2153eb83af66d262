import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_PREFERENCES_STORAGE_KEY } from '../../shared/constants.ts';
import {
  acceptAllCookies,
  acceptNecessaryCookies,
  closeCookieSettings,
  getConsent,
  NO_CONSENT,
  openCookieSettings,
  parseCookiePreferences,
  resetConsent,
  saveConsent,
  subscribeConsent,
  useConsent,
} from './consent.ts';

const stored = () =>
  JSON.parse(window.localStorage.getItem(COOKIE_PREFERENCES_STORAGE_KEY) ?? 'null') as unknown;

afterEach(() => resetConsent());

describe('cookie consent store', () => {
  it('starts with no consent: every optional category off, necessary on', () => {
    expect(getConsent().preferences).toEqual(NO_CONSENT);
    expect(getConsent().preferences.necessary).toBe(true);
    expect(stored()).toBeNull();
  });

  it('Accept All turns every category on and records consent with a timestamp', () => {
    const before = Date.now();
    acceptAllCookies();
    const value = stored() as Record<string, unknown>;
    expect(value).toMatchObject({
      necessary: true,
      functional: true,
      analytics: true,
      marketing: true,
      preferences: true,
      consentGiven: true,
    });
    expect(value.timestamp).toBeGreaterThanOrEqual(before);
    expect(getConsent().preferences).toEqual(value);
  });

  it('Necessary Only turns every optional category off, yet records consent', () => {
    acceptAllCookies();
    acceptNecessaryCookies();
    expect(stored()).toMatchObject({
      necessary: true,
      functional: false,
      analytics: false,
      marketing: false,
      preferences: false,
      consentGiven: true,
    });
  });

  it('saves single categories and closes the settings', () => {
    openCookieSettings();
    expect(getConsent().settingsOpen).toBe(true);
    saveConsent({ functional: false, analytics: true, marketing: false, preferences: true });
    expect(getConsent()).toMatchObject({
      settingsOpen: false,
      preferences: {
        analytics: true,
        marketing: false,
        functional: false,
        preferences: true,
        consentGiven: true,
      },
    });
  });

  it('reset clears the stored value, so the banner comes back', () => {
    acceptAllCookies();
    resetConsent();
    expect(window.localStorage.getItem(COOKIE_PREFERENCES_STORAGE_KEY)).toBeNull();
    expect(getConsent().preferences.consentGiven).toBe(false);
  });

  it.each([
    ['not JSON', '{nope'],
    ['a number', '42'],
    ['no consentGiven', JSON.stringify({ necessary: true, analytics: true, timestamp: 1 })],
    [
      'a category not boolean',
      JSON.stringify({ ...NO_CONSENT, consentGiven: true, timestamp: 1, analytics: 'yes' }),
    ],
    ['no timestamp', JSON.stringify({ ...NO_CONSENT, consentGiven: true })],
  ])('treats garbage in storage (%s) as no consent', (_name, text) => {
    expect(parseCookiePreferences(text)).toEqual(NO_CONSENT);
    window.localStorage.setItem(COOKIE_PREFERENCES_STORAGE_KEY, text);
    expect(getConsent().preferences).toEqual(NO_CONSENT);
  });

  it('never stores necessary as false, whatever the stored value says', () => {
    const text = JSON.stringify({ ...NO_CONSENT, necessary: false, consentGiven: true, timestamp: 5 });
    expect(parseCookiePreferences(text).necessary).toBe(true);
  });

  it('follows another tab through the storage event', () => {
    const { result } = renderHook(() => useConsent());
    expect(result.current.preferences.consentGiven).toBe(false);
    const value = JSON.stringify({ ...NO_CONSENT, analytics: true, consentGiven: true, timestamp: 7 });
    act(() => {
      window.localStorage.setItem(COOKIE_PREFERENCES_STORAGE_KEY, value);
      window.dispatchEvent(
        new StorageEvent('storage', { key: COOKIE_PREFERENCES_STORAGE_KEY, newValue: value }),
      );
    });
    expect(result.current.preferences).toMatchObject({ analytics: true, consentGiven: true, timestamp: 7 });
  });

  it('tells subscribers of every change, and stops when they leave', () => {
    let calls = 0;
    const unsubscribe = subscribeConsent(() => (calls += 1));
    acceptAllCookies();
    openCookieSettings();
    closeCookieSettings();
    unsubscribe();
    resetConsent();
    expect(calls).toBe(3);
  });
});
