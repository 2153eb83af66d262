// Test answers for the offer form's tests (the form and the create and edit pages): the seller's catalogue as the
// picker pages through it, and an offer as GET /api/v1/offers/{id} answers.
import type { Offer } from '../../../../shared/contracts/offers.ts';
import type { ProductSummary } from '../../../../shared/contracts/products.ts';
import { createTestProductSummary } from '../../../test/fixtures.ts';
import type { RecordedRequest, TestResponse } from '../../../test/http-test-server.js';
import { TEST_USER } from '../../../test/render-app.tsx';

export const CATALOGUE: ProductSummary[] = [
  createTestProductSummary({ id: 'p1', name: 'Brass Diya', price: 1000, discount: 10, uid: TEST_USER.uid }),
  createTestProductSummary({ id: 'p2', name: 'Clay Lamp Set', price: 400, discount: 0, uid: TEST_USER.uid }),
  createTestProductSummary({ id: 'p3', name: 'Silk Dupatta', price: 2500, discount: 20, uid: TEST_USER.uid }),
];

/** GET /api/v1/content?type=product: matches the name, as the server's search does; pages of two. */
export function answerCatalogue(request: RecordedRequest): TestResponse {
  const search = (request.query.search ?? '').toLowerCase();
  const matching = CATALOGUE.filter((product) => product.name.toLowerCase().includes(search));
  const page = request.query.lastEvaluatedKey === 'page-2' ? matching.slice(2) : matching.slice(0, 2);
  const hasMore = !request.query.lastEvaluatedKey && matching.length > 2;
  return {
    status: 200,
    body: {
      success: true,
      items: page,
      total: matching.length,
      hasMore,
      lastEvaluatedKey: hasMore ? 'page-2' : null,
    },
  };
}

export function createTestOffer(changes: Partial<Offer> = {}): Offer {
  return {
    id: 'o1',
    contentId: 'o1',
    type: 'offer',
    status: 'active',
    state: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    uid: TEST_USER.uid,
    creatorUsername: TEST_USER.username,
    creatorAvatar: null,
    title: 'Festive week',
    description: 'Lamps for the festival',
    discountType: 'percentage',
    discountValue: 15,
    minPurchase: 0,
    maxDiscount: null,
    startDate: '2026-01-01T04:30:00.000Z',
    endDate: '2099-01-08T04:30:00.000Z',
    products: ['p1'],
    terms: ['One per shopper'],
    featuredProducts: [{ ...CATALOGUE[0]!, finalPrice: 765 }],
    ...changes,
  };
}
