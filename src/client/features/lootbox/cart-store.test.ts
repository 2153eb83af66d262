// The Loot Box's state on the client (docs/product.md "Cart (Loot Box) persistence", decision 0038) against the
// lootbox contract answered on a real HTTP server: load, the stored copy, the 1 s autosave, create-or-update,
// versions and the merge after a 409, clearing, duplicates and quantities.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_AUTOSAVE_DEBOUNCE_MS } from '../../../shared/constants.ts';
import { CartError } from '../../../shared/domain/cart.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/messages.ts';
import { createApiClient } from '../../lib/api-client.ts';
import { createApiTestServer } from '../../test/render-app.tsx';
import { createTestProductOffer } from '../../test/offer-fixtures.ts';
import type { AddableProduct } from './cart-context.ts';
import { createCartStore, type CartStore } from './cart-store.ts';
import { listLootboxSaves, serveLootbox, TEST_LOOTBOX_ID } from './lootbox-test-answers.ts';

const server = createApiTestServer();
const diwaliOffer = createTestProductOffer({ offerId: 'o-1', discountValue: 20 });
// ₹500 with 10% off is ₹450; with o-1's 20% it is ₹360.
const CATALOGUE = {
  diya: { name: 'Brass Diya', price: 500, discount: 10, offers: [diwaliOffer] },
  lamp: { name: 'Clay Lamp', price: 300, discount: 0 },
  saree: { name: 'Silk Saree', price: 4999, discount: 0 },
};
const product = (id: keyof typeof CATALOGUE): AddableProduct => ({
  id,
  name: CATALOGUE[id].name,
  price: CATALOGUE[id].price,
  discount: CATALOGUE[id].discount,
  thumbnail: null,
});

let stores: CartStore[] = [];
let answers: ReturnType<typeof serveLootbox>;
let from = 0;

function openStore(onSaveRefused?: (message: string) => void): CartStore {
  const api = createApiClient({ baseUrl: `${server.url}/api/v1`, getToken: () => 'test-token' });
  const store = createCartStore({ uid: 'u1', api, ...(onSaveRefused ? { onSaveRefused } : {}) });
  stores.push(store);
  return store;
}
const saves = () => listLootboxSaves(server, from);
const stored = () => JSON.parse(localStorage.getItem('cart_u1') ?? 'null') as Record<string, unknown> | null;
const names = (store: CartStore) => store.getSnapshot().items.map((item) => item.name);

beforeEach(() => {
  answers = serveLootbox(server, CATALOGUE);
  from = server.requests.length;
});
afterEach(() => {
  for (const store of stores) store.dispose();
  stores = [];
  vi.useRealTimers();
});

describe('loading', () => {
  it('uses the first active lootbox on the server, with its prices', async () => {
    answers.saveElsewhere([{ productId: 'diya', quantity: 2, appliedOfferId: 'o-1' }], 4);
    const store = openStore();
    expect(store.getSnapshot().status).toBe('loading');
    await store.ready();
    const request = server.requests.slice(from).find((recorded) => recorded.path === '/api/v1/lootbox');
    expect(request?.query).toEqual({ status: 'active', limit: '1' });
    const snapshot = store.getSnapshot();
    expect(snapshot).toMatchObject({ status: 'ready', lootboxId: TEST_LOOTBOX_ID, totalValue: 720 });
    expect(snapshot.items).toEqual([
      expect.objectContaining({ productId: 'diya', quantity: 2, finalPrice: 360, appliedOfferId: 'o-1' }),
    ]);
    // The stored copy follows the server's.
    expect(stored()).toMatchObject({ lootboxId: TEST_LOOTBOX_ID, version: 4 });
  });

  it('falls back to the stored copy (items, lootbox id, version) when loading fails', async () => {
    server.respond('GET', '/api/v1/lootbox', { status: 500, body: { success: false, message: 'Down' } });
    localStorage.setItem(
      'cart_u1',
      JSON.stringify({
        items: [
          {
            productId: 'lamp',
            name: 'Clay Lamp',
            price: 300,
            originalPrice: 300,
            discount: 0,
            quantity: 3,
            thumbnail: '',
            fromKlip: false,
            updatedAt: 1,
          },
        ],
        removed: [],
        lootboxId: TEST_LOOTBOX_ID,
        version: 7,
        base: { items: [], removed: [] },
      }),
    );
    const store = openStore();
    await store.ready();
    // Priced here until the server answers: ₹300 x 3.
    expect(store.getSnapshot()).toMatchObject({ lootboxId: TEST_LOOTBOX_ID, totalValue: 900 });
    expect(names(store)).toEqual(['Clay Lamp']);
  });

  it('merges edits stored here but never saved (a tab closed within the debounce) into the server’s copy', async () => {
    const saved = answers.saveElsewhere([{ productId: 'diya', quantity: 1, updatedAt: 10 }], 2);
    const base = { items: [{ ...saved.items[0]!, appliedOfferId: undefined }], removed: [] };
    localStorage.setItem(
      'cart_u1',
      JSON.stringify({
        items: [...base.items, { ...base.items[0]!, productId: 'lamp', name: 'Clay Lamp', updatedAt: 20 }],
        removed: [],
        lootboxId: TEST_LOOTBOX_ID,
        version: 2,
        base,
      }),
    );
    const store = openStore();
    await store.ready();
    expect(names(store)).toEqual(['Brass Diya', 'Clay Lamp']);
    await store.whenIdle();
    expect(saves()).toEqual([
      expect.objectContaining({ method: 'PUT', body: expect.objectContaining({ version: 2 }) }),
    ]);
    expect(answers.state.lootbox?.items.map((item) => item.productId)).toEqual(['diya', 'lamp']);
  });

  it('starts empty with no lootbox and nothing stored', async () => {
    const store = openStore();
    await store.ready();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', items: [], totalValue: 0, lootboxId: null });
  });
});

