// The period the figures cover, 7 or 30 days: a segmented control that is a radio group (WAI-ARIA radio group
// pattern: one tab stop, the arrow keys, Home and End move and choose at once). Written here rather than on Radix's
// RadioGroup, which chooses on the focus that follows the key only while the key is still down (decision 0067).
import { useRef, type KeyboardEvent } from 'react';
import { DASHBOARD_PERIODS } from '../../../../shared/constants.ts';
import type { DashboardPeriod } from '../../../../shared/contracts/dashboard.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../dashboard-messages.ts';

const STEPS: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (index, last) => (index === last ? 0 : index + 1),
  ArrowDown: (index, last) => (index === last ? 0 : index + 1),
  ArrowLeft: (index, last) => (index === 0 ? last : index - 1),
  ArrowUp: (index, last) => (index === 0 ? last : index - 1),
  Home: () => 0,
  End: (_index, last) => last,
};

export function PeriodSwitch({
  period,
  onChange,
}: {
  period: DashboardPeriod;
  onChange: (period: DashboardPeriod) => void;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(DASHBOARD_PERIODS.indexOf(period), DASHBOARD_PERIODS.length - 1);
    onChange(DASHBOARD_PERIODS[next]!);
    buttons.current[next]?.focus();
  }

  return (
    <div
      role="radiogroup"
      aria-label={DASHBOARD_PAGE_MESSAGES.periodLabel}
      onKeyDown={onKeyDown}
      className="inline-flex rounded-full border border-line bg-surface-muted p-1"
    >
      {DASHBOARD_PERIODS.map((value, index) => {
        const checked = value === period;
        return (
          <button
            key={value}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(value)}
            className="h-9 min-w-20 rounded-full px-4 text-sm font-semibold text-ink-muted transition-colors hover:text-ink aria-checked:bg-surface aria-checked:text-ink aria-checked:shadow-sm"
          >
            {DASHBOARD_PAGE_MESSAGES.periods[value]}
          </button>
        );
      })}
    </div>
  );
}
