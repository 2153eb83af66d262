// The offer on a product page (docs/product.md "Offer on a product"): which offer, how long it runs, and the one
// action its state allows: Claim Offer (none), Remove Offer (applied, reapplied), the reapply countdown then
// Reapply Offer (removed). An offer that has ended shows so, with nothing to do.
import { Clock, TicketPercent } from 'lucide-react';
import type { ProductOffer } from '../../../../shared/contracts/products.ts';
import { formatOfferDiscount, getOfferState } from '../../../../shared/domain/offers.ts';
import { formatPrice, rupeesToPaise, type Paise } from '../../../../shared/domain/pricing.ts';
import { OFFER_MESSAGES } from '../../../../shared/messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import type { ClaimedOffer } from '../hooks/use-claimed-offer.ts';
import { formatTimeLeft } from '../offer-time.ts';

export function ProductOfferPanel({
  offer,
  claimed,
  now,
  shortBy,
  onClaim,
  onRemove,
  onReapply,
}: {
  offer: ProductOffer;
  claimed: Pick<ClaimedOffer, 'status' | 'reapplyInSeconds'>;
  now: number;
  /** How much more the line must be worth for the offer to apply (priceLine's shortBy). */
  shortBy: Paise;
  onClaim: () => void;
  onRemove: () => void;
  onReapply: () => void;
}) {
  const state = getOfferState(offer, now);
  const applied = claimed.status === 'applied' || claimed.status === 'reapplied';
  return (
    <section
      aria-label="Offer"
      className="flex flex-col gap-3 rounded-2xl border border-brand/30 bg-brand-soft/60 p-4"
    >
      <div className="flex min-w-0 items-start gap-3">
        <TicketPercent aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
        <div className="min-w-0">
          <p className="font-bold break-words text-ink">
            {formatOfferDiscount(offer)} · {offer.title}
          </p>
          <p className="text-xs text-ink-muted">
            {[
              offer.minPurchase > 0
                ? OFFER_MESSAGES.minPurchase(formatPrice(rupeesToPaise(offer.minPurchase)))
                : '',
              offer.maxDiscount
                ? OFFER_MESSAGES.maxDiscount(formatPrice(rupeesToPaise(offer.maxDiscount)))
                : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {state === 'active' ? (
            <p className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-brand tabular-nums">
              <Clock aria-hidden="true" className="size-3.5" />
              {formatTimeLeft(offer.endDate, now)}
            </p>
          ) : null}
          {applied && state === 'active' && shortBy > 0 ? (
            <p className="mt-1 text-sm font-medium text-ink">
              {OFFER_MESSAGES.addMore(formatPrice(shortBy))}
            </p>
          ) : null}
        </div>
      </div>
      {state === 'expired' ? (
        <p role="status" className="text-sm font-semibold text-ink-muted">
          {OFFER_MESSAGES.ended}
        </p>
      ) : state === 'upcoming' ? (
        <p role="status" className="text-sm font-semibold text-ink-muted">
          {OFFER_MESSAGES.upcoming}
        </p>
      ) : claimed.status === 'none' ? (
        <button
          type="button"
          className={getButtonClass({ size: 'sm', className: 'w-full sm:w-auto sm:self-start' })}
          onClick={onClaim}
        >
          {OFFER_MESSAGES.claimOffer}
        </button>
      ) : applied ? (
        <button
          type="button"
          className={getButtonClass({
            variant: 'secondary',
            size: 'sm',
            className: 'w-full sm:w-auto sm:self-start',
          })}
          onClick={onRemove}
        >
          {OFFER_MESSAGES.remove}
        </button>
      ) : claimed.reapplyInSeconds > 0 ? (
        <p role="status" className="text-sm font-medium text-ink-muted tabular-nums">
          {OFFER_MESSAGES.reapplyCountdown(claimed.reapplyInSeconds)}
        </p>
      ) : (
        <button
          type="button"
          className={getButtonClass({ size: 'sm', className: 'w-full sm:w-auto sm:self-start' })}
          onClick={onReapply}
        >
          {OFFER_MESSAGES.reapply}
        </button>
      )}
    </section>
  );
}
