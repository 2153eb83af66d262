// A Loot Box line's price as every Loot Box screen shows it (docs/product.md "Price calculation", "Shown
// price"; decision 0052): one line for the price and its badges, so the dropdown and the dialog never
// disagree.
import type { LootboxItem } from '../../../shared/contracts/lootbox.ts';
import { getOfferState, priceLine, type OfferLinePrice } from '../../../shared/domain/offers.ts';

/** The item at `quantity`, with the offer it was added with only while that offer runs (as the cart prices it). */
export function priceLootboxItem(
  item: LootboxItem,
  quantity: number,
  now: number = Date.now(),
): OfferLinePrice {
  const offer =
    item.appliedOffer && getOfferState(item.appliedOffer, now) === 'active' ? item.appliedOffer : null;
  return priceLine({ price: item.originalPrice, discount: item.discount }, offer, quantity);
}
