// The price block and the offer on a product page, composed here because it joins the offers feature (claims,
// the offer panel) to the product the products feature shows; the route hands it to the product view.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { OFFER_COUNTDOWN_TICK_MS } from '../../shared/constants.ts';
import type { ProductDetail } from '../../shared/contracts/products.ts';
import { getOfferState } from '../../shared/domain/offers.ts';
import { formatPrice } from '../../shared/domain/pricing.ts';
import { calculateShownPrice, formatBelowListBadge } from '../../shared/domain/shown-price.ts';
import { OFFER_MESSAGES } from '../../shared/offer-messages.ts';
import { ProductOfferPanel } from '../features/offers/components/product-offer-panel.tsx';
import { findActiveOffer, useClaimedOffer } from '../features/offers/hooks/use-claimed-offer.ts';
import type { ClaimState } from '../features/offers/product-offer.ts';
import { useNow } from '../hooks/use-now.ts';
import { toast } from '../lib/toast.ts';

/**
 * The price and the offer on it (docs/product.md "Offer on a product", "Price calculation"): the only part of the
 * page that follows the clock (useNow), so the gallery and the rest do not render again every second, while the
 * price still returns to the product's own when an applied offer ends and the reapply countdown ticks.
 */
export function ProductPriceAndOffer({ product }: { product: ProductDetail }) {
  const now = useNow(OFFER_COUNTDOWN_TICK_MS);
  const offer = useProductOffer(product);
  const applying =
    offer.claimed.offer !== null &&
    (offer.claimed.status === 'applied' || offer.claimed.status === 'reapplied') &&
    getOfferState(offer.claimed.offer, now) === 'active';
  // docs/product.md "Shown price": the offer prices the product only while claimed (applied) and running, and its
  // minimum purchase is met (priceLine decides); otherwise the offer shown is one to claim, its price beside.
  const shown = calculateShownPrice(product, applying ? offer.claimed.offer : offer.shown, applying);
  const line = shown.line;
  const price = line.unit;
  const badge = formatBelowListBadge(price);
  const offerPrice = shown.offerToClaim?.line.offerApplies ? shown.offerToClaim.line.unit.finalPrice : null;
  return (
    <>
      <section aria-label="Price" className="rounded-2xl bg-surface-muted p-4">
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span className="text-3xl font-extrabold text-ink">{formatPrice(price.finalPrice)}</span>
          {price.finalPrice < price.originalPrice ? (
            <span className="text-ink-subtle line-through">{formatPrice(price.originalPrice)}</span>
          ) : null}
          {badge ? <span className="font-bold text-deal-ink">{badge}</span> : null}
        </p>
        {line.offerApplies ? (
          <p className="mt-1 flex justify-between gap-3 text-sm text-ink">
            <span>{OFFER_MESSAGES.offerDiscountLine}</span>
            <span className="font-semibold">-{formatPrice(line.offerDiscount)}</span>
          </p>
        ) : null}
        {price.totalSavings > 0 ? (
          <p className="mt-1 text-sm font-semibold text-emerald-700 dark:text-emerald-400">
            Total Savings: {formatPrice(price.totalSavings)}
          </p>
        ) : null}
      </section>
      {offer.shown || offer.claimed.ended ? (
        <ProductOfferPanel
          offer={offer.shown}
          claimed={offer.claimed}
          now={now}
          shortBy={line.shortBy}
          offerPrice={offerPrice}
          onClaim={offer.onClaim}
          onRemove={offer.onRemove}
          onReapply={offer.onReapply}
        />
      ) : null}
    </>
  );
}

/** The offer id a Claim on the Offers page sent along in navigation state, if that is what the state holds. */
function readArrivingOfferId(state: unknown): string | null {
  const offer = (state as Partial<ClaimState> | null)?.offer as { offerId?: unknown } | undefined;
  return typeof offer?.offerId === 'string' && offer.offerId.length > 0 ? offer.offerId : null;
}

/**
 * The offer on this product page (docs/product.md "Offer on a product"): one claimed in this session, or arriving
 * in navigation state from the Offers page's Claim (applied at once, with the toast), or else the offer active now
 * that the product carries, to claim here. Navigation state and the session say only which offer was claimed: its
 * terms, and whether it still applies, come from the product's answer (activeOffers), so a claim on an offer that
 * has ended or changed never applies stale terms (decision 0037).
 */
function useProductOffer(product: ProductDetail) {
  const claimed = useClaimedOffer(product);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const offerId = readArrivingOfferId(location.state);
    if (!offerId) return;
    // Not among the product's active offers: held for this view only, where the page says it has ended.
    claimed.claim(offerId);
    if (findActiveOffer(product, offerId)) {
      // An id, so React's development double effect shows it once.
      toast.success(OFFER_MESSAGES.claimed, { id: 'offer-claimed' });
    }
    // Applied once: the claim is held in the session from here, so Back or a reload does not claim it again.
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps

  const shown = claimed.offer ?? product.activeOffer ?? null;
  return {
    shown,
    claimed,
    onClaim: () => {
      if (!shown) return;
      claimed.claim(shown.offerId);
      toast.success(OFFER_MESSAGES.claimed, { id: 'offer-claimed' });
    },
    onRemove: () => {
      claimed.remove();
      toast.success(OFFER_MESSAGES.removed);
    },
    onReapply: () => {
      claimed.reapply();
      toast.success(OFFER_MESSAGES.reapplied);
    },
  };
}
