// The theme and the accessibility copy on this device (decision 0073): an older stored theme reads as before,
// 'system' follows the device's scheme while the page is open, and public/theme-init.js puts all of it on <html>
// before the app runs.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import themeInit from '../../../public/theme-init.js?raw';
import {
  ACCESSIBILITY_STORAGE_KEY,
  applyAccessibility,
  followSystemTheme,
  getStoredTheme,
  setTheme,
  THEME_STORAGE_KEY,
} from './theme.ts';

const realMatchMedia = window.matchMedia;
let deviceDark = false;
const schemeListeners = new Set<() => void>();

/** A device whose colour scheme the test turns dark or light. */
function switchDevice(dark: boolean): void {
  deviceDark = dark;
  for (const listener of schemeListeners) listener();
}

function stubMatchMedia(value: typeof window.matchMedia): void {
  Object.defineProperty(window, 'matchMedia', { configurable: true, value });
}

beforeEach(() => {
  stubMatchMedia((query: string) => {
    const scheme = query.includes('prefers-color-scheme: dark');
    return {
      media: query,
      get matches() {
        return scheme && deviceDark;
      },
      addEventListener: (_type: string, listener: () => void) => scheme && schemeListeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => schemeListeners.delete(listener),
    } as unknown as MediaQueryList;
  });
});

afterEach(() => {
  stubMatchMedia(realMatchMedia);
  deviceDark = false;
  schemeListeners.clear();
  window.localStorage.clear();
  document.documentElement.className = '';
});

const isDark = () => document.documentElement.classList.contains('dark');

describe('the theme', () => {
  it('reads an older stored light or dark as before, and anything else as light', () => {
    for (const [stored, theme] of [
      ['dark', 'dark'],
      ['light', 'light'],
      ['system', 'system'],
      ['sepia', 'light'],
    ] as const) {
      window.localStorage.setItem(THEME_STORAGE_KEY, stored);
      expect(getStoredTheme()).toBe(theme);
    }
  });

  it("follows the device's scheme live while the choice is 'system', and stops following once it is not", () => {
    const stop = followSystemTheme();
    setTheme('system');
    expect(isDark()).toBe(false);
    switchDevice(true);
    expect(isDark()).toBe(true);
    switchDevice(false);
    expect(isDark()).toBe(false);
    setTheme('light');
    switchDevice(true);
    expect(isDark()).toBe(false);
    stop();
  });
});

describe('the accessibility copy', () => {
  it('puts high contrast and reduce motion on <html> and remembers them, and forgets them when both are off', () => {
    applyAccessibility({ highContrast: true, reduceMotion: false });
    expect(document.documentElement.classList.contains('contrast')).toBe(true);
    expect(document.documentElement.classList.contains('reduce-motion')).toBe(false);
    expect(JSON.parse(window.localStorage.getItem(ACCESSIBILITY_STORAGE_KEY)!)).toEqual({
      highContrast: true,
      reduceMotion: false,
    });
    applyAccessibility({ highContrast: false, reduceMotion: false });
    expect(document.documentElement.className).toBe('');
    expect(window.localStorage.getItem(ACCESSIBILITY_STORAGE_KEY)).toBeNull();
  });
});

describe('public/theme-init.js, before the first paint', () => {
  const runInit = () => new Function(themeInit)() as void;

  it('applies a stored dark theme, a system theme on a dark device, contrast and reduce motion', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.localStorage.setItem(
      ACCESSIBILITY_STORAGE_KEY,
      JSON.stringify({ highContrast: true, reduceMotion: true }),
    );
    runInit();
    expect([...document.documentElement.classList].sort()).toEqual(['contrast', 'dark', 'reduce-motion']);

    document.documentElement.className = '';
    window.localStorage.setItem(THEME_STORAGE_KEY, 'system');
    deviceDark = true;
    runInit();
    expect(isDark()).toBe(true);
  });

  it('leaves a light page for a light or system-on-light choice, and survives unreadable storage', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'system');
    window.localStorage.setItem(ACCESSIBILITY_STORAGE_KEY, '{not json');
    runInit();
    expect(document.documentElement.className).toBe('');
  });
});
