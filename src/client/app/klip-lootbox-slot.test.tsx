// The product card on a klip as the app composes it (docs/product.md "Add to Loot Box from a klip", "Klip
// interaction", "Displayed price when not supplied"): the product's price in whole rupees after its discount and
// its offer, Add to Loot into the real cart (one of it, marked as from a klip, with the offer), sign-in first when
// signed out, the preview text, no card without a product, and a failed fetch tried again after 1, 2 and 4 s
// before 'Unable to load product'.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_FETCH_RETRY_DELAYS_MS } from '../../shared/constants.ts';
import type { Klip } from '../../shared/contracts/klips.ts';
import { KLIPS_MESSAGES } from '../../shared/klip-messages.ts';
import { LOOTBOX_MESSAGES } from '../../shared/lootbox-messages.ts';
import { KlipProductCard } from '../features/klips/components/klip-product-card.tsx';
import { createTestKlip } from '../features/klips/test-klip.ts';
import { listLootboxSaves, serveLootbox } from '../features/lootbox/lootbox-test-answers.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { createTestProductDetail, createTestProductOffer } from '../test/offer-fixtures.ts';
import { createApiTestServer, createTestAuthStore } from '../test/render-app.tsx';
import { KlipLootBoxSlot } from './klip-lootbox-slot.tsx';
import { AppProvider } from './provider.tsx';
import { RootLayout } from './root-layout.tsx';

const server = createApiTestServer();
const offer = createTestProductOffer({ offerId: 'o-1', discountValue: 20 });
// ₹1,299.50 less 10%: ₹1,169.55; less the offer's 20%: ₹935.64, shown as ₹935 (whole rupees, rounded down).
const product = createTestProductDetail({
  id: 'p-1',
  name: 'Brass Diya',
  price: 1299.5,
  discount: 10,
  files: [{ type: 'image', url: 'https://media.example/diya.jpg' }],
  activeOffer: offer,
  finalPrice: 935.64,
  activeOffers: [offer],
});

