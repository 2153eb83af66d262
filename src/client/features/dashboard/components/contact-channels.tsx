// Contact clicks by channel (docs/product.md "Dashboard"): WhatsApp, Phone, E-mail and the external Store, each
// with its count, its share of the period's contacts as a bar and its change against the period before.
import { Mail, MessageCircle, Phone, Store } from 'lucide-react';
import type { DashboardPeriod, DashboardStatsResponse } from '../../../../shared/contracts/dashboard.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../dashboard-messages.ts';
import { formatFigure } from '../dashboard-format.ts';
import { ChangeBadge } from './change-badge.tsx';
import { DashboardCard } from './dashboard-card.tsx';

const CHANNELS = [
  { key: 'whatsapp', icon: MessageCircle },
  { key: 'phone', icon: Phone },
  { key: 'email', icon: Mail },
  { key: 'external', icon: Store },
] as const;

export function ContactChannels({
  channels,
  period,
  className,
}: {
  channels: DashboardStatsResponse['contactsByChannel'];
  period: DashboardPeriod;
  className?: string;
}) {
  const total = CHANNELS.reduce((sum, { key }) => sum + channels[key].current, 0);
  return (
    <DashboardCard
      title={DASHBOARD_PAGE_MESSAGES.channelsHeading}
      headingId="dashboard-channels"
      className={className}
    >
      <ul className="flex flex-col gap-3">
        {CHANNELS.map(({ key, icon: Icon }) => {
          const trend = channels[key];
          const share = total > 0 ? (trend.current / total) * 100 : 0;
          return (
            <li key={key} className="flex flex-col gap-1.5" data-channel={key}>
              <div className="flex items-center gap-2">
                <Icon aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
                <span className="flex-1 text-sm font-medium text-ink">
                  {DASHBOARD_PAGE_MESSAGES.channels[key]}
                </span>
                <span className="font-bold text-ink tabular-nums">{formatFigure(trend.current)}</span>
                <ChangeBadge trend={trend} period={period} />
              </div>
              <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-surface-muted">
                <div className="h-full rounded-full bg-brand" style={{ width: `${share}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </DashboardCard>
  );
}
