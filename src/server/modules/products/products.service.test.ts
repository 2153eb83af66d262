// Listing rules on a real database: filters, keyset paging, ranked search, capped totals, ownership.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateProductBodySchema,
  ProductInputSchema,
  ProductListQuerySchema,
} from '../../../shared/contracts/products.ts';
import { loadConfig } from '../../config.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { createContentService } from '../content/content.service.ts';
import { createOfferSchedule } from '../offers/offer-schedule.ts';
import { registerProductContent } from './products.content.ts';
import { createProductsRepository, type ProductsRepository } from './products.repository.ts';
import { createProductsService, toCategoryFilter, type ProductsService } from './products.service.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';

let testDatabase: TestDatabase;
let service: ProductsService;
const SELLER = 'seller-1';
const OTHER = 'seller-2';

async function addUser(id: string, username: string) {
  await testDatabase.database.db
    .insertInto('users')
    .values({ id, email: `${username}@example.in`, username })
    .execute();
}

function product(overrides: Record<string, unknown>) {
  return ProductInputSchema.parse({
    name: 'Thing',
    price: 100,
    category: 'Electronics',
    ...SELLER_CONTACT,
    ...overrides,
  });
}

const list = (query: Record<string, unknown>) =>
  service.list(ProductListQuerySchema.parse({ type: 'product', ...query }));

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused' });
  service = createProductsService({
    db: testDatabase.database.db,
    config,
    clearContentLists: () => {},
    offerSchedule: createOfferSchedule(testDatabase.database.db),
  });
  await addUser(SELLER, 'priya.sharma');
  await addUser(OTHER, 'arjun.tech');
  const items = [
    { name: 'Wireless Headphones', price: 2499, category: 'Electronics - Accessories', tags: ['audio'] },
    { name: 'Budget Phone', price: 8999, category: 'Electronics - Phones' },
    { name: 'Gaming Laptop', price: 74999, category: 'Electronics - Laptops', description: 'RGB keyboard' },
    { name: 'Cotton Kurta', price: 799, category: 'Fashion - Men', tags: ['ethnic'] },
    { name: 'Silk Saree', price: 4599, category: 'Fashion - Women' },
    { name: 'Board Game Night', price: 1299, category: 'Toys - Board Games' },
  ];
  for (const item of items) await service.create(SELLER, product(item));
  await service.create(
    OTHER,
    product({ name: 'Phone Case', price: 299, category: 'Electronics - Accessories' }),
  );
});

afterAll(() => testDatabase.drop());

