// How the app looks on this device: the theme preference of docs/product.md "Local values" (light, dark or the
// device's scheme; default light) and a copy of the signed-in user's accessibility settings (high contrast, reduce
// motion; docs/product.md "App settings"), kept locally so that public/theme-init.js applies them before the first
// paint of the next visit (decision 0073). Keep the keys and class names in step with public/theme-init.js.
import { useSyncExternalStore } from 'react';
import type { THEMES } from '../../shared/constants.ts';

export type Theme = (typeof THEMES)[number];

export const THEME_STORAGE_KEY = 'theme';
export const ACCESSIBILITY_STORAGE_KEY = 'accessibility';
export const DEFAULT_THEME: Theme = 'light';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';
/** Classes on <html> that src/client/index.css styles. */
export const CONTRAST_CLASS = 'contrast';
export const REDUCE_MOTION_CLASS = 'reduce-motion';

export type LocalAccessibility = { highContrast: boolean; reduceMotion: boolean };

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored preference; an older stored value ('light' or 'dark') reads as it always did. */
export function getStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'dark' || stored === 'system' ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** Light or dark: 'system' as the device's colour scheme is now. */
export function resolveTheme(theme: Theme): 'light' | 'dark' {
  if (theme !== 'system') return theme;
  return window.matchMedia(DARK_SCHEME_QUERY).matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  const resolved = resolveTheme(theme);
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
  currentTheme = theme;
  applyTheme(theme);
  notify();
}

// The choice of this page: the stored one, unless storage refused the last choice.
let currentTheme: Theme | undefined;

function readTheme(): Theme {
  currentTheme ??= getStoredTheme();
  return currentTheme;
}

/** While the theme is 'system', follows the device's scheme as it changes (dark at sunset). Returns the stop. */
export function followSystemTheme(): () => void {
  const list = window.matchMedia(DARK_SCHEME_QUERY);
  const onChange = () => {
    if (readTheme() !== 'system') return;
    applyTheme('system');
    notify();
  };
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * `theme`: what is on screen now, light or dark (a 'system' choice resolved); `preference`: the choice itself,
 * light, dark or system.
 */
export function useTheme(): {
  theme: 'light' | 'dark';
  preference: Theme;
  setTheme: (theme: Theme) => void;
} {
  // A server render (and its hydration) knows no stored choice: light and 'system', put right at once after
  // (decision 0080); the page's colours come from <html>, which the theme script set before the first paint.
  const theme = useSyncExternalStore<'light' | 'dark'>(
    subscribe,
    () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'),
    () => 'light',
  );
  const preference = useSyncExternalStore<Theme>(subscribe, readTheme, () => 'system');
  return { theme, preference, setTheme };
}

/**
 * Puts high contrast and reduce motion on <html> and remembers them on this device, for the first paint of the
 * next visit.
 */
export function applyAccessibility({ highContrast, reduceMotion }: LocalAccessibility): void {
  const root = document.documentElement;
  root.classList.toggle(CONTRAST_CLASS, highContrast);
  root.classList.toggle(REDUCE_MOTION_CLASS, reduceMotion);
  try {
    if (highContrast || reduceMotion) {
      window.localStorage.setItem(ACCESSIBILITY_STORAGE_KEY, JSON.stringify({ highContrast, reduceMotion }));
    } else {
      window.localStorage.removeItem(ACCESSIBILITY_STORAGE_KEY);
    }
  } catch {
    // storage disabled: they apply from the settings once they load
  }
}
