// The settings that change every page (docs/product.md "Settings"; decision 0073): high contrast and reduce motion
// from the signed-in user's settings go onto <html> (and are remembered on this device for the next first paint),
// and a 'system' theme follows the device's colour scheme while the page is open.
import { useEffect } from 'react';
import type { AppSettings } from '../../shared/contracts/settings.ts';
import { useSettings, type SettingsResponse } from '../lib/settings.ts';
import { applyAccessibility, followSystemTheme } from '../lib/theme.ts';

const selectAccessibility = (answer: SettingsResponse): AppSettings['accessibility'] =>
  answer.settings.accessibility;

export function SettingsEffects() {
  const { data } = useSettings(selectAccessibility);
  useEffect(() => followSystemTheme(), []);
  const highContrast = data?.highContrast;
  const reduceMotion = data?.reduceMotion;
  useEffect(() => {
    // Signed out, loading or failed: what this device remembers stays.
    if (highContrast === undefined || reduceMotion === undefined) return;
    applyAccessibility({ highContrast, reduceMotion });
  }, [highContrast, reduceMotion]);
  return null;
}
