// List totals shown to a reader match what that reader can page through (decision 0071, amended): the shop, a
// top-level category, a category, one creator's list, a price range and the category tree's counts, read by a reader
// not signed in, another signed-in user and the seller, as the seller's whoCanSeeMyContent changes and while they
// add, move and delete products. The real app on PGlite or (TEST_DATABASE_URL) PostgreSQL.
import { sql } from 'kysely';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paise } from '../../../shared/domain/pricing.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { TEST_DATABASE_URL } from '../../test/test-database.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';
import { setContentAudience as setAudienceOf } from '../../test/privacy.ts';
import type { Audience } from '../../../shared/domain/privacy.ts';
import { createProductCountsRepository } from './product-counts.repository.ts';
import { createProductWritesRepository } from './products-writes.repository.ts';

type User = { token: string; uid: string };
type ReaderName = 'anonymous' | 'shopper' | 'hider';

let t: TestApp;
let open: User;
let hider: User;
let shopper: User;

const headersOf = (reader: ReaderName): Record<string, string> =>
  reader === 'anonymous' ? {} : { authorization: `Bearer ${(reader === 'hider' ? hider : shopper).token}` };

async function createProduct(user: User, name: string, category: string, price = 500): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: { authorization: `Bearer ${user.token}` },
    payload: { type: 'product', name, price, category, ...SELLER_CONTACT },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product.id as string;
}

const setAudience = (audience: Audience) => setAudienceOf(t.app, hider.token, audience);

/** A list's first total and every id its pages give, following lastEvaluatedKey, two items a page. */
async function pageThrough(url: string, reader: ReaderName): Promise<{ total: number; count: number }> {
  let key: string | null = null;
  let total: number | undefined;
  let count = 0;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const response = await t.app.inject({
      url: `${url}${separator}limit=2${key ? `&lastEvaluatedKey=${encodeURIComponent(key)}` : ''}`,
      headers: headersOf(reader),
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as { items: unknown[]; total: number; lastEvaluatedKey: string | null };
    total ??= page.total;
    count += page.items.length;
    key = page.lastEvaluatedKey;
  } while (key);
  return { total: total ?? 0, count };
}

const LISTS = () => ({
  shop: '/api/v1/content?type=product',
  home: '/api/v1/content?type=product&category=Home',
  decor: `/api/v1/content?type=product&category=${encodeURIComponent('Home - Decor')}`,
  hiderCreator: `/api/v1/users/${hider.uid}/content`,
  hiderByUid: `/api/v1/content?type=product&uid=${hider.uid}`,
  openCreator: `/api/v1/users/${open.uid}/content`,
  priceRange: '/api/v1/content?type=product&minPrice=100&maxPrice=1000',
  homeOfHider: `/api/v1/content?type=product&category=Home&uid=${hider.uid}`,
});

/** Each list's total and the items paged through, for one reader; and the category tree's count of Home. */
async function totalsOf(reader: ReaderName) {
  const result: Record<string, { total: number; count: number }> = {};
  for (const [name, url] of Object.entries(LISTS())) result[name] = await pageThrough(url, reader);
  const tree = await t.app.inject({
    url: '/api/v1/content?type=categoryList&limit=10',
    headers: headersOf(reader),
  });
  const items = tree.json().items as { name: string; productCount: number }[];
  return { lists: result, homeInTree: items.find((item) => item.name === 'Home')!.productCount };
}

/** Every total equals what the reader paged through, the tree's Home count its Home list's; the shop total is given. */
async function expectTotalsMatch(reader: ReaderName, shop: number) {
  const { lists, homeInTree } = await totalsOf(reader);
  for (const [name, { total, count }] of Object.entries(lists))
    expect(total, `${reader} ${name}`).toBe(count);
  expect(homeInTree, `${reader} tree`).toBe(lists.home!.count);
  expect(lists.shop!.count, `${reader} shop`).toBe(shop);
}

/** The hidden counts as kept by the writes equal a recount from the rows. */
async function expectHiddenCountsExact() {
  const db = t.testDatabase.database.db;
  const read = async () =>
    (await db.selectFrom('product_hidden_counts').select(['scope', 'audience', 'count']).execute())
      .filter((row) => Number(row.count) !== 0)
      .map((row) => `${row.scope} ${row.audience} ${Number(row.count)}`)
      .sort();
  const kept = await read();
  await db.transaction().execute((tx) => createProductCountsRepository(tx).refreshCounts());
  expect(kept).toEqual(await read());
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000', LIST_CACHE_MS: '60000' });
  open = await signUpTestUser(t.app, 'open.totals', { address: '10.75.0.1' });
  hider = await signUpTestUser(t.app, 'hider.totals', { address: '10.75.0.2' });
  shopper = await signUpTestUser(t.app, 'shopper.totals', { address: '10.75.0.3' });
  await createProduct(open, 'Open Lamp', 'Home - Decor');
  await createProduct(open, 'Open Kurta', 'Fashion - Men');
  await createProduct(hider, 'Hidden Vase', 'Home - Decor');
  await createProduct(hider, 'Hidden Rug', 'Home');
  await createProduct(hider, 'Hidden Watch', 'Fashion - Men', 2000);
}, 60_000);
afterAll(() => t?.close());

