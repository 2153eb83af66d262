// /shop through the real route table and a real HTTP server: filters arriving in navigation state, the search box
// and the URL, searching what is loaded while the request runs, the filtering overlay and the error state.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductSummary } from '../../../shared/contracts/products.ts';
import { requestKey } from '../../../shared/domain/request-key.ts';
import { getShopListQuery } from '../../../shared/domain/shop-query.ts';
import { CATALOGUE_MESSAGES } from '../../../shared/catalogue-messages.ts';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { createTestProductSummary } from '../../test/fixtures.ts';
import { installTestIntersectionObserver } from '../../test/intersection-observer.ts';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../test/render-app.tsx';

const server = createApiTestServer();
beforeAll(async () => {
  // The router loads the route lazily and the first fetch loads the HTTP stack: both here, not in a test's time.
  await Promise.all([import('./shop.tsx'), fetch(`${server.url}/warm-up`)]);
});

const viewport = installTestIntersectionObserver();

const kurta = createTestProductSummary({ id: 'kurta', name: 'Indigo Kurta', category: 'Fashion - Men' });
const saree = createTestProductSummary({ id: 'saree', name: 'Banarasi Saree', category: 'Fashion - Women' });
const lamp = createTestProductSummary({ id: 'lamp', name: 'Brass Lamp', category: 'Home - Decor' });
const silk = createTestProductSummary({ id: 'silk', name: 'Kanjivaram Silk', category: 'Fashion - Women' });

const createListAnswer = (items: ProductSummary[]) => ({
  status: 200,
  body: { success: true, items, lastEvaluatedKey: null, total: items.length, hasMore: false },
});

/** Answers the listing with `pick(query)`'s products, one page. */
function serveProducts(pick: (query: Record<string, string>) => ProductSummary[]) {
  server.respond('GET', '/api/v1/content', (request: { query: Record<string, string> }) =>
    createListAnswer(pick(request.query)),
  );
}

const shownProducts = () =>
  [...document.querySelectorAll('main a[href^="/product/"]')].map((link) =>
    link.getAttribute('href')!.slice('/product/'.length),
  );
const listRequests = (since: number) =>
  server.requests.slice(since).filter((request) => request.path === '/api/v1/content');
const searchBox = () =>
  within(screen.getByRole('main')).getByRole<HTMLInputElement>('searchbox', { name: 'Search products' });

