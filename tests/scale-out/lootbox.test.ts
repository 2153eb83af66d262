// One shopper's Loot Box in two tabs, one talking to instance A and one to instance B (decisions 0038 and 0084): the
// versioned saves are decided by the database, so a save based on a copy the other instance has replaced answers
// 409 and writes nothing, and the tab merges (docs/product.md "Cart (Loot Box) persistence") and saves again with
// nothing lost.
import { beforeAll, describe, expect, it } from 'vitest';
import { toCart } from '../../src/client/features/lootbox/cart-state.ts';
import type { Lootbox } from '../../src/shared/contracts/lootbox.ts';
import { addItem, mergeCarts, removeItem, type Cart } from '../../src/shared/domain/cart.ts';
import {
  createClient,
  createRunAddress,
  signUp,
  type Call,
  type TestUser,
  type Via,
} from './support/client.ts';

let call: Call;
let shopper: TestUser;
const products: Record<'lamp' | 'lota' | 'diya' | 'bag', string> = { lamp: '', lota: '', diya: '', bag: '' };

beforeAll(async () => {
  call = createClient(createRunAddress());
  const seller = await signUp(call, 'A', 'asha');
  shopper = await signUp(call, 'B', 'neha');
  for (const [name, price] of [
    ['lamp', 1000],
    ['lota', 500],
    ['diya', 80],
    ['bag', 300],
  ] as const) {
    const created = await call('A', '/api/v1/content', {
      method: 'POST',
      token: seller.token,
      json: { type: 'product', category: 'Home', contactInfo: { whatsapp: '9876543210' }, name, price },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    products[name] = created.body.product.id;
  }
});

/** What a tab sends: only the shopper's choices (the server prices them). */
function toBody(cart: Cart, version: number) {
  return {
    version,
    items: cart.items.map((item) => ({
      productId: item.productId,
      quantity: item.quantity,
      fromKlip: item.fromKlip,
      appliedOfferId: item.appliedOfferId ?? null,
      updatedAt: item.updatedAt,
    })),
    removed: cart.removed,
  };
}

const product = (productId: string) => ({
  productId,
  name: 'as the tab showed it',
  price: 1,
  originalPrice: 1,
  discount: 0,
  thumbnail: '',
  fromKlip: false,
});

async function read(via: Via, id: string): Promise<Lootbox> {
  const answer = await call(via, `/api/v1/lootbox/${id}`, { token: shopper.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.lootbox;
}

const save = (via: Via, id: string, body: unknown) =>
  call(via, `/api/v1/lootbox/${id}`, { method: 'PUT', token: shopper.token, json: body });

const productIds = (lootbox: Lootbox) => lootbox.items.map((item) => item.productId).sort();

describe('a Loot Box saved on both instances', () => {
  let lootboxId: string;

  it("merges the two tabs' changes with nothing lost", async () => {
    const created = await call('A', '/api/v1/lootbox', {
      method: 'POST',
      token: shopper.token,
      json: { items: [{ productId: products.lamp, quantity: 1, updatedAt: Date.now() }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const base: Lootbox = created.body.lootbox;
    lootboxId = base.id;

    // Tab 2, on B, read the same version: it takes the lamp out and adds the lota.
    const listed = await call('B', '/api/v1/lootbox?status=active', { token: shopper.token });
    expect(listed.body.lootboxes.map((lootbox: Lootbox) => lootbox.version)).toEqual([base.version]);
    const tab2 = addItem(
      removeItem(toCart(base), products.lamp, Date.now()),
      product(products.lota),
      Date.now(),
    );
    const saved2 = await save('B', base.id, toBody(tab2, base.version));
    expect(saved2.status, JSON.stringify(saved2.body)).toBe(200);

    // Tab 1, on A, still on the first version, adds the diya: refused, and nothing written.
    const tab1 = addItem(toCart(base), product(products.diya), Date.now());
    const stale = await save('A', base.id, toBody(tab1, base.version));
    expect(stale.status).toBe(409);
    const theirs = await read('A', base.id);
    expect(theirs.version).toBe(saved2.body.lootbox.version);
    expect(productIds(theirs)).toEqual([products.lota]);

    // Tab 1 merges its change into the newer copy and saves again.
    const merged = mergeCarts(toCart(base), tab1, toCart(theirs));
    const saved1 = await save('A', base.id, toBody(merged, theirs.version));
    expect(saved1.status, JSON.stringify(saved1.body)).toBe(200);

    for (const via of ['B', 'balancer'] as const) {
      const final = await read(via, base.id);
      expect(productIds(final)).toEqual([products.lota, products.diya].sort());
      expect(final.removed.map((removal) => removal.productId)).toEqual([products.lamp]);
    }
  });

  it('lets exactly one of two saves of one version through when they land on different instances', async () => {
    const current = await read('balancer', lootboxId);
    const body = (productId: string) => ({
      version: current.version,
      items: [{ productId, quantity: 2, updatedAt: Date.now() }],
    });
    const [onA, onB] = await Promise.all([
      save('A', lootboxId, body(products.bag)),
      save('B', lootboxId, body(products.lamp)),
    ]);
    expect([onA.status, onB.status].sort()).toEqual([200, 409]);
    const winner = onA.status === 200 ? products.bag : products.lamp;
    const stored = await read('B', lootboxId);
    expect(stored.version).toBe(current.version + 1);
    expect(productIds(stored)).toEqual([winner]);
  });
});
