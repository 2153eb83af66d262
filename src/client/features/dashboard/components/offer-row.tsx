import clsx from 'clsx';
import { TicketPercent } from 'lucide-react';
import type { Offer } from '../../../../shared/contracts/offers.ts';
import { formatOfferDiscount } from '../../../../shared/domain/offers.ts';
import { DASHBOARD_PAGE_MESSAGES } from '../dashboard-messages.ts';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../dashboard-format.ts';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { ItemRow } from './item-row.tsx';

const STATE_CLASS: Record<Offer['state'], string> = {
  active: 'bg-emerald-600/10 text-deal-ink',
  upcoming: 'bg-brand-soft text-brand-ink',
  expired: 'bg-surface-muted text-ink-muted',
};

/** An offer: Running, Upcoming or Ended, its discount and its dates. */
export function OfferRow({ offer }: { offer: Offer }) {
  const m = DASHBOARD_PAGE_MESSAGES;
  const timeZone = useTimeZone();
  return (
    <ItemRow
      section="offers"
      id={offer.id}
      name={offer.title}
      thumbnail={null}
      icon={TicketPercent}
      editHref={paths.edit.offer.getHref(offer.id)}
      details={
        <>
          <span className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', STATE_CLASS[offer.state])}>
            {m.offerStates[offer.state]}
          </span>
          <span className="font-semibold text-ink">{formatOfferDiscount(offer)}</span>
          <span>
            {m.offerDates(formatDate(offer.startDate, timeZone), formatDate(offer.endDate, timeZone))}
          </span>
        </>
      }
    />
  );
}
