// A Shop Star as search finds them (decision 0082): avatar, full name, @username and the first line of the bio, the
// whole card a link to their page.
import type { ReactNode } from 'react';
import type { ShopStar } from '../../../../shared/contracts/search.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { paths } from '../../../config/paths.ts';
import { Link } from 'react-router';

export function ShopStarGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {children}
    </ul>
  );
}

export function ShopStarCard({ shopStar }: { shopStar: ShopStar }) {
  const name = shopStar.fullName || shopStar.username;
  return (
    // min-w-0: a long bio is cut to its line, not the column widened to hold it.
    <li className="min-w-0">
      <Link
        to={paths.shopstar.getHref(shopStar.username)}
        className="flex h-full items-center gap-3 rounded-2xl border border-line bg-surface p-3 transition-colors hover:border-brand"
      >
        <Avatar name={name} src={shopStar.avatar} className="size-12 text-base" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-ink">{name}</span>
          <span className="block truncate text-sm text-brand-ink">@{shopStar.username}</span>
          {shopStar.bio ? (
            <span className="block truncate text-sm text-ink-muted">{shopStar.bio.split('\n')[0]}</span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

export function ShopStarCardSkeleton() {
  return (
    <li aria-hidden="true" className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3">
      <div className="size-12 animate-pulse rounded-full bg-surface-muted" />
      <div className="flex-1 space-y-2">
        <div className="h-4 w-2/3 animate-pulse rounded bg-surface-muted" />
        <div className="h-3 w-1/3 animate-pulse rounded bg-surface-muted" />
        <div className="h-3 w-4/5 animate-pulse rounded bg-surface-muted" />
      </div>
    </li>
  );
}
