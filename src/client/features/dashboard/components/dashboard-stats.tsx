// The period's figures (GET /api/v1/dashboard/stats): the stat cards, the chart, contacts by channel, the klip
// funnel and the top items, with skeletons while the first answer loads and Try Again when it fails. Switching the
// period keeps the old figures, dimmed and marked busy, until the new ones arrive.
import clsx from 'clsx';
import { ChartNoAxesColumn } from 'lucide-react';
import type { DashboardPeriod } from '../../../../shared/contracts/dashboard.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../../../../shared/messages.ts';
import { ListErrorState } from '../../../components/ui/list-error-state.tsx';
import { useDashboardStats } from '../api/dashboard.ts';
import { ContactChannels } from './contact-channels.tsx';
import { DailyChart } from './daily-chart.tsx';
import { KlipFunnel } from './klip-funnel.tsx';
import { StatCards, StatCardsSkeleton } from './stat-cards.tsx';
import { TopItems } from './top-items.tsx';

export function DashboardStats({ period }: { period: DashboardPeriod }) {
  const query = useDashboardStats(period);
  if (query.isPending) {
    return (
      <div aria-hidden="true" className="flex flex-col gap-4">
        <StatCardsSkeleton />
        <div className="grid gap-4 lg:grid-cols-3">
          <div className="h-80 animate-pulse rounded-3xl bg-surface-muted lg:col-span-2" />
          <div className="h-80 animate-pulse rounded-3xl bg-surface-muted" />
        </div>
      </div>
    );
  }
  if (query.isError) {
    return (
      <ListErrorState
        icon={ChartNoAxesColumn}
        title={DASHBOARD_PAGE_MESSAGES.statsFailed}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const stats = query.data;
  // The figures on screen are of stats.period: the other period's while the new answer loads.
  return (
    <section
      aria-labelledby="dashboard-stats"
      aria-busy={query.isPlaceholderData}
      className={clsx('flex flex-col gap-4 transition-opacity', query.isPlaceholderData && 'opacity-60')}
    >
      <h2 id="dashboard-stats" className="sr-only">
        {DASHBOARD_PAGE_MESSAGES.statsHeading}
      </h2>
      <StatCards totals={stats.totals} period={stats.period} />
      <div className="grid gap-4 lg:grid-cols-3 lg:items-start">
        <DailyChart daily={stats.daily} from={stats.from} to={stats.to} className="lg:col-span-2" />
        <ContactChannels channels={stats.contactsByChannel} period={stats.period} />
        <KlipFunnel funnel={stats.funnel} className="lg:col-span-2" />
        <TopItems top={stats.top} />
      </div>
    </section>
  );
}
