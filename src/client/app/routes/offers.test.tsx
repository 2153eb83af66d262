// /offers through the real route table and a real HTTP server (docs/product.md "Offers page"): the offers with their
// terms and products at the offer price, search, the empty, error and sign-in states, a countdown that reaches the
// end, and Claim opening the product with the offer applied.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Offer } from '../../../shared/contracts/offers.ts';
import { OFFER_MESSAGES } from '../../../shared/offer-messages.ts';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { toProductOffer } from '../../features/offers/product-offer.ts';
import { createTestProductSummary } from '../../test/fixtures.ts';
import { createTestOffer, createTestProductDetail } from '../../test/offer-fixtures.ts';
import { installTestIntersectionObserver } from '../../test/intersection-observer.ts';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../test/render-app.tsx';

const server = createApiTestServer();
const viewport = installTestIntersectionObserver();
beforeAll(async () => {
  await Promise.all([import('./offers.tsx'), import('./product.tsx'), fetch(`${server.url}/warm-up`)]);
});
beforeEach(() => sessionStorage.clear());
afterEach(() => vi.useRealTimers());

// ₹500 with 10% off is ₹450; 20% of that is ₹90 off: ₹360.
const diya = createTestProductSummary({ id: 'diya', name: 'Brass Diya', price: 500, discount: 10 });
const lamp = createTestProductSummary({ id: 'lamp', name: 'Clay Lamp', price: 300 });

const listAnswer = (items: Offer[]) => ({
  status: 200,
  body: { success: true, items, lastEvaluatedKey: null, total: items.length, hasMore: false },
});
const serveOffers = (pick: (query: Record<string, string>) => Offer[]) =>
  server.respond('GET', '/api/v1/content', (request) => listAnswer(pick(request.query)));
const renderOffers = () => renderApp('/offers', createTestAuthStore({ signedIn: false }));
const offerCard = (title: string) => screen.getByRole('article', { name: title });

