// /product/{id} through the real route table and a real HTTP server: what the page says when the product cannot be
// shown (docs/product.md "Error texts: Product page"), the offer on it (docs/product.md "Offer on a product"), and
// 'Add to Loot' (docs/product.md "Cart (Loot Box) persistence", "Who sees what").
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '../../../shared/contracts/products.ts';
import { CATALOGUE_MESSAGES } from '../../../shared/catalogue-messages.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { OFFER_MESSAGES } from '../../../shared/offer-messages.ts';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { listLootboxSaves, serveLootbox } from '../../features/lootbox/lootbox-test-answers.ts';
import { readClaimedOfferId } from '../../features/offers/hooks/use-claimed-offer.ts';
import { createTestProductDetail, createTestProductOffer } from '../../test/offer-fixtures.ts';
import {
  createApiTestServer,
  createTestAuthStore,
  createTestSession,
  renderApp,
} from '../../test/render-app.tsx';

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
  /** The product as the server answers it; by default the offer o-1 (20%) is active on it. */
  const serveDiya = (changes: Partial<ProductDetail> = {}) =>
    server.respond('GET', '/api/v1/products/diya', {
      status: 200,
      body: { success: true, product: { ...diya, activeOffers: [createTestProductOffer()], ...changes } },
    });
  const priceBlock = () => within(screen.getByRole('region', { name: 'Price' }));
  const findInPrice = async (text: string) =>
    within(await screen.findByRole('region', { name: 'Price' })).findByText(text);
  const findInOfferPanel = async (text: string) =>
    within(await screen.findByRole('region', { name: 'Offer' })).findByText(text);
  const offerPanel = () => within(screen.getByRole('region', { name: 'Offer' }));
  const storedClaim = () => JSON.parse(sessionStorage.getItem('claimedOffer_diya') ?? 'null') as unknown;

  /** Opens the product as the Offers page's Claim does: with the offer in navigation state. */
  async function arriveWithClaim(offer = createTestProductOffer()) {
    const view = renderApp('/terms', createTestAuthStore({ signedIn: false }));
    await view.router.navigate('/product/diya', { state: { offer } });
    return view;
  }
  /** A reload: the page and its toasts go; the session's storage stays. */
  function reload(view: { unmount: () => void }) {
    view.unmount();
    act(() => toast.remove());
    return renderApp('/product/diya', createTestAuthStore({ signedIn: false }));
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
    expect(readClaimedOfferId('diya')).toBe('o-1');
    // Which offer and its state only: never its terms.
    expect(storedClaim()).toEqual({ offerId: 'o-1', status: 'applied', removedAt: null });
  });

  it('applies the terms the server gives, not those in navigation state, and a seller’s edit on reload', async () => {
    serveDiya();
    // Navigation state says 90% off; the server says the offer is 20%.
    const first = await arriveWithClaim(createTestProductOffer({ discountValue: 90 }));
    expect(await findInPrice('₹360')).toBeInTheDocument();

    // The seller changes the offer to 50%: ₹450 - ₹225.
    serveDiya({ activeOffers: [createTestProductOffer({ discountValue: 50 })] });
    reload(first);
    expect(await findInPrice('₹225')).toBeInTheDocument();
    expect(priceBlock().getByText('-₹225')).toBeInTheDocument();
  });

  it('says a claimed offer that is no longer active on the product has ended, and offers the current one', async () => {
    const current = createTestProductOffer({ offerId: 'o-2', discountType: 'fixed', discountValue: 100 });
    serveDiya({ activeOffer: current, activeOffers: [current] });
    await arriveWithClaim(createTestProductOffer({ offerId: 'o-gone' }));

    expect(await findInOfferPanel(OFFER_MESSAGES.ended)).toBeInTheDocument();
    expect(priceBlock().getByText('₹450')).toBeInTheDocument();
    expect(screen.queryByText(OFFER_MESSAGES.claimed)).toBeNull();
    expect(offerPanel().getByText(/₹100 off/)).toBeInTheDocument();
    await waitFor(() => expect(storedClaim()).toBeNull());
    expect(readClaimedOfferId('diya')).toBeNull();

    await userEvent.click(offerPanel().getByRole('button', { name: OFFER_MESSAGES.claimOffer }));
    expect(await findInPrice('₹350')).toBeInTheDocument();
    expect(readClaimedOfferId('diya')).toBe('o-2');
  });

  it('reads a stored claim that does not parse as nothing claimed', async () => {
    sessionStorage.setItem('claimedOffer_diya', '{"offer":');
    serveDiya({ activeOffer: createTestProductOffer() });
    renderApp('/product/diya', createTestAuthStore({ signedIn: false }));

    expect(await findInPrice('₹450')).toBeInTheDocument();
    expect(offerPanel().getByRole('button', { name: OFFER_MESSAGES.claimOffer })).toBeInTheDocument();
    expect(readClaimedOfferId('diya')).toBeNull();
  });

  it('removes the offer, counts down five seconds on the same focused button, then reapplies it', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    serveDiya();
    await arriveWithClaim();
    await findInPrice('₹360');

    const button = offerPanel().getByRole('button', { name: OFFER_MESSAGES.remove });
    await userEvent.click(button);
    expect(await screen.findByText(OFFER_MESSAGES.removed)).toBeInTheDocument();
    expect(priceBlock().getByText('₹450')).toBeInTheDocument();
    expect(priceBlock().queryByText(OFFER_MESSAGES.offerDiscountLine)).toBeNull();
    expect(priceBlock().getByText('Total Savings: ₹50')).toBeInTheDocument();
    // The same control, still focused, now the countdown and not usable.
    expect(button).toHaveTextContent(OFFER_MESSAGES.reapplyCountdown(5));
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    expect(readClaimedOfferId('diya')).toBeNull();
    await userEvent.click(button);
    expect(button).toHaveTextContent(OFFER_MESSAGES.reapplyCountdown(5));

    act(() => vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent(OFFER_MESSAGES.reapplyCountdown(4));
    act(() => vi.advanceTimersByTime(4000));
    expect(button).toHaveAccessibleName(OFFER_MESSAGES.reapply);
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).toHaveFocus();
    await userEvent.click(button);

    expect(await screen.findByText(OFFER_MESSAGES.reapplied)).toBeInTheDocument();
    expect(priceBlock().getByText('₹360')).toBeInTheDocument();
    expect(priceBlock().getByText(OFFER_MESSAGES.offerDiscountLine)).toBeInTheDocument();
    expect(button).toHaveAccessibleName(OFFER_MESSAGES.remove);
    expect(readClaimedOfferId('diya')).toBe('o-1');
  });

  it('keeps a claimed offer over a reload, and a removed one’s cooldown keeps counting from Remove', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    serveDiya();
    const first = await arriveWithClaim();
    await findInPrice('₹360');

    const second = reload(first);
    expect(await findInPrice('₹360')).toBeInTheDocument();
    expect(screen.queryByText(OFFER_MESSAGES.claimed)).toBeNull();
    await userEvent.click(offerPanel().getByRole('button', { name: OFFER_MESSAGES.remove }));
    act(() => vi.advanceTimersByTime(2000));

    reload(second);
    expect(await findInPrice('₹450')).toBeInTheDocument();
    expect(offerPanel().getByRole('button')).toHaveTextContent(OFFER_MESSAGES.reapplyCountdown(3));
    act(() => vi.advanceTimersByTime(3000));
    expect(offerPanel().getByRole('button')).toHaveAccessibleName(OFFER_MESSAGES.reapply);
  });

  it('takes nothing off below the minimum purchase, and says how much more is needed', async () => {
    const offer = createTestProductOffer({ minPurchase: 1000 });
    serveDiya({ activeOffers: [offer] });
    await arriveWithClaim(offer);

    expect(await findInOfferPanel(OFFER_MESSAGES.addMore('₹550'))).toBeInTheDocument();
    expect(priceBlock().getByText('₹450')).toBeInTheDocument();
    expect(priceBlock().queryByText(OFFER_MESSAGES.offerDiscountLine)).toBeNull();
  });

  it('offers the offer the product carries when the shopper arrives from elsewhere, and Claim Offer applies it', async () => {
    const offer = createTestProductOffer({ discountType: 'fixed', discountValue: 200 });
    serveDiya({ activeOffer: offer, activeOffers: [offer] });
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
    const offer = createTestProductOffer({ endDate: new Date(Date.now() + 3000).toISOString() });
    serveDiya({ activeOffers: [offer] });
    await arriveWithClaim(offer);
    await findInPrice('₹360');

    act(() => vi.advanceTimersByTime(3000));
    expect(priceBlock().getByText('₹450')).toBeInTheDocument();
    expect(priceBlock().queryByText(OFFER_MESSAGES.offerDiscountLine)).toBeNull();
    expect(offerPanel().getByText(OFFER_MESSAGES.ended)).toBeInTheDocument();
    expect(offerPanel().queryByRole('button')).toBeNull();
  });
});

