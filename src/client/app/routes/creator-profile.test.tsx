// /shopstar/{username} (the same screen as /profile/{userId}) through the real route table and a real HTTP server:
// the creator's klips (one row, then more on asking; a klip opens on /klips through the hand-off), the creator's
// products, all of them by infinite scroll, and what a failed load shows.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CREATOR_KLIPS_FIRST_SHOWN, PRODUCT_SKELETONS } from '../../../shared/constants.ts';
import type { Klip } from '../../../shared/contracts/klips.ts';
import type { Offer } from '../../../shared/contracts/offers.ts';
import { USER_MESSAGES } from '../../../shared/creator-messages.ts';
import { CREATOR_KLIPS_MESSAGES, KLIPS_MESSAGES } from '../../../shared/klip-messages.ts';
import { OFFER_MESSAGES } from '../../../shared/offer-messages.ts';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { HANDOFF_KEY } from '../../features/klips/klip-handoff.ts';
import { createTestProductSummary, createTestProfile } from '../../test/fixtures.ts';
import { createTestOffer } from '../../test/offer-fixtures.ts';
import { installTestIntersectionObserver } from '../../test/intersection-observer.ts';
import { createKlipListAnswer, createTestKlip } from '../../test/klip-fixtures.ts';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../test/render-app.tsx';

const server = createApiTestServer();
const viewport = installTestIntersectionObserver();
beforeAll(async () => {
  await Promise.all([import('./creator-profile.tsx'), fetch(`${server.url}/warm-up`)]);
});

const profile = createTestProfile({ uid: 'u-kavya', username: 'kavya.crafts', fullName: 'Kavya Crafts' });

function serveProfile() {
  server.respond('GET', `/api/v1/users/username/${profile.username}`, {
    status: 200,
    body: { success: true, data: profile },
  });
}

function createPage(from: number, to: number, next: string | null) {
  const items = Array.from({ length: to - from }, (_, index) =>
    createTestProductSummary({
      id: `p-${from + index}`,
      uid: profile.uid,
      creatorUsername: profile.username,
    }),
  );
  return {
    status: 200,
    body: { success: true, items, lastEvaluatedKey: next, total: 14, hasMore: next !== null },
  };
}

type Answer = { status: number; body: unknown };

/** GET /api/v1/content: products as given, klips (none unless told) by `type`. */
function serveContent(
  products: Answer | (() => Answer | Promise<Answer>),
  klips: Answer = createKlipListAnswer([]),
  offers: Answer = createOfferListAnswer([]),
) {
  server.respond('GET', '/api/v1/content', (request) =>
    request.query.type === 'klip'
      ? klips
      : request.query.type === 'offer'
        ? offers
        : typeof products === 'function'
          ? products()
          : products,
  );
}

function createOfferListAnswer(items: Offer[], lastEvaluatedKey: string | null = null): Answer {
  return {
    status: 200,
    body: { success: true, items, lastEvaluatedKey, total: items.length, hasMore: lastEvaluatedKey !== null },
  };
}

function servePage(from: number, to: number, next: string | null) {
  serveContent(createPage(from, to, next));
}

const createKlips = (from: number, to: number): Klip[] =>
  Array.from({ length: to - from }, (_, index) =>
    createTestKlip({ id: `k-${from + index}`, title: `Klip ${from + index}`, uid: profile.uid }),
  );
const klipCards = () => [...document.querySelectorAll<HTMLElement>('li[data-klip-id]')];

const productLinks = () => [...document.querySelectorAll('main a[href^="/product/"]')];

