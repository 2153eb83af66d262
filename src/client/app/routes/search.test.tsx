// /search through the real route table and a real HTTP server (decision 0082): the sections in order with their
// counts and 'See all', an empty section hidden, nothing found, a corrected query, one section paged through, the
// error with Try Again, opening a klip, and Back from a product finding the page as it was.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KLIPS_MESSAGES } from '../../../shared/klip-messages.ts';
import { SEARCH_MESSAGES } from '../../../shared/search-messages.ts';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { HANDOFF_KEY } from '../../features/klips/klip-handoff.ts';
import { createTestProductSummary } from '../../test/fixtures.ts';
import { installTestIntersectionObserver } from '../../test/intersection-observer.ts';
import { createTestKlip } from '../../test/klip-fixtures.ts';
import { createTestOffer, createTestProductDetail } from '../../test/offer-fixtures.ts';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../test/render-app.tsx';
import {
  createSearchAnswer,
  createSearchPageAnswer,
  createTestShopStar,
} from '../../test/search-fixtures.ts';

const server = createApiTestServer();
const viewport = installTestIntersectionObserver();
beforeAll(async () => {
  await Promise.all([import('./search.tsx'), fetch(`${server.url}/warm-up`)]);
});
beforeEach(() => sessionStorage.clear());

const kurta = createTestProductSummary({ id: 'kurta', name: 'Indigo Kurta' });
const klip = createTestKlip({ id: 'k-1', title: 'Kurta styling' });
const kavya = createTestShopStar();
const offer = createTestOffer({ id: 'o-1', title: 'Kurta week' });

const renderSearch = (path: string) => renderApp(path, createTestAuthStore({ signedIn: false }));
/** The sections' headings, 'Name (count)' (an offer card has a heading of its own). */
const sectionHeadings = () =>
  within(screen.getByRole('main'))
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
    .filter((text) => /\(\d+\)$/.test(text ?? ''));
const searchRequests = (path = '/api/v1/search') =>
  server.requests.filter((request) => request.path === path);

