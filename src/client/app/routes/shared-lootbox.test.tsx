// /shared-lootbox?products=... (docs/product.md "Shared Loot Box") against a real HTTP test server: the products in
// the link's order at today's prices with the total, the missing line, 'Add all to my Loot Box' through the cart,
// 'Loot Now' opening the seller's contact options, and every state the page can be in (loading, error with Try
// Again, empty, broken link, too many, nothing left).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductDetail } from '../../../shared/contracts/products.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { CONTACT_MESSAGES } from '../../../shared/product-messages.ts';
import { APP_MESSAGES } from '../../../shared/shell-messages.ts';
import { CartContext, type CartContextValue } from '../../features/lootbox/cart-context.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { createTestProductDetail, createTestProductOffer } from '../../test/offer-fixtures.ts';
import { createApiTestServer, createTestAuthStore } from '../../test/render-app.tsx';
import { AppProvider } from '../provider.tsx';

const server = createApiTestServer();
beforeAll(async () => {
  await Promise.all([import('./shared-lootbox.tsx'), fetch(`${server.url}/warm-up`)]);
});

// ₹24,999 less 10 % is ₹22,499.10; the 20 % offer capped at ₹1,500 takes it to ₹20,999.10.
const phone = createTestProductDetail({
  id: 'phone',
  name: 'Triple Camera 5G Phone 256 GB',
  price: 24999,
  discount: 10,
  creatorUsername: 'meera.gadgets',
  activeOffer: createTestProductOffer({ title: 'Phone Fest', maxDiscount: 1500 }),
  finalPrice: 20999.1,
});
const phoneCase: ProductDetail = {
  ...createTestProductDetail({
    id: 'case',
    name: 'Phone Case',
    price: 499,
    creatorUsername: 'meera.gadgets',
  }),
  metadata: { contactInfo: { whatsapp: '9876543210', phone: '', email: '' }, externalLinks: [] },
};
const charger = createTestProductDetail({ id: 'charger', name: 'Fast Charger', price: 1299, discount: 5 });

function serveShared(answer: (ids: string[]) => { status: number; body: unknown }) {
  server.respond('GET', '/api/v1/products/shared', (request) =>
    answer(String(request.query.products ?? '').split(',')),
  );
}
const answerWith = (products: ProductDetail[], missing: string[] = []) =>
  serveShared(() => ({ status: 200, body: { success: true, products, missing } }));

function createCart(changes: Partial<CartContextValue> = {}): CartContextValue {
  return {
    status: 'ready',
    items: [],
    itemCount: 0,
    totalValue: 0,
    lootboxId: null,
    addItem: vi.fn(async () => {}),
    addItems: vi.fn(async () => 0),
    removeItem: vi.fn(),
    updateQuantity: vi.fn(),
    clearCart: vi.fn(async () => {}),
    ...changes,
  };
}

function renderShared(search: string, { cart = createCart(), signedIn = true } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/shared-lootbox', lazy: () => import('./shared-lootbox.tsx') },
      { path: '/product/:id', element: <p>product page</p> },
      { path: '/shop', element: <p>shop page</p> },
    ],
    { initialEntries: [`/shared-lootbox${search}`] },
  );
  render(
    <AppProvider authStore={createTestAuthStore({ signedIn })} queryClient={createQueryClient()}>
      <CartContext.Provider value={cart}>
        <RouterProvider router={router} />
      </CartContext.Provider>
    </AppProvider>,
  );
  return { router, cart };
}

const requestsForShared = () =>
  server.requests.filter((request) => request.path === '/api/v1/products/shared');

