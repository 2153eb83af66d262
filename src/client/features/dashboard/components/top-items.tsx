// The period's top klips and products by views and by contacts (docs/product.md "Dashboard"), each a short ranked
// list linking to the item.
import { Clapperboard, Package } from 'lucide-react';
import { Link } from 'react-router';
import type { DashboardStatsResponse, TopItem } from '../../../../shared/contracts/dashboard.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../dashboard-messages.ts';
import { paths } from '../../../config/paths.ts';
import { formatFigure } from '../dashboard-format.ts';
import { DashboardCard } from './dashboard-card.tsx';

const LISTS = [
  { key: 'klipsByViews', unit: 'views' },
  { key: 'productsByViews', unit: 'views' },
  { key: 'klipsByContacts', unit: 'contacts' },
  { key: 'productsByContacts', unit: 'contacts' },
] as const;

export function TopItems({ top, className }: { top: DashboardStatsResponse['top']; className?: string }) {
  const m = DASHBOARD_PAGE_MESSAGES;
  return (
    <DashboardCard title={m.topHeading} headingId="dashboard-top" className={className}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-1">
        {LISTS.map(({ key, unit }) => (
          <section key={key} aria-labelledby={`dashboard-top-${key}`} className="min-w-0">
            <h3 id={`dashboard-top-${key}`} className="mb-1.5 text-sm font-semibold text-ink">
              {m.top[key]}
            </h3>
            {top[key].length === 0 ? (
              <p className="text-sm text-ink-muted">{m.topEmpty}</p>
            ) : (
              <ol className="flex flex-col gap-1">
                {top[key].map((item, index) => (
                  <TopRow key={item.id} item={item} rank={index + 1} unit={unit} />
                ))}
              </ol>
            )}
          </section>
        ))}
      </div>
    </DashboardCard>
  );
}

function TopRow({ item, rank, unit }: { item: TopItem; rank: number; unit: 'views' | 'contacts' }) {
  const Icon = item.type === 'klip' ? Clapperboard : Package;
  const href = item.type === 'klip' ? paths.klip.getHref(item.id) : paths.product.getHref(item.id);
  return (
    <li>
      <Link to={href} className="flex items-center gap-2 rounded-xl p-1.5 text-sm hover:bg-surface-muted">
        <span className="w-4 text-right text-xs font-semibold text-ink-muted tabular-nums">{rank}</span>
        {item.thumbnail ? (
          <img src={item.thumbnail} alt="" className="size-8 shrink-0 rounded-lg object-cover" />
        ) : (
          <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted">
            <Icon aria-hidden="true" className="size-4 text-ink-muted" />
          </span>
        )}
        <span className="min-w-0 flex-1 truncate text-ink">{item.name}</span>
        <span className="shrink-0 font-semibold text-ink tabular-nums">
          {DASHBOARD_PAGE_MESSAGES.topCount(formatFigure(item.count), unit)}
        </span>
      </Link>
    </li>
  );
}
