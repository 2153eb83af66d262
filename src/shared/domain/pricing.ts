// Prices of spec §4 "Price calculation" and §5: the product's own discount first, then an offer, never below 0.
import { CURRENCY, CURRENCY_LOCALE, CURRENCY_MAX_FRACTION_DIGITS } from '../constants.ts';

export type OfferDiscount = {
  discountType: 'percentage' | 'fixed';
  discountValue: number;
  /** Optional cap on the offer's discount. */
  maxDiscount?: number | null;
};

const roundPaise = (value: number) => Math.round(value * 100) / 100;

/** Price after the product's base discount percent (spec §5 "Cart": price times 1 minus discount/100). */
export function applyDiscount(price: number, discountPercent: number): number {
  const percent = Math.min(100, Math.max(0, discountPercent || 0));
  return roundPaise(price * (1 - percent / 100));
}

/** The offer's discount on an already discounted price: a percentage of it or a fixed amount, capped. */
export function calculateOfferDiscount(discountedPrice: number, offer: OfferDiscount): number {
  const raw =
    offer.discountType === 'percentage'
      ? (discountedPrice * Math.max(0, offer.discountValue)) / 100
      : Math.max(0, offer.discountValue);
  const capped = offer.maxDiscount && offer.maxDiscount > 0 ? Math.min(raw, offer.maxDiscount) : raw;
  return roundPaise(Math.min(capped, discountedPrice));
}

export interface PriceBreakdown {
  originalPrice: number;
  discountedPrice: number;
  offerDiscount: number;
  finalPrice: number;
  totalSavings: number;
}

export function calculatePrice(
  price: number,
  discountPercent: number,
  offer?: OfferDiscount | null,
): PriceBreakdown {
  const discountedPrice = applyDiscount(price, discountPercent);
  const offerDiscount = offer ? calculateOfferDiscount(discountedPrice, offer) : 0;
  const finalPrice = roundPaise(Math.max(0, discountedPrice - offerDiscount));
  return {
    originalPrice: price,
    discountedPrice,
    offerDiscount,
    finalPrice,
    totalSavings: roundPaise(price - finalPrice),
  };
}

const formatter = new Intl.NumberFormat(CURRENCY_LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 0,
  maximumFractionDigits: CURRENCY_MAX_FRACTION_DIGITS,
});

/** ₹1,23,456.5 in en-IN grouping. */
export function formatPrice(value: number): string {
  return formatter.format(value);
}
