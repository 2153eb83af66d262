// The header's Loot Box (docs/product.md "Loot Box dropdown and dialog") through the real app and a real HTTP
// server: the count, each item as the dropdown shows it, Remove, the total, the empty state, Flick Out; the cart
// hook outside its provider; and an account change that never shows one user's cart to the next.
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LootboxItem } from '../../../../shared/contracts/lootbox.ts';
import { LOOTBOX_MESSAGES } from '../../../../shared/lootbox-messages.ts';
import { createTestProductOffer } from '../../../test/offer-fixtures.ts';
import {
  createApiTestServer,
  createTestAuthStore,
  createTestSession,
  renderApp,
  TEST_USER,
} from '../../../test/render-app.tsx';
import { CartContext, useCart, type CartContextValue } from '../cart-context.ts';
import { createTestLootboxItem, listLootboxSaves, serveLootbox } from '../lootbox-test-answers.ts';
import { LootBoxMenu } from './lootbox-menu.tsx';

const server = createApiTestServer();
const percentOffer = createTestProductOffer({ offerId: 'o-1', discountValue: 20 });
const fixedOffer = createTestProductOffer({ offerId: 'o-2', discountType: 'fixed', discountValue: 100 });
// Brass Diya: ₹500, 10% off, then o-1's 20%: ₹360. Clay Lamp: ₹300 less o-2's ₹100: ₹200 each, two of them.
const CATALOGUE = {
  diya: {
    name: 'Brass Diya',
    price: 500,
    discount: 10,
    thumbnail: 'https://media.example/diya.jpg',
    offers: [percentOffer],
  },
  lamp: { name: 'Clay Lamp', price: 300, discount: 0, offers: [fixedOffer] },
  gone: { name: 'Old Lantern', price: 800, discount: 0, available: false },
};
let answers: ReturnType<typeof serveLootbox>;
let from = 0;

beforeEach(() => {
  answers = serveLootbox(server, CATALOGUE);
  from = server.requests.length;
});

const renderSignedIn = () => renderApp('/terms', createTestAuthStore({ signedIn: true }));
const line = (name: string) => within(screen.getByRole('listitem', { name }));

/** Brass Diya in a cart that is not the app's: ₹500, its own 10% off, no offer. */
const createCartItem = (): LootboxItem => createTestLootboxItem('diya', { name: 'Brass Diya' });
function renderMenu(item: LootboxItem, onFlickOut = () => undefined) {
  const cart: CartContextValue = {
    status: 'ready',
    items: [item],
    itemCount: 1,
    totalValue: item.lineTotal,
    lootboxId: 'lb-1',
    addItem: () => Promise.resolve(),
    addItems: () => Promise.resolve(0),
    removeItem: () => undefined,
    updateQuantity: () => undefined,
    clearCart: () => Promise.resolve(),
  };
  render(
    <CartContext value={cart}>
      <LootBoxMenu onFlickOut={onFlickOut} />
    </CartContext>,
  );
}

