// An offer as it travels to a product (docs/product.md "Applied offer"): only what the price engine needs and its
// name, the shape products carry as activeOffer and the Claim button puts in navigation state.
import type { Offer } from '../../../shared/contracts/offers.ts';
import type { ProductOffer } from '../../../shared/contracts/products.ts';

export function toProductOffer(offer: Offer): ProductOffer {
  return {
    offerId: offer.id,
    title: offer.title,
    discountType: offer.discountType,
    discountValue: offer.discountValue,
    minPurchase: offer.minPurchase,
    maxDiscount: offer.maxDiscount,
    startDate: offer.startDate,
    endDate: offer.endDate,
  };
}

/** Navigation state of a claim: /product/{id} applies this offer (docs/product.md "Offer on a product"). */
export interface ClaimState {
  offer: ProductOffer;
}
