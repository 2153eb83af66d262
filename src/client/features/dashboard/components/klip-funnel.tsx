// Which klip sells (docs/product.md "Dashboard"): per klip, views -> product-card taps -> Loot Box adds ->
// contacts or quotes, each step with its count, a bar against the klip's views and its conversion from the step
// before. A small table per klip, so it reads on a phone and to a screen reader alike.
import { Clapperboard } from 'lucide-react';
import { Link } from 'react-router';
import type { KlipFunnel as KlipFunnelRow } from '../../../../shared/contracts/dashboard.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../dashboard-messages.ts';
import { paths } from '../../../config/paths.ts';
import { calculateConversion, formatFigure, formatPercent } from '../dashboard-format.ts';
import { DashboardCard } from './dashboard-card.tsx';

const STEPS = ['views', 'productTaps', 'lootboxAdds', 'contacts'] as const;

export function KlipFunnel({ funnel, className }: { funnel: readonly KlipFunnelRow[]; className?: string }) {
  const m = DASHBOARD_PAGE_MESSAGES;
  return (
    <DashboardCard title={m.funnelHeading} headingId="dashboard-funnel" className={className}>
      <p className="-mt-2 mb-3 text-sm text-ink-muted">{m.funnelIntro}</p>
      {funnel.length === 0 ? (
        <p className="rounded-2xl bg-surface-muted p-4 text-sm text-ink-muted">{m.funnelEmpty}</p>
      ) : (
        <ol className="grid gap-3 md:grid-cols-2">
          {funnel.map((klip) => (
            <li key={klip.klipId} className="rounded-2xl border border-line p-3">
              <FunnelTable klip={klip} />
            </li>
          ))}
        </ol>
      )}
    </DashboardCard>
  );
}

function FunnelTable({ klip }: { klip: KlipFunnelRow }) {
  const m = DASHBOARD_PAGE_MESSAGES;
  const top = Math.max(klip.views, 1);
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left">
        <Link
          to={paths.klip.getHref(klip.klipId)}
          className="flex items-center gap-2 font-semibold text-ink hover:underline"
        >
          {klip.thumbnail ? (
            <img src={klip.thumbnail} alt="" className="aspect-[9/16] w-7 shrink-0 rounded-md object-cover" />
          ) : (
            <span className="inline-flex aspect-[9/16] w-7 shrink-0 items-center justify-center rounded-md bg-surface-muted">
              <Clapperboard aria-hidden="true" className="size-3.5 text-ink-muted" />
            </span>
          )}
          <span className="line-clamp-1 min-w-0">{klip.title}</span>
        </Link>
      </caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{m.funnelStep}</th>
          <th scope="col">{m.funnelCount}</th>
          <th scope="col">{m.funnelConversion}</th>
        </tr>
      </thead>
      <tbody>
        {STEPS.map((step, index) => {
          const count = klip[step];
          const before = index === 0 ? null : klip[STEPS[index - 1]!];
          const conversion = before === null ? null : calculateConversion(count, before);
          return (
            <tr key={step} className="align-middle">
              <th scope="row" className="w-[45%] py-1 pr-2 text-left font-normal text-ink-muted">
                {m.funnelSteps[step]}
                <div aria-hidden="true" className="mt-1 h-1.5 overflow-hidden rounded-full bg-surface-muted">
                  <div
                    className="h-full rounded-full bg-brand"
                    style={{ width: `${(count / top) * 100}%` }}
                  />
                </div>
              </th>
              <td className="py-1 pr-2 text-right font-bold text-ink tabular-nums">{formatFigure(count)}</td>
              <td className="w-16 py-1 text-right text-xs text-ink-muted tabular-nums">
                {before === null ? '' : conversion === null ? '-' : formatPercent(conversion)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