describe('product listing', () => {
  it('lists newest first and pages with keyset cursors until hasMore is false', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const result = await list({ limit: 3, lastEvaluatedKey: cursor });
      seen.push(...result.items.map((item) => item.name));
      expect(result.total).toBe(7);
      if (!result.hasMore) {
        expect(result.lastEvaluatedKey).toBeNull();
        break;
      }
      cursor = result.lastEvaluatedKey ?? undefined;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen[0]).toBe('Phone Case');
  });

  it('filters by category root, by subcategory and by price range', async () => {
    const electronics = await list({ category: 'electronics' });
    expect(electronics.items.map((item) => item.name).sort()).toEqual(
      ['Budget Phone', 'Gaming Laptop', 'Phone Case', 'Wireless Headphones'].sort(),
    );
    const accessories = await list({ category: 'Electronics - Accessories' });
    expect(accessories.total).toBe(2);
    const cheap = await list({ category: 'Electronics', minPrice: '0', maxPrice: '3000' });
    expect(cheap.items.map((item) => item.name).sort()).toEqual(['Phone Case', 'Wireless Headphones']);
    expect((await list({ category: 'All' })).total).toBe(7);
    expect((await list({ category: 'all' })).total).toBe(7);
    expect((await list({ category: 'Garden' })).items).toEqual([]);
  });

  it('plans a price-filtered list for its values and keeps the plain list prepared (embedded PGlite)', async (context) => {
    if (testDatabase.database.kind !== 'pglite') return context.skip();
    await list({ category: 'Electronics' });
    await list({ category: 'Electronics', minPrice: '100', maxPrice: '90000' });
    const { rows } = await sql<{
      statement: string;
    }>`select statement from pg_prepared_statements`.execute(testDatabase.database.db);
    const listings = rows.map((row) => row.statement).filter((text) => text.includes('"p"."category_root"'));
    expect(listings.length).toBeGreaterThan(0);
    expect(listings.filter((text) => text.includes('"p"."price" >='))).toEqual([]);
  });

  it('searches name, description, tags and category, tolerating partial words', async () => {
    expect((await list({ search: 'headph' })).items.map((item) => item.name)).toEqual([
      'Wireless Headphones',
    ]);
    expect((await list({ search: 'keyboard' })).items.map((item) => item.name)).toEqual(['Gaming Laptop']);
    expect((await list({ search: 'ethnic' })).items.map((item) => item.name)).toEqual(['Cotton Kurta']);
    expect((await list({ search: 'phones' })).items.map((item) => item.name)).toContain('Budget Phone');
    // An infix of the name, which no prefix query can find.
    expect((await list({ search: 'aree' })).items.map((item) => item.name)).toEqual(['Silk Saree']);
  });

  it('pages through search results by rank without repeats', async () => {
    const first = await list({ search: 'phone', limit: 1 });
    expect(first.hasMore).toBe(true);
    const second = await list({ search: 'phone', limit: 5, lastEvaluatedKey: first.lastEvaluatedKey });
    const names = [...first.items, ...second.items].map((item) => item.name);
    expect(new Set(names).size).toBe(names.length);
    // Words match from their start: 'phone' is in the name of the first two, inside 'Headphones' only.
    expect(names.sort()).toEqual(['Budget Phone', 'Phone Case']);
    expect(second.total).toBe(2);
  });

  it('lists one creator and finds one product by contentId', async () => {
    const theirs = await list({ uid: OTHER });
    expect(theirs.items.map((item) => item.creatorUsername)).toEqual(['arjun.tech']);
    const one = await list({ contentId: theirs.items[0]!.id });
    expect(one.items).toHaveLength(1);
  });

  it('refuses a cursor it did not give out with a 400', async () => {
    await expect(list({ lastEvaluatedKey: 'not-a-cursor' })).rejects.toMatchObject({ code: 'bad-request' });
  });
});

