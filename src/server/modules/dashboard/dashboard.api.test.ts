// The seller's dashboard through the real app, on PGlite or (with TEST_DATABASE_URL) PostgreSQL (docs/product.md
// "Dashboard"; decision 0065): products, klips (active, processing, failed) and offers (running, upcoming, ended)
// made through the API, with their counts and pages; the stored figures (klip views, likes, comments with a reply,
// shares) made through the API on days the app's clock is moved to, against the period before; the creator view;
// every route without a token and as another user; bad input answered 400 by name, never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DashboardResponse,
  DashboardStatsResponse,
  ShopstarResponse,
} from '../../../shared/contracts/dashboard.ts';
import type { Klip } from '../../../shared/contracts/klips.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { createTestKlip } from '../../test/klip-fixture.ts';
import { setContentAudience } from '../../test/privacy.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';

const DAY = 24 * 60 * 60 * 1000;
/** Noon (UTC) today: the app's clock, moved back and forth by whole days. */
const NOON = Math.floor(Date.now() / DAY) * DAY + DAY / 2;
let clock = NOON;
const dayOf = (offset: number) => new Date(NOON + offset * DAY).toISOString().slice(0, 10);

type User = { token: string; uid: string };
let t: TestApp;
let seller: User;
let other: User;
let shoppers: User[];
let products: Array<{ id: string; name: string }>;
let klips: Klip[];
let offers: Array<{ id: string }>;

const auth = (user: User) => ({ authorization: `Bearer ${user.token}` });

async function call(user: User | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: user ? auth(user) : {}, ...(payload ? { payload } : {}) });
}

