// A klip: Live with its views and likes, Processing (the list asks again until it is done), or Failed with the
// reason and Retry (POST /api/v1/klips/{id}/retry; when the original upload is gone, the server says so and Edit
// takes a new video).
import clsx from 'clsx';
import { CircleAlert, Clapperboard, LoaderCircle, RotateCw } from 'lucide-react';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../dashboard-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useRetryDashboardKlip } from '../api/dashboard-writes.ts';
import { formatFigure } from '../dashboard-format.ts';
import { ItemRow } from './item-row.tsx';
import { toast } from '../../../lib/toast.ts';

const STATE_CLASS: Record<Klip['status'], string> = {
  active: 'bg-emerald-600/10 text-deal-ink',
  processing: 'bg-brand-soft text-brand-ink',
  failed: 'bg-rani-600/10 text-rani-700 dark:text-rani-400',
};

export function KlipRow({ klip }: { klip: Klip }) {
  const m = DASHBOARD_PAGE_MESSAGES;
  return (
    <ItemRow
      section="klips"
      id={klip.id}
      name={klip.title}
      thumbnail={klip.thumbnail}
      icon={Clapperboard}
      editHref={paths.edit.klip.getHref(klip.id)}
      details={
        <>
          <span
            className={clsx(
              'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
              STATE_CLASS[klip.status],
            )}
          >
            {klip.status === 'processing' ? (
              <LoaderCircle aria-hidden="true" className="size-3 animate-spin" />
            ) : klip.status === 'failed' ? (
              <CircleAlert aria-hidden="true" className="size-3" />
            ) : null}
            {m.klipStates[klip.status]}
          </span>
          {klip.status === 'active' ? (
            <span className="tabular-nums">
              {formatFigure(klip.views)} {m.stats.klipViews.toLowerCase()} · {formatFigure(klip.likes)}{' '}
              {m.stats.likes.toLowerCase()}
            </span>
          ) : null}
        </>
      }
      extra={klip.status === 'failed' ? <FailedKlip klip={klip} /> : undefined}
    />
  );
}

function FailedKlip({ klip }: { klip: Klip }) {
  const m = DASHBOARD_PAGE_MESSAGES;
  const retry = useRetryDashboardKlip(klip.id);

  async function onRetry(): Promise<void> {
    try {
      await retry.mutateAsync();
      toast.success(m.retried);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2 rounded-2xl bg-rani-600/5 p-2.5 pl-3 sm:ml-[4.25rem]">
      {klip.failureReason ? <p className="min-w-0 flex-1 text-sm text-ink">{klip.failureReason}</p> : null}
      <button
        type="button"
        disabled={retry.isPending}
        onClick={() => void onRetry()}
        aria-label={m.retryLabel(klip.title)}
        className={getButtonClass({ size: 'sm', className: 'ml-auto h-8 px-3 text-xs' })}
      >
        <RotateCw aria-hidden="true" className="size-3.5" />
        {retry.isPending ? m.retrying : m.retry}
      </button>
    </div>
  );
}
