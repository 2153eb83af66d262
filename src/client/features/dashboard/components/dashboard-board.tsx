// The dashboard's board (decision 0067): the period's figures (GET /api/v1/dashboard/stats) as stat cards, then
// two columns on a wide screen (the chart, the klip funnel and the listings; contacts by channel, the top items
// and the shop-star card), each column a stack of its own height. On a phone the two columns dissolve
// (display: contents) into one, ordered so the figures come before the listings. Skeletons while the first answer
// loads, Try Again when it fails; switching the period keeps the old figures, dimmed and marked busy, until the
// new ones arrive. The listings and the shop-star card load on their own and come in as slots.
import clsx from 'clsx';
import { ChartNoAxesColumn } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DashboardPeriod } from '../../../../shared/contracts/dashboard.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../dashboard-messages.ts';
import { ListErrorState } from '../../../components/ui/list-error-state.tsx';
import { useDashboardStats } from '../api/dashboard.ts';
import { ContactChannels } from './contact-channels.tsx';
import { DailyChart } from './daily-chart.tsx';
import { KlipFunnel } from './klip-funnel.tsx';
import { StatCards, StatCardsSkeleton } from './stat-cards.tsx';
import { TopItems } from './top-items.tsx';

const SKELETON_CLASS = 'animate-pulse rounded-3xl bg-surface-muted';

export function DashboardBoard({
  period,
  listings,
  shopstar,
}: {
  period: DashboardPeriod;
  listings: ReactNode;
  shopstar: ReactNode;
}) {
  const query = useDashboardStats(period);
  const stats = query.data;
  const busy = query.isPlaceholderData;
  const dim = clsx('transition-opacity', busy && 'opacity-60');
  return (
    <>
      <section aria-labelledby="dashboard-stats" aria-busy={query.isPending || busy} className={dim}>
        <h2 id="dashboard-stats" className="sr-only">
          {DASHBOARD_PAGE_MESSAGES.statsHeading}
        </h2>
        {stats ? (
          <StatCards totals={stats.totals} period={stats.period} />
        ) : query.isError ? (
          <ListErrorState
            icon={ChartNoAxesColumn}
            title={DASHBOARD_PAGE_MESSAGES.statsFailed}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <StatCardsSkeleton />
        )}
      </section>
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-3 lg:items-start">
        <div className="contents lg:col-span-2 lg:flex lg:flex-col lg:gap-4">
          {stats ? (
            <>
              <DailyChart
                daily={stats.daily}
                from={stats.from}
                to={stats.to}
                timeZone={stats.timeZone}
                className={clsx('order-1 lg:order-none', dim)}
              />
              <KlipFunnel funnel={stats.funnel} className={clsx('order-3 lg:order-none', dim)} />
            </>
          ) : query.isPending ? (
            <div aria-hidden="true" className={clsx('order-1 h-80 lg:order-none', SKELETON_CLASS)} />
          ) : null}
          <div className="order-5 min-w-0 lg:order-none">{listings}</div>
        </div>
        <div className="contents lg:flex lg:flex-col lg:gap-4">
          {stats ? (
            <>
              <ContactChannels
                channels={stats.contactsByChannel}
                period={stats.period}
                className={clsx('order-2 lg:order-none', dim)}
              />
              <TopItems top={stats.top} className={clsx('order-4 lg:order-none', dim)} />
            </>
          ) : query.isPending ? (
            <div aria-hidden="true" className={clsx('order-2 h-64 lg:order-none', SKELETON_CLASS)} />
          ) : null}
          <div className="order-6 min-w-0 lg:order-none">{shopstar}</div>
        </div>
      </div>
    </>
  );
}
