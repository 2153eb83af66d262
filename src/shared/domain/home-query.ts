// Home's New Arrivals request, built in one place: the client's Home asks it, and the server's page preload
// (src/server/http/page-preloads.ts) asks the same ahead of the app and sends the answer with the page, found again
// by its key (request-key.ts), so the phone's first row of cards is drawn with the page (decision 0054b).
import { HOME_PRODUCTS_LIMIT } from '../constants.ts';

/** GET /api/v1/content's query for Home's New Arrivals (docs/product.md "Home", "Content"): newest first. */
export function getNewArrivalsQuery(): Record<string, string> {
  return { status: 'active', type: 'product', sort: 'newest', limit: String(HOME_PRODUCTS_LIMIT) };
}
