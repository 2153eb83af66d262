// Offers through the real app, on PGlite or (with TEST_DATABASE_URL) PostgreSQL (docs/product.md "Offer creation",
// "Offers API", "Offer limits"; decision 0035): creating one through POST /api/v1/content with the spec's texts,
// clamping and defaults; who may change it; what each viewer sees; prices from the one engine; a cached listing
// that drops an offer when it ends; and random bodies that never get a 5xx.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer } from '../../../shared/contracts/offers.ts';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  OFFER_DEFAULT_DURATION_MS,
  OFFER_FEATURED_PRODUCTS_MAX,
} from '../../../shared/constants.ts';
import { priceLine } from '../../../shared/domain/offers.ts';
import { paiseToRupees } from '../../../shared/domain/pricing.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';

let t: TestApp;
let seller: { token: string; uid: string };
let other: { token: string; uid: string };
/** The seller's products: a ₹1000 one with 10% off, and two more. */
let products: { id: string; price: number; discount: number }[];
let othersProduct: { id: string };
/** How far the app's clock is ahead of the real one: a test moves it rather than wait for an offer to end. */
let clockAhead = 0;

const HOUR = 60 * 60 * 1000;
const auth = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });

beforeAll(async () => {
  // A listing stays cached for a minute unless something says it stops being true sooner: the offer that ends
  // below must leave the listing through cacheUntil, not through the cache's own time.
  t = await createTestApp(
    { RATE_LIMIT_MAX: '100000', LIST_CACHE_MS: '60000' },
    undefined,
    undefined,
    null,
    () => Date.now() + clockAhead,
  );
  seller = await signUpTestUser(t.app, 'asha.offers', { address: '10.13.0.1' });
  other = await signUpTestUser(t.app, 'ravi.offers', { address: '10.13.0.2' });
  products = [
    await createProduct(seller, { name: 'Brass Diya', price: 1000, discount: 10 }),
    await createProduct(seller, { name: 'Copper Lota', price: 500, discount: 0 }),
    await createProduct(seller, { name: 'Clay Lamp', price: 80, discount: 0 }),
  ];
  othersProduct = await createProduct(other, { name: 'Jute Bag', price: 300 });
});
afterAll(() => t.close());

async function createProduct(user: { token: string }, fields: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: auth(user),
    payload: { type: 'product', category: 'Home', ...SELLER_CONTACT, ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as { id: string; price: number; discount: number };
}

function postOffer(metadata: unknown, user: { token: string } | null = seller) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: user ? auth(user) : {},
    payload: { type: 'offer', status: 'active', metadata },
  });
}

function validOffer(fields: Record<string, unknown> = {}) {
  return {
    title: 'Diwali Dhamaka',
    description: 'Lamps for the festival',
    discountType: 'percentage',
    discountValue: 20,
    products: [products[0]!.id],
    ...fields,
  };
}

async function createOffer(fields: Record<string, unknown> = {}, user = seller): Promise<Offer> {
  const response = await postOffer(validOffer(fields), user);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().offer as Offer;
}