async function ok<T>(user: User | null, method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const response = await call(user, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json() as T;
}

/** Runs `work` with the app's clock on NOON + `offset` days. */
async function onDay<T>(offset: number, work: () => Promise<T>): Promise<T> {
  clock = NOON + offset * DAY;
  try {
    return await work();
  } finally {
    clock = NOON;
  }
}

const view = (user: User, klip: Klip) => ok(user, 'POST', `/api/v1/interactions/klips/${klip.id}/view`);
const like = (user: User, klip: Klip) => ok(user, 'POST', `/api/v1/interactions/klips/${klip.id}/like`);
const share = (user: User, contentId: string) =>
  ok(user, 'POST', '/api/v1/interactions', { contentId, type: 'share', extras: { share_method: 'copy' } });

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_MAX: '100000', LIST_CACHE_MS: '0' },
    undefined,
    undefined,
    null,
    () => clock,
  );
  seller = await signUpTestUser(t.app, 'asha.dash', { address: '10.24.0.1', fullName: 'Asha Dash' });
  other = await signUpTestUser(t.app, 'ravi.dash', { address: '10.24.0.2' });
  shoppers = await Promise.all(
    [3, 4, 5].map((n) => signUpTestUser(t.app, `shopper${n}.dash`, { address: `10.24.0.${n}` })),
  );
  products = [];
  for (const name of ['Brass Diya', 'Jute Bag', 'Clay Pot']) {
    const created = await ok<{ product: { id: string; name: string } }>(seller, 'POST', '/api/v1/content', {
      type: 'product',
      category: 'Home',
      name,
      price: 500,
      ...SELLER_CONTACT,
    });
    products.push(created.product);
  }
  const othersProduct = await ok<{ product: { id: string } }>(other, 'POST', '/api/v1/content', {
    type: 'product',
    category: 'Home',
    name: 'Not Asha',
    price: 100,
    ...SELLER_CONTACT,
  });
  klips = [
    await createTestKlip(t, seller, { title: 'Diya at dusk', productId: products[0]!.id }),
    await createTestKlip(t, seller, { title: 'Bag on the go' }),
    await createTestKlip(t, seller, { title: 'Still processing', transcode: false }),
    await createTestKlip(t, seller, { title: 'Broken upload', transcode: false }),
  ];
  // The transcode job's failure is the klips module's to test; here only its outcome matters.
  await t.testDatabase.database.db
    .updateTable('klips')
    .set({ status: 'failed', failure_reason: 'The video could not be read' })
    .where('id', '=', klips[3]!.id)
    .execute();
  const offer = (title: string, fields: object = {}) =>
    ok<{ offer: { id: string } }>(seller, 'POST', '/api/v1/content', {
      type: 'offer',
      status: 'active',
      metadata: {
        title,
        discountType: 'percentage',
        discountValue: 10,
        products: [products[0]!.id],
        ...fields,
      },
    }).then((answer) => answer.offer);
  offers = [
    await onDay(-10, () =>
      offer('Last week', {
        startDate: new Date(NOON - 10 * DAY).toISOString(),
        endDate: new Date(NOON - 9 * DAY).toISOString(),
      }),
    ),
    await offer('Now on'),
    await offer('Coming soon', {
      startDate: new Date(NOON + 2 * DAY).toISOString(),
      endDate: new Date(NOON + 3 * DAY).toISOString(),
    }),
  ];

  const [s1, s2, s3] = shoppers as [User, User, User];
  const [k1, k2] = klips as [Klip, Klip];
  // This 7-day period (days -6 to 0): 5 klip views, 2 likes, a comment and its reply, 2 shares.
  await onDay(-1, async () => {
    for (const shopper of [s1, s2, s3]) await view(shopper, k1);
    await view(s1, k2);
  });
  await view(s2, k2);
  await onDay(-2, async () => {
    await like(s1, k1);
    await like(s2, k1);
  });
  const comment = await ok<{ comment: { id: string } }>(
    s1,
    'POST',
    `/api/v1/interactions/klips/${k1.id}/comments`,
    {
      content: 'Lovely glow',
    },
  );
  await ok(s2, 'POST', `/api/v1/interactions/klips/${k1.id}/comments`, {
    content: 'Agreed',
    metadata: { parentCommentId: comment.comment.id },
  });
  await onDay(-3, async () => {
    await share(s1, products[0]!.id);
    await share(s2, k1.id);
    // Another seller's product: not Asha's figure.
    await share(s1, othersProduct.product.id);
  });
  // The 7 days before (days -13 to -7): 1 view, 1 like, 1 share.
  await onDay(-8, () => view(s1, k1));
  await onDay(-10, () => like(s3, k2));
  await onDay(-9, () => share(s3, products[1]!.id));
  // Only within 30 days: a like on day -20.
  await onDay(-20, () => like(s1, k2));
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/dashboard', () => {
  it('answers the counts and the first page of every list, newest first, in every state', async () => {
    const answer = await ok<DashboardResponse>(seller, 'GET', '/api/v1/dashboard');
    expect(answer.counts).toEqual({
      products: 3,
      klips: { active: 2, processing: 1, failed: 1 },
      offers: { running: 1, upcoming: 1, ended: 1 },
    });
    expect(answer.products!.items.map((item) => item.name)).toEqual(['Clay Pot', 'Jute Bag', 'Brass Diya']);
    expect(answer.klips!.items.map((item) => [item.title, item.status, item.failureReason])).toEqual([
      ['Broken upload', 'failed', 'The video could not be read'],
      ['Still processing', 'processing', null],
      ['Bag on the go', 'active', null],
      ['Diya at dusk', 'active', null],
    ]);
    expect(answer.offers!.items.map((item) => [item.title, item.state])).toEqual([
      ['Coming soon', 'upcoming'],
      ['Now on', 'active'],
      ['Last week', 'expired'],
    ]);
    expect(answer.offers!.items.map((item) => item.id).sort()).toEqual(offers.map((o) => o.id).sort());
  });

  it("lists the seller's products to them while they keep their content to themselves", async () => {
    await setContentAudience(t.app, seller.token, 'nobody');
    try {
      const answer = await ok<DashboardResponse>(seller, 'GET', '/api/v1/dashboard');
      expect(answer.products!.items.map((item) => item.name)).toEqual(['Clay Pot', 'Jute Bag', 'Brass Diya']);
    } finally {
      await setContentAudience(t.app, seller.token, 'everyone');
    }
  });

  it('pages one list at a time with its own cursor, and carries the counts on every page', async () => {
    for (const section of ['products', 'klips', 'offers'] as const) {
      const seen: string[] = [];
      let key: string | null = null;
      do {
        const query: string = `section=${section}&limit=1${key ? `&lastEvaluatedKey=${encodeURIComponent(key)}` : ''}`;
        const page: DashboardResponse = await ok<DashboardResponse>(
          seller,
          'GET',
          `/api/v1/dashboard?${query}`,
        );
        expect(page.counts.products).toBe(3);
        for (const other of ['products', 'klips', 'offers'] as const)
          if (other !== section) expect(page[other]).toBeUndefined();
        const list = page[section]!;
        expect(list.items).toHaveLength(1);
        seen.push(list.items[0]!.id);
        key = list.lastEvaluatedKey;
        expect(list.hasMore).toBe(key !== null);
      } while (key);
      const expected = { products: products.length, klips: klips.length, offers: offers.length }[section];
      expect(new Set(seen).size).toBe(expected);
    }
  });
});

