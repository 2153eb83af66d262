// The Loot Box through the real app, on PGlite or (with TEST_DATABASE_URL) PostgreSQL (docs/product.md "Lootbox
// calls", "Loot Box item", "Cart (Loot Box) persistence"; decision 0038): only the owner reaches a lootbox; one
// active lootbox per user, decided by the database; versioned saves; prices from the products and offers as they
// are now; bad input refused naming the field, with nothing written.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lootbox } from '../../../shared/contracts/lootbox.ts';
import {
  CART_ITEMS_MAX,
  CART_REMOVED_BODY_MAX,
  CART_REMOVED_KEPT,
  LOOTBOX_COMPLETED_KEPT,
  PRODUCT_PLACEHOLDER_IMAGE,
} from '../../../shared/constants.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';
import { uploadTestImage } from '../../test/upload-image.ts';

type User = { token: string; uid: string };

let t: TestApp;
let seller: User;
let otherSeller: User;
/** The seller's products: a ₹1000 one with 10% off and a photo, a ₹500 one, an ₹80 one. */
let lamp: { id: string };
let lota: { id: string };
let diya: { id: string };
/** Another seller's ₹300 bag. */
let bag: { id: string };
/** 20% off the lamp, running now for a day. */
let lampOffer: { id: string };
/** ₹50 off the lota, running now for a day. */
let lotaOffer: { id: string };
/** How far the app's clock is ahead of the real one: a test moves it rather than wait for an offer to end. */
let clockAhead = 0;
let users = 0;

const HOUR = 60 * 60 * 1000;
const auth = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_MAX: '100000' },
    undefined,
    undefined,
    null,
    () => Date.now() + clockAhead,
  );
  seller = await signUpTestUser(t.app, 'asha.lootbox', { address: '10.14.0.1' });
  otherSeller = await signUpTestUser(t.app, 'ravi.lootbox', { address: '10.14.0.2' });
  const image = await uploadTestImage(t.app, seller.token);
  lamp = await createProduct(seller, { name: 'Brass Lamp', price: 1000, discount: 10, images: [image] });
  lota = await createProduct(seller, { name: 'Copper Lota', price: 500 });
  diya = await createProduct(seller, { name: 'Clay Diya', price: 80 });
  bag = await createProduct(otherSeller, { name: 'Jute Bag', price: 300 });
  lampOffer = await createOffer(seller, {
    title: 'Lamp week',
    discountType: 'percentage',
    discountValue: 20,
    products: [lamp.id],
  });
  lotaOffer = await createOffer(seller, {
    title: 'Lota deal',
    discountType: 'fixed',
    discountValue: 50,
    products: [lota.id],
  });
});
afterAll(() => t.close());

/** A shopper of their own, signed up from an address of their own (the sign-up limit is per address). */
async function newShopper(): Promise<User> {
  users += 1;
  return signUpTestUser(t.app, `shopper${users}.lootbox`, { address: `10.14.1.${users}` });
}

async function createProduct(user: User, fields: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: auth(user),
    payload: { type: 'product', category: 'Home', ...SELLER_CONTACT, ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as { id: string };
}

async function createOffer(user: User, metadata: Record<string, unknown>) {
  const now = Date.now() + clockAhead;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: auth(user),
    payload: {
      type: 'offer',
      status: 'active',
      metadata: {
        description: '',
        startDate: new Date(now - HOUR).toISOString(),
        endDate: new Date(now + 24 * HOUR).toISOString(),
        ...metadata,
      },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().offer as { id: string };
}

function post(user: User | null, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/lootbox',
    headers: user ? auth(user) : {},
    payload: payload as Record<string, unknown>,
  });
}

