// The offer as shoppers will see it, while the seller types: the Offers page's own card (OfferCard, in preview
// mode) fed with the form's current values. Prices come from the price engine (priceLine), as the server's do.
import { OFFER_COUNTDOWN_TICK_MS, OFFER_FEATURED_PRODUCTS_MAX } from '../../../../shared/constants.ts';
import type { Offer } from '../../../../shared/contracts/offers.ts';
import type { ProductSummary } from '../../../../shared/contracts/products.ts';
import { cleanTerms, getOfferState, priceLine, resolveReadDates } from '../../../../shared/domain/offers.ts';
import { paiseToRupees } from '../../../../shared/domain/pricing.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { useAuth, type AuthUser } from '../../../lib/auth.ts';
import { fromLocalInput, toOfferTerms, type OfferFormValues } from '../offer-form-values.ts';
import { OfferCard } from './offer-card.tsx';

/**
 * The form's values as the Offer the card reads: the discount as typed so far, dates as the server would read them
 * (docs/product.md "Offer read"), terms cleaned, and the first chosen products whose details are known, each at
 * its price under this offer.
 */
export function toDraftOffer({
  values,
  products,
  seller,
  offerId,
  now,
}: {
  values: OfferFormValues;
  products: ProductSummary[];
  seller: AuthUser | null;
  offerId: string | undefined;
  now: Date;
}): Offer {
  const terms = toOfferTerms(values);
  const dates = resolveReadDates(
    { startDate: fromLocalInput(values.startDate), endDate: fromLocalInput(values.endDate) },
    now,
  );
  const period = { startDate: dates.startDate.toISOString(), endDate: dates.endDate.toISOString() };
  return {
    id: offerId ?? '',
    contentId: offerId ?? '',
    type: 'offer',
    status: 'active',
    state: getOfferState(period, now),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    uid: seller?.uid ?? '',
    creatorUsername: seller?.username ?? '',
    creatorAvatar: seller?.avatar ?? null,
    title: values.title.trim(),
    description: values.description.trim(),
    discountType: terms.discountType,
    discountValue: terms.discountValue,
    minPurchase: terms.minPurchase ?? 0,
    maxDiscount: terms.maxDiscount ?? null,
    ...period,
    products: values.products,
    terms: cleanTerms(values.terms.map((term) => term.text)),
    featuredProducts: products.slice(0, OFFER_FEATURED_PRODUCTS_MAX).map((product) => ({
      ...product,
      finalPrice: paiseToRupees(priceLine(product, terms).unit.finalPrice),
    })),
  };
}

export function OfferFormPreview({
  values,
  products,
  offerId,
}: {
  values: OfferFormValues;
  products: ProductSummary[];
  offerId: string | undefined;
}) {
  const { user } = useAuth();
  // The card's countdown ticks, and a start that passes shows the offer as running.
  const now = useNow(OFFER_COUNTDOWN_TICK_MS);
  const offer = toDraftOffer({ values, products, seller: user, offerId, now: new Date(now) });
  return (
    <section aria-label="Preview" className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
        Preview: how shoppers see it
      </h2>
      <OfferCard preview offer={offer} now={now} />
    </section>
  );
}