describe('GET /api/v1/dashboard/stats', () => {
  it('counts stored rows of 7 days against the 7 before, each once, with a day per entry', async () => {
    const stats = await ok<DashboardStatsResponse>(seller, 'GET', '/api/v1/dashboard/stats?period=7d');
    expect(stats).toMatchObject({ period: '7d', from: dayOf(-6), to: dayOf(0) });
    expect(stats.totals.klipViews).toEqual({ current: 5, previous: 1, changePercent: 400 });
    expect(stats.totals.likes).toEqual({ current: 2, previous: 1, changePercent: 100 });
    expect(stats.totals.comments).toEqual({ current: 2, previous: 0, changePercent: null });
    expect(stats.totals.shares).toEqual({ current: 2, previous: 1, changePercent: 100 });
    // No events were sent: the event figures are 0, not made up.
    for (const key of ['productViews', 'lootboxAdds', 'contactClicks', 'quoteRequests'] as const)
      expect(stats.totals[key]).toEqual({ current: 0, previous: 0, changePercent: null });
    expect(stats.daily.map((day) => day.day)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(dayOf));
    const byDay = Object.fromEntries(stats.daily.map(({ day, ...figures }) => [day, figures]));
    expect(byDay[dayOf(-1)]).toMatchObject({ klipViews: 4, likes: 0, comments: 0, shares: 0 });
    expect(byDay[dayOf(0)]).toMatchObject({ klipViews: 1, comments: 2 });
    expect(byDay[dayOf(-2)]).toMatchObject({ likes: 2 });
    expect(byDay[dayOf(-3)]).toMatchObject({ shares: 2 });
    expect(byDay[dayOf(-5)]).toEqual({
      productViews: 0,
      klipViews: 0,
      likes: 0,
      comments: 0,
      shares: 0,
      lootboxAdds: 0,
      contactClicks: 0,
      quoteRequests: 0,
    });
    // The funnel: the active klips, most viewed first; the top list by views with their names.
    expect(stats.funnel.map((row) => [row.title, row.views])).toEqual([
      ['Diya at dusk', 3],
      ['Bag on the go', 2],
    ]);
    expect(stats.top.klipsByViews.map((item) => [item.name, item.count, item.type])).toEqual([
      ['Diya at dusk', 3, 'klip'],
      ['Bag on the go', 2, 'klip'],
    ]);
    expect(stats.top.klipsByViews[0]!.thumbnail).toBe(klips[0]!.thumbnail);
  });

  it('spans 30 days against the 30 before', async () => {
    const stats = await ok<DashboardStatsResponse>(seller, 'GET', '/api/v1/dashboard/stats?period=30d');
    expect(stats).toMatchObject({ period: '30d', from: dayOf(-29), to: dayOf(0) });
    expect(stats.daily).toHaveLength(30);
    expect(stats.totals.klipViews).toEqual({ current: 6, previous: 0, changePercent: null });
    expect(stats.totals.likes.current).toBe(4);
    expect(stats.totals.shares.current).toBe(3);
  });

  it('defaults to 7 days', async () => {
    expect((await ok<DashboardStatsResponse>(seller, 'GET', '/api/v1/dashboard/stats')).period).toBe('7d');
  });
});

describe('GET /api/v1/dashboard/shopstar', () => {
  it('answers the profile, its public path and the lifetime figures', async () => {
    const answer = await ok<ShopstarResponse>(seller, 'GET', '/api/v1/dashboard/shopstar');
    expect(answer.profile).toMatchObject({ uid: seller.uid, username: 'asha.dash', fullName: 'Asha Dash' });
    expect(answer.profilePath).toBe('/shopstar/asha.dash');
    expect(answer.lifetime).toEqual({ klipViews: 6, likes: 4, comments: 2, shares: 3 });
  });
});

