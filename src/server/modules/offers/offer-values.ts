// An offer's numbers as stored and as the wire carries them (decision 0035): a percentage offer's discount is
// basis points, a fixed one's paise, the minimum purchase and the cap paise; the wire has percent and rupees. The
// one place they are converted, for the offers module and for the products that carry an offer (Hot Deals, the
// product page).
import { OFFER_PERCENT_MAX } from '../../../shared/constants.ts';
import type { OfferDiscountType, OfferTerms } from '../../../shared/domain/offers.ts';
import {
  basisPointsToPercent,
  paiseToRupees,
  percentToBasisPoints,
  rupeesToPaise,
  type BasisPoints,
  type Paise,
} from '../../../shared/domain/pricing.ts';

/** An offer's discount terms as stored. */
export interface StoredOfferTerms {
  discountType: OfferDiscountType;
  /** Basis points for a percentage offer, paise for a fixed one. */
  discountValue: number;
  minPurchasePaise: Paise;
  /** null: no cap. */
  maxDiscountPaise: Paise | null;
}

/**
 * A discount value as stored, or null when it rounds to nothing (0.001 % is no discount) or is a percentage above
 * 100: the caller refuses those with the spec's texts.
 */
export function toStoredDiscountValue(discountType: OfferDiscountType, value: number): number | null {
  const stored = discountType === 'percentage' ? percentToBasisPoints(value) : rupeesToPaise(value);
  if (stored <= 0) return null;
  if (discountType === 'percentage' && stored > percentToBasisPoints(OFFER_PERCENT_MAX)) return null;
  return stored;
}

/** A cap as stored: 0 or less than a paisa is no cap (docs/product.md "Offer limits"). */
export function toStoredCap(maxDiscount: number | null | undefined): Paise | null {
  const paise = maxDiscount ? rupeesToPaise(maxDiscount) : null;
  return paise && paise > 0 ? paise : null;
}

/** A stored discount value as the wire has it: percent from basis points, rupees from paise. */
export function toWireDiscountValue(discountType: OfferDiscountType, stored: number): number {
  return discountType === 'percentage'
    ? basisPointsToPercent(stored as BasisPoints)
    : paiseToRupees(stored as Paise);
}

/** The stored terms as the wire and the price engine take them: percent or rupees. */
export function toWireTerms(stored: StoredOfferTerms): Required<OfferTerms> & { minPurchase: number } {
  return {
    discountType: stored.discountType,
    discountValue: toWireDiscountValue(stored.discountType, stored.discountValue),
    minPurchase: paiseToRupees(stored.minPurchasePaise),
    maxDiscount: stored.maxDiscountPaise === null ? null : paiseToRupees(stored.maxDiscountPaise),
  };
}