function put(user: User | null, id: string, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/lootbox/${id}`,
    headers: user ? auth(user) : {},
    payload: payload as Record<string, unknown>,
  });
}

function get(user: User | null, id: string) {
  return t.app.inject({ url: `/api/v1/lootbox/${id}`, headers: user ? auth(user) : {} });
}

async function create(user: User, payload: Record<string, unknown>): Promise<Lootbox> {
  const response = await post(user, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().lootbox as Lootbox;
}

async function read(user: User, id: string): Promise<Lootbox> {
  const response = await get(user, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().lootbox as Lootbox;
}

async function save(user: User, id: string, payload: Record<string, unknown>): Promise<Lootbox> {
  const response = await put(user, id, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().lootbox as Lootbox;
}

const countLootboxes = async (userId: string) =>
  Number(
    (
      await t.testDatabase.database.db
        .selectFrom('lootboxes')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).count,
  );

const itemOf = (lootbox: Lootbox, productId: string) => {
  const item = lootbox.items.find((candidate) => candidate.productId === productId);
  if (!item) throw new Error(`${productId} is not in the lootbox`);
  return item;
};

describe('creating a lootbox', () => {
  it('answers 201 with the items priced by the server from the products and offers as they are now', async () => {
    const shopper = await newShopper();
    const lootbox = await create(shopper, {
      userId: shopper.uid,
      items: [
        // The client's name, price and total are dropped.
        { productId: lamp.id, quantity: 2, appliedOfferId: lampOffer.id, name: 'Cheap', price: 1 },
        { productId: lota.id, quantity: 1 },
        { productId: bag.id, quantity: 3, fromKlip: true },
      ],
      totalValue: 1,
    });
    expect(lootbox).toMatchObject({ userId: shopper.uid, status: 'active', version: 1, removed: [] });
    expect(lootbox.id).toMatch(/^[0-9A-Z]{26}$/);
    const lampItem = itemOf(lootbox, lamp.id);
    expect(lampItem).toMatchObject({
      name: 'Brass Lamp',
      price: 900,
      originalPrice: 1000,
      discount: 10,
      quantity: 2,
      fromKlip: false,
      appliedOfferId: lampOffer.id,
      appliedOffer: {
        offerId: lampOffer.id,
        title: 'Lamp week',
        discountType: 'percentage',
        discountValue: 20,
      },
      finalPrice: 720,
      lineTotal: 1440,
      shortBy: 0,
      available: true,
    });
    // The first image's URL, as product lists give it.
    const listed = (await t.app.inject(`/api/v1/products/${lamp.id}`)).json().product;
    expect(lampItem.thumbnail).toBe(listed.files[0].url);
    expect(lampItem.thumbnail).toMatch(/^\/media\//);
    expect(itemOf(lootbox, lota.id)).toMatchObject({
      name: 'Copper Lota',
      thumbnail: PRODUCT_PLACEHOLDER_IMAGE,
      appliedOffer: null,
      finalPrice: 500,
      lineTotal: 500,
    });
    expect(itemOf(lootbox, bag.id)).toMatchObject({ fromKlip: true, quantity: 3, lineTotal: 900 });
    expect(lootbox.totalValue).toBe(1440 + 500 + 900);
    // In the order sent, and the same when read again.
    expect(lootbox.items.map((item) => item.productId)).toEqual([lamp.id, lota.id, bag.id]);
    expect(await read(shopper, lootbox.id)).toEqual(lootbox);
  });

  it('answers 409 when the user has an active lootbox already, and creates nothing', async () => {
    const shopper = await newShopper();
    await create(shopper, { items: [{ productId: lota.id, quantity: 1 }] });
    const response = await post(shopper, { items: [{ productId: diya.id, quantity: 1 }] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'conflict', message: LOOTBOX_MESSAGES.activeExists });
    expect(await countLootboxes(shopper.uid)).toBe(1);
  });

  it('makes exactly one active lootbox of two POSTs at once for one user', async () => {
    const shopper = await newShopper();
    const responses = await Promise.all([
      post(shopper, { items: [{ productId: lota.id, quantity: 1 }] }),
      post(shopper, { items: [{ productId: diya.id, quantity: 1 }] }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await countLootboxes(shopper.uid)).toBe(1);
    const list = (
      await t.app.inject({ url: '/api/v1/lootbox?status=active', headers: auth(shopper) })
    ).json();
    expect(list.lootboxes).toHaveLength(1);
    const winner = responses.find((response) => response.statusCode === 201)!.json().lootbox as Lootbox;
    expect(list.lootboxes[0].items).toEqual(winner.items);
  });

  it('creates a lootbox with no items, and a completed one beside the active one', async () => {
    const shopper = await newShopper();
    const empty = await create(shopper, { items: [] });
    expect(empty).toMatchObject({ items: [], totalValue: 0, status: 'active' });
    const completed = await create(shopper, {
      items: [{ productId: lota.id, quantity: 1 }],
      status: 'completed',
    });
    expect(completed.status).toBe('completed');
    expect(await countLootboxes(shopper.uid)).toBe(2);
  });
});

describe('access', () => {
  it('answers 401 to every verb without a signed-in user', async () => {
    const shopper = await newShopper();
    const lootbox = await create(shopper, { items: [] });
    const answers = await Promise.all([
      post(null, { items: [] }),
      t.app.inject({ url: '/api/v1/lootbox' }),
      get(null, lootbox.id),
      put(null, lootbox.id, { items: [] }),
      t.app.inject({ method: 'DELETE', url: `/api/v1/lootbox/${lootbox.id}` }),
      put({ token: 'not-a-token', uid: shopper.uid }, lootbox.id, { items: [] }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
    expect((await read(shopper, lootbox.id)).version).toBe(1);
  });

  it("answers 404 to another user's lootbox on every verb, as to an unknown id, and changes nothing", async () => {
    const owner = await newShopper();
    const stranger = await newShopper();
    const lootbox = await create(owner, { items: [{ productId: lota.id, quantity: 1 }] });
    for (const id of [lootbox.id, '01JZZZZZZZZZZZZZZZZZZZZZZZ']) {
      const answers = [
        await get(stranger, id),
        await put(stranger, id, { items: [{ productId: diya.id, quantity: 1 }] }),
        await t.app.inject({ method: 'DELETE', url: `/api/v1/lootbox/${id}`, headers: auth(stranger) }),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(404);
        expect(answer.json().message).toBe(LOOTBOX_MESSAGES.notFound);
      }
    }
    expect(await read(owner, lootbox.id)).toEqual(lootbox);
    const list = (await t.app.inject({ url: '/api/v1/lootbox', headers: auth(stranger) })).json();
    expect(list.lootboxes).toEqual([]);
  });

  it("answers 403 to a body whose userId is not the caller's, on POST and PUT, and writes nothing", async () => {
    const shopper = await newShopper();
    const victim = await newShopper();
    const refused = await post(shopper, { userId: victim.uid, items: [{ productId: lota.id, quantity: 1 }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(LOOTBOX_MESSAGES.notYours);
    expect(await countLootboxes(shopper.uid)).toBe(0);
    expect(await countLootboxes(victim.uid)).toBe(0);

    const lootbox = await create(shopper, { userId: shopper.uid, items: [] });
    const refusedPut = await put(shopper, lootbox.id, {
      userId: victim.uid,
      items: [{ productId: lota.id, quantity: 1 }],
    });
    expect(refusedPut.statusCode).toBe(403);
    expect(await read(shopper, lootbox.id)).toEqual(lootbox);
  });
});

describe('saving (PUT)', () => {
  it('replaces the items, tombstones and status, one version on each time', async () => {
    const shopper = await newShopper();
    const first = await create(shopper, { items: [{ productId: lota.id, quantity: 1, updatedAt: 1000 }] });
    const second = await save(shopper, first.id, {
      version: 1,
      items: [
        { productId: bag.id, quantity: 2, fromKlip: true, updatedAt: 3000 },
        { productId: diya.id, quantity: 1, updatedAt: 3000 },
      ],
      removed: [{ productId: lota.id, removedAt: 2000 }],
    });
    expect(second.version).toBe(2);
    expect(
      second.items.map((item) => [item.productId, item.quantity, item.fromKlip, item.updatedAt]),
    ).toEqual([
      [bag.id, 2, true, 3000],
      [diya.id, 1, false, 3000],
    ]);
    expect(second.removed).toEqual([{ productId: lota.id, removedAt: 2000 }]);
    expect(second.totalValue).toBe(680);
    expect(await read(shopper, first.id)).toEqual(second);

    // A save without a version (the spec's client) is applied as sent; a product added again drops its tombstone,
    // and a product's tombstones come down to its latest.
    const third = await save(shopper, first.id, {
      items: [{ productId: lota.id, quantity: 4 }],
      removed: [
        { productId: lota.id, removedAt: 2000 },
        { productId: bag.id, removedAt: 4000 },
        { productId: bag.id, removedAt: 5000 },
      ],
    });
    expect(third.version).toBe(3);
    expect(third.removed).toEqual([{ productId: bag.id, removedAt: 5000 }]);
    // No updatedAt sent: the server's clock.
    expect(itemOf(third, lota.id).updatedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps an unchanged item its updatedAt when the client sends none', async () => {
    const shopper = await newShopper();
    const lootbox = await create(shopper, { items: [{ productId: lota.id, quantity: 2, updatedAt: 1234 }] });
    const saved = await save(shopper, lootbox.id, {
      items: [
        { productId: lota.id, quantity: 2 },
        { productId: diya.id, quantity: 1 },
      ],
    });
    expect(itemOf(saved, lota.id).updatedAt).toBe(1234);
    expect(itemOf(saved, diya.id).updatedAt).toBeGreaterThan(1234);
  });

  it('writes only the rows that change: adding one product to a Loot Box leaves the others alone', async () => {
    const shopper = await newShopper();
    const lootbox = await create(shopper, {
      items: [
        { productId: lota.id, quantity: 1, updatedAt: 1000 },
        { productId: diya.id, quantity: 1, updatedAt: 1000 },
        { productId: bag.id, quantity: 1, updatedAt: 1000 },
      ],
    });
    // xmin: the transaction that last wrote the row.
    const writers = async () =>
      Object.fromEntries(
        (
          await sql<{ product_id: string; xmin: string }>`select product_id, xmin::text as xmin
            from lootbox_items where lootbox_id = ${lootbox.id}`.execute(t.testDatabase.database.db)
        ).rows.map((row) => [row.product_id, row.xmin]),
      );
    const before = await writers();
    const saved = await save(shopper, lootbox.id, {
      version: 1,
      items: [
        { productId: lota.id, quantity: 1, updatedAt: 1000 },
        { productId: bag.id, quantity: 1, updatedAt: 1000 },
        { productId: lamp.id, quantity: 1, updatedAt: 2000 },
      ],
    });
    expect(saved.items.map((item) => item.productId)).toEqual([lota.id, bag.id, lamp.id]);
    const after = await writers();
    expect(Object.keys(after).sort()).toEqual([lota.id, bag.id, lamp.id].sort());
    // The lota is where it was; the bag moved up a place; the lamp is new.
    expect(after[lota.id]).toBe(before[lota.id]);
    expect(after[bag.id]).not.toBe(before[bag.id]);
    expect(await read(shopper, lootbox.id)).toEqual(saved);
  });

  it('answers 409 to a save based on another version, and writes nothing', async () => {
    const shopper = await newShopper();
    const lootbox = await create(shopper, { items: [{ productId: lota.id, quantity: 1 }] });
    const saved = await save(shopper, lootbox.id, {
      version: 1,
      items: [
        { productId: lota.id, quantity: 1 },
        { productId: diya.id, quantity: 1 },
      ],
    });
    for (const version of [1, 0, 3]) {
      const stale = await put(shopper, lootbox.id, { version, items: [{ productId: bag.id, quantity: 1 }] });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'conflict', message: LOOTBOX_MESSAGES.versionConflict });
    }
    expect(await read(shopper, lootbox.id)).toEqual(saved);
  });

  it('lets exactly one of two saves based on the same version through', async () => {
    const shopper = await newShopper();
    const lootbox = await create(shopper, { items: [] });
    const answers = await Promise.all([
      put(shopper, lootbox.id, { version: 1, items: [{ productId: lota.id, quantity: 1 }] }),
      put(shopper, lootbox.id, { version: 1, items: [{ productId: diya.id, quantity: 1 }] }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const stored = await read(shopper, lootbox.id);
    expect(stored.version).toBe(2);
    expect(stored.items).toHaveLength(1);
  });

  it('applies saves without a version made at once one after the other, each one version on', async () => {
    const shopper = await newShopper();
    const lootbox = await create(shopper, { items: [] });
    const answers = await Promise.all(
      [lota, diya, bag].map((product) =>
        put(shopper, lootbox.id, { items: [{ productId: product.id, quantity: 1 }] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.json().lootbox.version).sort()).toEqual([2, 3, 4]);
    const stored = await read(shopper, lootbox.id);
    expect(stored.version).toBe(4);
    expect(stored.items).toHaveLength(1);
  });

  it('keeps only the newest 200 tombstones, so that a shopper who took out hundreds of products still saves', async () => {
    const removal = (n: number) => ({ productId: `gone-${n}`, removedAt: 10_000 + n });
    // 250 removals sent in a shuffled order (and one product twice): the newest 200 are kept, in the order sent.
    const sent = Array.from({ length: 250 }, (_, index) => removal(((index * 7) % 250) + 1));
    sent.push({ productId: 'gone-1', removedAt: 1 });
    const newest = (from: number, to: number) =>
      sent.filter((entry) => entry.removedAt >= 10_000 + from && entry.removedAt <= 10_000 + to);
    const shopper = await newShopper();
    const created = await create(shopper, { items: [{ productId: lota.id, quantity: 1 }], removed: sent });
    expect(created.removed).toHaveLength(CART_REMOVED_KEPT);
    expect(created.removed).toEqual(newest(51, 250));
    expect(await read(shopper, created.id)).toEqual(created);

    // The client sends back what it holds plus more removals: past 200 is no refusal, the oldest are dropped.
    const more = Array.from({ length: 150 }, (_, index) => removal(251 + index));
    const saved = await save(shopper, created.id, {
      version: created.version,
      items: [{ productId: lota.id, quantity: 1 }],
      removed: [...created.removed, ...more],
    });
    expect(saved.version).toBe(created.version + 1);
    expect(saved.removed).toEqual([...newest(201, 250), ...more]);
    expect(await read(shopper, created.id)).toEqual(saved);
  });

  it('completes the lootbox on Clear; a new POST then makes a new active one; the completed one is closed', async () => {
    const shopper = await newShopper();
    const lootbox = await create(shopper, { items: [{ productId: lota.id, quantity: 1 }] });
    const cleared = await save(shopper, lootbox.id, { items: [], totalValue: 0, status: 'completed' });
    expect(cleared).toMatchObject({ status: 'completed', items: [], totalValue: 0, version: 2 });

    const next = await create(shopper, { items: [{ productId: diya.id, quantity: 1 }] });
    expect(next.id).not.toBe(lootbox.id);
    const active = (
      await t.app.inject({ url: '/api/v1/lootbox?status=active', headers: auth(shopper) })
    ).json();
    expect(active.lootboxes.map((box: Lootbox) => box.id)).toEqual([next.id]);

    // A repeated Clear is answered with the lootbox as it is; any other save is refused.
    expect(await save(shopper, lootbox.id, { items: [], status: 'completed' })).toEqual(cleared);
    for (const body of [
      { items: [{ productId: bag.id, quantity: 1 }] },
      { items: [], status: 'active' },
      { items: [{ productId: bag.id, quantity: 1 }], status: 'completed' },
    ]) {
      const refused = await put(shopper, lootbox.id, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(LOOTBOX_MESSAGES.completed);
    }
    expect(await read(shopper, lootbox.id)).toEqual(cleared);
  });

  it('keeps the newest LOOTBOX_COMPLETED_KEPT (20) cleared lootboxes per user, with no tombstones (decision 0049)', async () => {
    const shopper = await newShopper();
    const other = await newShopper();
    const theirs = await create(other, { items: [], status: 'completed' });
    const removed = Array.from({ length: 250 }, (_, n) => ({ productId: `gone-${n}`, removedAt: n + 1 }));
    const made: string[] = [];
    // Completed as they are made, and then by a Clear (the app's way): both trim the history.
    for (let index = 0; index < LOOTBOX_COMPLETED_KEPT + 2; index += 1) {
      const lootbox = await create(shopper, {
        items: [{ productId: lota.id, quantity: 1 }],
        removed,
        status: 'completed',
      });
      expect(lootbox.removed).toEqual([]);
      made.push(lootbox.id);
    }
    const open = await create(shopper, { items: [{ productId: diya.id, quantity: 1 }], removed });
    expect(open.removed).toHaveLength(CART_REMOVED_KEPT);
    const cleared = await save(shopper, open.id, { items: [], removed, status: 'completed' });
    expect(cleared.removed).toEqual([]);
    made.push(open.id);

    const completedIds = (
      await t.testDatabase.database.db
        .selectFrom('lootboxes')
        .select('id')
        .where('user_id', '=', shopper.uid)
        .where('status', '=', 'completed')
        .orderBy('id', 'desc')
        .execute()
    ).map((row) => row.id);
    expect(completedIds).toEqual(made.slice(-LOOTBOX_COMPLETED_KEPT).reverse());
    const items = await t.testDatabase.database.db
      .selectFrom('lootbox_items')
      .select('lootbox_id')
      .where('lootbox_id', 'in', made.slice(0, 3))
      .execute();
    expect(items).toEqual([]);
    expect(await read(other, theirs.id)).toMatchObject({ status: 'completed' });
  });
});

describe('bad input', () => {
  let shopper: User;
  let lootbox: Lootbox;
  beforeAll(async () => {
    shopper = await newShopper();
    lootbox = await create(shopper, { items: [{ productId: lota.id, quantity: 1 }] });
  });

  /** Each refusal leaves the lootbox as it was, and makes no other. */
  async function expectUnchanged() {
    expect(await read(shopper, lootbox.id)).toEqual(lootbox);
    expect(await countLootboxes(shopper.uid)).toBe(1);
  }

  it('refuses a product that does not exist, naming the item, on PUT and POST', async () => {
    const refused = await put(shopper, lootbox.id, {
      items: [
        { productId: lota.id, quantity: 1 },
        { productId: 'no-such-product', quantity: 1 },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `items.1.productId: ${LOOTBOX_MESSAGES.unknownProduct('no-such-product')}`,
    );
    await expectUnchanged();

    const other = await newShopper();
    const refusedPost = await post(other, { items: [{ productId: 'no-such-product', quantity: 1 }] });
    expect(refusedPost.statusCode).toBe(400);
    expect(refusedPost.json().message).toBe(
      `items.0.productId: ${LOOTBOX_MESSAGES.unknownProduct('no-such-product')}`,
    );
    expect(await countLootboxes(other.uid)).toBe(0);
  });

  it.each([0, -1, 1.5, 1e9, 'a', null])('refuses quantity %s, naming the item', async (quantity) => {
    for (const response of [
      await put(shopper, lootbox.id, {
        items: [
          { productId: lota.id, quantity: 1 },
          { productId: diya.id, quantity },
        ],
      }),
      await post(shopper, { items: [{ productId: diya.id, quantity }] }),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(/^items\.\d\.quantity: /);
    }
    await expectUnchanged();
  });

  it('refuses more than 100 items, a product twice, and a product id that is no id', async () => {
    const many = Array.from({ length: CART_ITEMS_MAX + 1 }, (_, index) => ({
      productId: `p${index}`,
      quantity: 1,
    }));
    const tooMany = await put(shopper, lootbox.id, { items: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(`items: ${LOOTBOX_MESSAGES.tooManyItems(CART_ITEMS_MAX)}`);

    const twice = await put(shopper, lootbox.id, {
      items: [
        { productId: lota.id, quantity: 1 },
        { productId: lota.id, quantity: 2 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(`items.1.productId: ${LOOTBOX_MESSAGES.duplicateProduct}`);

    const garbage = await put(shopper, lootbox.id, { items: [{ productId: '../etc', quantity: 1 }] });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe(`items.0.productId: ${LOOTBOX_MESSAGES.badProductId}`);
    await expectUnchanged();
  });

  it('refuses more than 1000 tombstones in a body, naming the field', async () => {
    const removed = Array.from({ length: CART_REMOVED_BODY_MAX + 1 }, (_, index) => ({
      productId: `gone-${index}`,
      removedAt: index,
    }));
    const refused = await put(shopper, lootbox.id, { items: [{ productId: lota.id, quantity: 1 }], removed });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(`removed: ${LOOTBOX_MESSAGES.tooManyRemoved(CART_REMOVED_BODY_MAX)}`);
    const refusedPost = await post(shopper, { items: [], removed });
    expect(refusedPost.statusCode).toBe(400);
    await expectUnchanged();
  });

  it('answers a 1 MB body with 400 naming the field, and a body past the limit with 413', async () => {
    const longId = await put(shopper, lootbox.id, {
      items: [{ productId: 'x'.repeat(1024 * 1024), quantity: 1 }],
    });
    expect(longId.statusCode).toBe(400);
    expect(longId.json().message).toMatch(/^items\.0\.productId: /);

    const manyItems = Array.from({ length: 20_000 }, (_, index) => ({ productId: `p${index}`, quantity: 1 }));
    const megabyte = await post(shopper, { items: manyItems });
    expect(megabyte.statusCode).toBe(400);
    expect(megabyte.json().message).toMatch(/^items: /);

    const huge = await put(shopper, lootbox.id, {
      items: [{ productId: 'x'.repeat(3 * 1024 * 1024), quantity: 1 }],
    });
    expect(huge.statusCode).toBe(413);
    await expectUnchanged();
  });

  it('refuses a nextToken it never gave out', async () => {
    const response = await t.app.inject({ url: '/api/v1/lootbox?nextToken=garbage', headers: auth(shopper) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(LOOTBOX_MESSAGES.badNextToken);
  });
});

describe('prices from the products and offers as they are now', () => {
  it('shows a changed price at once', async () => {
    const shopper = await newShopper();
    const product = await createProduct(seller, { name: 'Steel Tumbler', price: 200 });
    const lootbox = await create(shopper, { items: [{ productId: product.id, quantity: 2 }] });
    expect(lootbox.totalValue).toBe(400);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${product.id}`,
      headers: auth(seller),
      payload: { price: 250, discount: 20, name: 'Steel Tumbler Set' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const item = itemOf(await read(shopper, lootbox.id), product.id);
    expect(item).toMatchObject({
      name: 'Steel Tumbler Set',
      originalPrice: 250,
      discount: 20,
      price: 200,
      lineTotal: 400,
    });
  });

  it('shows a deleted product as unavailable with its last name and price, out of the total, and keeps it', async () => {
    const shopper = await newShopper();
    const product = await createProduct(seller, { name: 'Brass Bell', price: 150 });
    const lootbox = await create(shopper, {
      items: [
        { productId: product.id, quantity: 2 },
        { productId: diya.id, quantity: 1 },
      ],
    });
    expect(lootbox.totalValue).toBe(380);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${product.id}`,
      headers: auth(seller),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const after = await read(shopper, lootbox.id);
    expect(itemOf(after, product.id)).toMatchObject({
      name: 'Brass Bell',
      available: false,
      price: 150,
      lineTotal: 0,
      appliedOffer: null,
      thumbnail: PRODUCT_PLACEHOLDER_IMAGE,
    });
    expect(after.totalValue).toBe(80);
    // A save that keeps it is no unknown product: it stays, unavailable.
    const saved = await save(shopper, lootbox.id, {
      version: after.version,
      items: [
        { productId: product.id, quantity: 3 },
        { productId: diya.id, quantity: 2 },
      ],
    });
    expect(itemOf(saved, product.id)).toMatchObject({ available: false, quantity: 3, name: 'Brass Bell' });
    expect(saved.totalValue).toBe(160);
    // Adding it anew, once it is gone, is refused.
    const other = await newShopper();
    expect((await post(other, { items: [{ productId: product.id, quantity: 1 }] })).statusCode).toBe(400);
  });

  it('keeps the snapshot a save wrote exactly: quotes, commas, braces and backslashes in a name, with and without a photo', async () => {
    const shopper = await newShopper();
    const lootbox = await create(shopper, { items: [{ productId: diya.id, quantity: 1 }] });
    const awkward = 'Lamp "Deluxe", {big} \\ set; NULL';
    const image = await uploadTestImage(t.app, seller.token);
    const plain = await createProduct(seller, { name: awkward, price: 120 });
    const pictured = await createProduct(seller, { name: `${awkward} 2`, price: 130, images: [image] });
    // Both written by a PUT (the save's one statement), beside an unchanged item.
    const saved = await save(shopper, lootbox.id, {
      version: lootbox.version,
      items: [
        { productId: diya.id, quantity: 1 },
        { productId: plain.id, quantity: 1, appliedOfferId: 'no-such-offer' },
        { productId: pictured.id, quantity: 2 },
      ],
    });
    expect(itemOf(saved, pictured.id).thumbnail).not.toBe(PRODUCT_PLACEHOLDER_IMAGE);
    for (const product of [plain, pictured]) {
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/products/${product.id}`,
        headers: auth(seller),
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
    }
    const after = await read(shopper, lootbox.id);
    expect(itemOf(after, plain.id)).toMatchObject({
      name: awkward,
      price: 120,
      available: false,
      appliedOfferId: 'no-such-offer',
      thumbnail: PRODUCT_PLACEHOLDER_IMAGE,
    });
    // Its photo left storage with it (docs/product.md "Products, klips, offers"): the placeholder, never a URL of
    // files that are gone.
    expect(itemOf(after, pictured.id)).toMatchObject({
      name: `${awkward} 2`,
      price: 130,
      thumbnail: PRODUCT_PLACEHOLDER_IMAGE,
    });
    expect(after.totalValue).toBe(80);
  });

  it('applies a claimed offer only while it runs', async () => {
    const shopper = await newShopper();
    const offer = await createOffer(seller, {
      title: 'Two hours only',
      discountType: 'fixed',
      discountValue: 30,
      products: [diya.id],
      endDate: new Date(Date.now() + clockAhead + 2 * HOUR).toISOString(),
    });
    const lootbox = await create(shopper, {
      items: [{ productId: diya.id, quantity: 2, appliedOfferId: offer.id }],
    });
    expect(itemOf(lootbox, diya.id)).toMatchObject({ finalPrice: 50, lineTotal: 100 });
    expect(itemOf(lootbox, diya.id).appliedOffer?.offerId).toBe(offer.id);
    clockAhead = 3 * HOUR;
    try {
      const ended = await read(shopper, lootbox.id);
      expect(itemOf(ended, diya.id)).toMatchObject({
        appliedOfferId: offer.id,
        appliedOffer: null,
        finalPrice: 80,
        lineTotal: 160,
      });
      expect(ended.totalValue).toBe(160);
    } finally {
      clockAhead = 0;
    }
  });

  it('does not apply a claimed offer that does not include the product, nor one that does not exist', async () => {
    const shopper = await newShopper();
    const lootbox = await create(shopper, {
      items: [
        // The lota's offer named on the lamp; an offer id nobody made on the bag.
        { productId: lamp.id, quantity: 1, appliedOfferId: lotaOffer.id },
        { productId: bag.id, quantity: 1, appliedOfferId: 'no-such-offer' },
        { productId: lota.id, quantity: 1, appliedOfferId: lotaOffer.id },
      ],
    });
    expect(itemOf(lootbox, lamp.id)).toMatchObject({ appliedOffer: null, finalPrice: 900 });
    expect(itemOf(lootbox, bag.id)).toMatchObject({ appliedOffer: null, finalPrice: 300 });
    expect(itemOf(lootbox, lota.id)).toMatchObject({ finalPrice: 450 });
    expect(itemOf(lootbox, lota.id).appliedOffer?.offerId).toBe(lotaOffer.id);
    expect(lootbox.totalValue).toBe(900 + 300 + 450);
  });

  it('says how much more a line needs before its offer applies', async () => {
    const shopper = await newShopper();
    const offer = await createOffer(seller, {
      title: 'Diyas by the dozen',
      discountType: 'percentage',
      discountValue: 10,
      minPurchase: 200,
      products: [diya.id],
    });
    const lootbox = await create(shopper, {
      items: [{ productId: diya.id, quantity: 2, appliedOfferId: offer.id }],
    });
    expect(itemOf(lootbox, diya.id)).toMatchObject({ shortBy: 40, finalPrice: 80, lineTotal: 160 });
    const more = await save(shopper, lootbox.id, {
      items: [{ productId: diya.id, quantity: 3, appliedOfferId: offer.id }],
    });
    expect(itemOf(more, diya.id)).toMatchObject({ shortBy: 0, finalPrice: 72, lineTotal: 216 });
  });
});

