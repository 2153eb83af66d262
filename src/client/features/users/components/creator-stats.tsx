import clsx from 'clsx';
import type { UserProfile } from '../../../../shared/contracts/users.ts';
import { CURRENCY_LOCALE } from '../../../../shared/constants.ts';

/**
 * A creator's Products, Klips and Likes (docs/product.md "Creator hover card"), on the profile screen and in the
 * hover card.
 */
export function CreatorStats({ stats, className }: { stats: UserProfile['stats']; className?: string }) {
  return (
    <dl className={clsx('flex gap-6', className)}>
      {(
        [
          ['Products', stats.productCount],
          ['Klips', stats.klipCount],
          ['Likes', stats.totalLikes],
        ] as const
      ).map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="order-2 text-xs text-ink-subtle">{label}</dt>
          <dd className="order-1 text-lg font-bold text-ink">{value.toLocaleString(CURRENCY_LOCALE)}</dd>
        </div>
      ))}
    </dl>
  );
}
