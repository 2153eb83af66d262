import { Suspense } from 'react';
import { useConsent } from '../../../lib/consent.ts';
import { lazyWithPreload } from '../../../lib/lazy-with-preload.ts';
import { useIsHydrating } from '../../../lib/render-environment.ts';

// Both load only when needed: a visitor who chose before downloads neither (decision 0066).
const CookieBanner = lazyWithPreload(() => import('./cookie-banner.tsx'));
const CookieSettingsDialog = lazyWithPreload(() => import('./cookie-settings-dialog.tsx'));

/** The banner until the visitor chooses, and the settings dialog whenever it is opened (docs/product.md "Cookie consent banner"). */
export function CookieConsent() {
  const { preferences, settingsOpen } = useConsent();
  // The stored choice is the browser's: nothing until the page has run (decision 0080).
  if (useIsHydrating()) return null;
  return (
    <Suspense fallback={null}>
      {preferences.consentGiven ? null : <CookieBanner />}
      {settingsOpen ? <CookieSettingsDialog /> : null}
    </Suspense>
  );
}
