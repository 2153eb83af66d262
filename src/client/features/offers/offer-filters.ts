// The Offers page's search on what it has loaded while the debounced request runs (docs/product.md "Search", as
// the Shop and Klips do): case-insensitive, on the same fields the server searches (the offer's title and
// description, offers.repository.ts), so that what shows while typing does not vanish when the server answers.
import type { Offer } from '../../../shared/contracts/offers.ts';

export function filterLoadedOffers(items: Offer[], search: string): Offer[] {
  const text = search.trim().toLowerCase();
  if (!text) return items;
  return items.filter((offer) =>
    [offer.title, offer.description].some((field) => field.toLowerCase().includes(text)),
  );
}
