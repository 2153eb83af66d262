// /product/{id} through the real route table and a real HTTP server: what the page says when the product cannot be
// shown (docs/product.md "Error texts: Product page"), and the offer on it (docs/product.md "Offer on a product").
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '../../../shared/contracts/products.ts';
import { APP_MESSAGES, CATALOGUE_MESSAGES, OFFER_MESSAGES } from '../../../shared/messages.ts';
import { readClaimedOffer } from '../../features/offers/hooks/use-claimed-offer.ts';
import { createTestProductDetail, createTestProductOffer } from '../../test/offer-fixtures.ts';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../test/render-app.tsx';

const server = createApiTestServer();
beforeAll(async () => {
  await Promise.all([import('./product.tsx'), fetch(`${server.url}/warm-up`)]);
});

const renderProduct = () => renderApp('/product/p-1', createTestAuthStore({ signedIn: false }));

describe('a product that cannot be shown', () => {
  it('says Failed to load product details on the page and in a toast, with the failure’s text', async () => {
    // 4xx: server errors are retried twice first, which only makes the test slower.
    server.respond('GET', '/api/v1/products/p-1', {
      status: 400,
      body: { success: false, message: 'Bad id' },
    });
    renderProduct();
    await screen.findByText('Bad id');
    // The page's title and the toast.
    await waitFor(() => expect(screen.getAllByText(CATALOGUE_MESSAGES.productLoadFailed)).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/shop');
  });

  it('says Product not found for an unknown product, without a toast', async () => {
    server.respond('GET', '/api/v1/products/p-1', { status: 404, body: { success: false, message: 'Gone' } });
    renderProduct();
    expect(await screen.findAllByText(CATALOGUE_MESSAGES.productNotFound)).toHaveLength(1);
    expect(screen.queryByText(CATALOGUE_MESSAGES.productLoadFailed)).toBeNull();
  });

  it('says Product information not available for an answer without the product', async () => {
    server.respond('GET', '/api/v1/products/p-1', { status: 200, body: { success: true } });
    renderProduct();
    expect(await screen.findByText(APP_MESSAGES.productUnavailable)).toBeInTheDocument();
  });
});

describe('an offer on the product page', () => {
  // ₹500 with 10% off is ₹450; the offer's 20% of that is ₹90 off: ₹360, saving ₹140 in all.
  const diya = createTestProductDetail({ id: 'diya', name: 'Brass Diya', price: 500, discount: 10 });
  const serveDiya = (changes: Partial<ProductDetail> = {}) =>
    server.respond('GET', '/api/v1/products/diya', {
      status: 200,
      body: { success: true, product: { ...diya, ...changes } },
    });
  const priceBlock = () => within(screen.getByRole('region', { name: 'Price' }));
  const findInPrice = async (text: string) =>
    within(await screen.findByRole('region', { name: 'Price' })).findByText(text);
  const findInOfferPanel = async (text: string) =>
    within(await screen.findByRole('region', { name: 'Offer' })).findByText(text);
  const offerPanel = () => within(screen.getByRole('region', { name: 'Offer' }));

  /** Opens the product as the Offers page's Claim does: with the offer in navigation state. */
  async function arriveWithClaim(offer = createTestProductOffer()) {
    const view = renderApp('/terms', createTestAuthStore({ signedIn: false }));
    await view.router.navigate('/product/diya', { state: { offer } });
    return view;
  }

  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('applies an offer claimed on the Offers page: the toast, the offer price, its line and the savings', async () => {
    serveDiya();
    const { router } = await arriveWithClaim();

    expect(await screen.findByText(OFFER_MESSAGES.claimed)).toBeInTheDocument();
    expect(await findInPrice('₹360')).toBeInTheDocument();
    expect(priceBlock().getByText('₹500')).toHaveClass('line-through');
    expect(priceBlock().getByText(OFFER_MESSAGES.offerDiscountLine)).toBeInTheDocument();
    expect(priceBlock().getByText('-₹90')).toBeInTheDocument();
    expect(priceBlock().getByText('Total Savings: ₹140')).toBeInTheDocument();
    // Applied once: held in the session from here, not claimed again from the history entry.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(readClaimedOffer('diya')).toMatchObject({ offerId: 'o-1' });
  });

  it('removes the offer, counts down five seconds, then reapplies it', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    serveDiya();
    await arriveWithClaim();
    await findInPrice('₹360');

    await userEvent.click(offerPanel().getByRole('button', { name: OFFER_MESSAGES.remove }));
    expect(await screen.findByText(OFFER_MESSAGES.removed)).toBeInTheDocument();
    expect(priceBlock().getByText('₹450')).toBeInTheDocument();
    expect(priceBlock().queryByText(OFFER_MESSAGES.offerDiscountLine)).toBeNull();
    expect(priceBlock().getByText('Total Savings: ₹50')).toBeInTheDocument();
    expect(offerPanel().getByText(OFFER_MESSAGES.reapplyCountdown(5))).toBeInTheDocument();
    expect(readClaimedOffer('diya')).toBeNull();

    act(() => vi.advanceTimersByTime(1000));
    expect(offerPanel().getByText(OFFER_MESSAGES.reapplyCountdown(4))).toBeInTheDocument();
    expect(offerPanel().queryByRole('button', { name: OFFER_MESSAGES.reapply })).toBeNull();
    act(() => vi.advanceTimersByTime(4000));
    await userEvent.click(offerPanel().getByRole('button', { name: OFFER_MESSAGES.reapply }));

    expect(await screen.findByText(OFFER_MESSAGES.reapplied)).toBeInTheDocument();
    expect(priceBlock().getByText('₹360')).toBeInTheDocument();
    expect(priceBlock().getByText(OFFER_MESSAGES.offerDiscountLine)).toBeInTheDocument();
    expect(offerPanel().getByRole('button', { name: OFFER_MESSAGES.remove })).toBeInTheDocument();
  });

  it('keeps a claimed offer over a reload, and forgets it once removed', async () => {
    serveDiya();
    const first = await arriveWithClaim();
    await findInPrice('₹360');
    // A reload: the page and its toasts go; the session's storage stays.
    first.unmount();
    act(() => toast.remove());

    const second = renderApp('/product/diya', createTestAuthStore({ signedIn: false }));
    expect(await findInPrice('₹360')).toBeInTheDocument();
    expect(screen.queryByText(OFFER_MESSAGES.claimed)).toBeNull();
    await userEvent.click(offerPanel().getByRole('button', { name: OFFER_MESSAGES.remove }));
    second.unmount();

    renderApp('/product/diya', createTestAuthStore({ signedIn: false }));
    expect(await findInPrice('₹450')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Offer' })).toBeNull();
  });

  it('takes nothing off below the minimum purchase, and says how much more is needed', async () => {
    serveDiya();
    await arriveWithClaim(createTestProductOffer({ minPurchase: 1000 }));

    expect(await findInOfferPanel(OFFER_MESSAGES.addMore('₹550'))).toBeInTheDocument();
    expect(priceBlock().getByText('₹450')).toBeInTheDocument();
    expect(priceBlock().queryByText(OFFER_MESSAGES.offerDiscountLine)).toBeNull();
  });

  it('offers the offer the product carries when the shopper arrives from elsewhere, and Claim Offer applies it', async () => {
    serveDiya({ activeOffer: createTestProductOffer({ discountType: 'fixed', discountValue: 200 }) });
    renderApp('/product/diya', createTestAuthStore({ signedIn: false }));

    expect(await findInPrice('₹450')).toBeInTheDocument();
    expect(offerPanel().getByText(/₹200 off/)).toBeInTheDocument();
    await userEvent.click(offerPanel().getByRole('button', { name: OFFER_MESSAGES.claimOffer }));

    expect(await screen.findByText(OFFER_MESSAGES.claimed)).toBeInTheDocument();
    expect(priceBlock().getByText('₹250')).toBeInTheDocument();
    expect(priceBlock().getByText('-₹200')).toBeInTheDocument();
  });

  it('stops applying an offer that ends while the page is open', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    serveDiya();
    await arriveWithClaim(createTestProductOffer({ endDate: new Date(Date.now() + 3000).toISOString() }));
    await findInPrice('₹360');

    act(() => vi.advanceTimersByTime(3000));
    expect(priceBlock().getByText('₹450')).toBeInTheDocument();
    expect(priceBlock().queryByText(OFFER_MESSAGES.offerDiscountLine)).toBeNull();
    expect(offerPanel().getByText(OFFER_MESSAGES.ended)).toBeInTheDocument();
    expect(offerPanel().queryByRole('button')).toBeNull();
    expect(readClaimedOffer('diya')).toBeNull();
  });
});
