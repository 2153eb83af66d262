// The Loot Box's state on the client (docs/product.md "Cart (Loot Box) persistence", decision 0038) against the
// lootbox contract answered on a real HTTP server: load, the stored copy, the 1 s autosave, create-or-update,
// versions and the merge after a 409, clearing, duplicates and quantities.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CART_AUTOSAVE_DEBOUNCE_MS,
  CART_ITEMS_MAX,
  CART_SAVE_ATTEMPTS,
  CART_SAVE_RETRY_MS,
} from '../../../shared/constants.ts';
import { CartError, type CartItem } from '../../../shared/domain/cart.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { createApiClient } from '../../lib/api-client.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { createApiTestServer } from '../../test/render-app.tsx';
import { createTestProductOffer } from '../../test/offer-fixtures.ts';
import type { AddableProduct } from './cart-context.ts';
import { createCartStore, type CartStore } from './cart-store.ts';
import {
  createTestCartItem,
  listLootboxSaves,
  serveLootbox,
  TEST_LOOTBOX_ID,
} from './lootbox-test-answers.ts';

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

function openStore(
  onSaveRefused?: (message: string) => void,
  onNotice?: (message: string) => void,
): CartStore {
  const api = createApiClient({ baseUrl: `${server.url}/api/v1`, getToken: () => 'test-token' });
  const store = createCartStore({
    uid: 'u1',
    api,
    queryClient: createQueryClient(),
    ...(onSaveRefused ? { onSaveRefused } : {}),
    ...(onNotice ? { onNotice } : {}),
  });
  stores.push(store);
  return store;
}
const saves = () => listLootboxSaves(server, from);
const stored = () => JSON.parse(localStorage.getItem('cart_u1') ?? 'null') as Record<string, unknown> | null;
const names = (store: CartStore) => store.getSnapshot().items.map((item) => item.name);

// Node's, which the fake clock leaves alone: one turn of the event loop, so that HTTP answers can arrive.
const { setImmediate } = globalThis as unknown as { setImmediate: (callback: () => void) => void };
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Lets the HTTP answers in (real I/O; only setTimeout is fake) until `condition` holds. */
async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; !condition(); turn++) {
    if (turn > 2000) throw new Error('the condition never held');
    await nextTurn();
  }
}

/** Runs the debounce (and any retry) on the fake clock until nothing is waiting or under way. */
async function settle(store: CartStore): Promise<void> {
  let idle = false;
  void store.whenIdle().then(() => {
    idle = true;
  });
  for (let turn = 0; !idle; turn++) {
    if (turn > 200) throw new Error('the store never settled');
    await vi.advanceTimersByTimeAsync(CART_AUTOSAVE_DEBOUNCE_MS);
    if (!idle) await nextTurn();
  }
}

function storedItem(productId: keyof typeof CATALOGUE, updatedAt: number): CartItem {
  const { name, price, discount } = CATALOGUE[productId];
  return createTestCartItem(productId, updatedAt, { name, price, originalPrice: price, discount });
}

function storeLocally(items: CartItem[], lootboxId: string | null, version: number | null, base: CartItem[]) {
  localStorage.setItem(
    'cart_u1',
    JSON.stringify({ items, removed: [], lootboxId, version, base: { items: base, removed: [] } }),
  );
}