describe('access', () => {
  const routes = [
    '/api/v1/dashboard',
    '/api/v1/dashboard?section=products',
    '/api/v1/dashboard?section=klips',
    '/api/v1/dashboard?section=offers',
    '/api/v1/dashboard/stats?period=7d',
    '/api/v1/dashboard/stats?period=30d',
    '/api/v1/dashboard/shopstar',
  ];

  it('answers 401 without a token on every route', async () => {
    for (const url of routes) {
      const response = await call(null, 'GET', url);
      expect(response.statusCode, url).toBe(401);
    }
  });

  it("shows another user only their own, empty, dashboard: zeros and none of the seller's items", async () => {
    for (const url of routes) {
      const response = await call(other, 'GET', url);
      expect(response.statusCode, url).toBe(200);
      // A user's own figures: never kept by a shared cache.
      expect(response.headers['cache-control'], url).toContain('no-store');
      const body = response.body;
      for (const id of [...products.map((p) => p.id), ...klips.map((k) => k.id), ...offers.map((o) => o.id)])
        expect(body, url).not.toContain(id);
      expect(body).not.toContain(seller.uid);
    }
    const dashboard = await ok<DashboardResponse>(other, 'GET', '/api/v1/dashboard');
    expect(dashboard.counts).toEqual({
      products: 1,
      klips: { active: 0, processing: 0, failed: 0 },
      offers: { running: 0, upcoming: 0, ended: 0 },
    });
    expect(dashboard.klips!.items).toEqual([]);
    expect(dashboard.offers!.items).toEqual([]);
    for (const period of ['7d', '30d']) {
      const stats = await ok<DashboardStatsResponse>(
        other,
        'GET',
        `/api/v1/dashboard/stats?period=${period}`,
      );
      // Their only figure is the share of their own product; none of Asha's.
      for (const [key, trend] of Object.entries(stats.totals))
        expect(trend, key).toEqual(
          key === 'shares'
            ? { current: 1, previous: 0, changePercent: null }
            : { current: 0, previous: 0, changePercent: null },
        );
      expect(stats.funnel).toEqual([]);
      expect(Object.values(stats.top).flat()).toEqual([]);
      expect(stats.daily.reduce((sum, day) => sum + day.klipViews + day.likes + day.comments, 0)).toBe(0);
    }
    const shopstar = await ok<ShopstarResponse>(other, 'GET', '/api/v1/dashboard/shopstar');
    expect(shopstar.profile.username).toBe('ravi.dash');
    expect(shopstar.lifetime).toEqual({ klipViews: 0, likes: 0, comments: 0, shares: 1 });
  });
});

describe('bad input', () => {
  it.each([
    ['/api/v1/dashboard/stats?period=90d', 'period'],
    ['/api/v1/dashboard/stats?period=', 'period'],
    ['/api/v1/dashboard/stats?period=7d&sellerId=x', 'sellerId'],
    ['/api/v1/dashboard?uid=someone', 'uid'],
    ['/api/v1/dashboard/shopstar?username=ravi.dash', 'username'],
    ['/api/v1/dashboard?section=likes', 'section'],
    ['/api/v1/dashboard?limit=0', 'limit'],
    ['/api/v1/dashboard?limit=1000', 'limit'],
    ['/api/v1/dashboard?limit=two', 'limit'],
    ['/api/v1/dashboard?section=klips&lastEvaluatedKey=not-a-cursor', 'lastEvaluatedKey'],
    ['/api/v1/dashboard?section=products&lastEvaluatedKey=bm90IGpzb24', 'lastEvaluatedKey'],
    ['/api/v1/dashboard?section=offers&lastEvaluatedKey=%00', 'lastEvaluatedKey'],
    ['/api/v1/dashboard?lastEvaluatedKey=eyJ4IjoxfQ', 'lastEvaluatedKey'],
  ])('%s answers 400 naming %s', async (url, field) => {
    const response = await call(seller, 'GET', url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(field);
  });
});