describe('the shop', () => {
  it('applies a category and subcategory that arrive in navigation state, and keeps them in the URL', async () => {
    serveProducts((query) => (query.category === 'Fashion' ? [kurta, saree] : [kurta, saree, lamp]));
    const { router, getLocation } = renderApp('/terms', createTestAuthStore({ signedIn: false }));
    const since = server.requests.length;
    await router.navigate('/shop', { state: { category: 'Fashion', subcategory: 'Men' } });

    await waitFor(() => expect(getLocation()).toBe('/shop?category=Fashion&sub=Men'));
    await waitFor(() => expect(shownProducts()).toEqual(['kurta']));
    expect(router.state.location.state).toBeNull();
    expect(screen.getByRole('button', { name: 'Men', pressed: true })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 products in Fashion > Men')).toBeInTheDocument();
    expect(listRequests(since).every((request) => request.query.category === 'Fashion')).toBe(true);
  });

  it('keeps the search box in step with the URL', async () => {
    serveProducts(() => [kurta, saree, lamp]);
    const { router } = renderApp('/shop', createTestAuthStore({ signedIn: false }));
    await waitFor(() => expect(shownProducts()).toHaveLength(3));

    await router.navigate('/shop?search=diya');
    await waitFor(() => expect(searchBox()).toHaveValue('diya'));
    await router.navigate('/shop');
    await waitFor(() => expect(searchBox()).toHaveValue(''));
  });

  it('searches what is loaded at once, then shows the server’s answer for the text', async () => {
    let answerSearch = (_items: ProductSummary[]) => {};
    server.respond('GET', '/api/v1/content', (request: { query: Record<string, string> }) =>
      request.query.search
        ? new Promise((resolve) => {
            answerSearch = (items) => resolve(createListAnswer(items));
          })
        : createListAnswer([kurta, saree, lamp]),
    );
    const { getLocation } = renderApp('/shop', createTestAuthStore({ signedIn: false }));
    await waitFor(() => expect(shownProducts()).toEqual(['kurta', 'saree', 'lamp']));

    await userEvent.setup().type(searchBox(), 'SAREE');
    // Until the server answers the text: the loaded list, searched here.
    expect(shownProducts()).toEqual(['saree']);
    await waitFor(() => expect(getLocation()).toBe('/shop?search=SAREE'));
    await waitFor(() =>
      expect(server.requests.some((request) => request.query.search === 'SAREE')).toBe(true),
    );
    expect(shownProducts()).toEqual(['saree']);
    // The server's ranked answer is shown as it is, including what the typed text is not a part of.
    answerSearch([saree, silk]);
    await waitFor(() => expect(shownProducts()).toEqual(['saree', 'silk']));
  });

  it('pages a search’s results like any list once the server has answered, with the total above them', async () => {
    server.respond('GET', '/api/v1/content', (request: { query: Record<string, string> }) => ({
      status: 200,
      body: request.query.lastEvaluatedKey
        ? { success: true, items: [lamp], lastEvaluatedKey: null, total: 3, hasMore: false }
        : { success: true, items: [kurta, saree], lastEvaluatedKey: 'page-2', total: 3, hasMore: true },
    }));
    renderApp('/shop?search=with', createTestAuthStore({ signedIn: false }));
    await waitFor(() => expect(shownProducts()).toEqual(['kurta', 'saree']));
    expect(screen.getByText(CATALOGUE_MESSAGES.searchResults(3, 'with'))).toBeInTheDocument();

    viewport.scrollToEnd();
    await waitFor(() => expect(shownProducts()).toEqual(['kurta', 'saree', 'lamp']));
    expect(server.requests.at(-1)?.query).toMatchObject({ search: 'with', lastEvaluatedKey: 'page-2' });
  });

  it('shows the price range of the URL in its fields, also after Back', async () => {
    serveProducts(() => [kurta, saree, lamp]);
    const { router } = renderApp('/shop', createTestAuthStore({ signedIn: false }));
    await waitFor(() => expect(shownProducts()).toHaveLength(3));
    const user = userEvent.setup();
    await router.navigate('/shop?min=100&max=2500.5');
    // Grouped and with both paise digits, as every price.
    await user.click(await screen.findByRole('button', { name: '₹100 - ₹2,500.50' }));
    expect(screen.getByRole('spinbutton', { name: /Min Price/ })).toHaveValue(100);
    await router.navigate(-1);
    await user.click(await screen.findByRole('button', { name: 'Price' }));
    expect(screen.getByRole('spinbutton', { name: /Min Price/ })).toHaveValue(null);
    expect(screen.getByRole('spinbutton', { name: /Max Price/ })).toHaveValue(null);
  });

  it('closes the price popover on Esc and on a tap outside that still reaches a category chip', async () => {
    serveProducts(() => [kurta, saree, lamp]);
    const { getLocation } = renderApp('/shop', createTestAuthStore({ signedIn: false }));
    await waitFor(() => expect(shownProducts()).toHaveLength(3));
    const user = userEvent.setup();
    const priceButton = screen.getByRole('button', { name: 'Price' });

    await user.click(priceButton);
    expect(screen.getByRole('dialog', { name: 'Price range' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Price range' })).toBeNull());
    expect(priceButton).toHaveFocus();

    await user.click(priceButton);
    await user.click(screen.getByRole('button', { name: 'Fashion' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Price range' })).toBeNull());
    await waitFor(() => expect(getLocation()).toBe('/shop?category=Fashion'));
  });

  it('says so when Min Price is above Max Price, and applies nothing', async () => {
    serveProducts(() => [kurta, saree, lamp]);
    const { getLocation } = renderApp('/shop', createTestAuthStore({ signedIn: false }));
    await waitFor(() => expect(shownProducts()).toHaveLength(3));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Price' }));
    await user.type(screen.getByRole('spinbutton', { name: /Min Price/ }), '2000');
    await user.type(screen.getByRole('spinbutton', { name: /Max Price/ }), '500');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(CATALOGUE_MESSAGES.priceRangeInverted)).toBeInTheDocument();
    expect(getLocation()).toBe('/shop');
    await user.clear(screen.getByRole('spinbutton', { name: /Max Price/ }));
    await user.type(screen.getByRole('spinbutton', { name: /Max Price/ }), '5000');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(getLocation()).toBe('/shop?min=2000&max=5000'));
  });

  it('reads the URL’s filters as the server does: a category in any case, a price only when it is one', async () => {
    serveProducts(() => [kurta, saree]);
    const since = server.requests.length;
    renderApp('/shop?category=fashion&min=abc&max=-5', createTestAuthStore({ signedIn: false }));
    await waitFor(() => expect(shownProducts()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Fashion', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Price' })).toBeInTheDocument();
    const [request] = listRequests(since);
    expect(request!.query).not.toHaveProperty('minPrice');
    expect(request!.query).not.toHaveProperty('maxPrice');
  });

  it('asks first for the request the server preloads for the same URL, so the preloaded answer is used', async () => {
    serveProducts(() => [kurta]);
    for (const search of [
      '',
      '?category=fashion&sub=Men&search=silk&min=100&max=900',
      '?category=All&min=5',
    ]) {
      const since = server.requests.length;
      const { unmount } = renderApp(`/shop${search}`, createTestAuthStore({ signedIn: false }));
      await waitFor(() => expect(listRequests(since).length).toBeGreaterThan(0));
      const [first] = listRequests(since);
      // The server's page preload builds its request with getShopListQuery too (page-preloads.test.ts).
      const preloaded = new URLSearchParams(getShopListQuery(new URLSearchParams(search)));
      expect(requestKey(first!.path, new URLSearchParams(first!.query)), search).toBe(
        requestKey('/api/v1/content', preloaded),
      );
      unmount();
    }
  });

  it('shows Filtering products... when a filter changes, also one the list needs no request for', async () => {
    serveProducts(() => [kurta, saree, lamp]);
    renderApp('/shop?category=Fashion', createTestAuthStore({ signedIn: false }));
    await waitFor(() => expect(shownProducts()).toHaveLength(3));
    expect(screen.queryByText('Filtering products...')).toBeNull();
    const since = server.requests.length;

    await userEvent.setup().click(screen.getByRole('button', { name: 'Women', pressed: false }));
    await screen.findByText('Filtering products...');
    await waitFor(() => expect(screen.queryByText('Filtering products...')).toBeNull());
    expect(shownProducts()).toEqual(['saree']);
    expect(listRequests(since)).toHaveLength(0);
  });

  it('asks a visitor to sign in where the shop is for signed-in shoppers', async () => {
    server.respond('GET', '/api/v1/content', {
      status: 401,
      body: { success: false, message: 'Unauthorized - Please login again' },
    });
    renderApp('/shop?category=Fashion', createTestAuthStore({ signedIn: false }));
    const card = within(await screen.findByRole('region', { name: 'Sign in to view Shop' }));
    expect(card.getByRole('link', { name: APP_MESSAGES.signIn })).toHaveAttribute(
      'href',
      expect.stringContaining('/auth/login'),
    );
    expect(card.getByRole('link', { name: APP_MESSAGES.createAccount })).toBeInTheDocument();
    expect(screen.queryByText('Unauthorized - Please login again')).toBeNull();
  });

  it('asks for sign-in after sign-out where the shop is for signed-in shoppers, not showing what was loaded', async () => {
    serveProducts(() => [kurta, saree, lamp]);
    const store = createTestAuthStore({ signedIn: true });
    renderApp('/shop', store);
    await waitFor(() => expect(shownProducts()).toHaveLength(3));
    server.respond('GET', '/api/v1/content', {
      status: 401,
      body: { success: false, message: 'Unauthorized - Please login again' },
    });
    act(() => store.setSession(null));
    await screen.findByRole('region', { name: 'Sign in to view Shop' });
    expect(shownProducts()).toEqual([]);
  });

  it('shows a failed list’s message with Try Again, which loads it', async () => {
    server.respond('GET', '/api/v1/content', {
      status: 400,
      body: { success: false, message: 'Bad cursor' },
    });
    renderApp('/shop', createTestAuthStore({ signedIn: false }));
    const main = within(await screen.findByRole('main'));
    await main.findByText('Bad cursor');
    serveProducts(() => [lamp]);
    await userEvent.setup().click(main.getByRole('button', { name: APP_MESSAGES.tryAgain }));
    await waitFor(() => expect(shownProducts()).toEqual(['lamp']));
  });
});
