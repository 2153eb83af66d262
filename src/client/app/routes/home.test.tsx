// Home as docs/product.md "Home loading" describes it: three calls that settle on their own, each section with
// its own message, sign-in prompts on 401, and one page-wide error (and toast) only when every call fails; Hot
// Deals at their offer price.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { priceLine } from '../../../shared/domain/offers.ts';
import { rupeesToPaise } from '../../../shared/domain/pricing.ts';
import { HOME_MESSAGES } from '../../../shared/home-messages.ts';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { createTestProductSummary } from '../../test/fixtures.ts';
import { createTestProductOffer } from '../../test/offer-fixtures.ts';
import type { RecordedRequest, TestResponse } from '../../test/http-test-server.js';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../test/render-app.tsx';

const server = createApiTestServer();

type Section = 'newArrivals' | 'deals' | 'categories';

function sectionOf(request: RecordedRequest): Section {
  if (request.query.type === 'categoryList') return 'categories';
  return request.query.source === 'activeOffers' ? 'deals' : 'newArrivals';
}

const product = (index: number) => ({
  id: `p${index}`,
  name: `Terracotta Planter ${index}`,
  description: '',
  price: 400 + index,
  discount: 0,
  category: 'Home - Decor',
  tags: [],
  images: [],
  uid: 'u9',
  creatorUsername: 'mitti.studio',
  creatorAvatar: null,
  rating: 0,
  ratingCount: 0,
  createdAt: new Date(2026, 10, index + 1).toISOString(),
});

const listOf = (count: number): TestResponse => ({
  status: 200,
  body: {
    success: true,
    items: Array.from({ length: count }, (_, index) => product(index)),
    lastEvaluatedKey: null,
    total: count,
    hasMore: false,
  },
});
const categoryList: TestResponse = {
  status: 200,
  body: {
    success: true,
    items: [{ id: 'Home', type: 'categoryList', name: 'Home', subcategories: [], productCount: 1234 }],
    lastEvaluatedKey: null,
    total: 1,
    hasMore: false,
  },
};
const failure = (status: number): TestResponse => ({ status, body: { success: false, message: 'nope' } });

function answer(responses: Record<Section, TestResponse>) {
  server.respond('GET', '/api/v1/content', (request) => responses[sectionOf(request)]);
}

function renderHome() {
  return renderApp('/', createTestAuthStore({ signedIn: false }));
}

const section = (name: string) => screen.getByRole('region', { name });

describe('home', () => {
  it('asks for 8 newest, 8 in active offers and 10 categories, and shows 6 new arrivals with counts on tiles', async () => {
    answer({ newArrivals: listOf(8), deals: listOf(2), categories: categoryList });
    server.requests.length = 0;
    renderHome();

    expect(await screen.findByText('Terracotta Planter 5')).toBeInTheDocument();
    expect(screen.queryByText('Terracotta Planter 6')).toBeNull();
    const queries = server.requests.map((request) => request.query);
    expect(queries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'product', sort: 'newest', limit: '8', status: 'active' }),
        expect.objectContaining({ type: 'product', source: 'activeOffers', limit: '8' }),
        expect.objectContaining({ type: 'categoryList', limit: '10' }),
      ]),
    );
    const deals = await screen.findAllByText(HOME_MESSAGES.dealBadge);
    expect(deals).toHaveLength(2);
    expect(await screen.findByText('1,234 products')).toBeInTheDocument();
  });

  it('shows each failed section its own text and keeps the others', async () => {
    answer({ newArrivals: failure(404), deals: listOf(0), categories: categoryList });
    renderHome();
    expect(await screen.findByText(HOME_MESSAGES.newArrivalsFailed)).toBeInTheDocument();
    expect(await screen.findByText(APP_MESSAGES.hotDealsEmpty)).toBeInTheDocument();
    expect(screen.queryByText(HOME_MESSAGES.allFailed)).toBeNull();
  });

  it('treats a list answer without items as that section failing', async () => {
    answer({
      newArrivals: { status: 200, body: { success: true, items: null } },
      deals: listOf(1),
      categories: categoryList,
    });
    renderHome();
    expect(await screen.findByText(HOME_MESSAGES.newArrivalsFailed)).toBeInTheDocument();
    expect(await screen.findByText(HOME_MESSAGES.dealBadge)).toBeInTheDocument();
  });

  it('asks to sign in when a section is refused with 401', async () => {
    answer({ newArrivals: listOf(1), deals: failure(401), categories: categoryList });
    renderHome();
    expect(await screen.findByText(HOME_MESSAGES.dealsSignIn)).toBeInTheDocument();
    expect(within(section('Hot Deals')).getByRole('link', { name: APP_MESSAGES.signIn })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it('shows one error with Try Again and a toast when every section fails', async () => {
    // 4xx: server errors are retried twice first, which only makes the test slower.
    answer({ newArrivals: failure(404), deals: failure(400), categories: failure(404) });
    renderHome();
    expect(await screen.findByText(HOME_MESSAGES.allFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: APP_MESSAGES.tryAgain })).toBeInTheDocument();
    expect(await screen.findByText(HOME_MESSAGES.allFailedToast)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'New Arrivals' })).toBeNull();
  });

  it('shows a Hot Deal at its own price with its offer to claim beside, priced as the server does', async () => {
    // ₹1,000 with 10% off is ₹900; 25% of that is ₹225, capped at ₹150: ₹750, as the server's finalPrice says.
    const deal = {
      ...createTestProductSummary({ id: 'lamp', name: 'Brass Lamp', price: 1000, discount: 10 }),
      activeOffer: createTestProductOffer({ discountValue: 25, maxDiscount: 150 }),
      finalPrice: 750,
    };
    const plain = createTestProductSummary({ id: 'vase', name: 'Clay Vase', price: 400, discount: 5 });
    expect(priceLine(deal, deal.activeOffer).unit.finalPrice).toBe(rupeesToPaise(deal.finalPrice));
    answer({
      newArrivals: {
        status: 200,
        body: { success: true, items: [plain], lastEvaluatedKey: null, total: 1, hasMore: false },
      },
      deals: {
        status: 200,
        body: { success: true, items: [deal], lastEvaluatedKey: null, total: 1, hasMore: false },
      },
      categories: categoryList,
    });
    renderHome();
    await screen.findByText('Brass Lamp');

    const card = within(await within(section('Hot Deals')).findByRole('article', { name: /Brass Lamp/ }));
    // docs/product.md "Shown price": a card claims nothing, so the price is ₹900 and the offer's ₹750 is beside.
    expect(card.getByText('₹900')).toBeInTheDocument();
    expect(card.getByText('₹1,000')).toHaveClass('line-through');
    expect(card.getByText('10% off')).toBeInTheDocument();
    expect(card.getByText('₹750 with offer')).toBeInTheDocument();
    expect(card.getByText(HOME_MESSAGES.dealBadge)).toBeInTheDocument();
    // A card without an offer is as before: its own discount.
    const plainCard = within(
      await within(section('New Arrivals')).findByRole('article', { name: /Clay Vase/ }),
    );
    expect(plainCard.getByText('₹380')).toBeInTheDocument();
    expect(plainCard.getByText('5% off')).toBeInTheDocument();
  });
});
