// Offers as client tests serve them (src/shared/contracts/offers.ts): whole contract objects, changed per test.
import type { Offer } from '../../shared/contracts/offers.ts';
import type { ProductDetail, ProductOffer, ProductSummary } from '../../shared/contracts/products.ts';
import { createTestProductSummary } from './fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A percentage offer running from a day ago to two days from `now`, on the products given. */
export function createTestOffer(changes: Partial<Offer> = {}, now: number = Date.now()): Offer {
  const id = changes.id ?? 'o-1';
  return {
    id,
    contentId: id,
    type: 'offer',
    status: 'active',
    state: 'active',
    createdAt: new Date(now - DAY).toISOString(),
    updatedAt: new Date(now - DAY).toISOString(),
    uid: 'u-kavya',
    creatorUsername: 'kavya.crafts',
    creatorAvatar: null,
    title: 'Diwali Dhamaka',
    description: 'Lamps and decor for the festival.',
    discountType: 'percentage',
    discountValue: 20,
    minPurchase: 0,
    maxDiscount: null,
    startDate: new Date(now - DAY).toISOString(),
    endDate: new Date(now + 2 * DAY).toISOString(),
    products: (changes.featuredProducts ?? []).map((product) => product.id),
    terms: ['One offer per order'],
    featuredProducts: [],
    ...changes,
  };
}

/** The offer as it travels to a product (navigation state, activeOffer). */
export function createTestProductOffer(
  changes: Partial<ProductOffer> = {},
  now: number = Date.now(),
): ProductOffer {
  return {
    offerId: 'o-1',
    title: 'Diwali Dhamaka',
    discountType: 'percentage',
    discountValue: 20,
    minPurchase: 0,
    maxDiscount: null,
    startDate: new Date(now - DAY).toISOString(),
    endDate: new Date(now + 2 * DAY).toISOString(),
    ...changes,
  };
}

/**
 * A product as its page reads it. Its activeOffers default to the activeOffer given, as the server's answer has
 * the best active offer among every active one.
 */
export function createTestProductDetail(
  changes: Partial<ProductSummary> & Pick<Partial<ProductDetail>, 'activeOffers'> = {},
): ProductDetail {
  const { activeOffers, ...summary } = changes;
  return {
    ...createTestProductSummary(summary),
    images: [],
    activeOffers: activeOffers ?? (summary.activeOffer ? [summary.activeOffer] : []),
    updatedAt: '2025-01-01T00:00:00.000Z',
    metadata: { contactInfo: { whatsapp: '', phone: '', email: '' }, externalLinks: [] },
  };
}
