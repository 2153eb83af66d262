// Hot Deals and the product page's offer, through the real app on PGlite or (with TEST_DATABASE_URL) PostgreSQL.
// Offers are written straight into their tables (migrations/0015), as the offers module stores them: basis points
// and paise. What is checked: exactly the products of offers active now, paged without gaps or repeats, each with
// the offer that takes the most off it and the price engine's price; an offer that ends or starts changes Hot Deals
// without a restart, even with pages cached far longer than that.
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProductListQuerySchema,
  type ProductOffer,
  type ProductSummary,
} from '../../../shared/contracts/products.ts';
import { priceLine } from '../../../shared/domain/offers.ts';
import { paiseToRupees } from '../../../shared/domain/pricing.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';
import { createContentService } from '../content/content.service.ts';
import { createOfferSchedule } from '../offers/offer-schedule.ts';
import { registerProductContent } from './products.content.ts';
import { createProductsService } from './products.service.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const DEALS = '/api/v1/content?type=product&source=activeOffers';

let t: TestApp;
/** How far the app's clock is ahead of the real one: tests move it rather than wait for an offer to start or end. */
let clockAhead = 0;
let seller: { token: string; uid: string };
/** Product ids by name, created oldest first. */
const ids: Record<string, string> = {};

type OfferRow = {
  title: string;
  discountType: 'percentage' | 'fixed';
  /** Basis points (percentage) or paise (fixed), as stored. */
  discountValue: number;
  minPurchase?: number;
  maxDiscount?: number | null;
  startAt: Date;
  endAt: Date;
  products: string[];
};

async function addOffer(offer: OfferRow): Promise<string> {
  const id = ulid();
  const { db } = t.testDatabase.database;
  await db
    .insertInto('offers')
    .values({
      id,
      owner_id: seller.uid,
      title: offer.title,
      discount_type: offer.discountType,
      discount_value: offer.discountValue,
      min_purchase: offer.minPurchase ?? 0,
      max_discount: offer.maxDiscount ?? null,
      start_at: offer.startAt,
      end_at: offer.endAt,
    })
    .execute();
  await db
    .insertInto('offer_products')
    .values(offer.products.map((productId, position) => ({ offer_id: id, product_id: productId, position })))
    .execute();
  return id;
}

async function createProduct(name: string, price: number, discount = 0): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: { authorization: `Bearer ${seller.token}` },
    payload: { type: 'product', name, price, discount, category: 'Fashion - Women', ...SELLER_CONTACT },
  });
  expect(response.statusCode).toBe(201);
  return response.json().product.id as string;
}

async function getJson(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.json();
}

/** The price engine's price of one with the offer, in rupees: what finalPrice must be. */
const enginePrice = (product: { price: number; discount: number }, offer: ProductOffer) =>
  paiseToRupees(priceLine(product, offer).unit.finalPrice);

let offerA: string;
let offerB: string;
let offerEndsFirst: string;

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_MAX: '100000' },
    undefined,
    undefined,
    null,
    () => Date.now() + clockAhead,
  );
  seller = await signUpTestUser(t.app, 'zoya.deals', { address: '10.13.0.1' });
  // Oldest first: Hot Deals lists the newest first.
  ids.saree = await createProduct('Silk Saree', 2000, 10);
  ids.kurta = await createProduct('Kurta Set', 2500);
  ids.dupatta = await createProduct('Chiffon Dupatta', 999);
  ids.lehenga = await createProduct('Festive Lehenga', 6999);
  ids.anarkali = await createProduct('Anarkali Suit', 3299);
  ids.juttis = await createProduct('Embroidered Juttis', 1000);
  ids.plain = await createProduct('Plain Cotton Kurti', 599);
  const now = Date.now();
  // 20 % capped at ₹150 on orders from ₹500.
  offerA = await addOffer({
    title: 'Diwali Dhamaka: 20% off ethnic wear',
    discountType: 'percentage',
    discountValue: 2000,
    minPurchase: 50_000,
    maxDiscount: 15_000,
    startAt: new Date(now - DAY),
    endAt: new Date(now + 10 * DAY),
    products: [ids.saree!, ids.kurta!],
  });
  // Flat ₹200 off from ₹1,499: more than A's ₹150 on the kurta set; the dupatta (₹999) does not reach it.
  offerB = await addOffer({
    title: 'Flat ₹200 off on orders over ₹1,499',
    discountType: 'fixed',
    discountValue: 20_000,
    minPurchase: 149_900,
    startAt: new Date(now - HOUR),
    endAt: new Date(now + 20 * DAY),
    products: [ids.kurta!, ids.dupatta!],
  });
  await addOffer({
    title: 'Wedding season preview',
    discountType: 'percentage',
    discountValue: 3000,
    startAt: new Date(now + DAY),
    endAt: new Date(now + 8 * DAY),
    products: [ids.lehenga!],
  });
  await addOffer({
    title: 'Navratri sale (over)',
    discountType: 'fixed',
    discountValue: 50_000,
    startAt: new Date(now - 20 * DAY),
    endAt: new Date(now - DAY),
    products: [ids.anarkali!, ids.kurta!],
  });
  // Two offers that both take ₹100 off the juttis: the one that ends first is shown. Written last-ending first, so
  // the order they were written in cannot be what decides.
  await addOffer({
    title: '10% off footwear',
    discountType: 'percentage',
    discountValue: 1000,
    startAt: new Date(now - DAY),
    endAt: new Date(now + 5 * DAY),
    products: [ids.juttis!],
  });
  offerEndsFirst = await addOffer({
    title: 'Flat ₹100 off juttis',
    discountType: 'fixed',
    discountValue: 10_000,
    startAt: new Date(now - DAY),
    endAt: new Date(now + 2 * DAY),
    products: [ids.juttis!],
  });
});
afterAll(() => t.close());

