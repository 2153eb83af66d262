import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants.ts';
import { paths } from '../../config/paths.ts';
import { openCookieSettings } from '../../lib/consent.ts';
import { useRenderTime } from '../../lib/render-environment.ts';

export function SiteFooter() {
  const year = new Date(useRenderTime()).getFullYear();
  return (
    <footer className="border-t border-line px-4 py-6 text-sm text-ink-subtle md:px-8">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <p>
          © {year} {PRODUCT_NAME}. Made in India.
        </p>
        <nav aria-label="Policies" className="flex flex-wrap gap-x-5 gap-y-1">
          <Link to={paths.terms.getHref()} className="hover:text-ink">
            Terms of Service
          </Link>
          <Link to={paths.privacy.getHref()} className="hover:text-ink">
            Privacy Policy
          </Link>
          <Link to={paths.sellerPolicy.getHref()} className="hover:text-ink">
            Seller Policy
          </Link>
          <button
            type="button"
            className="hover:text-ink"
            aria-haspopup="dialog"
            onClick={openCookieSettings}
          >
            Cookie preferences
          </button>
        </nav>
      </div>
    </footer>
  );
}