describe('listing and deleting', () => {
  it("lists the caller's own lootboxes newest first, by status, a page at a time", async () => {
    const shopper = await newShopper();
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const lootbox = await create(shopper, { items: [{ productId: lota.id, quantity: index + 1 }] });
      await save(shopper, lootbox.id, { items: [], status: 'completed' });
      ids.unshift(lootbox.id);
    }
    const active = await create(shopper, {
      items: [{ productId: lamp.id, quantity: 1, appliedOfferId: lampOffer.id }],
    });
    ids.unshift(active.id);

    const seen: string[] = [];
    let nextToken: string | null = null;
    do {
      const response = await t.app.inject({
        url: '/api/v1/lootbox',
        query: { limit: '3', ...(nextToken ? { nextToken } : {}) },
        headers: auth(shopper),
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as { lootboxes: Lootbox[]; nextToken: string | null };
      seen.push(...page.lootboxes.map((lootbox) => lootbox.id));
      nextToken = page.nextToken;
    } while (nextToken);
    expect(seen).toEqual(ids);

    const completed = (
      await t.app.inject({ url: '/api/v1/lootbox?status=completed', headers: auth(shopper) })
    ).json();
    expect(completed.lootboxes.map((lootbox: Lootbox) => lootbox.id)).toEqual(ids.slice(1));
    const onlyActive = (
      await t.app.inject({ url: '/api/v1/lootbox?status=active', headers: auth(shopper) })
    ).json();
    expect(onlyActive).toMatchObject({ success: true, nextToken: null });
    // Priced as GET /api/v1/lootbox/{id} prices it.
    expect(onlyActive.lootboxes).toEqual([await read(shopper, active.id)]);
    expect(onlyActive.lootboxes[0].totalValue).toBe(720);
  });

  it('deletes the caller’s own lootbox with its items', async () => {
    const shopper = await newShopper();
    const lootbox = await create(shopper, { items: [{ productId: lota.id, quantity: 1 }] });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/lootbox/${lootbox.id}`,
      headers: auth(shopper),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect((await get(shopper, lootbox.id)).statusCode).toBe(404);
    const items = await t.testDatabase.database.db
      .selectFrom('lootbox_items')
      .select('product_id')
      .where('lootbox_id', '=', lootbox.id)
      .execute();
    expect(items).toEqual([]);
    // With none active, a new one may be made.
    await create(shopper, { items: [] });
  });
});
