// The demo marketplace seeds into an empty database and its accounts sign in with the documented password.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../storage/create-storage.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { CATEGORY_TREE } from '../../shared/domain/categories.ts';
import { DEMO_CREATORS, DEMO_PASSWORD, DEMO_SHOPPER } from './demo-creators.ts';
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
});
