// The creator view, labelled shop-star (docs/product.md "Dashboard"): the seller's public face (avatar, name,
// @username linking to the public profile) and their lifetime figures.
import { Star, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { getDisplayName } from '../../../../shared/domain/display-name.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../dashboard-messages.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ListErrorState } from '../../../components/ui/list-error-state.tsx';
import { useShopstar } from '../api/dashboard.ts';
import { formatFigure } from '../dashboard-format.ts';
import { DashboardCard } from './dashboard-card.tsx';

const LIFETIME = ['klipViews', 'likes', 'comments', 'shares'] as const;

export function ShopstarCard({ className }: { className?: string }) {
  const m = DASHBOARD_PAGE_MESSAGES;
  const query = useShopstar();
  return (
    <DashboardCard
      title={m.shopstarHeading}
      headingId="dashboard-shopstar"
      className={className}
      actions={
        <span className="inline-flex items-center gap-1 rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-bold text-brand-ink">
          <Star aria-hidden="true" className="size-3.5" />
          {m.shopstarLabel}
        </span>
      }
    >
      {query.isPending ? (
        <div aria-hidden="true" className="h-36 animate-pulse rounded-2xl bg-surface-muted" />
      ) : query.isError ? (
        <ListErrorState
          icon={UserRound}
          title={m.shopstarFailed}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <div className="flex items-center gap-3">
            <Avatar
              name={getDisplayName(query.data.profile)}
              src={query.data.profile.avatar ?? query.data.profile.photoURL}
              className="size-14 text-lg"
            />
            <div className="min-w-0">
              <p className="truncate font-bold text-ink">{getDisplayName(query.data.profile)}</p>
              <Link
                to={query.data.profilePath}
                className="text-sm font-medium text-brand-ink hover:underline"
              >
                @{query.data.profile.username}
              </Link>
            </div>
          </div>
          <h3 className="mt-4 mb-2 text-xs font-semibold tracking-wide text-ink-muted uppercase">
            {m.shopstarLifetime}
          </h3>
          <dl className="grid grid-cols-2 gap-2">
            {LIFETIME.map((key) => (
              <div key={key} className="rounded-2xl bg-surface-muted px-3 py-2">
                <dt className="text-xs text-ink-muted">{m.stats[key]}</dt>
                <dd className="text-lg font-bold text-ink tabular-nums">
                  {formatFigure(query.data.lifetime[key])}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </DashboardCard>
  );
}
