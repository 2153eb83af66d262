// GET /api/v1/search, /api/v1/search/{section} and /api/v1/search/suggestions through the real app over the demo
// catalogue's rows: the answers' shapes are each section's own list shapes, pages follow their cursors, and bad input
// gets a 400 that names what is wrong (anything typed is answered).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../shared/constants.ts';
import {
  SearchResponseSchema,
  SearchSectionPageSchema,
  SuggestionsResponseSchema,
} from '../../../shared/contracts/search.ts';
import { insertDemoCatalogue, type DemoCatalogue } from '../../test/demo-catalogue.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
let demo: DemoCatalogue;

beforeAll(async () => {
  t = await createTestApp();
  demo = await insertDemoCatalogue(t.testDatabase.database.db);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/v1/search', () => {
  it('answers every section with its first results, as their lists show them, and their counts', async () => {
    const response = await get('/api/v1/search?q=headphnes&limit=2');
    expect(response.statusCode).toBe(200);
    const body = SearchResponseSchema.parse(response.json());
    expect(body.searchedFor).toBe('headphones');
    expect(body.products.items.map((product) => product.name)).toEqual([
      'Wireless Over-Ear Headphones with ANC',
    ]);
    expect(body.products.items[0]).toMatchObject({ type: 'product', creatorUsername: 'arjun.tech' });
    expect(body.products.total).toBe(1);
    expect(body.offers.items.map((offer) => offer.title)).toEqual(['Audio Fest: 15% off, up to ₹500']);
    expect(body.offers.items[0]!.state).toBe('active');
    expect(body.klips).toEqual({ items: [], total: 0 });
  });

  it('finds Shop Stars by name and shows them with their bio', async () => {
    const body = SearchResponseSchema.parse((await get('/api/v1/search?q=priya%20sharma')).json());
    expect(body.shopstars.items).toEqual([
      expect.objectContaining({ uid: demo.userId('priya.sharma'), username: 'priya.sharma', avatar: null }),
    ]);
    expect(body.shopstars.items[0]!.bio.length).toBeGreaterThan(0);
  });

  it('answers a query without a word with empty sections', async () => {
    for (const q of ['', '%20%20', '%26%7C!%3A*', encodeURIComponent('\u0000😀')]) {
      const response = await get(`/api/v1/search?q=${q}`);
      expect(response.statusCode, q).toBe(200);
      const body = SearchResponseSchema.parse(response.json());
      expect(body.products.total + body.klips.total + body.shopstars.total + body.offers.total).toBe(0);
    }
  });

  it(`answers a query of ${SEARCH_QUERY_MAX_LENGTH} characters, and refuses a longer one naming q`, async () => {
    expect((await get(`/api/v1/search?q=${'kurta '.repeat(SEARCH_QUERY_MAX_LENGTH / 6)}`)).statusCode).toBe(
      200,
    );
    const tooLong = await get(`/api/v1/search?q=${'x'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/\bq\b/);
  });
});

describe('GET /api/v1/search/{section}', () => {
  it('pages through a section with its cursor, every result once', async () => {
    const seen: string[] = [];
    let key: string | null = null;
    let pages = 0;
    do {
      const response = await get(
        `/api/v1/search/products?q=cotton&limit=2${key ? `&lastEvaluatedKey=${encodeURIComponent(key)}` : ''}`,
      );
      expect(response.statusCode).toBe(200);
      const page = SearchSectionPageSchema.parse(response.json());
      seen.push(...page.items.map((item) => ('id' in item ? item.id : item.uid)));
      expect(page.hasMore).toBe(page.lastEvaluatedKey !== null);
      key = page.lastEvaluatedKey;
      pages += 1;
    } while (key && pages < 20);
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refuses an unknown section and a cursor it did not give out, naming them', async () => {
    const section = await get('/api/v1/search/people?q=priya');
    expect(section.statusCode).toBe(400);
    expect(section.json().message).toMatch(/section/);
    const cursor = await get('/api/v1/search/klips?q=saree&lastEvaluatedKey=garbage');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().message).toMatch(/lastEvaluatedKey/);
  });
});

describe('GET /api/v1/search/suggestions', () => {
  it('suggests categories, Shop Stars and products, each with where it goes', async () => {
    const body = SuggestionsResponseSchema.parse((await get('/api/v1/search/suggestions?q=lapt')).json());
    expect(body.items).toContainEqual({
      kind: 'category',
      label: 'Electronics - Laptops',
      href: '/shop?category=Electronics&sub=Laptops',
    });
    const product = body.items.find(({ kind }) => kind === 'product')!;
    expect(product.href).toMatch(/^\/product\/demo-product-\d+$/);
    const stars = SuggestionsResponseSchema.parse((await get('/api/v1/search/suggestions?q=kabir')).json());
    expect(stars.items).toContainEqual({
      kind: 'shopstar',
      label: '@kabir.fit',
      href: '/shopstar/kabir.fit',
    });
  });
});

describe('search for signed-in shoppers only (LISTINGS_NEED_SIGN_IN)', () => {
  it('asks for sign-in like the listings', async () => {
    const gated = await createTestApp({ LISTINGS_NEED_SIGN_IN: 'true' });
    try {
      for (const url of [
        '/api/v1/search?q=kurta',
        '/api/v1/search/products?q=kurta',
        '/api/v1/search/suggestions?q=k',
      ]) {
        expect((await gated.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      }
    } finally {
      await gated.close();
    }
  });
});
