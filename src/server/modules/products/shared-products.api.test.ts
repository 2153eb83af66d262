// GET /api/v1/products/shared (docs/product.md "Shared Loot Box"), through the real app on PGlite or (with
// TEST_DATABASE_URL) PostgreSQL: the link's products in its order, as their pages read them (offer active now,
// price engine's price), ids deleted since in `missing`, garbage and too many ids refused, public even where
// listings need sign-in, and a fixed number of statements however many ids.
import type { KyselyPlugin } from 'kysely';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_LOOTBOX_IDS_MAX } from '../../../shared/constants.ts';
import type { ProductDetail } from '../../../shared/contracts/products.ts';
import { priceLine } from '../../../shared/domain/offers.ts';
import { paiseToRupees } from '../../../shared/domain/pricing.ts';
import { LOOTBOX_MESSAGES } from '../../../shared/lootbox-messages.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';
import { createOfferSchedule } from '../offers/offer-schedule.ts';
import { createProductsService } from './products.service.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let seller: { token: string; uid: string };
const ids: Record<string, string> = {};

async function createProduct(name: string, price: number, discount = 0): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: { authorization: `Bearer ${seller.token}` },
    payload: { type: 'product', name, price, discount, category: 'Electronics - Phones', ...SELLER_CONTACT },
  });
  expect(response.statusCode).toBe(201);
  return response.json().product.id as string;
}

const shared = (products: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/products/shared?products=${encodeURIComponent(products)}` });

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000', LISTINGS_NEED_SIGN_IN: 'true' });
  seller = await signUpTestUser(t.app, 'meera.gadgets', { address: '10.14.7.1' });
  ids.phone = await createProduct('Triple Camera 5G Phone 256 GB', 24999, 10);
  ids.case = await createProduct('Phone Case', 499);
  ids.charger = await createProduct('Fast Charger', 1299, 5);
  // 20 % off the phone, capped at ₹1,500, active now; and one that ended yesterday on the case.
  const { db } = t.testDatabase.database;
  const now = Date.now();
  for (const offer of [
    { title: 'Phone Fest', value: 2000, cap: 150_000, start: now - DAY, end: now + DAY, product: ids.phone },
    { title: 'Gone', value: 5000, cap: null, start: now - 3 * DAY, end: now - DAY, product: ids.case },
  ]) {
    const id = ulid();
    await db
      .insertInto('offers')
      .values({
        id,
        owner_id: seller.uid,
        title: offer.title,
        discount_type: 'percentage',
        discount_value: offer.value,
        min_purchase: 0,
        max_discount: offer.cap,
        start_at: new Date(offer.start),
        end_at: new Date(offer.end),
      })
      .execute();
    await db
      .insertInto('offer_products')
      .values({ offer_id: id, product_id: offer.product, position: 0 })
      .execute();
  }
});
afterAll(() => t.close());

describe('GET /api/v1/products/shared', () => {
  it("answers the link's products in the link's order, each as its product page reads it", async () => {
    const response = await shared([ids.charger, ids.phone, ids.case].join(','));
    expect(response.statusCode).toBe(200);
    const body = response.json() as { success: true; products: ProductDetail[]; missing: string[] };
    expect(body.success).toBe(true);
    expect(body.missing).toEqual([]);
    expect(body.products.map((product) => product.id)).toEqual([ids.charger, ids.phone, ids.case]);
    for (const product of body.products) {
      const page = await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` });
      expect(product).toEqual(page.json().product);
    }
  });

  it('prices each product with its own discount and its best offer active now, as Hot Deals and its page do', async () => {
    const body = (await shared(`${ids.phone},${ids.case}`)).json() as { products: ProductDetail[] };
    const [phone, phoneCase] = body.products;
    // ₹24,999 less 10 % is ₹22,499.10; 20 % of that is ₹4,499.82, capped at ₹1,500: ₹20,999.10.
    expect(phone!.activeOffer?.title).toBe('Phone Fest');
    expect(phone!.finalPrice).toBe(20999.1);
    expect(phone!.finalPrice).toBe(paiseToRupees(priceLine(phone!, phone!.activeOffer).unit.finalPrice));
    expect(phone!.activeOffers.map((offer) => offer.title)).toEqual(['Phone Fest']);
    // The ended offer is not applied.
    expect(phoneCase!.activeOffer).toBeUndefined();
    expect(phoneCase!.finalPrice).toBeUndefined();
    expect(phoneCase!.activeOffers).toEqual([]);
  });

  it('lists ids that name no product in `missing`, in order, once each, and answers the rest', async () => {
    const deleted = await createProduct('Old Earbuds', 999);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${deleted}`,
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(gone.statusCode).toBe(200);
    const response = await shared(` ${ids.case}, 01NOSUCHPRODUCT00000000000 ,${deleted},${ids.case},,`);
    expect(response.statusCode).toBe(200);
    expect(response.json().products.map((product: ProductDetail) => product.id)).toEqual([ids.case]);
    expect(response.json().missing).toEqual(['01NOSUCHPRODUCT00000000000', deleted]);

    const none = await shared('01NOSUCHPRODUCT00000000000');
    expect(none.json()).toEqual({ success: true, products: [], missing: ['01NOSUCHPRODUCT00000000000'] });
    expect((await shared('')).json()).toEqual({ success: true, products: [], missing: [] });
  });

  it('refuses garbage ids and more than 50 with 400 and the reason', async () => {
    for (const link of [`${ids.phone},<script>`, 'a b', `${ids.phone},${'x'.repeat(65)}`, '../etc/passwd']) {
      const response = await shared(link);
      expect(response.statusCode, link).toBe(400);
      expect(response.json(), link).toMatchObject({
        success: false,
        message: expect.stringContaining(LOOTBOX_MESSAGES.badSharedIds),
      });
    }
    const fifty = Array.from({ length: SHARED_LOOTBOX_IDS_MAX }, (_, index) => `id${index}`);
    const atLimit = await shared([ids.phone, ...fifty.slice(1)].join(','));
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().missing).toHaveLength(SHARED_LOOTBOX_IDS_MAX - 1);
    const tooMany = await shared([...fifty, 'one-more'].join(','));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain(LOOTBOX_MESSAGES.tooManySharedIds(SHARED_LOOTBOX_IDS_MAX));
    const noParameter = await t.app.inject({ method: 'GET', url: '/api/v1/products/shared' });
    expect(noParameter.statusCode).toBe(400);
  });

  it('is public, even where the listings need sign-in (as the product page is)', async () => {
    const response = await shared(ids.phone!);
    expect(response.statusCode).toBe(200);
    expect(response.json().products).toHaveLength(1);
  });

  it('reads 50 products in as many statements as one', async () => {
    let statements = 0;
    const counter: KyselyPlugin = {
      transformQuery(args) {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = t.testDatabase.database.db.withPlugin(counter);
    const service = createProductsService({
      db,
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused' }),
      clearContentLists: () => {},
      offerSchedule: createOfferSchedule(t.testDatabase.database.db),
    });
    const many: string[] = [ids.phone!, ids.case!, ids.charger!];
    while (many.length < SHARED_LOOTBOX_IDS_MAX) many.push(await createProduct(`Cable ${many.length}`, 199));

    statements = 0;
    const one = await service.listShared(ids.phone!);
    expect(one.products).toHaveLength(1);
    const forOne = statements;
    statements = 0;
    const all = await service.listShared(many.join(','));
    expect(all.products.map((product) => product.id)).toEqual(many);
    expect(all.products[0]!.finalPrice).toBe(20999.1);
    expect(statements).toBe(forOne);
    expect(statements).toBeLessThanOrEqual(2);
  });
});