describe('the shared Loot Box page', () => {
  it("shows the link's products in order at today's prices, the total of one of each, and how many are gone", async () => {
    answerWith([charger, phone, phoneCase], ['gone-1', 'gone-2']);
    // The phone was in its owner's box with its offer claimed: the link says so (docs/product.md "Shown price").
    renderShared(
      `?products=charger,phone,gone-1,case,gone-2&offers=phone:${phone.activeOffer!.offerId}&utm_source=lootklip`,
    );

    expect(await screen.findByRole('heading', { name: 'Shared Loot Box' })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Fast Charger',
      'Triple Camera 5G Phone 256 GB',
      'Phone Case',
    ]);
    const phoneItem = within(items[1]!);
    expect(phoneItem.getByRole('link', { name: 'Triple Camera 5G Phone 256 GB' })).toHaveAttribute(
      'href',
      '/product/phone',
    );
    expect(phoneItem.getByRole('link', { name: '@meera.gadgets' })).toHaveAttribute(
      'href',
      '/shopstar/meera.gadgets',
    );
    expect(phoneItem.getByText('₹20,999.10')).toBeInTheDocument();
    expect(phoneItem.getByText('₹24,999')).toHaveClass('line-through');
    // ₹20,999.10 is 16% below ₹24,999 (the one badge rule).
    expect(phoneItem.getByText('16% off')).toBeInTheDocument();
    expect(phoneItem.getByText('Phone Fest · 20% off')).toBeInTheDocument();
    // No discount, no offer: one price, nothing struck through.
    const caseItem = within(items[2]!);
    expect(caseItem.getByText('₹499')).not.toHaveClass('line-through');
    expect(caseItem.queryByText(/off$/)).toBeNull();
    // ₹1,234.05 + ₹20,999.10 + ₹499.
    expect(screen.getByTestId('shared-total')).toHaveTextContent('₹22,732.15');
    expect(screen.getByText('3 products shared with you')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 products are no longer available');
    expect(requestsForShared().at(-1)?.query.products).toBe('charger,phone,gone-1,case,gone-2');
    expect(document.title).toBe('Shared Loot Box · Lootklip');
  });

  it('shows an offer not claimed in the link beside the price, never as the price', async () => {
    answerWith([phone, phoneCase]);
    renderShared('?products=phone,case');
    const phoneItem = within(await screen.findByRole('listitem', { name: phone.name }));
    expect(phoneItem.getByText('₹22,499.10')).toBeInTheDocument();
    expect(phoneItem.getByText('10% off')).toBeInTheDocument();
    expect(phoneItem.getByText('Phone Fest · 20% off · ₹20,999.10 with offer')).toBeInTheDocument();
    // ₹22,499.10 + ₹499.
    expect(screen.getByTestId('shared-total')).toHaveTextContent('₹22,998.10');
  });

  it('adds every product with the offer it was priced with, and says how many the cart took as new', async () => {
    answerWith([phone, phoneCase, charger]);
    // Still loading (its items not known yet): the count is the cart's answer, not a guess from an empty list.
    const cart = createCart({ status: 'loading', addItems: vi.fn(async () => 1) });
    renderShared(`?products=phone,case,charger&offers=phone:${phone.activeOffer!.offerId}`, { cart });
    await userEvent.click(await screen.findByRole('button', { name: LOOTBOX_MESSAGES.addAll }));
    expect(cart.addItems).toHaveBeenCalledWith(
      [
        { id: 'phone', name: phone.name, price: 24999, discount: 10, thumbnail: null },
        { id: 'case', name: 'Phone Case', price: 499, discount: 0, thumbnail: null },
        { id: 'charger', name: 'Fast Charger', price: 1299, discount: 5, thumbnail: null },
      ],
      expect.any(Function),
    );
    const optionsFor = vi.mocked(cart.addItems).mock.calls[0]![1]!;
    expect(
      optionsFor({ id: 'phone', name: phone.name, price: 24999, discount: 10, thumbnail: null }),
    ).toEqual({
      offer: phone.activeOffer,
    });
    expect(optionsFor({ id: 'case', name: 'Phone Case', price: 499, discount: 0, thumbnail: null })).toEqual({
      offer: null,
    });
    expect(await screen.findByText(LOOTBOX_MESSAGES.addedAll(1))).toBeInTheDocument();
  });

  it('tells the shopper when the cart refuses', async () => {
    answerWith([phone]);
    const failing = createCart({
      addItems: vi.fn(async () => Promise.reject(new Error(LOOTBOX_MESSAGES.addFailed))),
    });
    renderShared('?products=phone', { cart: failing });
    await userEvent.click(await screen.findByRole('button', { name: LOOTBOX_MESSAGES.addAll }));
    expect(await screen.findByText(LOOTBOX_MESSAGES.addFailed)).toBeInTheDocument();
  });

  it('says nothing after Add all while signed out: the cart takes the visitor to sign in', async () => {
    answerWith([phone]);
    const { cart } = renderShared('?products=phone', { signedIn: false });
    await userEvent.click(await screen.findByRole('button', { name: LOOTBOX_MESSAGES.addAll }));
    expect(cart.addItems).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('button', { name: LOOTBOX_MESSAGES.addAll })).toBeEnabled());
    expect(screen.queryByText(LOOTBOX_MESSAGES.addedAll(1))).toBeNull();
  });

  it("opens the seller's contact options from 'Loot Now'", async () => {
    answerWith([phone, phoneCase]);
    renderShared('?products=phone,case');
    await userEvent.click(await screen.findByRole('button', { name: 'Loot Now: Phone Case' }));
    const dialog = await screen.findByRole('dialog', { name: CONTACT_MESSAGES.title });
    expect(within(dialog).getByText(CONTACT_MESSAGES.subtitle('Phone Case'))).toBeInTheDocument();
    expect(within(dialog).getByText(/WhatsApp/)).toBeInTheDocument();
  });

  it('shows skeletons while loading, then an error with Try Again that loads again', async () => {
    let fail = true;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.respond('GET', '/api/v1/products/shared', async () => {
      await held;
      // A 4xx: an answer, not a glitch, so the query client shows it at once instead of retrying.
      return fail
        ? { status: 429, body: { success: false, message: 'Too many requests. Please wait a moment.' } }
        : { status: 200, body: { success: true, products: [phone], missing: [] } };
    });
    renderShared('?products=phone');
    await screen.findByRole('heading', { name: 'Shared Loot Box' });
    expect(document.querySelectorAll('.animate-pulse').length).toBeGreaterThan(0);
    expect(screen.queryByRole('listitem')).toBeNull();
    release();
    const again = await screen.findByRole('button', { name: APP_MESSAGES.tryAgain });
    expect(document.querySelectorAll('.animate-pulse')).toHaveLength(0);
    fail = false;
    await userEvent.click(again);
    expect(await screen.findByRole('listitem', { name: phone.name })).toBeInTheDocument();
  });

  it('says a link with garbage ids is broken, and one with more than 50 too many, without asking the server', async () => {
    const before = requestsForShared().length;
    renderShared('?products=phone,<script>alert(1)</script>');
    expect(await screen.findByText(LOOTBOX_MESSAGES.sharedBadLink)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the Shop' })).toHaveAttribute('href', '/shop');
    document.body.innerHTML = '';

    const ids = Array.from({ length: 51 }, (_, index) => `p${index}`).join(',');
    renderShared(`?products=${ids}`);
    expect(await screen.findByText(LOOTBOX_MESSAGES.sharedTooMany(50))).toBeInTheDocument();
    expect(requestsForShared()).toHaveLength(before);
  });

  it('says when the link names nothing, or only products that are gone', async () => {
    renderShared('');
    expect(await screen.findByText(LOOTBOX_MESSAGES.sharedEmpty)).toBeInTheDocument();
    document.body.innerHTML = '';

    answerWith([], ['gone-1']);
    renderShared('?products=gone-1');
    expect(await screen.findByText(LOOTBOX_MESSAGES.sharedNoneLeft)).toBeInTheDocument();
    expect(screen.getByText(LOOTBOX_MESSAGES.sharedMissing(1))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LOOTBOX_MESSAGES.addAll })).toBeNull();
  });
});
