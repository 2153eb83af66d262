// The period day by day (docs/product.md "Dashboard"; decision 0067): product views, klip views and contact clicks
// as lines on uPlot, loaded here only (a dynamic import, so it is in no other page's JavaScript). The canvas has an
// accessible name and the same numbers sit in a visually hidden table for screen readers; where no canvas can be
// drawn, that table is shown instead. Colours come from the theme's own tokens, each line also has its own dash.
// The days are the seller's local days as the server cut them (decision 0079); the zone is named under the chart.
import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { DailyStat, StatKey } from '../../../../shared/contracts/dashboard.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../dashboard-messages.ts';
import { useTheme } from '../../../lib/theme.ts';
import { formatDay, formatFigure } from '../dashboard-format.ts';
import { DashboardCard } from './dashboard-card.tsx';
import 'uplot/dist/uPlot.min.css';

/** The lines drawn, each with the theme token of its colour and a dash of its own (not colour alone). */
const SERIES: readonly { key: StatKey; token: string; dash: number[] }[] = [
  { key: 'productViews', token: '--lk-brand', dash: [] },
  { key: 'klipViews', token: '--lk-deal-ink', dash: [8, 4] },
  { key: 'contactClicks', token: '--lk-focus', dash: [2, 3] },
];

const CHART_HEIGHT = 224;

function canDrawCanvas(): boolean {
  return document.createElement('canvas').getContext('2d') !== null;
}

function readToken(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
}

function buildOptions(daily: readonly DailyStat[], width: number, onHover: (index: number | null) => void) {
  const ink = readToken('--lk-ink-muted');
  const line = readToken('--lk-line');
  const font = '12px system-ui, sans-serif';
  const axis = { stroke: ink, font, grid: { stroke: line, width: 1 }, ticks: { stroke: line, width: 1 } };
  return {
    width,
    height: CHART_HEIGHT,
    legend: { show: false },
    scales: {
      x: { time: false },
      y: { range: (_u: uPlot, _min: number, max: number) => [0, Math.max(4, max * 1.1)] },
    },
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    series: [
      {},
      ...SERIES.map(({ key, token, dash }) => ({
        label: DASHBOARD_PAGE_MESSAGES.stats[key],
        stroke: readToken(token),
        width: 2,
        dash,
        points: { show: daily.length <= 7 },
      })),
    ],
    axes: [
      {
        ...axis,
        space: 56,
        incrs: [1, 2, 5, 7, 14],
        values: (_u: uPlot, splits: number[]) =>
          splits.map((index) => (Number.isInteger(index) ? formatDay(daily[index]?.day ?? '') : '')),
      },
      {
        ...axis,
        size: 44,
        space: 32,
        values: (_u: uPlot, splits: number[]) =>
          splits.map((value) => (Number.isInteger(value) ? formatFigure(value) : '')),
      },
    ],
    hooks: { setCursor: [(u: uPlot) => onHover(u.cursor.idx ?? null)] },
  } satisfies uPlot.Options;
}

export function DailyChart({
  daily,
  from,
  to,
  timeZone,
  className,
}: {
  daily: readonly DailyStat[];
  from: string;
  to: string;
  /** The zone the days are local days in. */
  timeZone: string;
  className?: string;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const { theme } = useTheme();
  const [drawable] = useState(canDrawCanvas);
  const [hovered, setHovered] = useState<number | null>(null);
  const label = DASHBOARD_PAGE_MESSAGES.chartLabel(formatDay(from), formatDay(to));

  useEffect(() => {
    const host = hostRef.current;
    if (!drawable || !host) return;
    let plot: uPlot | undefined;
    let cancelled = false;
    const resize = new ResizeObserver(() => plot?.setSize({ width: host.clientWidth, height: CHART_HEIGHT }));
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const data: uPlot.AlignedData = [
        daily.map((_, index) => index),
        ...SERIES.map(({ key }) => daily.map((day) => day[key])),
      ];
      plot = new UPlot(buildOptions(daily, host.clientWidth, setHovered), data, host);
      resize.observe(host);
    });
    return () => {
      cancelled = true;
      resize.disconnect();
      plot?.destroy();
    };
    // The theme is read from the page's tokens when the chart is made: a new theme makes it again.
  }, [daily, drawable, theme]);

  const day = hovered === null ? undefined : daily[hovered];
  return (
    <DashboardCard
      title={DASHBOARD_PAGE_MESSAGES.chartHeading}
      headingId="dashboard-chart"
      className={className}
    >
      <figure className="m-0">
        <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-muted" aria-hidden="true">
          {SERIES.map(({ key, token, dash }) => (
            <li key={key} className="inline-flex items-center gap-1.5">
              <svg width="20" height="6" className="shrink-0">
                <line
                  x1="0"
                  y1="3"
                  x2="20"
                  y2="3"
                  strokeWidth="2.5"
                  style={{ stroke: `var(${token})` }}
                  strokeDasharray={dash.join(' ') || undefined}
                />
              </svg>
              {DASHBOARD_PAGE_MESSAGES.stats[key]}
            </li>
          ))}
        </ul>
        {drawable ? (
          <>
            <p aria-hidden="true" className="h-5 text-xs font-medium text-ink tabular-nums">
              {day
                ? `${formatDay(day.day)}: ${SERIES.map(({ key }) => `${formatFigure(day[key])} ${DASHBOARD_PAGE_MESSAGES.stats[key].toLowerCase()}`).join(', ')}`
                : null}
            </p>
            <div
              ref={hostRef}
              role="img"
              aria-label={label}
              className="w-full"
              style={{ height: CHART_HEIGHT }}
            />
          </>
        ) : null}
        <figcaption className="sr-only">{label}</figcaption>
        <DailyTable daily={daily} hidden={drawable} />
        <p className="mt-2 text-xs text-ink-muted">{DASHBOARD_PAGE_MESSAGES.chartZone(timeZone)}</p>
      </figure>
    </DashboardCard>
  );
}

function DailyTable({ daily, hidden }: { daily: readonly DailyStat[]; hidden: boolean }) {
  const m = DASHBOARD_PAGE_MESSAGES;
  return (
    <div className={clsx(hidden ? 'sr-only' : 'max-h-72 overflow-auto')}>
      <table className="w-full text-sm">
        <caption className="sr-only">{m.chartTableCaption}</caption>
        <thead>
          <tr>
            <th scope="col" className="text-left">
              {m.chartDay}
            </th>
            {SERIES.map(({ key }) => (
              <th key={key} scope="col" className="text-right">
                {m.stats[key]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.day}>
              <th scope="row" className="text-left font-normal">
                {formatDay(day.day)}
              </th>
              {SERIES.map(({ key }) => (
                <td key={key} className="text-right tabular-nums">
                  {formatFigure(day[key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