describe('Add to Loot on the product page', () => {
  // ₹500 with 10% off is ₹450; the claimed offer's 20% of that is ₹90 off: ₹360.
  const diya = createTestProductDetail({ id: 'diya', name: 'Brass Diya', price: 500, discount: 10 });
  const offer = createTestProductOffer();
  let answers: ReturnType<typeof serveLootbox>;
  let from = 0;

  beforeEach(() => {
    sessionStorage.clear();
    server.respond('GET', '/api/v1/products/diya', {
      status: 200,
      body: { success: true, product: { ...diya, activeOffers: [offer] } },
    });
    answers = serveLootbox(server, {
      diya: { name: 'Brass Diya', price: 500, discount: 10, offers: [offer] },
      lamp: { name: 'Clay Lamp', price: 300, discount: 0 },
    });
    from = server.requests.length;
  });
  const saves = () => listLootboxSaves(server, from);
  const addButton = () => screen.findByRole('button', { name: LOOTBOX_MESSAGES.addToLoot });

  it('sits beside Loot Now, is busy while adding, says Added to your Loot Box, and counts in the header', async () => {
    // Held until answerLoad, whether the cart's first read arrives before or after it is called.
    let answerLoad!: () => void;
    const loadAnswered = new Promise<void>((resolve) => {
      answerLoad = resolve;
    });
    server.respond('GET', '/api/v1/lootbox', async () => {
      await loadAnswered;
      return { status: 200, body: { success: true, lootboxes: [], nextToken: null } };
    });
    renderApp('/product/diya', createTestAuthStore({ signedIn: true }));
    const button = await addButton();
    expect(
      within(screen.getByTestId('product-actions')).getByRole('button', { name: 'Loot Now' }),
    ).toBeVisible();

    // The cart is still loading: the add waits for it, busy.
    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    answerLoad();
    expect(await screen.findByText(LOOTBOX_MESSAGES.added)).toBeInTheDocument();
    expect(button).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Loot Box, 1 item' })).toBeInTheDocument();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body.items).toEqual([
      expect.objectContaining({ productId: 'diya', quantity: 1, appliedOfferId: null }),
    ]);
  });

  it.each([
    ['applied', 'o-1', 360],
    ['removed', null, 450],
  ] as const)('adds with the claim %s: appliedOfferId %s, total ₹%s', async (status, applied, total) => {
    sessionStorage.setItem(
      'claimedOffer_diya',
      JSON.stringify({ offerId: 'o-1', status, removedAt: status === 'removed' ? Date.now() : null }),
    );
    renderApp('/product/diya', createTestAuthStore({ signedIn: true }));
    await userEvent.click(await addButton());
    await screen.findByText(LOOTBOX_MESSAGES.added);
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body.items[0]).toMatchObject({ productId: 'diya', appliedOfferId: applied });
    expect(answers.state.lootbox?.totalValue).toBe(total);
  });

  it('says Failed to add to Loot Box when the Loot Box is full', async () => {
    const full = Array.from({ length: 100 }, (_, index) => ({ productId: `p-${index}`, quantity: 1 }));
    const catalogue = Object.fromEntries(
      full.map((item) => [item.productId, { name: item.productId, price: 10, discount: 0 }]),
    );
    answers = serveLootbox(server, { ...catalogue, diya: { name: 'Brass Diya', price: 500, discount: 10 } });
    answers.saveElsewhere(full, 1);
    renderApp('/product/diya', createTestAuthStore({ signedIn: true }));
    await userEvent.click(await addButton());
    expect(await screen.findByText(LOOTBOX_MESSAGES.addFailed)).toBeInTheDocument();
    expect(screen.queryByText(LOOTBOX_MESSAGES.added)).toBeNull();
  });

  it('signed out, goes to sign in remembering the page, and adds the product once signed in', async () => {
    const store = createTestAuthStore({ signedIn: false });
    const view = renderApp('/product/diya', store);
    await userEvent.click(await addButton());
    await waitFor(() => expect(view.getLocation()).toBe('/auth/login?redirectTo=%2Fproduct%2Fdiya'));
    expect(saves()).toEqual([]);
    expect(screen.queryByText(LOOTBOX_MESSAGES.added)).toBeNull();

    act(() => store.setSession(createTestSession()));
    await waitFor(() => expect(view.getLocation()).toBe('/product/diya'));
    expect(await screen.findByText(LOOTBOX_MESSAGES.added)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Loot Box, 1 item' })).toBeInTheDocument();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ method: 'POST', body: { items: [{ productId: 'diya' }] } });
    // Added once: a reload after this adds nothing more.
    expect(sessionStorage.getItem('lootboxPendingAdds')).toBeNull();
  });
});
