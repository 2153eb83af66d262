import clsx from 'clsx';
import { CONSENT_MESSAGES } from '../../../../shared/consent-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { acceptAllCookies, acceptNecessaryCookies, openCookieSettings } from '../../../lib/consent.ts';

/**
 * The first-visit banner (docs/product.md "Cookie consent banner"): a fixed card, so the page under it does not
 * move, and not a modal: the page stays usable and focus stays where it is. On a phone it sits above the tab bar,
 * and above the product page's pinned Loot Now bar too, so both stay reachable.
 */
export default function CookieBanner() {
  return (
    <section
      aria-label={CONSENT_MESSAGES.bannerLabel}
      data-testid="cookie-banner"
      className={clsx(
        'fixed inset-x-2 bottom-[calc(env(safe-area-inset-bottom)+0.5rem)] z-40 rounded-2xl border border-line bg-surface p-3 shadow-lift',
        'md:inset-x-auto md:right-4 md:bottom-4 md:w-[26rem] md:p-4',
        'max-md:[body:has([data-testid=bottom-bar])_&]:bottom-[calc(var(--spacing-bottom-bar)+env(safe-area-inset-bottom)+0.5rem)]',
        'max-md:[body:has([data-testid=bottom-bar]):has([data-pinned-actions])_&]:bottom-[calc(var(--spacing-bottom-bar)+4.5rem+env(safe-area-inset-bottom)+0.5rem)]',
      )}
    >
      <p className="text-sm text-ink-muted">
        {CONSENT_MESSAGES.bannerText}{' '}
        <button
          type="button"
          className="font-semibold text-ink underline underline-offset-2"
          aria-haspopup="dialog"
          onClick={openCookieSettings}
        >
          {CONSENT_MESSAGES.settings}
        </button>
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <button
          type="button"
          className={getButtonClass({ variant: 'secondary', size: 'sm' })}
          onClick={acceptNecessaryCookies}
        >
          {CONSENT_MESSAGES.necessaryOnly}
        </button>
        <button type="button" className={getButtonClass({ size: 'sm' })} onClick={acceptAllCookies}>
          {CONSENT_MESSAGES.acceptAll}
        </button>
      </div>
    </section>
  );
}
