// The Offers page's search on what it has loaded while the debounced request runs (docs/product.md "Search", as
// the Shop and Klips do): case-insensitive, on the offer's title, description, terms and its products' names.
import type { Offer } from '../../../shared/contracts/offers.ts';

export function filterLoadedOffers(items: Offer[], search: string): Offer[] {
  const text = search.trim().toLowerCase();
  if (!text) return items;
  return items.filter((offer) =>
    [
      offer.title,
      offer.description,
      ...offer.terms,
      ...offer.featuredProducts.map((product) => product.name),
    ].some((field) => field.toLowerCase().includes(text)),
  );
}
