// A figure's change against the period before: an arrow and the per cent (or New, or -), with the whole sentence
// for screen readers, so the colour is never the only sign.
import clsx from 'clsx';
import { ArrowDownRight, ArrowUpRight, Minus, Sparkles } from 'lucide-react';
import type { DashboardPeriod, Trend } from '../../../../shared/contracts/dashboard.ts';
import { describeChange, type ChangeDirection } from '../dashboard-format.ts';

const LOOKS: Record<ChangeDirection, { icon: typeof Minus | null; className: string }> = {
  up: { icon: ArrowUpRight, className: 'bg-emerald-600/10 text-deal-ink' },
  down: { icon: ArrowDownRight, className: 'bg-rani-600/10 text-rani-700 dark:text-rani-400' },
  same: { icon: Minus, className: 'bg-surface-muted text-ink-muted' },
  new: { icon: Sparkles, className: 'bg-brand-soft text-brand-ink' },
  // '-' says it all: no icon beside it.
  none: { icon: null, className: 'bg-surface-muted text-ink-muted' },
};

export function ChangeBadge({ trend, period }: { trend: Trend; period: DashboardPeriod }) {
  const change = describeChange(trend, period);
  const { icon: Icon, className } = LOOKS[change.direction];
  return (
    <span
      className={clsx(
        'inline-flex h-5 items-center gap-0.5 rounded-full px-2 text-xs font-semibold whitespace-nowrap',
        className,
      )}
      data-direction={change.direction}
    >
      {Icon ? <Icon aria-hidden="true" className="size-3.5" /> : null}
      <span aria-hidden="true">{change.text}</span>
      <span className="sr-only">{change.label}</span>
    </span>
  );
}