describe('the Loot Box dropdown', () => {
  it('counts the items on the button and shows each as the spec says, with the total', async () => {
    answers.saveElsewhere(
      [
        { productId: 'diya', quantity: 1, appliedOfferId: 'o-1' },
        { productId: 'lamp', quantity: 2, appliedOfferId: 'o-2', fromKlip: true },
        { productId: 'gone', quantity: 1 },
      ],
      3,
    );
    renderSignedIn();
    const button = await screen.findByRole('button', { name: 'Loot Box, 3 items' });
    expect(within(button).getByText('3')).toBeInTheDocument();
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Loot Box' });
    expect(within(dialog).getByRole('list', { name: 'Loot Box items' })).toHaveClass(
      'max-h-96',
      'overflow-y-auto',
    );

    const diya = line('Brass Diya');
    expect(diya.getByText('Qty: 1')).toBeInTheDocument();
    // One badge rule, as the dialog's (docs/product.md "Shown price"): ₹360 is 28% below ₹500, not 10 or 20;
    // the offer it was added with by its label.
    expect(diya.getByTestId('discount-badge')).toHaveTextContent('28% off');
    expect(diya.getByText(`${percentOffer.title} · 20% off`)).toBeInTheDocument();
    expect(diya.getByText('₹360')).toBeInTheDocument();
    expect(diya.getByText('₹500')).toHaveClass('line-through');
    expect(diya.queryByText(LOOTBOX_MESSAGES.fromKlip)).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Brass Diya' }).querySelector('img')).toHaveAttribute(
      'src',
      CATALOGUE.diya.thumbnail,
    );

    const lamp = line('Clay Lamp');
    expect(lamp.getByText('Qty: 2')).toBeInTheDocument();
    expect(lamp.getByText(LOOTBOX_MESSAGES.fromKlip)).toBeInTheDocument();
    expect(lamp.getByTestId('discount-badge')).toHaveTextContent('33% off');
    expect(lamp.getByText(`${fixedOffer.title} · ₹100 off`)).toBeInTheDocument();
    expect(lamp.getByText('₹200')).toBeInTheDocument();
    expect(lamp.getByText('₹300')).toHaveClass('line-through');
    expect(lamp.getByTestId('lootbox-thumbnail-placeholder')).toBeInTheDocument();

    expect(line('Old Lantern').getByText(LOOTBOX_MESSAGES.unavailable)).toBeInTheDocument();
    // ₹360 + 2 x ₹200; the unavailable item counts for nothing.
    expect(within(dialog).getByText(LOOTBOX_MESSAGES.total)).toBeInTheDocument();
    expect(within(dialog).getByTestId('lootbox-total')).toHaveTextContent('₹760');
    expect(within(dialog).getByRole('button', { name: LOOTBOX_MESSAGES.flickOut })).toBeInTheDocument();
  });

  it('removes an item with a toast, and saves the removal', async () => {
    answers.saveElsewhere(
      [
        { productId: 'diya', quantity: 1 },
        { productId: 'lamp', quantity: 1 },
      ],
      1,
    );
    renderSignedIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Loot Box, 2 items' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Clay Lamp' }));
    expect(await screen.findByText(LOOTBOX_MESSAGES.itemRemoved)).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Clay Lamp' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Loot Box, 1 item' })).toBeInTheDocument();
    await waitFor(() => expect(listLootboxSaves(server, from)).toHaveLength(1));
    const [save] = listLootboxSaves(server, from);
    expect(save?.body.items.map((item) => item.productId)).toEqual(['diya']);
    expect(save?.body.removed).toEqual([expect.objectContaining({ productId: 'lamp' })]);
  });

  it('says Your Loot Box is empty, reached from the keyboard', async () => {
    renderSignedIn();
    const button = await screen.findByRole('button', { name: 'Loot Box' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText(LOOTBOX_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LOOTBOX_MESSAGES.flickOut })).toBeNull();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/shop');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(LOOTBOX_MESSAGES.empty)).toBeNull());
    expect(button).toHaveFocus();
  });

  it('Flick Out closes the dropdown and asks for the dialog', async () => {
    const onFlickOut = vi.fn();
    renderMenu(createCartItem(), onFlickOut);
    await userEvent.click(screen.getByRole('button', { name: 'Loot Box, 1 item' }));
    await userEvent.click(await screen.findByRole('button', { name: LOOTBOX_MESSAGES.flickOut }));
    expect(onFlickOut).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('prices an item whose offer has ended without it: one price, one badge, no offer label', async () => {
    // Made three days ago, it ran from four days ago until yesterday.
    const ended = createTestProductOffer(
      { offerId: 'o-1', discountValue: 20 },
      Date.now() - 3 * 24 * 60 * 60_000,
    );
    // The server priced it without the ended offer: ₹500 less its own 10%.
    const item = { ...createCartItem(), appliedOfferId: ended.offerId, appliedOffer: ended };
    renderMenu(item);
    await userEvent.click(screen.getByRole('button', { name: 'Loot Box, 1 item' }));
    const diya = line('Brass Diya');
    expect(diya.getByTestId('discount-badge')).toHaveTextContent('10% off');
    expect(diya.queryByText(`${ended.title} · 20% off`)).toBeNull();
    expect(diya.getByText('₹450')).toBeInTheDocument();
    expect(diya.getByText('₹500')).toHaveClass('line-through');
  });
});

describe('the cart hook and provider', () => {
  it('throws useCart must be used within a CartProvider outside its provider', () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onError = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', onError);
    try {
      expect(() => renderHook(() => useCart())).toThrow(LOOTBOX_MESSAGES.outsideProvider);
    } finally {
      window.removeEventListener('error', onError);
      reported.mockClear();
    }
  });

  it('never shows one account’s Loot Box to the next', async () => {
    answers.saveElsewhere([{ productId: 'diya', quantity: 1 }], 1);
    const store = createTestAuthStore({ signedIn: true });
    renderApp('/terms', store);
    await screen.findByRole('button', { name: 'Loot Box, 1 item' });

    // The next user has no lootbox; whatever was stored for the first is theirs alone.
    server.respond('GET', '/api/v1/lootbox', {
      status: 200,
      body: { success: true, lootboxes: [], nextToken: null },
    });
    act(() =>
      store.setSession(createTestSession({ ...TEST_USER, uid: 'u2', username: 'ravi', fullName: 'Ravi' })),
    );
    expect(screen.getByRole('button', { name: 'Loot Box' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Loot Box' }));
    expect(await screen.findByText(LOOTBOX_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.queryByText('Brass Diya')).toBeNull();
    expect(localStorage.getItem('cart_u2')).not.toContain('diya');
  });
});