const countOffers = async () =>
  Number(
    (
      await t.testDatabase.database.db
        .selectFrom('offers')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

async function listActive(query: Record<string, string> = {}, user: { token: string } | null = null) {
  const response = await t.app.inject({
    url: '/api/v1/content',
    query: { type: 'offer', status: 'active', ...query },
    headers: user ? auth(user) : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: Offer[];
    lastEvaluatedKey: string | null;
    total: number;
    hasMore: boolean;
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('creating an offer', () => {
  it('creates one from metadata, with the spec defaults: now, now + 7 days, percentage, terms cleaned', async () => {
    const before = Date.now();
    const response = await postOffer({
      title: '  Diwali Dhamaka  ',
      discountType: 'weird',
      discountValue: '20',
      maxDiscount: 0,
      terms: ['  One per customer ', '', '   ', 'While stocks last'],
      products: products.map((product) => product.id),
    });
    expect(response.statusCode, response.body).toBe(201);
    const offer = response.json().offer as Offer;
    expect(offer).toMatchObject({
      type: 'offer',
      status: 'active',
      state: 'active',
      uid: seller.uid,
      creatorUsername: 'asha.offers',
      title: 'Diwali Dhamaka',
      description: '',
      discountType: 'percentage',
      discountValue: 20,
      minPurchase: 0,
      maxDiscount: null,
      terms: ['One per customer', 'While stocks last'],
      products: products.map((product) => product.id),
    });
    const start = Date.parse(offer.startDate);
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(start).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(offer.endDate) - start).toBe(OFFER_DEFAULT_DURATION_MS);
    expect(offer.featuredProducts.map((product) => product.id)).toEqual(offer.products);
    // Stored in paise and basis points (decision 0035).
    const row = await t.testDatabase.database.db
      .selectFrom('offers')
      .selectAll()
      .where('id', '=', offer.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ discount_value: 2000, min_purchase: 0, max_discount: null });
  });

  it('reads the fields from metadata.metadata too, and money in paise', async () => {
    const response = await postOffer({
      metadata: {
        title: 'Nested',
        discountType: 'fixed',
        discountValue: 199.99,
        minPurchase: '1000.5',
        maxDiscount: 150.25,
        products: [products[1]!.id],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const offer = response.json().offer as Offer;
    expect(offer).toMatchObject({
      title: 'Nested',
      discountType: 'fixed',
      discountValue: 199.99,
      minPurchase: 1000.5,
      maxDiscount: 150.25,
    });
    const row = await t.testDatabase.database.db
      .selectFrom('offers')
      .selectAll()
      .where('id', '=', offer.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ discount_value: 19999, min_purchase: 100050, max_discount: 15025 });
  });

  it('answers the spec texts, naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: '   ' }, /title: Offer title is required/],
      [{ title: undefined }, /title: Offer title is required/],
      [{ discountValue: 0 }, /discountValue: Valid discount value is required/],
      [{ discountValue: -5 }, /discountValue: Valid discount value is required/],
      [{ discountValue: 'lots' }, /discountValue: Valid discount value is required/],
      [{ discountValue: 0.001 }, /discountValue: Valid discount value is required/],
      [
        { startDate: iso(Date.now() + 2 * HOUR), endDate: iso(Date.now() + HOUR) },
        /startDate: Start date cannot be later than end date/,
      ],
      [{ discountValue: 150 }, /discountValue: /],
      [{ terms: Array.from({ length: 10_000 }, (_, i) => `term ${i}`) }, /terms/],
      [{ products: [] }, /products/],
      [{ minPurchase: -50 }, /minPurchase: Minimum purchase cannot be negative/],
      [{ minPurchase: '-0.01' }, /minPurchase: Minimum purchase cannot be negative/],
    ];
    const before = await countOffers();
    for (const [fields, message] of cases) {
      const response = await postOffer(validOffer(fields));
      expect(response.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect(await countOffers()).toBe(before);
  });

  it('refuses a start after a default end: a start 8 days ahead without an end', async () => {
    const response = await postOffer(validOffer({ startDate: iso(Date.now() + 8 * 24 * HOUR) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('startDate: Start date cannot be later than end date');
  });

  it('replaces dates that do not parse, or lie outside years 2000-8999, with the defaults', async () => {
    for (const [startDate, endDate] of [
      ['someday', 'never'],
      ['0000-12-31T23:59:59.999Z', '+275760-09-13T00:00:00.000Z'],
      ['1999-12-31T23:59:59.999Z', '9000-01-01T00:00:00.000Z'],
    ]) {
      const offer = await createOffer({ startDate, endDate });
      expect(Date.parse(offer.endDate) - Date.parse(offer.startDate)).toBe(OFFER_DEFAULT_DURATION_MS);
      expect(offer.state).toBe('active');
      // A change with such dates keeps the stored ones.
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/offers/${offer.id}`,
        headers: auth(seller),
        payload: { startDate, endDate },
      });
      expect(patch.statusCode).toBe(200);
      expect(patch.json().offer).toMatchObject({ startDate: offer.startDate, endDate: offer.endDate });
    }
  });

  it('answers a 1 MB title with a 4xx naming it, never a 5xx', async () => {
    const response = await postOffer(validOffer({ title: 'x'.repeat(1024 * 1024) }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/title/);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/offers/${(await createOffer()).id}`,
      headers: auth(seller),
      payload: { title: 'x'.repeat(1024 * 1024) },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toMatch(/title/);
  });

  it('ignores fields the seller does not own: uid, createdAt, counters, state', async () => {
    const response = await postOffer({
      ...validOffer(),
      uid: other.uid,
      id: 'chosen-id',
      createdAt: '2001-01-01T00:00:00.000Z',
      likes: 500,
      state: 'expired',
      status: 'deleted',
    });
    expect(response.statusCode, response.body).toBe(201);
    const offer = response.json().offer as Offer;
    expect(offer.uid).toBe(seller.uid);
    expect(offer.id).not.toBe('chosen-id');
    expect(offer.state).toBe('active');
    expect(Date.parse(offer.createdAt)).toBeGreaterThan(Date.parse('2020-01-01'));
  });

  it("refuses another seller's product, an unknown one, a repeated one and 101, naming the product", async () => {
    const before = await countOffers();
    const foreign = await postOffer(validOffer({ products: [products[0]!.id, othersProduct.id] }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(`products: ${othersProduct.id} is not one of your products`);
    const unknown = await postOffer(validOffer({ products: ['no-such-product'] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('products: no-such-product is not one of your products');
    const twice = await postOffer(validOffer({ products: [products[0]!.id, products[0]!.id] }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(`products: ${products[0]!.id} is listed twice`);
    const tooMany = await postOffer(validOffer({ products: Array.from({ length: 101 }, (_, i) => `p${i}`) }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/^metadata\.products: .*100 products/);
    expect(await countOffers()).toBe(before);
    const links = await t.testDatabase.database.db
      .selectFrom('offer_products')
      .select('product_id')
      .where('product_id', '=', othersProduct.id)
      .execute();
    expect(links).toEqual([]);
  });

  it('creates one offer for a retry with the same Idempotency-Key', async () => {
    const before = await countOffers();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/content',
        headers: { ...auth(seller), 'idempotency-key': 'offer-retry-1' },
        payload: { type: 'offer', status: 'active', metadata: validOffer({ title: 'Retried' }) },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().offer.id).toBe(first.json().offer.id);
    expect(await countOffers()).toBe(before + 1);
  });

  it('needs a signed-in seller', async () => {
    const before = await countOffers();
    expect((await postOffer(validOffer(), null)).statusCode).toBe(401);
    expect(await countOffers()).toBe(before);
  });
});

describe('changing and deleting an offer', () => {
  it("lets only the owner change or delete it; another's attempt changes nothing", async () => {
    const offer = await createOffer({ title: 'Mine' });
    const url = `/api/v1/offers/${offer.id}`;
    expect((await t.app.inject({ method: 'PATCH', url, payload: { title: 'x' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const patch = await t.app.inject({
      method: 'PATCH',
      url,
      headers: auth(other),
      payload: { title: 'Stolen' },
    });
    expect(patch.statusCode).toBe(403);
    const remove = await t.app.inject({ method: 'DELETE', url, headers: auth(other) });
    expect(remove.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/offers/nope',
      headers: auth(seller),
      payload: { title: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Offer not found');
    const read = await t.app.inject({ url, headers: auth(seller) });
    expect(read.json().offer).toMatchObject({ title: 'Mine', updatedAt: offer.updatedAt });
  });

  it('writes only the fields sent and checks them against the stored ones', async () => {
    const offer = await createOffer({
      discountValue: 80,
      startDate: iso(Date.now() - HOUR),
      endDate: iso(Date.now() + HOUR),
    });
    const url = `/api/v1/offers/${offer.id}`;
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url, headers: auth(seller), payload });

    const renamed = await patch({ title: '  Renamed  ', terms: [' a ', ''], products: [products[2]!.id] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().offer).toMatchObject({
      title: 'Renamed',
      discountValue: 80,
      terms: ['a'],
      products: [products[2]!.id],
      startDate: offer.startDate,
      endDate: offer.endDate,
    });

    // A start after the stored end; a percentage above 100 made by the value alone; 0 as cap is no cap.
    const late = await patch({ startDate: iso(Date.now() + 2 * HOUR) });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('startDate: Start date cannot be later than end date');
    expect((await patch({ discountValue: 150 })).statusCode).toBe(400);
    const fixed = await patch({ discountType: 'fixed', maxDiscount: 0 });
    expect(fixed.json().offer).toMatchObject({ discountType: 'fixed', discountValue: 80, maxDiscount: null });
    const back = await patch({ discountValue: 250 });
    expect(back.statusCode).toBe(200);
    // Back to percentage with the stored ₹250: above 100%, named.
    const percent = await patch({ discountType: 'percentage' });
    expect(percent.statusCode).toBe(400);
    expect(percent.json().message).toMatch(/^discountValue: /);
    const foreign = await patch({ products: [othersProduct.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(`products: ${othersProduct.id} is not one of your products`);

    const read = (await t.app.inject({ url, headers: auth(seller) })).json().offer as Offer;
    expect(read).toMatchObject({ discountType: 'fixed', discountValue: 250, products: [products[2]!.id] });

    const removed = await t.app.inject({ method: 'DELETE', url, headers: auth(seller) });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: auth(seller) })).statusCode).toBe(404);
    expect((await listActive({ contentId: offer.id })).items).toEqual([]);
  });

  it('refuses a discount type that is neither percentage nor fixed, or a negative minimum, on PATCH, naming it, and changes nothing', async () => {
    const offer = await createOffer({ discountType: 'fixed', discountValue: 50 });
    const url = `/api/v1/offers/${offer.id}`;
    for (const discountType of ['weird', null, '', 42]) {
      const response = await t.app.inject({
        method: 'PATCH',
        url,
        headers: auth(seller),
        payload: { discountType, title: 'Changed' },
      });
      expect(response.statusCode, String(discountType)).toBe(400);
      expect(response.json().message, String(discountType)).toMatch(/^discountType: /);
    }
    const negative = await t.app.inject({
      method: 'PATCH',
      url,
      headers: auth(seller),
      payload: { minPurchase: -1, title: 'Changed' },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('minPurchase: Minimum purchase cannot be negative');
    const read = (await t.app.inject({ url, headers: auth(seller) })).json().offer as Offer;
    expect(read).toMatchObject({
      title: offer.title,
      discountType: 'fixed',
      discountValue: 50,
      updatedAt: offer.updatedAt,
    });
  });

  it("loses a product when the product is deleted (and keeps the offer's other products)", async () => {
    const doomed = await createProduct(seller, { name: 'Old Lamp', price: 90 });
    const offer = await createOffer({ products: [doomed.id, products[1]!.id] });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${doomed.id}`,
      headers: auth(seller),
    });
    expect(removed.statusCode).toBe(200);
    const read = (await t.app.inject(`/api/v1/offers/${offer.id}`)).json().offer as Offer;
    expect(read.products).toEqual([products[1]!.id]);
    expect(read.featuredProducts.map((product) => product.id)).toEqual([products[1]!.id]);
  });
});

describe('reading offers', () => {
  let upcoming: Offer;
  let expired: Offer;
  let priced: Offer;

  beforeAll(async () => {
    upcoming = await createOffer({
      title: 'Holi Colours Soon',
      startDate: iso(Date.now() + 24 * HOUR),
      endDate: iso(Date.now() + 48 * HOUR),
    });
    expired = await createOffer({
      title: 'Onam Ended',
      startDate: iso(Date.now() - 48 * HOUR),
      endDate: iso(Date.now() - 24 * HOUR),
    });
    priced = await createOffer({
      title: 'Pongal Prices',
      description: 'Harvest festival savings',
      discountValue: 20,
      maxDiscount: 150,
      minPurchase: 100,
      products: products.map((product) => product.id),
    });
  });

  it('lists offers active now to everyone, with their products priced by the engine', async () => {
    const page = await listActive({ limit: '50' });
    const ids = page.items.map((offer) => offer.id);
    expect(ids).toContain(priced.id);
    expect(ids).not.toContain(upcoming.id);
    expect(ids).not.toContain(expired.id);
    expect(page.items.every((offer) => offer.state === 'active')).toBe(true);
    const listed = page.items.find((offer) => offer.id === priced.id)!;
    const terms = {
      discountType: 'percentage' as const,
      discountValue: 20,
      maxDiscount: 150,
      minPurchase: 100,
    };
    for (const product of listed.featuredProducts) {
      const own = products.find((candidate) => candidate.id === product.id)!;
      expect(product.finalPrice).toBe(paiseToRupees(priceLine(own, terms).unit.finalPrice));
    }
    // By hand: ₹1000 less 10% is ₹900; 20% of it is ₹180, capped at ₹150: ₹750. ₹500 less 20% is ₹400. ₹80 is
    // below the ₹100 minimum purchase: no offer.
    expect(listed.featuredProducts.map((product) => product.finalPrice)).toEqual([750, 400, 80]);
  });

  it('carries every product id in order, the first 12 as products with prices, and all 15 for the owner', async () => {
    const many: string[] = [];
    for (let i = 0; i < OFFER_FEATURED_PRODUCTS_MAX + 3; i += 1) {
      many.push((await createProduct(seller, { name: `Lamp ${i}`, price: 100 + i })).id);
    }
    const order = [...many].reverse();
    const offer = await createOffer({ title: 'Many Lamps', products: order });
    const listed = (await listActive({ contentId: offer.id })).items[0]!;
    expect(listed.products).toEqual(order);
    expect(listed.featuredProducts.map((product) => product.id)).toEqual(
      order.slice(0, OFFER_FEATURED_PRODUCTS_MAX),
    );
    // Its owner, editing it, gets every product; anyone else the first 12, as the list.
    const asOwner = (await t.app.inject({ url: `/api/v1/offers/${offer.id}`, headers: auth(seller) })).json()
      .offer as Offer;
    expect(asOwner.featuredProducts.map((product) => product.id)).toEqual(order);
    expect(asOwner.featuredProducts.every((product) => typeof product.finalPrice === 'number')).toBe(true);
    for (const headers of [{}, auth(other)]) {
      const asShopper = (await t.app.inject({ url: `/api/v1/offers/${offer.id}`, headers })).json()
        .offer as Offer;
      expect(asShopper.featuredProducts.map((product) => product.id)).toEqual(
        order.slice(0, OFFER_FEATURED_PRODUCTS_MAX),
      );
    }
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/offers/${offer.id}`,
      headers: auth(seller),
    });
  });

  it('searches title, description and its products’ names (decision 0082), and filters by seller', async () => {
    const found = await listActive({ search: 'HARVEST' });
    expect(found.items.map((offer) => offer.id)).toEqual([priced.id]);
    // A product's name, in the plural, misspelt by a letter.
    for (const search of ['copper lotas', 'brass diyaa']) {
      expect(
        (await listActive({ search })).items.map((offer) => offer.id),
        search,
      ).toContain(priced.id);
    }
    expect((await listActive({ search: 'holi' })).items).toEqual([]);
    const othersOffer = await createOffer({ title: 'Ravi Sale', products: [othersProduct.id] }, other);
    const bySeller = await listActive({ userId: other.uid });
    expect(bySeller.items.map((offer) => offer.id)).toEqual([othersOffer.id]);
    expect((await listActive({ userId: seller.uid })).items.map((offer) => offer.uid)).not.toContain(
      other.uid,
    );
  });

  it('pages with lastEvaluatedKey, newest first, without duplicates or gaps', async () => {
    const all = await listActive({ limit: '50' });
    expect(all.hasMore).toBe(false);
    expect(all.total).toBe(all.items.length);
    const seen: string[] = [];
    let key: string | null = null;
    do {
      const page = await listActive({ limit: '2', ...(key ? { lastEvaluatedKey: key } : {}) });
      expect(page.total).toBe(all.total);
      seen.push(...page.items.map((offer) => offer.id));
      key = page.lastEvaluatedKey;
      expect(page.hasMore).toBe(key !== null);
    } while (key);
    expect(seen).toEqual(all.items.map((offer) => offer.id));
    const bad = await t.app.inject('/api/v1/content?type=offer&lastEvaluatedKey=garbage');
    expect(bad.statusCode).toBe(400);
  });

  it('shows the owner their upcoming and expired offers; others see only an active one', async () => {
    const own = await t.app.inject({ url: '/api/v1/content/offers', headers: auth(seller) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    const items = own.json().items as Offer[];
    expect(items.find((offer) => offer.id === upcoming.id)?.state).toBe('upcoming');
    expect(items.find((offer) => offer.id === expired.id)?.state).toBe('expired');
    expect(items.every((offer) => offer.uid === seller.uid)).toBe(true);
    const created = items.map((offer) => Date.parse(offer.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect((await t.app.inject('/api/v1/content/offers')).statusCode).toBe(401);

    for (const hidden of [upcoming, expired]) {
      expect((await t.app.inject(`/api/v1/offers/${hidden.id}`)).statusCode).toBe(404);
      const asOther = await t.app.inject({ url: `/api/v1/offers/${hidden.id}`, headers: auth(other) });
      expect(asOther.statusCode).toBe(404);
      const asOwner = await t.app.inject({ url: `/api/v1/offers/${hidden.id}`, headers: auth(seller) });
      expect(asOwner.statusCode).toBe(200);
    }
    expect((await t.app.inject(`/api/v1/offers/${priced.id}`)).json().offer.id).toBe(priced.id);
    const badToken = await t.app.inject({
      url: `/api/v1/offers/${priced.id}`,
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(badToken.statusCode).toBe(401);
  });

  it("pages the seller's own offers with limit and lastEvaluatedKey, newest first, every state", async () => {
    const own = (query: Record<string, string> = {}) =>
      t.app.inject({ url: '/api/v1/content/offers', query, headers: auth(seller) });
    // More than a default page (12) of them, whichever tests ran before.
    const before = (await own({ limit: String(MAX_PAGE_SIZE) })).json().items.length as number;
    for (let i = before; i <= DEFAULT_PAGE_SIZE + 2; i += 1) await createOffer({ title: `Own offer ${i}` });
    const first = await own();
    expect(first.statusCode).toBe(200);
    const defaultPage = first.json() as { items: Offer[]; lastEvaluatedKey: string | null; hasMore: boolean };
    expect(defaultPage.items).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(defaultPage.hasMore).toBe(true);
    const all = (await own({ limit: String(MAX_PAGE_SIZE) })).json() as typeof defaultPage;
    expect(all.hasMore).toBe(false);
    expect(all.lastEvaluatedKey).toBeNull();
    expect(all.items.map((offer) => offer.id)).toContain(expired.id);

    const seen: string[] = [];
    let key: string | null = null;
    do {
      const page = (
        await own({ limit: '5', ...(key ? { lastEvaluatedKey: key } : {}) })
      ).json() as typeof all;
      expect(page.items.length).toBeLessThanOrEqual(5);
      seen.push(...page.items.map((offer) => offer.id));
      key = page.lastEvaluatedKey;
      expect(page.hasMore).toBe(key !== null);
    } while (key);
    expect(seen).toEqual(all.items.map((offer) => offer.id));

    for (const query of [
      { limit: '0' } as Record<string, string>,
      { limit: String(MAX_PAGE_SIZE + 1) },
      { lastEvaluatedKey: 'garbage' },
    ]) {
      const bad = await own(query);
      expect(bad.statusCode, JSON.stringify(query)).toBe(400);
      expect(bad.json().message).toMatch(new RegExp(`^${Object.keys(query)[0]}`));
    }
  });

  it('drops an offer from the cached listing when it ends, without a restart', async () => {
    // Ends within LIST_CACHE_MS (a minute here) of the first read, and far enough ahead in real time (30 s).
    const ending = await createOffer({ title: 'Flash Sale', endDate: iso(Date.now() + 30_000) });
    const listed = async () => (await listActive({ search: 'flash sale' })).items.map((offer) => offer.id);
    expect(await listed()).toEqual([ending.id]);
    try {
      // Just before its end the cached page still holds it; at its end (LIST_CACHE_MS would keep the page another
      // half minute) only the offer's end can take it out.
      clockAhead = Date.parse(ending.endDate) - Date.now() - 5000;
      expect(await listed()).toEqual([ending.id]);
      clockAhead = Date.parse(ending.endDate) - Date.now();
      // Once the cache has heard when the next change is (its query may answer after the page's).
      await expect.poll(listed, { timeout: 5000, interval: 20 }).toEqual([]);
      const read = await t.app.inject(`/api/v1/offers/${ending.id}`);
      expect(read.statusCode).toBe(404);
    } finally {
      clockAhead = 0;
    }
  });
});

describe('offers for signed-in shoppers only (LISTINGS_NEED_SIGN_IN)', () => {
  it('answers 401 to visitors for the Offers listing, not for one seller or one offer', async () => {
    const gated = await createTestApp({ LISTINGS_NEED_SIGN_IN: 'true' });
    try {
      const shopper = await signUpTestUser(gated.app, 'meena.gated', { address: '10.13.0.3' });
      const listing = '/api/v1/content?type=offer&status=active';
      expect((await gated.app.inject(listing)).statusCode).toBe(401);
      expect((await gated.app.inject({ url: listing, headers: auth(shopper) })).statusCode).toBe(200);
      expect((await gated.app.inject(`${listing}&userId=${shopper.uid}`)).statusCode).toBe(200);
      expect((await gated.app.inject(`${listing}&contentId=some-offer`)).statusCode).toBe(200);
    } finally {
      await gated.close();
    }
  });
});

describe('random input', () => {
  it('never answers 5xx to random create and change bodies', async () => {
    const offer = await createOffer({ title: 'Fuzzed' });
    /** Mostly a plausible value, so that many bodies are created; sometimes anything a JSON body can hold. */
    const mostly = <T>(plausible: fc.Arbitrary<T>, odd: fc.Arbitrary<unknown>) =>
      fc.oneof({ arbitrary: plausible, weight: 5 }, { arbitrary: odd, weight: 1 });
    const amount = mostly(
      fc.oneof(fc.integer({ min: 1, max: 100 }), fc.double({ min: 0, max: 100, noNaN: true })),
      fc.oneof(fc.double(), fc.integer(), fc.string(), fc.constant(null)),
    );
    const date = mostly(
      fc.integer({ min: -30 * 24, max: 30 * 24 }).map((hours) => iso(Date.now() + hours * HOUR)),
      fc.oneof(
        fc.date({ noInvalidDate: true }).map((value) => value.toISOString()),
        fc.string(),
      ),
    );
    // Near-valid offers reach the service and the database with odd values; the rest is refused by the schema.
    const nearValid = fc.record(
      {
        title: mostly(fc.string({ minLength: 1 }), fc.anything()),
        description: fc.string(),
        discountType: mostly(fc.constantFrom('percentage', 'fixed'), fc.anything()),
        discountValue: amount,
        minPurchase: amount,
        maxDiscount: amount,
        startDate: date,
        endDate: date,
        terms: fc.array(fc.string()),
        products: fc.oneof(
          fc.subarray(
            products.map((product) => product.id),
            { minLength: 1 },
          ),
          fc.subarray([...products.map((product) => product.id), othersProduct.id]),
        ),
      },
      { requiredKeys: ['title', 'products'] },
    );
    const body = fc.oneof(fc.anything(), fc.object(), { arbitrary: nearValid, weight: 4 });
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (value, nested) => {
        const created = await postOffer(nested ? { metadata: value } : value);
        const changed = await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/offers/${offer.id}`,
          headers: { ...auth(seller), 'content-type': 'application/json' },
          payload: JSON.stringify(value) ?? 'null',
        });
        for (const response of [created, changed]) {
          if (response.statusCode >= 500) throw new Error(`${response.statusCode}: ${response.body}`);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('forged cursors', () => {
  /** As content-cursor.ts encodes a cursor: base64url JSON. */
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  /** The lists whose cursors carry a row's timestamp: offers, products newest first, Hot Deals. */
  const lists = [
    { url: '/api/v1/content?type=offer', kind: {} },
    { url: '/api/v1/content?type=product&sort=newest', kind: { kind: 'newest' } },
    { url: '/api/v1/content?type=product&source=activeOffers', kind: { kind: 'newest' } },
  ];
  const answer = (url: string, cursor: unknown) =>
    t.app.inject(`${url}&lastEvaluatedKey=${encodeURIComponent(encode(cursor))}`);

  it('refuses timestamps PostgreSQL cannot hold and ids with a NUL with 400, not 500', async () => {
    const forged = [
      '0000-01-01T00:00:00Z',
      '0000-02-29T00:00:00.000000Z',
      '99999-01-01T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '2026-11-25 10:00:00',
      'yesterday',
      1e300,
      -1,
    ];
    for (const { url, kind } of lists) {
      for (const createdAt of forged) {
        const response = await answer(url, { ...kind, createdAt, id: 'x', total: 1 });
        expect(response.statusCode, `${url} ${String(createdAt)}`).toBe(400);
        expect(response.json().error ?? response.body).toMatch(/lastEvaluatedKey/);
      }
      const nul = await answer(url, { ...kind, createdAt: '2026-01-01T00:00:00Z', id: 'a\u0000b', total: 1 });
      expect(nul.statusCode, url).toBe(400);
      // Years PostgreSQL does hold page on (to nothing here).
      for (const createdAt of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999999Z']) {
        const response = await answer(url, { ...kind, createdAt, id: 'x', total: 1 });
        expect(response.statusCode, `${url} ${createdAt}`).toBe(200);
      }
    }
  });

  it('never answers 5xx to random cursors', async () => {
    const pad = (value: number, width: number) => String(value).padStart(width, '0');
    // ISO texts of any year, PostgreSQL's limits included (0000 and 99999 it refuses), and anything else.
    const isoText = fc
      .tuple(
        fc.oneof(fc.constantFrom(0, 1, 9999, 10_000, 99_999), fc.integer({ min: 0, max: 99_999 })),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
      )
      .map(([year, month, day]) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T00:00:00Z`);
    const timestamp = fc.oneof(
      { arbitrary: isoText, weight: 4 },
      fc.date({ noInvalidDate: true }).map((value) => value.toISOString()),
      fc.string(),
      fc.double(),
      fc.anything(),
    );
    const cursor = fc.record(
      {
        kind: fc.oneof(fc.constantFrom('newest', 'rank'), fc.anything()),
        createdAt: timestamp,
        rank: fc.oneof(fc.stringMatching(/^\d{1,40}(\.\d{1,40})?$/), fc.anything()),
        id: fc.oneof(fc.string({ maxLength: 70 }), fc.anything()),
        total: fc.oneof(fc.nat(), fc.double(), fc.anything()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...lists), cursor, async ({ url }, value) => {
        const response = await answer(url, value);
        if (response.statusCode >= 500) throw new Error(`${response.statusCode}: ${response.body}`);
      }),
      { numRuns: 300 },
    );
  });
});
