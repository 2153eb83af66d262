// The Klips page's search on what it has loaded while the debounced request runs (docs/product.md "Search"):
// case-insensitive, on the klip's title, description or tags, the fields the server searches too, so what shows
// while typing does not vanish when the server answers.
import type { Klip } from '../../../shared/contracts/klips.ts';

export function filterLoadedKlips(klips: Klip[], search: string): Klip[] {
  const text = search.trim().toLowerCase();
  if (!text) return klips;
  return klips.filter(
    (klip) =>
      klip.title.toLowerCase().includes(text) ||
      klip.description.toLowerCase().includes(text) ||
      klip.tags.some((tag) => tag.toLowerCase().includes(text)),
  );
}