describe('changing products', () => {
  it('lets only the owner update or delete, and keeps fields a PATCH does not name', async () => {
    const created = await service.create(SELLER, product({ name: 'Desk Lamp', description: 'Warm light' }));
    await expect(service.update(OTHER, created.id, { name: 'Stolen' })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(service.delete(OTHER, created.id)).rejects.toMatchObject({ code: 'forbidden' });
    await service.update(SELLER, created.id, { price: 150 });
    expect(await service.get(created.id)).toMatchObject({
      name: 'Desk Lamp',
      description: 'Warm light',
      price: 150,
    });
    await service.delete(SELLER, created.id);
    await expect(service.get(created.id)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('keeps stored totals exact through creates, category changes and deletes', async () => {
    const totals = async () => ({
      all: (await list({})).total,
      electronics: (await list({ category: 'Electronics' })).total,
      books: (await list({ category: 'Books' })).total,
      fiction: (await list({ category: 'Books - Fiction' })).total,
      seller: (await list({ uid: SELLER })).total,
    });
    const before = await totals();
    const created = await service.create(SELLER, product({ name: 'Novel', category: 'Books - Fiction' }));
    expect(await totals()).toEqual({
      ...before,
      all: before.all + 1,
      books: before.books + 1,
      fiction: before.fiction + 1,
      seller: before.seller + 1,
    });
    await service.update(SELLER, created.id, { category: 'Electronics - Phones' });
    expect(await totals()).toEqual({
      ...before,
      all: before.all + 1,
      electronics: before.electronics + 1,
      seller: before.seller + 1,
    });
    await service.delete(SELLER, created.id);
    expect(await totals()).toEqual(before);
    await service.refreshCounts();
    expect(await totals()).toEqual(before);
  });

  it('refuses images the seller did not upload', async () => {
    await expect(service.create(SELLER, product({ images: ['someone-elses'] }))).rejects.toMatchObject({
      code: 'bad-request',
    });
  });
});

describe('a create on one connection', () => {
  it('writes and answers inside its one transaction, Idempotency-Key included: nothing runs outside it', async () => {
    // The database as a create may use it: transactions only. A statement outside one (a read-back after the
    // commit, on another pool connection that may not come) throws.
    const real = testDatabase.database.db;
    const outside: string[] = [];
    const onlyTransactions = new Proxy(real, {
      get(target, property) {
        if (property === 'transaction' || property === 'isTransaction') {
          const value: unknown = Reflect.get(target, property);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return () => {
          outside.push(String(property));
          throw new Error(`${String(property)} outside the create's transaction`);
        };
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused' });
    const content = createContentService({ config, db: onlyTransactions });
    const products = createProductsService({
      db: onlyTransactions,
      config,
      clearContentLists: content.clearListCache,
      offerSchedule: createOfferSchedule(onlyTransactions),
    });
    registerProductContent(content, products);

    const direct = await products.create(SELLER, product({ name: 'Brass Lamp' }));
    expect(direct.name).toBe('Brass Lamp');
    const body = CreateProductBodySchema.parse({
      type: 'product',
      name: 'Brass Bell',
      price: 10,
      category: 'Home',
      ...SELLER_CONTACT,
    });
    const first = await content.create(SELLER, body, { idempotencyKey: 'one-connection' });
    const again = await content.create(SELLER, body, { idempotencyKey: 'one-connection' });
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ created: first.created, replayed: true });
    expect(outside).toEqual([]);
  });
});

describe('category filter mapping', () => {
  it('maps names onto the tree case-insensitively and refuses names outside it', () => {
    expect(toCategoryFilter('fashion')).toEqual({ categoryRoot: 'Fashion' });
    expect(toCategoryFilter('toys - board games')).toEqual({ category: 'Toys - Board Games' });
    expect(toCategoryFilter('Toys - Lego')).toBeNull();
  });
});

describe('listing cache', () => {
  it('answers a repeated page from memory for LIST_CACHE_MS, and from the database again after a write', async () => {
    let now = 0;
    let queries = 0;
    // The repository the service builds, on the database or a transaction, with its list calls counted.
    const counted = (executor: Parameters<typeof createProductsRepository>[0]): ProductsRepository => {
      const repository = createProductsRepository(executor);
      return {
        ...repository,
        list: (...args: Parameters<typeof repository.list>) => {
          queries += 1;
          return repository.list(...args);
        },
      };
    };
    // The cache is the content module's, shared by every type; the products service clears it on a write.
    const withCache = (LIST_CACHE_MS: string, clock?: () => number) => {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', LIST_CACHE_MS });
      const content = createContentService({
        config,
        db: testDatabase.database.db,
        ...(clock ? { now: clock } : {}),
      });
      const products = createProductsService({
        db: testDatabase.database.db,
        config,
        clearContentLists: content.clearListCache,
        createRepository: counted,
        offerSchedule: createOfferSchedule(testDatabase.database.db),
      });
      registerProductContent(content, products);
      return { content, products };
    };
    const cached = withCache('1000', () => now);
    const page = () =>
      cached.content.list(ProductListQuerySchema.parse({ type: 'product', category: 'Toys' }));

    const [first, second] = await Promise.all([page(), page()]);
    expect(queries).toBe(1);
    expect(second).toBe(first);
    now = 999;
    await page();
    expect(queries).toBe(1);
    now = 1000;
    await page();
    expect(queries).toBe(2);

    await cached.products.create(SELLER, product({ name: 'Wooden Puzzle', category: 'Toys - Puzzles' }));
    const after = await page();
    expect(queries).toBe(3);
    expect(after.items.map((item) => item.name)).toContain('Wooden Puzzle');

    const off = withCache('0').content;
    await off.list(ProductListQuerySchema.parse({ type: 'product' }));
    await off.list(ProductListQuerySchema.parse({ type: 'product' }));
    expect(queries).toBe(5);
  });
});