describe('the Offers page', () => {
  it('shows each offer with its discount, minimum purchase, cap, countdown, terms and products at the offer price', async () => {
    serveOffers(() => [
      createTestOffer({
        minPurchase: 400,
        maxDiscount: 150,
        terms: ['One per order'],
        featuredProducts: [{ ...diya, finalPrice: 360 }],
      }),
    ]);
    renderOffers();

    const card = await screen.findByRole('article', { name: 'Diwali Dhamaka' });
    const inCard = within(card);
    expect(inCard.getByText('20% off')).toBeInTheDocument();
    expect(inCard.getByText('Min. purchase ₹400')).toBeInTheDocument();
    expect(inCard.getByText('Save up to ₹150')).toBeInTheDocument();
    expect(inCard.getByText(/^\d+d \d+h left$/)).toBeInTheDocument();
    expect(inCard.getByText('One per order')).toBeInTheDocument();
    expect(inCard.getByText('₹360')).toBeInTheDocument();
    expect(inCard.getByText('₹500')).toHaveClass('line-through');
    expect(inCard.getByRole('link', { name: 'Claim Brass Diya' })).toHaveAttribute('href', '/product/diya');
    const request = server.requests.findLast((recorded) => recorded.path === '/api/v1/content');
    expect(request?.query).toMatchObject({ type: 'offer', status: 'active', limit: '12' });
  });

  it('loads 12 at a time as the shopper scrolls to the end', async () => {
    const page = (from: number) =>
      Array.from({ length: 12 }, (_, index) =>
        createTestOffer({ id: `o-${from + index}`, title: `Offer ${from + index}` }),
      );
    server.respond('GET', '/api/v1/content', (request) => ({
      status: 200,
      body: request.query.lastEvaluatedKey
        ? { success: true, items: page(12).slice(0, 3), lastEvaluatedKey: null, total: 15, hasMore: false }
        : { success: true, items: page(0), lastEvaluatedKey: 'after-11', total: 15, hasMore: true },
    }));
    renderOffers();
    await screen.findByRole('article', { name: 'Offer 11' });
    expect(screen.queryByRole('article', { name: 'Offer 12' })).toBeNull();

    act(() => viewport.scrollToEnd());
    expect(await screen.findByRole('article', { name: 'Offer 14' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(15);
    const next = server.requests.findLast((request) => request.query.lastEvaluatedKey);
    expect(next?.query).toMatchObject({ type: 'offer', limit: '12', lastEvaluatedKey: 'after-11' });
  });

  it('says when there are no active offers', async () => {
    serveOffers(() => []);
    renderOffers();
    expect(await screen.findByText(OFFER_MESSAGES.offersEmpty)).toBeInTheDocument();
  });

  it('shows the failure with Try Again and a toast, and Try Again loads the offers', async () => {
    server.respond('GET', '/api/v1/content', { status: 400, body: { success: false, message: 'Bad query' } });
    renderOffers();
    expect(await screen.findByText(OFFER_MESSAGES.offersFailed)).toBeInTheDocument();
    // On the page and in the toast.
    await waitFor(() => expect(screen.getAllByText('Bad query')).toHaveLength(2));

    serveOffers(() => [createTestOffer({ featuredProducts: [{ ...lamp, finalPrice: 240 }] })]);
    await userEvent.click(screen.getByRole('button', { name: APP_MESSAGES.tryAgain }));
    expect(await screen.findByRole('article', { name: 'Diwali Dhamaka' })).toBeInTheDocument();
  });

  it('asks a visitor to sign in when the listing needs it', async () => {
    server.respond('GET', '/api/v1/content', {
      status: 401,
      body: { success: false, message: 'Unauthorized' },
    });
    renderOffers();
    expect(await screen.findByRole('heading', { name: 'Sign in to view Offers' })).toBeInTheDocument();
  });

  it('searches what is loaded at once, and asks the server for the text', async () => {
    let answerSearch = (_items: Offer[]) => {};
    const diwali = createTestOffer({ id: 'o-1', title: 'Diwali Dhamaka' });
    const monsoon = createTestOffer({ id: 'o-2', title: 'Monsoon Sale' });
    server.respond('GET', '/api/v1/content', (request) =>
      request.query.search
        ? new Promise((resolve) => {
            answerSearch = (items) => resolve(listAnswer(items));
          })
        : listAnswer([diwali, monsoon]),
    );
    renderOffers();
    await screen.findByRole('article', { name: 'Monsoon Sale' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search offers' }), 'monsoon');
    expect(screen.queryByRole('article', { name: 'Diwali Dhamaka' })).toBeNull();
    await waitFor(() =>
      expect(server.requests.some((request) => request.query.search === 'monsoon')).toBe(true),
    );
    act(() => answerSearch([monsoon]));
    expect(await screen.findByRole('article', { name: 'Monsoon Sale' })).toBeInTheDocument();
  });

  it('shows an offer that ends while the page is open as ended, with nothing to claim', async () => {
    // The card waits for the offer's end with a timeout; time also runs on, so the page's requests complete.
    vi.useFakeTimers({
      toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
    });
    const now = Date.now();
    serveOffers(() => [
      createTestOffer(
        { endDate: new Date(now + 3000).toISOString(), featuredProducts: [{ ...lamp, finalPrice: 240 }] },
        now,
      ),
    ]);
    renderOffers();
    await screen.findByRole('article', { name: 'Diwali Dhamaka' });
    expect(within(offerCard('Diwali Dhamaka')).getByText(/^00:00:0[23] left$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Claim Clay Lamp' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(3000));
    expect(within(offerCard('Diwali Dhamaka')).getByText(OFFER_MESSAGES.ended)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Claim Clay Lamp' })).toBeNull();
  });

  it('opens the product with the offer on Claim: the toast, and the offer price on its page', async () => {
    const offer = createTestOffer({ featuredProducts: [{ ...diya, finalPrice: 360 }] });
    serveOffers(() => [offer]);
    server.respond('GET', '/api/v1/products/diya', {
      status: 200,
      // The server lists the claimed offer among the product's active ones: the page takes its terms from there.
      body: {
        success: true,
        product: createTestProductDetail({ ...diya, activeOffer: toProductOffer(offer) }),
      },
    });
    const { getLocation } = renderOffers();
    await userEvent.click(await screen.findByRole('link', { name: 'Claim Brass Diya' }));

    await waitFor(() => expect(getLocation()).toBe('/product/diya'));
    expect(await screen.findByText(OFFER_MESSAGES.claimed)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(await main.findByText('₹360')).toBeInTheDocument();
    expect(main.getByText(OFFER_MESSAGES.offerDiscountLine)).toBeInTheDocument();
  });
});

describe("the owner's controls on an offer card", () => {
  it('shows Edit and Delete on the signed-in seller’s own offer only; Delete asks, then the card goes at once', async () => {
    let deleted = false;
    const own = createTestOffer({ id: 'o-own', title: 'My Own Sale', uid: 'u1' });
    const other = createTestOffer({ id: 'o-other', title: 'Someone Else Sale' });
    // The list's next answer is held back: the page must drop the card before it has one.
    let releaseList: () => void = () => undefined;
    const heldList = new Promise<void>((resolve) => (releaseList = resolve));
    server.respond('GET', '/api/v1/content', async () => {
      if (!deleted) return listAnswer([own, other]);
      await heldList;
      return listAnswer([other]);
    });
    server.respond('DELETE', '/api/v1/offers/o-own', () => {
      deleted = true;
      return { status: 200, body: { success: true } };
    });
    renderApp('/offers', createTestAuthStore({ signedIn: true }));

    const mine = within(await screen.findByRole('article', { name: 'My Own Sale' }));
    expect(await mine.findByRole('link', { name: 'Edit offer My Own Sale' })).toHaveAttribute(
      'href',
      '/edit-offer/o-own',
    );
    const theirs = within(offerCard('Someone Else Sale'));
    expect(theirs.queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(theirs.queryByRole('button', { name: /^Delete/ })).toBeNull();

    await userEvent.click(mine.getByRole('button', { name: 'Delete offer My Own Sale' }));
    const dialog = await screen.findByRole('alertdialog', { name: OFFER_MESSAGES.deleteTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(OFFER_MESSAGES.deleted)).toBeInTheDocument();
    expect(deleted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'My Own Sale', hidden: true })).toBeNull();
    expect(offerCard('Someone Else Sale')).toBeInTheDocument();
    releaseList();
  });

  it('shows a visitor no owner controls', async () => {
    serveOffers(() => [createTestOffer({ id: 'o-own', title: 'My Own Sale', uid: 'u1' })]);
    renderOffers();
    const card = within(await screen.findByRole('article', { name: 'My Own Sale' }));
    expect(card.queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(card.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});