describe('saving', () => {
  it('saves once, 1 s after the last change, never before', async () => {
    const store = openStore();
    await store.ready();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await store.addItem(product('diya'));
    await vi.advanceTimersByTimeAsync(CART_AUTOSAVE_DEBOUNCE_MS - 200);
    await store.addItem(product('lamp'));
    await vi.advanceTimersByTimeAsync(CART_AUTOSAVE_DEBOUNCE_MS - 1);
    expect(saves()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await store.whenIdle();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.body.items.map((item) => item.productId)).toEqual(['diya', 'lamp']);
  });

  it('creates a lootbox only with items and no id, then updates it with the version it was based on', async () => {
    const store = openStore();
    await store.ready();
    // Added and taken out again: nothing to create.
    await store.addItem(product('lamp'));
    store.removeItem('lamp');
    await store.whenIdle();
    expect(saves()).toEqual([]);

    await store.addItem(product('diya'), { offer: diwaliOffer });
    await store.whenIdle();
    expect(saves()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/v1/lootbox',
        body: expect.objectContaining({
          userId: 'u1',
          items: [expect.objectContaining({ productId: 'diya', quantity: 1, appliedOfferId: 'o-1' })],
        }),
      }),
    ]);
    expect(store.getSnapshot()).toMatchObject({ lootboxId: TEST_LOOTBOX_ID, totalValue: 360 });

    store.updateQuantity('diya', 3);
    await store.whenIdle();
    const put = saves()[1];
    expect(put).toMatchObject({ method: 'PUT', path: `/api/v1/lootbox/${TEST_LOOTBOX_ID}` });
    expect(put?.body).toMatchObject({ version: 1, items: [expect.objectContaining({ quantity: 3 })] });
    expect(store.getSnapshot().totalValue).toBe(1080);
    expect(stored()).toMatchObject({ version: 2 });
  });

  it('prices a line here before the server answers, through the same price engine', async () => {
    server.respond('POST', '/api/v1/lootbox', () => new Promise(() => undefined));
    const store = openStore();
    await store.ready();
    await store.addItem(product('diya'), { offer: diwaliOffer });
    expect(store.getSnapshot().items[0]).toMatchObject({ price: 450, finalPrice: 360, lineTotal: 360 });
    expect(store.getSnapshot().totalValue).toBe(360);
  });

  it('on a 409 reads the newer copy, merges, and saves again: the other tab’s item survives', async () => {
    const store = openStore();
    await store.ready();
    await store.addItem(product('diya'));
    await store.whenIdle();
    // Another tab saved the lamp on top of version 1 meanwhile.
    const diyaAsSaved = answers.state.lootbox!.items[0]!;
    answers.saveElsewhere(
      [
        { productId: 'diya', quantity: 1, updatedAt: diyaAsSaved.updatedAt },
        { productId: 'lamp', quantity: 1, updatedAt: Date.now() },
      ],
      2,
    );

    await store.addItem(product('saree'));
    await store.whenIdle();
    const [, stale, merged] = saves();
    expect(stale?.body.version).toBe(1);
    expect(merged?.body.version).toBe(2);
    expect(merged?.body.items.map((item) => item.productId).sort()).toEqual(['diya', 'lamp', 'saree']);
    expect(names(store).sort()).toEqual(['Brass Diya', 'Clay Lamp', 'Silk Saree']);
    expect(answers.state.lootbox?.items.map((item) => item.productId).sort()).toEqual([
      'diya',
      'lamp',
      'saree',
    ]);
  });

  it('a create refused because another tab created one merges into that one', async () => {
    const store = openStore();
    await store.ready();
    answers.saveElsewhere([{ productId: 'lamp', quantity: 2, updatedAt: Date.now() }], 1);
    await store.addItem(product('diya'));
    await store.whenIdle();
    expect(saves().map((save) => save.method)).toEqual(['POST', 'PUT']);
    expect(saves()[1]?.body.version).toBe(1);
    expect(answers.state.lootbox?.items.map((item) => [item.productId, item.quantity])).toEqual([
      ['diya', 1],
      ['lamp', 2],
    ]);
  });

  it('starts a new lootbox with the items kept here when the old one was cleared elsewhere', async () => {
    const store = openStore();
    await store.ready();
    await store.addItem(product('diya'));
    await store.whenIdle();
    // Cleared on another device: completed, and no longer open to saves.
    answers.saveElsewhere([], 2, [], 'completed');

    await store.addItem(product('lamp'));
    await store.whenIdle();
    expect(saves().map((save) => save.method)).toEqual(['POST', 'PUT', 'POST']);
    expect(answers.state.lootbox).toMatchObject({ status: 'active', version: 1 });
    expect(answers.state.lootbox?.items.map((item) => item.productId)).toEqual(['diya', 'lamp']);
  });

  it('writes the stored copy even when the server save fails', async () => {
    server.respond('POST', '/api/v1/lootbox', { status: 503, body: { success: false, message: 'Busy' } });
    const refused = vi.fn();
    const store = openStore(refused);
    await store.ready();
    await store.addItem(product('lamp'));
    await store.whenIdle();
    expect(saves()).toHaveLength(1);
    expect(stored()).toMatchObject({
      lootboxId: null,
      items: [expect.objectContaining({ productId: 'lamp' })],
    });
    // Trouble that may pass is not a refusal worth a toast.
    expect(refused).not.toHaveBeenCalled();
  });

  it('says a refusal in the server’s words', async () => {
    server.respond('POST', '/api/v1/lootbox', {
      status: 400,
      body: { success: false, message: 'No product lamp' },
    });
    const refused = vi.fn();
    const store = openStore(refused);
    await store.ready();
    await store.addItem(product('lamp'));
    await store.whenIdle();
    expect(refused).toHaveBeenCalledWith(LOOTBOX_MESSAGES.serverError('No product lamp'));
  });
});