describe('a creator’s profile', () => {
  it('shows the product skeletons while the list loads', async () => {
    serveProfile();
    let answer = (_page: ReturnType<typeof createPage>) => {};
    serveContent(() => new Promise((resolve) => (answer = resolve)));
    renderApp(`/shopstar/${profile.username}`, createTestAuthStore({ signedIn: false }));
    await screen.findByRole('heading', { level: 1, name: 'Kavya Crafts' });
    const grid = screen.getByRole('heading', { level: 2, name: 'Products' }).nextElementSibling!;
    await waitFor(() =>
      expect(grid.querySelectorAll(':scope > [aria-hidden="true"]')).toHaveLength(PRODUCT_SKELETONS),
    );
    // The products' request has arrived (so its answer can be given).
    await waitFor(() =>
      expect(server.requests.some((request) => request.query.type === 'product')).toBe(true),
    );
    answer(createPage(0, 2, null));
    await waitFor(() => expect(productLinks()).toHaveLength(2));
  });

  it('loads the next page when the end of the list comes into view', async () => {
    serveProfile();
    servePage(0, 12, 'cursor-12');
    const since = server.requests.length;
    renderApp(`/shopstar/${profile.username}`, createTestAuthStore({ signedIn: false }));
    await waitFor(() => expect(productLinks()).toHaveLength(12));
    servePage(12, 14, null);
    viewport.scrollToEnd();
    await waitFor(() => expect(productLinks()).toHaveLength(14));
    const cursors = server.requests
      .slice(since)
      .filter((request) => request.path === '/api/v1/content' && request.query.type === 'product')
      .map((request) => [request.query.uid, request.query.lastEvaluatedKey]);
    expect(cursors).toEqual([
      [profile.uid, undefined],
      [profile.uid, 'cursor-12'],
    ]);
  });

  it('shows a failed list’s message with Try Again, which loads it', async () => {
    serveProfile();
    serveContent({ status: 400, body: { success: false, message: 'Bad cursor' } });
    renderApp(`/shopstar/${profile.username}`, createTestAuthStore({ signedIn: false }));
    const main = within(await screen.findByRole('main'));
    await main.findByText('Bad cursor');
    servePage(0, 3, null);
    await userEvent.setup().click(main.getByRole('button', { name: APP_MESSAGES.tryAgain }));
    await waitFor(() => expect(productLinks()).toHaveLength(3));
  });

  it('lists the creator’s klips, one row at first and more on asking', async () => {
    serveProfile();
    server.respond('GET', '/api/v1/content', (request) =>
      request.query.type === 'offer'
        ? createOfferListAnswer([])
        : request.query.type !== 'klip'
          ? createPage(0, 1, null)
          : request.query.lastEvaluatedKey
            ? createKlipListAnswer(createKlips(12, 14))
            : createKlipListAnswer(createKlips(0, 12), 'cursor-12'),
    );
    renderApp(`/shopstar/${profile.username}`, createTestAuthStore({ signedIn: false }));
    const list = await screen.findByRole('list', { name: "Kavya Crafts's klips" });
    await waitFor(() => expect(klipCards()).toHaveLength(CREATOR_KLIPS_FIRST_SHOWN));
    expect(
      screen.getByRole('heading', { level: 2, name: CREATOR_KLIPS_MESSAGES.heading }),
    ).toBeInTheDocument();
    const first = server.requests.find((request) => request.query.type === 'klip');
    expect(first?.query).toMatchObject({ uid: profile.uid, status: 'active', limit: '12' });
    expect(within(list).getAllByRole('link', { name: 'kavya.crafts' })[0]).toHaveAttribute(
      'href',
      '/shopstar/kavya.crafts',
    );

    // The next 12: the 8 loaded and the next page's.
    await userEvent.click(screen.getByRole('button', { name: CREATOR_KLIPS_MESSAGES.showMore }));
    await waitFor(() => expect(klipCards()).toHaveLength(14));
    const next = server.requests.findLast((request) => request.query.type === 'klip');
    expect(next?.query).toMatchObject({ uid: profile.uid, lastEvaluatedKey: 'cursor-12' });
    expect(screen.queryByRole('button', { name: CREATOR_KLIPS_MESSAGES.showMore })).toBeNull();
  });

  it('says No klips found when the creator has none', async () => {
    serveProfile();
    servePage(0, 1, null);
    renderApp(`/shopstar/${profile.username}`, createTestAuthStore({ signedIn: false }));
    expect(await screen.findByText(APP_MESSAGES.klipsEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CREATOR_KLIPS_MESSAGES.showMore })).toBeNull();
  });

  it('opens a klip on /klips through the autoplay hand-off', async () => {
    serveProfile();
    serveContent(createPage(0, 1, null), createKlipListAnswer(createKlips(0, 2)));
    const { getLocation } = renderApp(
      `/shopstar/${profile.username}`,
      createTestAuthStore({ signedIn: false }),
    );
    await waitFor(() => expect(klipCards()).toHaveLength(2));
    // Where the hand-off is read: /klips takes it as it mounts; here it is read as it was written.
    const written: string[] = [];
    const setItem = sessionStorage.setItem.bind(sessionStorage);
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation((key, value) => {
      written.push(value);
      setItem(key, value);
    });
    await userEvent.click(
      within(klipCards()[1]!).getByRole('button', { name: KLIPS_MESSAGES.viewInTheater }),
    );
    spy.mockRestore();
    await waitFor(() => expect(getLocation()).toBe('/klips'));
    expect(written.map((value) => JSON.parse(value).klipId)).toEqual(['k-1']);
    // Used up by the Klips page as it mounts (its chunk may still be loading when the path changes).
    await waitFor(() => expect(sessionStorage.getItem(HANDOFF_KEY)).toBeNull());
  });

  it('shows a failed klip list with Try Again, and the products still', async () => {
    serveProfile();
    serveContent(createPage(0, 2, null), { status: 400, body: { success: false, message: 'Bad uid' } });
    renderApp(`/shopstar/${profile.username}`, createTestAuthStore({ signedIn: false }));
    const main = within(await screen.findByRole('main'));
    await main.findByText('Bad uid');
    expect(main.getByText(KLIPS_MESSAGES.fetchFailed)).toBeInTheDocument();
    await waitFor(() => expect(productLinks()).toHaveLength(2));
    serveContent(createPage(0, 2, null), createKlipListAnswer(createKlips(0, 1)));
    await userEvent.click(main.getByRole('button', { name: APP_MESSAGES.tryAgain }));
    await waitFor(() => expect(klipCards()).toHaveLength(1));
  });

  it('says User not found for an unknown username', async () => {
    renderApp('/shopstar/nobody', createTestAuthStore({ signedIn: false }));
    await screen.findByText(USER_MESSAGES.userNotFound);
  });
});

