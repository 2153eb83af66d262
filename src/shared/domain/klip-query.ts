// The klip list's request, built in one place: the client's /klips page and a creator's profile ask it, and the
// server's page preload (src/server/http/page-preloads.ts) asks the first page of /klips ahead of the app and sends
// the answer with the page, found again by its key (request-key.ts). Built twice, the two would drift apart and
// the preloaded answer would go unused.
import { DEFAULT_PAGE_SIZE } from '../constants.ts';

/** A klip list as the app asks for it (docs/product.md "Listings": GET /api/v1/content?type=klip). */
export type KlipListFilters = { search?: string | undefined; uid?: string | undefined };

/** The query of a klip list's first page; empty values are left out, as the app's API client leaves them. */
export function getKlipListQuery(filters: KlipListFilters): Record<string, string> {
  const query: Record<string, string | undefined> = {
    type: 'klip',
    status: 'active',
    limit: String(DEFAULT_PAGE_SIZE),
    search: filters.search,
    uid: filters.uid,
  };
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}