describe('Hot Deals', () => {
  it('lists exactly the products of offers active now, newest first, each once', async () => {
    const page = await getJson(`${DEALS}&limit=8`);
    expect(page.items.map((item: ProductSummary) => item.id)).toEqual([
      ids.juttis,
      ids.dupatta,
      ids.kurta,
      ids.saree,
    ]);
    expect(page).toMatchObject({ total: 4, hasMore: false, lastEvaluatedKey: null });
  });

  it('gives each product the offer that takes the most off one of it, at the price engine’s price', async () => {
    const page = await getJson(`${DEALS}&limit=8`);
    const byId = new Map<string, ProductSummary>(page.items.map((item: ProductSummary) => [item.id, item]));
    const kurta = byId.get(ids.kurta!)!;
    // A would take ₹150 (20 % of ₹2,500 capped), B ₹200.
    expect(kurta.activeOffer).toEqual({
      offerId: offerB,
      title: 'Flat ₹200 off on orders over ₹1,499',
      discountType: 'fixed',
      discountValue: 200,
      minPurchase: 1499,
      maxDiscount: null,
      startDate: expect.any(String),
      endDate: expect.any(String),
    });
    expect(kurta.finalPrice).toBe(2300);
    const saree = byId.get(ids.saree!)!;
    // ₹2,000 less 10 % is ₹1,800; 20 % of it is ₹360, capped at ₹150.
    expect(saree.activeOffer).toMatchObject({
      offerId: offerA,
      discountType: 'percentage',
      discountValue: 20,
      minPurchase: 500,
      maxDiscount: 150,
    });
    expect(saree.finalPrice).toBe(1650);
    // In an active offer whose minimum purchase one of it does not reach: listed, at its own price.
    const dupatta = byId.get(ids.dupatta!)!;
    expect(dupatta.activeOffer?.offerId).toBe(offerB);
    expect(dupatta.finalPrice).toBe(999);
    // A tie goes to the offer that ends first.
    expect(byId.get(ids.juttis!)!.activeOffer?.offerId).toBe(offerEndsFirst);
    for (const item of byId.values()) {
      expect(item.finalPrice, item.name).toBe(enginePrice(item, item.activeOffer!));
      expect(Date.parse(item.activeOffer!.startDate)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(item.activeOffer!.endDate)).toBeGreaterThan(Date.now());
    }
  });

  it('pages with keyset cursors without gaps or repeats', async () => {
    const all = (await getJson(`${DEALS}&limit=8`)).items.map((item: ProductSummary) => item.id);
    for (const limit of [1, 2, 3]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `${DEALS}&limit=${limit}${cursor ? `&lastEvaluatedKey=${cursor}` : ''}`;
        const page = await getJson(url);
        expect(page.total, url).toBe(4);
        seen.push(...page.items.map((item: ProductSummary) => item.id));
        cursor = page.lastEvaluatedKey;
        expect(page.hasMore).toBe(cursor !== null);
        pages += 1;
      } while (cursor && pages < 10);
      expect(seen, `limit ${limit}`).toEqual(all);
    }
  });

  it('answers 12 by default and refuses a cursor another list gave out', async () => {
    expect(ProductListQuerySchema.parse({ type: 'product', source: 'activeOffers' }).limit).toBe(12);
    const search = await getJson('/api/v1/content?type=product&search=fashion&limit=1');
    expect(search.lastEvaluatedKey).toBeTruthy();
    const refused = await t.app.inject({
      method: 'GET',
      url: `${DEALS}&lastEvaluatedKey=${search.lastEvaluatedKey}`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('lastEvaluatedKey');
  });

  it('drops a product whose offer ends and adds one whose offer starts, with pages cached for a minute', async () => {
    // The app's wiring (app.ts) with the list cache at its longest: only the offers' times can expire a page.
    const { db } = t.testDatabase.database;
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', LIST_CACHE_MS: '60000' });
    // One clock for all three, as app.ts shares it; moved instead of waited for.
    let ahead = 0;
    const clock = () => Date.now() + ahead;
    const content = createContentService({ config, db, now: clock });
    const offerSchedule = createOfferSchedule(db, clock);
    const products = createProductsService({
      db,
      config,
      clearContentLists: content.clearListCache,
      offerSchedule,
      now: () => new Date(clock()),
    });
    registerProductContent(content, products);
    const deals = async () =>
      (
        await content.list(ProductListQuerySchema.parse({ type: 'product', source: 'activeOffers' }))
      ).items.map((item) => item.id);
    expect(await deals()).toEqual([ids.juttis, ids.dupatta, ids.kurta, ids.saree]);

    const ending = await createProduct('Block Print Dupatta', 899);
    const starting = await createProduct('Bandhani Saree', 1899);
    // Both within LIST_CACHE_MS of the reads below, and far enough ahead in real time (20 s).
    const now = Date.now();
    const moment = now + 20_000;
    await addOffer({
      title: 'Lightning deal: 15% off',
      discountType: 'percentage',
      discountValue: 1500,
      startAt: new Date(now - HOUR),
      endAt: new Date(moment),
      products: [ending],
    });
    await addOffer({
      title: 'Starts in a moment: flat ₹99 off',
      discountType: 'fixed',
      discountValue: 9900,
      startAt: new Date(moment),
      endAt: new Date(now + DAY),
      products: [starting],
    });
    // What the offers module does after writing an offer.
    offerSchedule.forget();
    content.clearListCache();
    expect(await deals()).toContain(ending);
    expect(await deals()).not.toContain(starting);
    ahead = moment - Date.now() - 5000;
    expect(await deals()).toContain(ending);
    // At the moment (the page would be kept most of a minute more): without a restart, from the database again,
    // once the cache has heard when the next change is (its query may answer after the page's).
    ahead = moment - Date.now();
    await expect.poll(deals, { timeout: 5000, interval: 20 }).not.toContain(ending);
    expect(await deals()).toContain(starting);
  });
});

describe('the product page', () => {
  it('carries the best active offer and its price, and nothing for a product without one', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/products/${ids.kurta}` });
    expect(response.statusCode).toBe(200);
    const { product } = response.json();
    expect(product.activeOffer).toMatchObject({ offerId: offerB, discountValue: 200 });
    expect(product.finalPrice).toBe(2300);
    expect(product.finalPrice).toBe(enginePrice(product, product.activeOffer));
    // Read when asked, never kept by a browser or proxy: an offer that starts or ends shows on the next load.
    expect(response.headers['cache-control'] ?? '').not.toMatch(/max-age|immutable/);

    for (const name of ['plain', 'lehenga', 'anarkali'] as const) {
      const other = (await getJson(`/api/v1/products/${ids[name]}`)).product;
      expect(other.activeOffer, name).toBeUndefined();
      expect(other.finalPrice, name).toBeUndefined();
    }
  });

  it('lists every offer active now on the product, ending soonest first, and no expired or upcoming one', async () => {
    // The kurta set: A (ends in 10 days) and B (in 20) are active, the Navratri sale is over.
    const { product } = await getJson(`/api/v1/products/${ids.kurta}`);
    expect(product.activeOffers.map((offer: ProductOffer) => offer.offerId)).toEqual([offerA, offerB]);
    expect(product.activeOffers[0]).toEqual({
      offerId: offerA,
      title: 'Diwali Dhamaka: 20% off ethnic wear',
      discountType: 'percentage',
      discountValue: 20,
      minPurchase: 500,
      maxDiscount: 150,
      startDate: expect.any(String),
      endDate: expect.any(String),
    });
    // The one it shows is one of them.
    expect(product.activeOffers).toContainEqual(product.activeOffer);
    for (const name of ['plain', 'lehenga', 'anarkali'] as const) {
      expect((await getJson(`/api/v1/products/${ids[name]}`)).product.activeOffers, name).toEqual([]);
    }
  });

  it('shows an offer as soon as it starts and loses it as soon as it ends', async () => {
    const id = await createProduct('Kolhapuri Chappals', 1200);
    // Far enough ahead in real time (an hour); the app's clock is moved to its start and its end.
    const startAt = Date.now() + HOUR;
    const endAt = startAt + HOUR;
    await addOffer({
      title: 'Flash hour: 25% off',
      discountType: 'percentage',
      discountValue: 2500,
      maxDiscount: 20_000,
      startAt: new Date(startAt),
      endAt: new Date(endAt),
      products: [id],
    });
    let last: { activeOffer?: ProductOffer; finalPrice?: number } | undefined;
    const offerOf = async () => {
      last = (await getJson(`/api/v1/products/${id}`)).product;
      return last?.activeOffer?.title;
    };
    try {
      expect(await offerOf()).toBeUndefined();
      expect(last?.finalPrice).toBeUndefined();
      clockAhead = startAt - Date.now();
      expect(await offerOf()).toBe('Flash hour: 25% off');
      // 25 % of ₹1,200 is ₹300, capped at ₹200.
      expect(last?.finalPrice).toBe(1000);
      clockAhead = endAt - Date.now() - 60_000;
      expect(await offerOf()).toBe('Flash hour: 25% off');
      clockAhead = endAt - Date.now();
      expect(await offerOf()).toBeUndefined();
      expect(last?.finalPrice).toBeUndefined();
    } finally {
      clockAhead = 0;
    }
  });

  it('keeps Hot Deals items in the list response’s shape', async () => {
    const page = await getJson(`${DEALS}&limit=8`);
    for (const item of page.items) {
      expect(Object.keys(item.activeOffer).sort()).toEqual(
        [
          'discountType',
          'discountValue',
          'endDate',
          'maxDiscount',
          'minPurchase',
          'offerId',
          'startDate',
          'title',
        ].sort(),
      );
    }
  });
});

describe('an offer changed after it was written', () => {
  it('moves its products in or out of Hot Deals when its period changes (offer_products keeps the copies true)', async () => {
    const { db } = t.testDatabase.database;
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused' });
    const products = createProductsService({
      db,
      config,
      clearContentLists: () => {},
      offerSchedule: createOfferSchedule(db),
    });
    const deals = async () =>
      (await products.list(ProductListQuerySchema.parse({ type: 'product', source: 'activeOffers' }))).items;
    expect((await deals()).map((item) => item.id)).toContain(ids.saree);
    // A ends now: the saree was in A only; the kurta set keeps B.
    await db
      .updateTable('offers')
      .set({ end_at: new Date(Date.now() - 1000) })
      .where('id', '=', offerA)
      .execute();
    const after = await deals();
    expect(after.map((item) => item.id)).not.toContain(ids.saree);
    expect(after.find((item) => item.id === ids.kurta)?.activeOffer?.offerId).toBe(offerB);
    // The upcoming lehenga offer moved to now.
    await db
      .updateTable('offers')
      .set({ start_at: new Date(Date.now() - 1000) })
      .where('title', '=', 'Wedding season preview')
      .execute();
    expect((await deals()).map((item) => item.id)).toContain(ids.lehenga);
  });
});

describe('the copies in offer_products (migrations/0016)', () => {
  it('leave an unknown product to the foreign key, which refuses it with its own error', async () => {
    const write = addOffer({
      title: 'Names a product that is not there',
      discountType: 'fixed',
      discountValue: 1000,
      startAt: new Date(Date.now() - HOUR),
      endAt: new Date(Date.now() + DAY),
      products: ['01NOSUCHPRODUCT0000000000'],
    });
    await expect(write).rejects.toMatchObject({ code: '23503' });
  });
});
