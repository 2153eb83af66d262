// /creator/{uid}/products through the real route table and a real HTTP server: the header, the pages loaded by
// scrolling, and the empty and error states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  INFINITE_SCROLL_MARGIN_PX,
  INFINITE_SCROLL_THRESHOLD,
  PRODUCT_SKELETONS_MORE,
} from '../../../shared/constants.ts';
import type { ProductSummary } from '../../../shared/contracts/products.ts';
import { USER_MESSAGES } from '../../../shared/creator-messages.ts';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { createTestProductSummary, createTestProfile } from '../../test/fixtures.ts';
import { installTestIntersectionObserver } from '../../test/intersection-observer.ts';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../test/render-app.tsx';

const server = createApiTestServer();
beforeAll(async () => {
  // The router loads the route lazily and the first fetch loads the HTTP stack: both here, not in a test's time.
  await Promise.all([import('./creator-products.tsx'), fetch(`${server.url}/warm-up`)]);
});

const viewport = installTestIntersectionObserver();

const profile = createTestProfile({
  uid: 'u-kavya',
  username: 'kavya.crafts',
  bio: '',
  stats: { productCount: 14, klipCount: 0, totalLikes: 0 },
  metadata: { contactInfo: { whatsapp: '', phone: '', email: '' } },
});

function createSummary(index: number): ProductSummary {
  return createTestProductSummary({
    id: `p-${index}`,
    name: `Brass Diya ${index}`,
    price: 500,
    uid: profile.uid,
    creatorUsername: profile.username,
  });
}

function servePage(indexes: number[], next: string | null, total = 14) {
  server.respond('GET', '/api/v1/content', {
    status: 200,
    body: {
      success: true,
      items: indexes.map(createSummary),
      lastEvaluatedKey: next,
      total,
      hasMore: next !== null,
    },
  });
}

function serveProfile() {
  server.respond('GET', `/api/v1/users/${profile.uid}/profile`, {
    status: 200,
    body: { success: true, data: profile },
  });
}

const listRequests = (since: number) =>
  server.requests.slice(since).filter((request) => request.path === '/api/v1/content');
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => from + index);
const productLinks = () => [...document.querySelectorAll('main a[href^="/product/"]')];

describe('a creator’s products', () => {
  it('shows the chip and count, then the next page when the end of the list comes into view', async () => {
    serveProfile();
    servePage(range(0, 12), 'cursor-12');
    const since = server.requests.length;
    renderApp(`/creator/${profile.uid}/products`, createTestAuthStore({ signedIn: false }));

    // (Text queries while waiting: role queries over the whole app layout are slow to repeat.)
    await screen.findByText('14 products');
    await screen.findByText('@kavya.crafts', { selector: 'a[href="/shopstar/kavya.crafts"] > span' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All products');
    // The chip at the top; each card has the @username too.
    expect(screen.getAllByRole('link', { name: '@kavya.crafts' })[0]).toHaveAttribute(
      'href',
      '/shopstar/kavya.crafts',
    );
    await waitFor(() => expect(productLinks()).toHaveLength(12));
    const [first] = listRequests(since);
    expect(first!.query).toMatchObject({
      type: 'product',
      status: 'active',
      uid: profile.uid,
      limit: '12',
    });
    expect(first!.query.lastEvaluatedKey).toBeUndefined();

    const [observer] = viewport.observers();
    expect(observer?.options).toEqual({
      threshold: INFINITE_SCROLL_THRESHOLD,
      rootMargin: `${INFINITE_SCROLL_MARGIN_PX}px`,
    });
    servePage(range(12, 14), null);
    viewport.scrollToEnd();
    await waitFor(() => expect(productLinks()).toHaveLength(14));
    expect(listRequests(since).map((request) => request.query.lastEvaluatedKey)).toEqual([
      undefined,
      'cursor-12',
    ]);
    // Nothing more to load: the sentinel is no longer watched.
    expect(viewport.observers()).toHaveLength(0);
  });

  it('shows skeletons while the next page loads', async () => {
    serveProfile();
    servePage(range(0, 12), 'cursor-12');
    renderApp(`/creator/${profile.uid}/products`, createTestAuthStore({ signedIn: false }));
    await waitFor(() => expect(productLinks()).toHaveLength(12));
    const grid = productLinks()[0]!.closest('article')!.parentElement!;
    // The next answer is a failure after a while (5xx are retried), long enough to see the skeletons.
    server.respond('GET', '/api/v1/content', { status: 503, body: { success: false, message: 'Busy' } });
    viewport.scrollToEnd();
    await waitFor(() =>
      expect(grid.querySelectorAll(':scope > [aria-hidden="true"]')).toHaveLength(PRODUCT_SKELETONS_MORE),
    );
  });

  it('says No products found when the creator has none', async () => {
    serveProfile();
    servePage([], null, 0);
    renderApp(`/creator/${profile.uid}/products`, createTestAuthStore({ signedIn: false }));
    await screen.findByText(APP_MESSAGES.productsEmpty);
    expect(await screen.findByText('0 products')).toBeInTheDocument();
  });

  it('shows the error with Try Again, which loads the list', async () => {
    serveProfile();
    server.respond('GET', '/api/v1/content', {
      status: 400,
      body: { success: false, message: 'Bad cursor' },
    });
    renderApp(`/creator/${profile.uid}/products`, createTestAuthStore({ signedIn: false }));
    const main = within(await screen.findByRole('main'));
    await main.findByText('Bad cursor');
    servePage(range(0, 3), null, 3);
    await userEvent.setup().click(main.getByRole('button', { name: APP_MESSAGES.tryAgain }));
    await waitFor(() => expect(productLinks()).toHaveLength(3));
  });

  it('says User not found for an unknown creator, with a way back to the Shop', async () => {
    const { getLocation } = renderApp('/creator/nobody/products', createTestAuthStore({ signedIn: false }));
    await screen.findByText(USER_MESSAGES.userNotFound);
    await userEvent.setup().click(screen.getByRole('link', { name: USER_MESSAGES.backToShop }));
    await waitFor(() => expect(getLocation()).toBe('/shop'));
  });
});