describe('editing', () => {
  it('ignores a product already in the Loot Box', async () => {
    const store = openStore();
    await store.ready();
    await store.addItem(product('lamp'));
    store.updateQuantity('lamp', 2);
    await store.addItem(product('lamp'));
    expect(store.getSnapshot().items).toEqual([expect.objectContaining({ productId: 'lamp', quantity: 2 })]);
  });

  it('refuses a quantity below 1', async () => {
    const store = openStore();
    await store.ready();
    await store.addItem(product('lamp'));
    expect(() => store.updateQuantity('lamp', 0)).toThrow(CartError);
    expect(() => store.updateQuantity('lamp', -1)).toThrow(CartError);
    expect(store.getSnapshot().items[0]?.quantity).toBe(1);
  });

  it('gives an item from a klip quantity 1 and its flag', async () => {
    const store = openStore();
    await store.ready();
    await store.addItem(product('saree'), { fromKlip: true });
    expect(store.getSnapshot().items[0]).toMatchObject({ quantity: 1, fromKlip: true });
  });
});

describe('clearing', () => {
  it('completes the lootbox with no items and total 0, then empties the state and both stored copies', async () => {
    const store = openStore();
    await store.ready();
    await store.addItem(product('diya'), { offer: diwaliOffer });
    await store.whenIdle();
    expect(localStorage.getItem('cartOffers_u1')).toContain('o-1');

    await store.clear();
    expect(saves().at(-1)).toMatchObject({
      method: 'PUT',
      path: `/api/v1/lootbox/${TEST_LOOTBOX_ID}`,
      body: { items: [], totalValue: 0, status: 'completed', version: 1 },
    });
    expect(store.getSnapshot()).toMatchObject({ items: [], totalValue: 0, lootboxId: null });
    expect(localStorage.getItem('cart_u1')).toBeNull();
    expect(localStorage.getItem('cartOffers_u1')).toBeNull();
  });

  it('keeps everything when the server cannot clear', async () => {
    const store = openStore();
    await store.ready();
    await store.addItem(product('lamp'));
    await store.whenIdle();
    server.respond('PUT', `/api/v1/lootbox/${TEST_LOOTBOX_ID}`, { status: 500, body: { success: false } });
    await expect(store.clear()).rejects.toThrow();
    expect(names(store)).toEqual(['Clay Lamp']);
    expect(stored()).not.toBeNull();
  });
});
