// Which price a screen shows for a product in one state (docs/product.md "Shown price"; decision 0052): the offer
// prices it only when claimed; a running offer not claimed is shown beside, as an offer to claim with its price.
// Every surface (cards, the product page, link previews, the Loot Box, the shared page, the quote) asks here.
import {
  formatOfferDiscount,
  priceLine,
  type OfferLinePrice,
  type OfferTerms,
  type WirePrice,
} from './offers.ts';
import type { PriceBreakdown } from './pricing.ts';

export interface ShownPrice<T extends OfferTerms> {
  /** The price shown as the price: the product's own discount, and the offer only when it was claimed. */
  line: OfferLinePrice;
  /** The claimed offer that prices it (null when none was claimed). */
  claimedOffer: T | null;
  /** A running offer not claimed: shown beside the price, with the price it would give (null when none). */
  offerToClaim: { offer: T; line: OfferLinePrice } | null;
}

/**
 * One product line as shown (docs/product.md "Shown price"): `offer` is the offer running now that the screen
 * knows of (the claimed one, or the best one to claim), `claimed` whether the shopper claimed it (the product
 * page's claim, the Loot Box item added with it, a shared link's item that was).
 */
export function calculateShownPrice<T extends OfferTerms>(
  product: WirePrice,
  offer: T | null | undefined,
  claimed: boolean,
  quantity = 1,
): ShownPrice<T> {
  if (offer && claimed) {
    return { line: priceLine(product, offer, quantity), claimedOffer: offer, offerToClaim: null };
  }
  return {
    line: priceLine(product, null, quantity),
    claimedOffer: null,
    offerToClaim: offer ? { offer, line: priceLine(product, offer, quantity) } : null,
  };
}

/**
 * How far a price is below its list price, in whole percent rounded down (never more than it is): the one number
 * every discount badge shows, so two badges for one line always agree. 0 when it is not below.
 */
export function calculatePercentBelowList(
  unit: Pick<PriceBreakdown, 'originalPrice' | 'finalPrice'>,
): number {
  if (unit.originalPrice <= 0 || unit.finalPrice >= unit.originalPrice) return 0;
  return Math.floor(((unit.originalPrice - unit.finalPrice) * 100) / unit.originalPrice);
}

/** The discount badge ('49% off') of a shown price, or null when it is not below its list price by 1 % or more. */
export function formatBelowListBadge(
  unit: Pick<PriceBreakdown, 'originalPrice' | 'finalPrice'>,
): string | null {
  const percent = calculatePercentBelowList(unit);
  return percent > 0 ? formatOfferDiscount({ discountType: 'percentage', discountValue: percent }) : null;
}

/**
 * Whether an offer's title already says its discount ('20% off ethnic wear', 'Flat ₹200 off'): its number followed
 * by `%`/`percent`, or preceded by `₹`/`Rs`/`INR`, digit grouping ignored. Where it does, the discount is not shown
 * again beside the title (decision 0052).
 */
export function isDiscountInTitle(
  offer: Pick<OfferTerms, 'discountType' | 'discountValue'> & { title: string },
): boolean {
  // Digit grouping ('₹1,000', '₹1,00,000') does not hide the number.
  const text = offer.title.trim().replace(/(\d),(?=\d)/g, '$1');
  if (!text) return false;
  const number = String(Math.max(0, offer.discountValue)).replace('.', '\\.');
  const says =
    offer.discountType === 'fixed'
      ? new RegExp(`(₹|rs\\.?|inr)\\s*${number}(?![\\d.]*\\d)`, 'i')
      : new RegExp(`(?<![\\d.])${number}\\s*(%|percent)`, 'i');
  return says.test(text);
}

/**
 * An offer's label: its title and its discount ('Festive Days · 20% off'), but the title alone when it already
 * says the discount ('20% off ethnic wear', 'Flat ₹200 off'), so a label never repeats it.
 */
export function formatOfferLabel(
  offer: Pick<OfferTerms, 'discountType' | 'discountValue'> & { title: string },
): string {
  const title = offer.title.trim();
  const discount = formatOfferDiscount(offer);
  if (!title) return discount;
  return isDiscountInTitle(offer) ? title : `${title} · ${discount}`;
}

/** A product as its page's answer carries its offers running now: the best one, and all of them. */
export interface ProductWithOffers<T extends OfferTerms & { offerId: string }> extends WirePrice {
  activeOffer?: T | null | undefined;
  activeOffers?: readonly T[] | undefined;
}

/**
 * A product shown with the id of the offer claimed for it, if any (a shared Loot Box link's item): that offer
 * prices it while it runs (is among activeOffers); otherwise the best offer running is shown as one to claim.
 */
export function calculateShownPriceWithClaim<T extends OfferTerms & { offerId: string }>(
  product: ProductWithOffers<T>,
  claimedOfferId: string | null | undefined,
  quantity = 1,
): ShownPrice<T> {
  const claimed = claimedOfferId
    ? product.activeOffers?.find((offer) => offer.offerId === claimedOfferId)
    : undefined;
  return claimed
    ? calculateShownPrice(product, claimed, true, quantity)
    : calculateShownPrice(product, product.activeOffer ?? null, false, quantity);
}
