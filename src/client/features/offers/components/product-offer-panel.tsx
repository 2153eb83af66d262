// The offer on a product page (docs/product.md "Offer on a product", "Shown price"): which offer (with its price
// while not claimed), how long it runs, and the one
// action its state allows, always on the same button so that focus stays on it as the state moves: Claim Offer
// (none), Remove Offer (applied, reapplied), the reapply countdown (removed: not yet usable, aria-disabled) then
// Reapply Offer. An offer that has ended shows so, with nothing to do; so does a claim whose offer has ended.
import { Clock, TicketPercent } from 'lucide-react';
import type { ProductOffer } from '../../../../shared/contracts/products.ts';
import { getOfferState } from '../../../../shared/domain/offers.ts';
import { formatPrice, rupeesToPaise, type Paise } from '../../../../shared/domain/pricing.ts';
import { formatOfferLabel } from '../../../../shared/domain/shown-price.ts';
import { OFFER_MESSAGES } from '../../../../shared/offer-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { reapplyInSeconds, type ClaimedOffer } from '../hooks/use-claimed-offer.ts';
import { formatTimeLeft } from '../offer-time.ts';

export function ProductOfferPanel({
  offer,
  claimed,
  now,
  shortBy,
  offerPrice,
  onClaim,
  onRemove,
  onReapply,
}: {
  /** The offer to show: the claimed one, else the one the product carries; null when only an ended claim shows. */
  offer: ProductOffer | null;
  claimed: Pick<ClaimedOffer, 'status' | 'removedAt' | 'ended'>;
  /** The page's clock (useNow): the time left, the reapply countdown and whether the offer still runs. */
  now: number;
  /** How much more the line must be worth for the offer to apply (priceLine's shortBy). */
  shortBy: Paise;
  /** docs/product.md "Shown price": one of it with the offer while not claimed (null when claimed or none). */
  offerPrice: Paise | null;
  onClaim: () => void;
  onRemove: () => void;
  onReapply: () => void;
}) {
  const state = offer ? getOfferState(offer, now) : 'expired';
  const applied = claimed.status === 'applied' || claimed.status === 'reapplied';
  const waitSeconds = claimed.status === 'removed' ? reapplyInSeconds(claimed.removedAt, now) : 0;
  const action =
    !offer || state !== 'active'
      ? null
      : claimed.status === 'none'
        ? { label: OFFER_MESSAGES.claimOffer, onClick: onClaim, primary: true }
        : applied
          ? { label: OFFER_MESSAGES.remove, onClick: onRemove, primary: false }
          : waitSeconds > 0
            ? { label: OFFER_MESSAGES.reapplyCountdown(waitSeconds), onClick: null, primary: false }
            : { label: OFFER_MESSAGES.reapply, onClick: onReapply, primary: true };
  const notice =
    claimed.ended || (offer && state === 'expired')
      ? OFFER_MESSAGES.ended
      : state === 'upcoming'
        ? OFFER_MESSAGES.upcoming
        : null;
  return (
    <section
      aria-label="Offer"
      className="flex flex-col gap-3 rounded-2xl border border-brand/30 bg-brand-soft/60 p-4"
    >
      {notice ? (
        // Above another offer (the one the product carries now), the claimed one's end is set apart from it.
        <p
          role="status"
          className={`text-sm font-semibold text-ink-muted ${claimed.ended && offer ? 'border-b border-brand/20 pb-3' : ''}`}
        >
          {notice}
        </p>
      ) : null}
      {offer ? (
        <div className="flex min-w-0 items-start gap-3">
          <TicketPercent aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
          <div className="min-w-0">
            <p className="font-bold break-words text-ink">{formatOfferLabel(offer)}</p>
            {offerPrice !== null && state === 'active' && !applied ? (
              <p data-testid="offer-price" className="text-sm font-semibold text-brand-ink">
                {OFFER_MESSAGES.priceWithOffer(formatPrice(offerPrice))}
              </p>
            ) : null}
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
      ) : null}
      {action ? (
        // One element for every state, so a keyboard or screen reader user's focus stays on it from Remove through
        // the countdown to Reapply (aria-disabled rather than disabled: a disabled button would drop focus).
        <button
          type="button"
          aria-disabled={action.onClick ? undefined : true}
          className={getButtonClass({
            variant: action.primary ? undefined : 'secondary',
            size: 'sm',
            className: `w-full sm:w-auto sm:self-start ${action.onClick ? '' : 'cursor-not-allowed tabular-nums opacity-80'}`,
          })}
          onClick={action.onClick ?? undefined}
        >
          {action.label}
        </button>
      ) : null}
    </section>
  );
}