describe('list totals for each reader', () => {
  afterAll(() => setAudience('everyone'));

  it('everyone: every reader sees and counts all five', async () => {
    for (const reader of ['anonymous', 'shopper', 'hider'] as const) await expectTotalsMatch(reader, 5);
  });

  it('signedIn: readers not signed in count only what they see', async () => {
    await setAudience('signedIn');
    await expectTotalsMatch('anonymous', 2);
    await expectTotalsMatch('shopper', 5);
    await expectTotalsMatch('hider', 5);
    await expectHiddenCountsExact();
  });

  it('nobody: only the seller counts them, on their own pages', async () => {
    await setAudience('nobody');
    await expectTotalsMatch('anonymous', 2);
    await expectTotalsMatch('shopper', 2);
    // The shop is shared by signed-in readers (decision 0071): the seller's own pages show all of theirs.
    await expectTotalsMatch('hider', 2);
    expect((await pageThrough(LISTS().hiderCreator, 'hider')).total).toBe(3);
    await expectHiddenCountsExact();
  });

  it('stay exact while the hidden seller adds, moves and deletes products', async () => {
    await setAudience('nobody');
    const added = await createProduct(hider, 'Hidden Shelf', 'Home - Furniture');
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${added}`,
      headers: headersOf('hider'),
      payload: { category: 'Home - Decor' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const rug = await createProduct(hider, 'Hidden Mat', 'Home');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/products/${rug}`,
      headers: headersOf('hider'),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectHiddenCountsExact();
    await expectTotalsMatch('shopper', 2);
    await setAudience('signedIn');
    await expectTotalsMatch('anonymous', 2);
    await expectTotalsMatch('shopper', 6);
    await setAudience('everyone');
    await expectHiddenCountsExact();
    for (const reader of ['anonymous', 'shopper', 'hider'] as const) await expectTotalsMatch(reader, 6);
  });

  it('stay exact when audience changes and product writes of two sellers run at once (no deadlock)', async () => {
    const sellers = [hider, open];
    const audiences = ['nobody', 'signedIn', 'everyone', 'nobody', 'signedIn'] as const;
    const writes = sellers.flatMap((seller, s) => [
      ...audiences.map((whoCanSeeMyContent) =>
        t.app.inject({
          method: 'PATCH',
          url: '/api/v1/settings/privacy',
          headers: { authorization: `Bearer ${seller.token}` },
          payload: { whoCanSeeMyContent },
        }),
      ),
      ...['Home - Decor', 'Home', 'Fashion - Men', 'Books - Fiction'].map((category, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/content',
          headers: { authorization: `Bearer ${seller.token}` },
          payload: { type: 'product', name: `Busy ${s}-${i}`, price: 300, category, ...SELLER_CONTACT },
        }),
      ),
    ]);
    const answers = await Promise.all(writes);
    expect(answers.map((answer) => answer.statusCode).filter((code) => code >= 300)).toEqual([]);
    await expectHiddenCountsExact();
    // Which change came last is the race's: settle both sellers, then every total is exact.
    const settled = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings/privacy',
      headers: { authorization: `Bearer ${open.token}` },
      payload: { whoCanSeeMyContent: 'everyone' },
    });
    expect(settled.statusCode).toBe(200);
    await setAudience('signedIn');
    await expectTotalsMatch('shopper', 14);
    await expectTotalsMatch('anonymous', 6);
    await expectHiddenCountsExact();
  });

  // Two connections at once: PostgreSQL only (PGlite runs one transaction at a time).
  it.skipIf(!TEST_DATABASE_URL)(
    'count a product created while its seller changes audience under the audience that stays',
    async () => {
      await setAudience('nobody');
      const db = t.testDatabase.database.db;
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let created!: () => void;
      const inserted = new Promise<void>((resolve) => (created = resolve));
      const write = db.transaction().execute(async (tx) => {
        await createProductWritesRepository(tx).create({
          id: ulid(),
          ownerId: hider.uid,
          product: {
            name: 'Racing Stool',
            description: '',
            pricePaise: 40000 as Paise,
            discount: 0,
            category: 'Home - Furniture',
            tags: [],
            contactWhatsapp: '9876543210',
            contactPhone: '',
            contactEmail: '',
            externalLinks: [],
          },
          imageIds: [],
        });
        created();
        await held;
      });
      await inserted;
      // The audience changes on another connection while the product's transaction is open: it must wait for it.
      const change = db
        .updateTable('users')
        .set({ content_audience: 'signedIn' })
        .where('id', '=', hider.uid)
        .execute();
      let changed = false;
      void change.then(() => (changed = true));
      await expect
        .poll(async () => {
          if (changed) return 'done';
          const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'
            and query like '%content_audience%'`.execute(db);
          return Number(rows[0]!.n) > 0 ? 'waiting' : 'running';
        })
        .not.toBe('running');
      commit();
      await write;
      await change;
      await expectHiddenCountsExact();
      await setAudience('everyone');
    },
  );
});