describe('the search results page', () => {
  it('shows the sections in order with their counts and See all, and hides a section with nothing found', async () => {
    server.respond(
      'GET',
      '/api/v1/search',
      createSearchAnswer('kurta', { products: [kurta], klips: [klip], shopstars: [kavya] }, { products: 12 }),
    );
    const since = searchRequests().length;
    renderSearch('/search?q=kurta');

    expect(await screen.findByRole('heading', { level: 1, name: 'Results for "kurta"' })).toBeInTheDocument();
    await waitFor(() => expect(sectionHeadings()).toEqual(['Products (12)', 'Klips (1)', 'Shop Stars (1)']));
    const seeAll = screen.getAllByRole('link', { name: /^See all/ });
    expect(seeAll.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['See all Products', '/shop?search=kurta'],
      ['See all Klips', '/search?q=kurta&section=klips'],
      ['See all Shop Stars', '/search?q=kurta&section=shopstars'],
    ]);
    expect(
      searchRequests()
        .slice(since)
        .map((request) => request.query),
    ).toEqual([{ q: 'kurta' }]);

    expect(screen.getByRole('link', { name: /Indigo Kurta/ })).toHaveAttribute('href', '/product/kurta');
    expect(screen.getByRole('list', { name: 'Klips' })).toHaveTextContent('Kurta styling');
    const star = screen.getByRole('link', { name: /Kavya Crafts/ });
    expect(star).toHaveAttribute('href', '/shopstar/kavya.crafts');
    expect(star).toHaveTextContent('@kavya.crafts');
    // One line of the bio.
    expect(star).toHaveTextContent('Handmade in Jaipur.');
    expect(star).not.toHaveTextContent('Ships in two days.');
    expect(screen.queryByText(/Showing results for/)).toBeNull();
  });

  it('shows the offers section with the offer cards', async () => {
    server.respond('GET', '/api/v1/search', createSearchAnswer('diwali', { offers: [offer] }));
    renderSearch('/search?q=diwali');
    await waitFor(() => expect(sectionHeadings()).toEqual(['Offers (1)']));
    expect(screen.getByRole('article', { name: 'Kurta week' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all Offers' })).toHaveAttribute(
      'href',
      '/search?q=diwali&section=offers',
    );
  });

  it('shows skeletons while the results load', async () => {
    // Settled by the test whenever it likes, even before the request reaches the server.
    const results = Promise.withResolvers<ReturnType<typeof createSearchAnswer>>();
    server.respond('GET', '/api/v1/search', () => results.promise);
    renderSearch('/search?q=kurta');
    await screen.findByRole('heading', { level: 1, name: 'Results for "kurta"' });
    await waitFor(() => expect(document.querySelector('main [aria-busy="true"]')).not.toBeNull());
    expect(sectionHeadings()).toEqual([]);

    results.resolve(createSearchAnswer('kurta', { products: [kurta] }));
    await waitFor(() => expect(sectionHeadings()).toEqual(['Products (1)']));
    expect(document.querySelector('main [aria-busy="true"]')).toBeNull();
  });

  it('says nothing was found when every section is empty', async () => {
    server.respond('GET', '/api/v1/search', createSearchAnswer('zzqx'));
    renderSearch('/search?q=zzqx');
    expect(await screen.findByText(SEARCH_MESSAGES.noResults('zzqx'))).toBeInTheDocument();
    expect(sectionHeadings()).toEqual([]);
  });

  it('says what it searched for when it corrected the query, and not for a change of case', async () => {
    server.respond('GET', '/api/v1/search', (request) =>
      createSearchAnswer(request.query.q === 'headphnes' ? 'headphones' : 'silk saree', {
        products: [kurta],
      }),
    );
    const { router } = renderSearch('/search?q=headphnes');
    expect(await screen.findByText('Showing results for "headphones"')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for "headphnes"');

    await router.navigate('/search?q=Silk%20Saree');
    await screen.findByRole('heading', { level: 1, name: 'Results for "Silk Saree"' });
    await waitFor(() => expect(sectionHeadings()).toEqual(['Products (1)']));
    expect(screen.queryByText(/Showing results for/)).toBeNull();
  });

  it('pages through one section as it scrolls, with a way back to all results', async () => {
    const stars = [1, 2, 3].map((index) =>
      createTestShopStar({ uid: `u-${index}`, username: `star.${index}`, fullName: `Star ${index}` }),
    );
    server.respond('GET', '/api/v1/search/shopstars', (request) =>
      request.query.lastEvaluatedKey === 'page-2'
        ? createSearchPageAnswer(stars.slice(2), 3)
        : createSearchPageAnswer(stars.slice(0, 2), 3, 'page-2'),
    );
    const since = searchRequests('/api/v1/search/shopstars').length;
    const allSince = searchRequests().length;
    renderSearch('/search?q=star&section=shopstars');

    const list = await screen.findByRole('list', { name: 'Shop Stars' });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(2));
    expect(sectionHeadings()).toEqual(['Shop Stars (3)']);
    expect(screen.getByRole('link', { name: `← ${SEARCH_MESSAGES.allResults}` })).toHaveAttribute(
      'href',
      '/search?q=star',
    );

    viewport.scrollToEnd();
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(3));
    expect(
      searchRequests('/api/v1/search/shopstars')
        .slice(since)
        .map((request) => request.query),
    ).toEqual([{ q: 'star' }, { q: 'star', lastEvaluatedKey: 'page-2' }]);
    expect(searchRequests().length).toBe(allSince);
  });

  it('pages klips with the klip grid', async () => {
    server.respond('GET', '/api/v1/search/klips', createSearchPageAnswer([klip], 1));
    renderSearch('/search?q=kurta&section=klips');
    const list = await screen.findByRole('list', { name: 'Klips' });
    await waitFor(() => expect(list).toHaveTextContent('Kurta styling'));
    expect(sectionHeadings()).toEqual(['Klips (1)']);
  });

  it('shows a failed search with Try Again, which asks again', async () => {
    let fail = true;
    server.respond('GET', '/api/v1/search', () =>
      fail
        ? { status: 400, body: { success: false, message: 'Search is down' } }
        : createSearchAnswer('kurta', { products: [kurta] }),
    );
    renderSearch('/search?q=kurta');
    expect(await screen.findByText(SEARCH_MESSAGES.failed)).toBeInTheDocument();
    expect(screen.getByText('Search is down')).toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: APP_MESSAGES.tryAgain }));
    await waitFor(() => expect(sectionHeadings()).toEqual(['Products (1)']));
  });

  it('opens a klip on /klips through the autoplay hand-off', async () => {
    server.respond('GET', '/api/v1/search', createSearchAnswer('kurta', { klips: [klip] }));
    const { getLocation } = renderSearch('/search?q=kurta');
    const card = await screen.findByRole('button', { name: KLIPS_MESSAGES.viewInTheater });
    await userEvent.click(card);
    await waitFor(() => expect(getLocation()).toBe('/klips'));
    // Written for /klips, which takes it as it mounts.
    await waitFor(() => expect(sessionStorage.getItem(HANDOFF_KEY)).toBeNull());
  });

  it('comes back from a product to the same results without asking for them again', async () => {
    server.respond('GET', '/api/v1/search', createSearchAnswer('kurta', { products: [kurta] }));
    server.respond('GET', '/api/v1/products/kurta', {
      status: 200,
      body: { success: true, product: createTestProductDetail({ id: 'kurta', name: 'Indigo Kurta' }) },
    });
    const { router, getLocation } = renderSearch('/search?q=kurta');
    await userEvent.click(await screen.findByRole('link', { name: /Indigo Kurta/ }));
    await waitFor(() => expect(getLocation()).toBe('/product/kurta'));
    await screen.findByRole('heading', { level: 1, name: 'Indigo Kurta' });
    const asked = searchRequests().length;

    await router.navigate(-1);
    await waitFor(() => expect(sectionHeadings()).toEqual(['Products (1)']));
    expect(searchRequests().length).toBe(asked);
  });

  it('asks for words when there is no query', async () => {
    const since = searchRequests().length;
    renderSearch('/search');
    expect(
      await screen.findByRole('heading', { level: 1, name: SEARCH_MESSAGES.noQuery }),
    ).toBeInTheDocument();
    expect(searchRequests().length).toBe(since);
  });
});