function renderCard(klip: Klip, { signedIn = true, preview = false } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          {
            path: '/klips',
            element: (
              <KlipLootBoxSlot>
                <KlipProductCard klip={klip} preview={preview} />
              </KlipLootBoxSlot>
            ),
          },
          { path: '/auth/login', element: <p>Sign in page</p> },
          { path: '/product/:id', element: <p>Product page</p> },
        ],
      },
    ],
    { initialEntries: ['/klips'] },
  );
  render(
    <AppProvider authStore={createTestAuthStore({ signedIn })} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const productRequests = (from: number) =>
  server.requests.slice(from).filter((request) => request.path === '/api/v1/products/p-1');

beforeEach(() => {
  serveLootbox(server, { 'p-1': { name: 'Brass Diya', price: 1299.5, discount: 10, offers: [offer] } });
  server.respond('GET', '/api/v1/products/p-1', { status: 200, body: { success: true, product } });
});

describe('the product card on a klip', () => {
  it('shows the price in whole rupees and adds one of it, from a klip, with its offer', async () => {
    const from = server.requests.length;
    renderCard(createTestKlip());
    const card = await screen.findByTestId('klip-product-card');
    await within(card).findByText('Brass Diya');
    // docs/product.md "Shown price": the product's own price, the offer beside it with its price.
    expect(within(card).getByTestId('klip-product-price')).toHaveTextContent('₹1,169');
    expect(within(card).getByText('₹935 with offer')).toBeInTheDocument();
    expect(within(card).getByText('₹1,299')).toHaveClass('line-through');
    expect(within(card).getByRole('link', { name: /^Brass Diya/ })).toHaveAttribute('href', '/product/p-1');

    await userEvent.click(within(card).getByRole('button', { name: 'Add Brass Diya to your Loot Box' }));
    expect(await screen.findByText(LOOTBOX_MESSAGES.addedFromKlip)).toBeInTheDocument();
    await waitFor(() => expect(listLootboxSaves(server, from)).toHaveLength(1));
    const [save] = listLootboxSaves(server, from);
    expect(save?.body.items).toEqual([
      expect.objectContaining({ productId: 'p-1', quantity: 1, fromKlip: true, appliedOfferId: 'o-1' }),
    ]);
  });

  it('sends a signed-out visitor to sign in first, remembering the page', async () => {
    const router = renderCard(createTestKlip(), { signedIn: false });
    const card = await screen.findByTestId('klip-product-card');
    await userEvent.click(
      await within(card).findByRole('button', { name: 'Add Brass Diya to your Loot Box' }),
    );
    await screen.findByText('Sign in page');
    expect(router.state.location.search).toBe('?redirectTo=%2Fklips');
  });

  it('explains in preview that products are added from published klips, and adds nothing', async () => {
    const from = server.requests.length;
    renderCard(createTestKlip(), { preview: true });
    const card = await screen.findByTestId('klip-product-card');
    await userEvent.click(
      await within(card).findByRole('button', { name: 'Add Brass Diya to your Loot Box' }),
    );
    expect(await screen.findByText(KLIPS_MESSAGES.previewAddToLoot)).toBeInTheDocument();
    expect(listLootboxSaves(server, from)).toHaveLength(0);
  });

  it('shows no card for a klip without a product, and asks for nothing', async () => {
    const from = server.requests.length;
    renderCard(createTestKlip({ productId: null }));
    // The page is up: the cart around it has asked for the Loot Box.
    await waitFor(() =>
      expect(server.requests.slice(from).some((request) => request.path.startsWith('/api/v1/lootbox'))).toBe(
        true,
      ),
    );
    expect(screen.queryByTestId('klip-product-card')).toBeNull();
    expect(productRequests(from)).toHaveLength(0);
  });

  it('shows no card, at once, for a product deleted since the klip was loaded', async () => {
    const from = server.requests.length;
    server.respond('GET', '/api/v1/products/p-1', {
      status: 404,
      body: { success: false, message: 'Product not found' },
    });
    renderCard(createTestKlip());
    await screen.findByTestId('klip-product-card');
    await waitFor(() => expect(screen.queryByTestId('klip-product-card')).toBeNull());
    expect(screen.queryByText(KLIPS_MESSAGES.productLoadFailed)).toBeNull();
    expect(productRequests(from)).toHaveLength(1);
  });

  it('tries a failed fetch again after 1, 2 and 4 s, then says Unable to load product', async () => {
    const times: number[] = [];
    server.respond('GET', '/api/v1/products/p-1', () => {
      times.push(Date.now());
      return { status: 500, body: { success: false, message: 'boom' } };
    });
    renderCard(createTestKlip());
    const card = await screen.findByTestId('klip-product-card');
    await within(card).findByText(KLIPS_MESSAGES.productLoadFailed, undefined, { timeout: 12_000 });
    expect(times).toHaveLength(1 + PRODUCT_FETCH_RETRY_DELAYS_MS.length);
    const gaps = times.slice(1).map((time, index) => time - times[index]!);
    PRODUCT_FETCH_RETRY_DELAYS_MS.forEach((delay, index) => {
      expect(gaps[index]).toBeGreaterThanOrEqual(delay - 20);
      expect(gaps[index]).toBeLessThan(delay + 1500);
    });
  }, 20_000);

  it('shows the product when a retry succeeds', async () => {
    let calls = 0;
    server.respond('GET', '/api/v1/products/p-1', () =>
      ++calls === 1
        ? { status: 503, body: { success: false, message: 'busy' } }
        : { status: 200, body: { success: true, product } },
    );
    renderCard(createTestKlip());
    const card = await screen.findByTestId('klip-product-card');
    await within(card).findByText('Brass Diya', undefined, { timeout: 5000 });
    expect(calls).toBe(2);
  });
});
