import { LockKeyhole } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { APP_MESSAGES } from '../../../../shared/shell-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { paths } from '../../../config/paths.ts';

export type GatedArea = 'Shop' | 'Klips' | 'Offers' | 'Content';

/**
 * Shown where the server answered Unauthorized for a listing (docs/product.md "Who sees what"); both buttons come
 * back here after.
 */
export function GatedContentCard({ area }: { area: GatedArea }) {
  const location = useLocation();
  const returnPath = `${location.pathname}${location.search}${location.hash}`;
  const titleId = `gated-${area.toLowerCase()}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className="mx-auto flex max-w-md flex-col items-center rounded-3xl border border-line bg-surface px-6 py-10 text-center shadow-lift"
    >
      <span className="brand-gradient mb-4 inline-flex size-14 items-center justify-center rounded-2xl text-white">
        <LockKeyhole aria-hidden="true" className="size-7" />
      </span>
      <h2 id={titleId} className="text-xl font-bold text-ink">
        {APP_MESSAGES.signInToView(area)}
      </h2>
      <p className="mt-2 text-sm text-ink-muted">Sign in to your Lootklip account to continue.</p>
      <div className="mt-6 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={paths.auth.login.getHref(returnPath)} className={getButtonClass()}>
          {APP_MESSAGES.signIn}
        </Link>
        <Link
          to={paths.auth.register.getHref(returnPath)}
          className={getButtonClass({ variant: 'secondary' })}
        >
          {APP_MESSAGES.createAccount}
        </Link>
      </div>
    </section>
  );
}