beforeEach(() => {
  // The 1 s debounce on a fake clock: only setTimeout, so that the HTTP answers still arrive.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
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
    await settle(store);
    expect(saves()).toEqual([
      expect.objectContaining({ method: 'PUT', body: expect.objectContaining({ version: 2 }) }),
    ]);
    expect(answers.state.lootbox?.items.map((item) => item.productId)).toEqual(['diya', 'lamp']);
  });

  it('does not bring back items a Clear elsewhere took out, but keeps what was added here after it', async () => {
    const completed = answers.saveElsewhere([], 3, [], 'completed');
    const clearedAt = Date.parse(completed.updatedAt);
    // Stored here before the Clear: the diya (saved) and the lamp, added after the Clear and not saved yet.
    storeLocally(
      [storedItem('diya', clearedAt - 1000), storedItem('lamp', clearedAt + 1000)],
      TEST_LOOTBOX_ID,
      2,
      [storedItem('diya', clearedAt - 1000)],
    );
    const store = openStore();
    await store.ready();
    expect(names(store)).toEqual(['Clay Lamp']);
    await settle(store);
    expect(saves()).toEqual([expect.objectContaining({ method: 'POST' })]);
    expect(answers.state.lootbox?.items.map((item) => item.productId)).toEqual(['lamp']);
  });

  it('keeps nothing of a cleared Loot Box when nothing was added since, and saves nothing', async () => {
    const completed = answers.saveElsewhere([], 3, [], 'completed');
    const before = Date.parse(completed.updatedAt) - 1000;
    storeLocally([storedItem('diya', before)], TEST_LOOTBOX_ID, 2, [storedItem('diya', before)]);
    const store = openStore();
    await store.ready();
    await settle(store);
    expect(store.getSnapshot().items).toEqual([]);
    expect(saves()).toEqual([]);
  });

  it('keeps only the edits not saved yet when the lootbox the stored copy was based on is gone', async () => {
    // No lootbox at all on the server (deleted): the diya was saved, the lamp not yet.
    storeLocally([storedItem('diya', 10), storedItem('lamp', 20)], 'lb-gone', 2, [storedItem('diya', 10)]);
    const store = openStore();
    await store.ready();
    expect(names(store)).toEqual(['Clay Lamp']);
    expect(server.requests.slice(from).map((request) => `${request.method} ${request.path}`)).toContain(
      'GET /api/v1/lootbox/lb-gone',
    );
  });

  it('merges edits made against another (ended) lootbox into the active one instead of dropping them', async () => {
    answers.saveElsewhere([{ productId: 'diya', quantity: 1, updatedAt: 5 }], 1);
    storeLocally([storedItem('saree', 10), storedItem('lamp', 20)], 'lb-old', 4, [storedItem('saree', 10)]);
    const store = openStore();
    await store.ready();
    expect(names(store).sort()).toEqual(['Brass Diya', 'Clay Lamp']);
    await settle(store);
    expect(answers.state.lootbox?.items.map((item) => item.productId).sort()).toEqual(['diya', 'lamp']);
  });

  it('saves the stored unsaved edits when loading failed, and again once back online', async () => {
    answers.saveElsewhere([{ productId: 'diya', quantity: 1, updatedAt: 10 }], 2);
    server.respond('GET', '/api/v1/lootbox', { status: 500, body: { success: false, message: 'Down' } });
    server.respond('PUT', `/api/v1/lootbox/${TEST_LOOTBOX_ID}`, {
      status: 503,
      body: { success: false, message: 'Busy' },
    });
    storeLocally([storedItem('diya', 10), storedItem('lamp', 20)], TEST_LOOTBOX_ID, 2, [
      storedItem('diya', 10),
    ]);
    const store = openStore();
    await store.ready();
    await settle(store);
    expect(saves()).toEqual([expect.objectContaining({ method: 'PUT' })]);

    // The network is back: the server answers again, and the browser says so.
    const state = answers.state.lootbox!;
    answers = serveLootbox(server, CATALOGUE);
    answers.saveElsewhere(
      state.items.map(({ productId, quantity, updatedAt }) => ({ productId, quantity, updatedAt })),
      2,
    );
    window.dispatchEvent(new Event('online'));
    await settle(store);
    expect(saves()).toHaveLength(2);
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
    await store.addItem(product('diya'));
    await vi.advanceTimersByTimeAsync(CART_AUTOSAVE_DEBOUNCE_MS - 200);
    await store.addItem(product('lamp'));
    await vi.advanceTimersByTimeAsync(CART_AUTOSAVE_DEBOUNCE_MS - 1);
    expect(saves()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settle(store);
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.body.items.map((item) => item.productId)).toEqual(['diya', 'lamp']);
  });

  it('creates a lootbox only with items and no id, then updates it with the version it was based on', async () => {
    const store = openStore();
    await store.ready();
    // Added and taken out again: nothing to create.
    await store.addItem(product('lamp'));
    store.removeItem('lamp');
    await settle(store);
    expect(saves()).toEqual([]);

    await store.addItem(product('diya'), { offer: diwaliOffer });
    await settle(store);
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
    await settle(store);
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
    await settle(store);
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
    await settle(store);
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
    await settle(store);
    expect(saves().map((save) => save.method)).toEqual(['POST', 'PUT']);
    expect(saves()[1]?.body.version).toBe(1);
    expect(answers.state.lootbox?.items.map((item) => [item.productId, item.quantity])).toEqual([
      ['diya', 1],
      ['lamp', 2],
    ]);
  });

  it('does not undo a Clear made elsewhere: only what was added after it starts a new lootbox', async () => {
    const store = openStore();
    await store.ready();
    await store.addItem(product('diya'));
    await settle(store);
    // Cleared on another device: completed, and no longer open to saves.
    answers.saveElsewhere([], 2, [], 'completed');

    await store.addItem(product('lamp'));
    await settle(store);
    expect(saves().map((save) => save.method)).toEqual(['POST', 'PUT', 'POST']);
    expect(answers.state.lootbox).toMatchObject({ status: 'active', version: 1 });
    // The diya was cleared; the lamp, added after the Clear, is kept.
    expect(answers.state.lootbox?.items.map((item) => item.productId)).toEqual(['lamp']);
    expect(names(store)).toEqual(['Clay Lamp']);
  });

  it('keeps an item changed after a Clear elsewhere, and drops the ones left as they were', async () => {
    const store = openStore();
    await store.ready();
    await store.addItem(product('diya'));
    await store.addItem(product('lamp'));
    await settle(store);
    const completed = answers.saveElsewhere([], 2, [], 'completed');
    // Changed here after the Clear (at or after the completed lootbox's updatedAt: a tie keeps the item).
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(completed.updatedAt));
    store.updateQuantity('lamp', 4);
    await settle(store);
    expect(answers.state.lootbox?.items.map((item) => [item.productId, item.quantity])).toEqual([
      ['lamp', 4],
    ]);
  });

  it('drops a product the server no longer knows (deleted before it was saved) and saves the rest', async () => {
    const refused = vi.fn();
    const notice = vi.fn();
    const store = openStore(refused, notice);
    await store.ready();
    await store.addItem({ ...product('diya'), id: 'ghost', name: 'Deleted Lamp' });
    await store.addItem(product('diya'));
    await settle(store);
    expect(saves().map((save) => save.body.items.map((item) => item.productId))).toEqual([
      ['ghost', 'diya'],
      ['diya'],
    ]);
    expect(names(store)).toEqual(['Brass Diya']);
    expect(answers.state.lootbox?.items.map((item) => item.productId)).toEqual(['diya']);
    expect(refused).not.toHaveBeenCalled();
    expect(notice).toHaveBeenCalledWith(LOOTBOX_MESSAGES.productGone('Deleted Lamp'));
  });

  it('keeps trying quietly when other saves keep landing first (409 after 409)', async () => {
    const refused = vi.fn();
    const store = openStore(refused);
    await store.ready();
    await store.addItem(product('diya'));
    await settle(store);
    server.respond('PUT', `/api/v1/lootbox/${TEST_LOOTBOX_ID}`, {
      status: 409,
      body: { success: false, code: 'conflict', message: LOOTBOX_MESSAGES.versionConflict },
    });
    const otherTimers = vi.getTimerCount();
    store.updateQuantity('diya', 2);
    await vi.advanceTimersByTimeAsync(CART_AUTOSAVE_DEBOUNCE_MS);
    await until(() => saves().length === 1 + CART_SAVE_ATTEMPTS);
    // Out of attempts: a retry is due after the pause, not at once and not never.
    await until(() => vi.getTimerCount() === otherTimers + 1);
    await vi.advanceTimersByTimeAsync(CART_SAVE_RETRY_MS - 1);
    expect(saves()).toHaveLength(1 + CART_SAVE_ATTEMPTS);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => saves().length === 1 + 2 * CART_SAVE_ATTEMPTS);
    expect(refused).not.toHaveBeenCalled();
    // The shopper's change is kept meanwhile.
    expect(stored()).toMatchObject({ items: [expect.objectContaining({ productId: 'diya', quantity: 2 })] });
  });

  it('keeps a merge to at most CART_ITEMS_MAX items, the newest, and says so', async () => {
    const big = Object.fromEntries(
      Array.from({ length: CART_ITEMS_MAX + 10 }, (_, index) => [
        `p${index}`,
        { name: `Product ${index}`, price: 100, discount: 0 },
      ]),
    );
    answers = serveLootbox(server, big);
    const notice = vi.fn();
    const store = openStore(undefined, notice);
    await store.ready();
    const add = (index: number) =>
      store.addItem({ id: `p${index}`, name: `Product ${index}`, price: 100, discount: 0, thumbnail: null });
    for (let index = 0; index < 60; index++) await add(index);
    await settle(store);
    // Another device added 45 others long ago (its clock), on top of version 1.
    answers.saveElsewhere(
      [
        ...answers.state.lootbox!.items.map(({ productId, quantity, updatedAt }) => ({
          productId,
          quantity,
          updatedAt,
        })),
        ...Array.from({ length: 45 }, (_, index) => ({
          productId: `p${60 + index}`,
          quantity: 1,
          updatedAt: index + 1,
        })),
      ],
      2,
    );
    await add(CART_ITEMS_MAX + 9);
    await settle(store);
    expect(notice).toHaveBeenCalledWith(LOOTBOX_MESSAGES.trimmedToMax(CART_ITEMS_MAX));
    const kept = answers.state.lootbox!.items.map((item) => item.productId);
    expect(kept).toHaveLength(CART_ITEMS_MAX);
    // The 6 changed longest ago (p60..p65) went; the one just added stayed.
    expect(kept).not.toEqual(expect.arrayContaining(['p60']));
    expect(kept).toContain('p66');
    expect(kept).toContain(`p${CART_ITEMS_MAX + 9}`);
  });

  it('writes the stored copy even when the server save fails', async () => {
    server.respond('POST', '/api/v1/lootbox', { status: 503, body: { success: false, message: 'Busy' } });
    const refused = vi.fn();
    const store = openStore(refused);
    await store.ready();
    await store.addItem(product('lamp'));
    await settle(store);
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
    await settle(store);
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
    await settle(store);
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

  it('waits for a save under way, clears after it, and keeps what was added while clearing', async () => {
    const store = openStore();
    await store.ready();
    await store.addItem(product('diya'));
    await settle(store);
    store.updateQuantity('diya', 2);
    // The save of the quantity goes out and the server holds its answer...
    const answerSaves = answers.holdSaves();
    await vi.advanceTimersByTimeAsync(CART_AUTOSAVE_DEBOUNCE_MS);
    await until(() => saves().length === 2);
    // ...and the shopper clears meanwhile, then adds a lamp before the Clear is done.
    const clearing = store.clear();
    await store.addItem(product('lamp'));
    // The Clear waits for that save: nothing else is sent while its answer is held.
    await nextTurn();
    expect(saves()).toHaveLength(2);
    answerSaves();
    await clearing;
    expect(names(store)).toEqual(['Clay Lamp']);
    await settle(store);
    expect(saves().map((save) => [save.method, save.body.status ?? null, save.body.version ?? null])).toEqual(
      [
        ['POST', null, null],
        ['PUT', null, 1],
        ['PUT', 'completed', 2],
        ['POST', null, null],
      ],
    );
    expect(answers.state.lootbox).toMatchObject({ status: 'active' });
    expect(answers.state.lootbox?.items.map((item) => item.productId)).toEqual(['lamp']);
  });

  it('keeps everything when the server cannot clear', async () => {
    const store = openStore();
    await store.ready();
    await store.addItem(product('lamp'));
    await settle(store);
    server.respond('PUT', `/api/v1/lootbox/${TEST_LOOTBOX_ID}`, { status: 500, body: { success: false } });
    await expect(store.clear()).rejects.toThrow();
    expect(names(store)).toEqual(['Clay Lamp']);
    expect(stored()).not.toBeNull();
  });
});