describe("a creator's offers", () => {
  it('shows the creator’s active offers, with Edit and Delete only on the signed-in seller’s own', async () => {
    serveProfile();
    // The signed-in test seller is u1: one offer is theirs (as on their own page), one another seller's.
    serveContent(
      createPage(0, 1, null),
      createKlipListAnswer([]),
      createOfferListAnswer([
        createTestOffer({ id: 'o-own', title: 'Own Offer', uid: 'u1' }),
        createTestOffer({ id: 'o-kavya', title: 'Kavya Sale', uid: profile.uid }),
      ]),
    );
    renderApp(`/shopstar/${profile.username}`, createTestAuthStore({ signedIn: true }));

    const section = await screen.findByRole('region', { name: OFFER_MESSAGES.creatorOffersHeading });
    const own = within(within(section).getByRole('article', { name: 'Own Offer' }));
    expect(await own.findByRole('link', { name: 'Edit offer Own Offer' })).toHaveAttribute(
      'href',
      '/edit-offer/o-own',
    );
    expect(own.getByRole('button', { name: 'Delete offer Own Offer' })).toBeInTheDocument();
    const theirs = within(within(section).getByRole('article', { name: 'Kavya Sale' }));
    expect(theirs.queryByRole('link', { name: /^Edit/ })).toBeNull();
    const request = server.requests.findLast((recorded) => recorded.query.type === 'offer');
    expect(request?.query).toMatchObject({ status: 'active', userId: profile.uid });
  });

  it('shows the next page of the creator’s offers on Show more offers, until there are no more', async () => {
    serveProfile();
    const first = createTestOffer({ id: 'o-1', title: 'First Offer', uid: profile.uid });
    const second = createTestOffer({ id: 'o-2', title: 'Second Offer', uid: profile.uid });
    serveContent(
      createPage(0, 1, null),
      createKlipListAnswer([]),
      createOfferListAnswer([first], 'after-o-1'),
    );
    renderApp(`/shopstar/${profile.username}`, createTestAuthStore({ signedIn: false }));
    const section = await screen.findByRole('region', { name: OFFER_MESSAGES.creatorOffersHeading });
    expect(within(section).getAllByRole('article')).toHaveLength(1);
    expect(within(section).getByRole('article', { name: 'First Offer' })).toBeInTheDocument();

    serveContent(createPage(0, 1, null), createKlipListAnswer([]), createOfferListAnswer([second]));
    await userEvent.click(within(section).getByRole('button', { name: OFFER_MESSAGES.showMoreOffers }));
    await within(section).findByRole('article', { name: 'Second Offer' });
    expect(within(section).getAllByRole('article')).toHaveLength(2);
    const request = server.requests.findLast((recorded) => recorded.query.type === 'offer');
    expect(request?.query).toMatchObject({ userId: profile.uid, lastEvaluatedKey: 'after-o-1' });
    expect(within(section).queryByRole('button', { name: OFFER_MESSAGES.showMoreOffers })).toBeNull();
  });

  it('shows no offers section for a creator with none', async () => {
    serveProfile();
    servePage(0, 1, null);
    renderApp(`/shopstar/${profile.username}`, createTestAuthStore({ signedIn: false }));
    await waitFor(() =>
      expect(server.requests.some((recorded) => recorded.query.type === 'offer')).toBe(true),
    );
    expect(screen.queryByRole('region', { name: OFFER_MESSAGES.creatorOffersHeading })).toBeNull();
  });
});
