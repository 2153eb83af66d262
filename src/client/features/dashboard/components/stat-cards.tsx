// The period's figures, one card each (docs/product.md "Dashboard"): the count in en-IN and its change against
// the period before. Two cards a row on a phone, four on a wide screen.
import type { DashboardPeriod, DashboardStatsResponse } from '../../../../shared/contracts/dashboard.ts';
import { DASHBOARD_STAT_KEYS } from '../../../../shared/constants.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../dashboard-messages.ts';
import { formatFigure } from '../dashboard-format.ts';
import { ChangeBadge } from './change-badge.tsx';

export function StatCards({
  totals,
  period,
}: {
  totals: DashboardStatsResponse['totals'];
  period: DashboardPeriod;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {DASHBOARD_STAT_KEYS.map((key) => (
        <li key={key} className="flex flex-col gap-1 rounded-2xl border border-line bg-surface p-4 shadow-sm">
          <span className="text-sm text-ink-muted">{DASHBOARD_PAGE_MESSAGES.stats[key]}</span>
          <span className="text-2xl font-extrabold tracking-tight text-ink tabular-nums" data-stat={key}>
            {formatFigure(totals[key].current)}
          </span>
          <span>
            <ChangeBadge trend={totals[key]} period={period} />
          </span>
        </li>
      ))}
    </ul>
  );
}

export function StatCardsSkeleton() {
  return (
    <ul aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {DASHBOARD_STAT_KEYS.map((key) => (
        <li key={key} className="h-[6.5rem] animate-pulse rounded-2xl bg-surface-muted" />
      ))}
    </ul>
  );
}
