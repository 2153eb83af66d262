// CartProvider inside a router, against a real HTTP server: several products at once, Clear with its
// toasts (docs/product.md "Cart (Loot Box) persistence"), a signed-out add completed after sign-in
// (docs/product.md "Who sees what"); and the add's failure texts ("Error texts: Loot Box and cart").
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { CartError } from '../../../shared/domain/cart.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { AuthProvider, type AuthStore } from '../../lib/auth.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { createTestProductOffer } from '../../test/offer-fixtures.ts';
import { createApiTestServer, createTestAuthStore, createTestSession } from '../../test/render-app.tsx';
import { useCart, type AddableProduct } from './cart-context.ts';
import { CartProvider, getAddErrorMessage } from './cart-provider.tsx';
import { listLootboxSaves, serveLootbox } from './lootbox-test-answers.ts';

describe('getAddErrorMessage', () => {
  it('says Network error when no answer came', () => {
    expect(getAddErrorMessage(new ApiError(0, 'Network error - Please check your connection'))).toBe(
      LOOTBOX_MESSAGES.networkError,
    );
  });

  it('gives the server’s own message', () => {
    expect(getAddErrorMessage(new ApiError(400, 'No product p-9'))).toBe('Error: No product p-9');
  });

  it('says Unable to add product to Loot Box for an answer without a message', () => {
    expect(getAddErrorMessage(new ApiError(500, ''))).toBe(LOOTBOX_MESSAGES.unableToAdd);
  });

  it('says Failed to add to Loot Box for anything else (a full Loot Box)', () => {
    expect(getAddErrorMessage(new CartError('full', 'full'))).toBe(LOOTBOX_MESSAGES.addFailed);
  });
});

describe('CartProvider', () => {
  const server = createApiTestServer();
  const OFFER = createTestProductOffer({ offerId: 'o-1', discountValue: 20 });
  const CATALOGUE = {
    diya: { name: 'Brass Diya', price: 500, discount: 10, offers: [OFFER] },
    lamp: { name: 'Clay Lamp', price: 300, discount: 0 },
  };
  const addable = (id: keyof typeof CATALOGUE): AddableProduct => ({ id, ...CATALOGUE[id], thumbnail: null });
  let answers: ReturnType<typeof serveLootbox>;
  let from = 0;
  beforeEach(() => {
    answers = serveLootbox(server, CATALOGUE);
    from = server.requests.length;
    sessionStorage.clear();
    renders = 0;
    addedCount = null;
  });

  let renders = 0;
  let addedCount: number | null = null;
  /** A page of buttons over the cart, with the provider where the app has it: inside the router, over every page. */
  function CartControls() {
    const cart = useCart();
    renders += 1;
    return (
      <div>
        <p>{cart.status === 'ready' ? `${cart.itemCount} in cart` : 'loading'}</p>
        <button type="button" onClick={() => void cart.addItems([addable('diya'), addable('lamp')])}>
          Add all
        </button>
        <button
          type="button"
          onClick={() =>
            void cart
              .addItems([addable('diya'), addable('lamp')], (product) =>
                product.id === 'diya' ? { offer: OFFER } : undefined,
              )
              .then((count) => {
                addedCount = count;
              })
          }
        >
          Add all with offers
        </button>
        <button type="button" onClick={() => void cart.clearCart()}>
          Clear
        </button>
      </div>
    );
  }
  function renderCart(store: AuthStore) {
    const router = createMemoryRouter(
      [
        {
          element: (
            <CartProvider>
              <Outlet />
            </CartProvider>
          ),
          children: [
            { path: '/', Component: CartControls },
            { path: '/other', Component: CartControls },
            { path: '/auth/login', element: <p>Sign in page</p> },
          ],
        },
      ],
      { initialEntries: ['/?from=shared'] },
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider store={store}>
          <Toaster />
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>,
    );
    return router;
  }

  it('adds several at once, and Clear completes the lootbox with its toast', async () => {
    renderCart(createTestAuthStore({ signedIn: true }));
    await screen.findByText('0 in cart');
    await userEvent.click(screen.getByRole('button', { name: 'Add all' }));
    expect(await screen.findByText('2 in cart')).toBeInTheDocument();
    await waitFor(() => expect(answers.state.lootbox?.items).toHaveLength(2));

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText(LOOTBOX_MESSAGES.cleared)).toBeInTheDocument();
    expect(screen.getByText('0 in cart')).toBeInTheDocument();
    expect(answers.state.lootbox).toMatchObject({ status: 'completed', items: [] });
    expect(localStorage.getItem('cart_u1')).toBeNull();
  });

  it('says Error clearing cart when the server cannot clear, and keeps the items', async () => {
    answers.saveElsewhere([{ productId: 'diya', quantity: 1 }], 1);
    renderCart(createTestAuthStore({ signedIn: true }));
    await screen.findByText('1 in cart');
    server.respond('PUT', '/api/v1/lootbox/lb-1', { status: 500, body: { success: false } });
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText(LOOTBOX_MESSAGES.clearFailed)).toBeInTheDocument();
    expect(screen.getByText('1 in cart')).toBeInTheDocument();
  });

  it('signed out, sends the visitor to sign in from where they were, and adds everything once signed in', async () => {
    const store = createTestAuthStore({ signedIn: false });
    const router = renderCart(store);
    await userEvent.click(await screen.findByRole('button', { name: 'Add all' }));
    await screen.findByText('Sign in page');
    expect(router.state.location.search).toBe('?redirectTo=%2F%3Ffrom%3Dshared');
    expect(listLootboxSaves(server, from)).toEqual([]);

    act(() => store.setSession(createTestSession()));
    await act(() => router.navigate('/'));
    expect(await screen.findByText(LOOTBOX_MESSAGES.added)).toBeInTheDocument();
    expect(await screen.findByText('2 in cart')).toBeInTheDocument();
    await waitFor(() => expect(answers.state.lootbox?.items).toHaveLength(2));
  });

  it('adds each product with its own options, and answers how many were new once the cart is loaded', async () => {
    answers.saveElsewhere([{ productId: 'lamp', quantity: 1 }], 1);
    renderCart(createTestAuthStore({ signedIn: true }));
    // Pressed at once, before the cart has loaded.
    await userEvent.click(await screen.findByRole('button', { name: 'Add all with offers' }));
    await waitFor(() => expect(addedCount).toBe(1));
    expect(await screen.findByText('2 in cart')).toBeInTheDocument();
    await waitFor(() =>
      expect(answers.state.lootbox?.items.map((item) => [item.productId, item.appliedOfferId])).toEqual([
        ['lamp', null],
        ['diya', 'o-1'],
      ]),
    );
  });

  it('does not render the screens that use the cart again on a navigation that changes nothing of it', async () => {
    const router = renderCart(createTestAuthStore({ signedIn: true }));
    await screen.findByText('0 in cart');
    await act(() => router.navigate('/?from=elsewhere'));
    await act(() => router.navigate('/?from=again'));
    const before = renders;
    await act(() => router.navigate('/?from=a-third-place'));
    expect(router.state.location.search).toBe('?from=a-third-place');
    expect(renders).toBe(before);
  });
});
