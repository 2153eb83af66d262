// The period the figures cover, 7 or 30 days: a segmented control that is a radio group (arrow keys move and
// choose, Tab leaves), so a keyboard and a screen reader use it as they would any one-of-two choice.
import { RadioGroup } from 'radix-ui';
import { DASHBOARD_PERIODS } from '../../../../shared/constants.ts';
import type { DashboardPeriod } from '../../../../shared/contracts/dashboard.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../../../../shared/messages.ts';

export function PeriodSwitch({
  period,
  onChange,
}: {
  period: DashboardPeriod;
  onChange: (period: DashboardPeriod) => void;
}) {
  return (
    <RadioGroup.Root
      value={period}
      onValueChange={(value) => onChange(value as DashboardPeriod)}
      aria-label={DASHBOARD_PAGE_MESSAGES.periodLabel}
      orientation="horizontal"
      className="inline-flex rounded-full border border-line bg-surface-muted p-1"
    >
      {DASHBOARD_PERIODS.map((value) => (
        <RadioGroup.Item
          key={value}
          value={value}
          className="h-9 min-w-20 rounded-full px-4 text-sm font-semibold text-ink-muted transition-colors hover:text-ink data-[state=checked]:bg-surface data-[state=checked]:text-ink data-[state=checked]:shadow-sm"
        >
          {DASHBOARD_PAGE_MESSAGES.periods[value]}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
