// The demo marketplace seeds into an empty database and its accounts sign in with the documented password.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../storage/create-storage.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { MAX_PAGE_SIZE } from '../../shared/constants.ts';
import type { ProductSummary } from '../../shared/contracts/products.ts';
import { CATEGORY_TREE } from '../../shared/domain/categories.ts';
import { priceLine } from '../../shared/domain/offers.ts';
import { paiseToRupees } from '../../shared/domain/pricing.ts';
import type { Lootbox } from '../../shared/contracts/lootbox.ts';
import { DEMO_CREATORS, DEMO_PASSWORD, DEMO_SHOPPER } from './demo-creators.ts';
import { DEMO_LOOTBOX } from './demo-lootbox.ts';
import { DEMO_OFFERS } from './demo-offers.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';
import { isDatabaseEmpty, seedDemoMarketplace } from './seed-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { database } = t.testDatabase;
  expect(await isDatabaseEmpty(database)).toBe(true);
  await seedDemoMarketplace({ database, storage: createStorage(t.config), log: pino({ level: 'silent' }) });
}, 300_000); // about 200 images through the real pipeline
afterAll(() => t.close());

describe('demo marketplace', () => {
  it('is no longer empty, and every creator has an avatar and a cover', async () => {
    expect(await isDatabaseEmpty(t.testDatabase.database)).toBe(false);
    for (const creator of DEMO_CREATORS) {
      const profile = (await t.app.inject(`/api/v1/users/username/${creator.username}`)).json().data;
      expect(profile.avatar).toMatch(/^\/media\/img\//);
      expect(profile.coverImage).toMatch(/^\/media\/img\//);
    }
  });

  it('lists three products with three photos in every subcategory, through the real image pipeline', async () => {
    const all = (await t.app.inject('/api/v1/content?type=product&limit=1')).json();
    expect(all.total).toBe(DEMO_PRODUCTS.length);
    for (const [root, subcategories] of Object.entries(CATEGORY_TREE)) {
      for (const sub of subcategories) {
        const page = (
          await t.app.inject(
            `/api/v1/content?type=product&category=${encodeURIComponent(`${root} - ${sub}`)}`,
          )
        ).json();
        expect(page.total, `${root} - ${sub}`).toBeGreaterThanOrEqual(3);
        for (const item of page.items) {
          expect(item.files).toHaveLength(3);
          expect(item.cover?.url).toBe(item.files[0].url);
        }
      }
    }
  });

  it('stores every demo offer, and Hot Deals lists exactly the products of those running now', async () => {
    const { db } = t.testDatabase.database;
    const stored = await db
      .selectFrom('offers')
      .select(['title', 'discount_type', 'discount_value', 'start_at', 'end_at'])
      .execute();
    expect(stored.map((offer) => offer.title).sort()).toEqual(DEMO_OFFERS.map((offer) => offer.title).sort());
    const now = Date.now();
    const running = DEMO_OFFERS.filter((offer) => offer.startDays <= 0 && offer.endDays > 0);
    const runningTitles = stored
      .filter((offer) => new Date(offer.start_at).getTime() <= now && new Date(offer.end_at).getTime() > now)
      .map((offer) => offer.title);
    expect(runningTitles.sort()).toEqual(running.map((offer) => offer.title).sort());
    // Stored as the offers module stores them: 20 % is 2000 basis points, ₹2,000 is 200 000 paise.
    expect(stored.find((offer) => offer.title.startsWith('Diwali'))?.discount_value).toBe(2000);
    expect(stored.find((offer) => offer.title.startsWith('Flat ₹2,000'))?.discount_value).toBe(200_000);

    const deals = (
      await t.app.inject(`/api/v1/content?type=product&source=activeOffers&limit=${MAX_PAGE_SIZE}`)
    ).json();
    expect(deals.hasMore).toBe(false);
    const names = deals.items.map((item: ProductSummary) => item.name);
    expect(names.sort()).toEqual([...new Set(running.flatMap((offer) => offer.products))].sort());
    for (const item of deals.items as ProductSummary[]) {
      const offer = running.find((candidate) => candidate.title === item.activeOffer?.title);
      expect(offer?.products, item.name).toContain(item.name);
      expect(item.finalPrice, item.name).toBe(
        paiseToRupees(priceLine(item, item.activeOffer).unit.finalPrice),
      );
    }
    // The home page's eight are all deals.
    const home = (await t.app.inject('/api/v1/content?type=product&source=activeOffers&limit=8')).json();
    expect(home.items).toHaveLength(8);
    expect(home.hasMore).toBe(true);
  });

  it('lets the demo accounts sign in with the README password', async () => {
    for (const email of [DEMO_SHOPPER.email, DEMO_CREATORS[1]!.email]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, email).toBe(200);
    }
  });

  it('gives the demo shopper an active Loot Box of products from two sellers, one with a running offer', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: DEMO_SHOPPER.email, password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const response = await t.app.inject({
      url: '/api/v1/lootbox?status=active',
      headers: { authorization: `Bearer ${signIn.json().data.idToken}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const lootboxes = response.json().lootboxes as Lootbox[];
    expect(lootboxes).toHaveLength(1);
    const [lootbox] = lootboxes;
    expect(lootbox!.items.map((item) => item.name)).toEqual(DEMO_LOOTBOX.map((item) => item.product));
    expect(lootbox!.items.every((item) => item.available && item.thumbnail.startsWith('/media/'))).toBe(true);
    const sellers = new Set(
      DEMO_LOOTBOX.map((item) => DEMO_PRODUCTS.find((product) => product.name === item.product)!.creator),
    );
    expect(sellers.size).toBe(2);
    const withOffer = lootbox!.items.filter((item) => item.appliedOffer);
    expect(withOffer).toHaveLength(1);
    expect(withOffer[0]!.finalPrice).toBeLessThan(withOffer[0]!.price);
    expect(lootbox!.items.some((item) => item.fromKlip)).toBe(true);
    expect(lootbox!.totalValue).toBe(
      lootbox!.items.reduce((sum, item) => Math.round((sum + item.lineTotal) * 100) / 100, 0),
    );
  });
});
