// The demo history (decision 0064): stored through the analytics service into its monthly partitions, rolled up at
// once, and plausible (views > klip taps > Loot Box adds > contacts, weekends busier, klips that sell differently).
import { ulid } from 'ulid';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInTransaction } from '../db/transaction.ts';
import { createAnalyticsReads } from '../modules/analytics/analytics.service.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { HISTORY_DAYS, seedAnalyticsHistory } from './seed-analytics.ts';

let testDatabase: TestDatabase;
const db = () => testDatabase.database.db;
const now = Date.parse('2026-11-29T15:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const day = (at: number) => new Date(at).toISOString().slice(0, 10);

beforeAll(async () => {
  testDatabase = await createTestDatabase();
}, 60_000);
afterAll(() => testDatabase.drop());

it('stores 30 days of plausible history and rolls it up at once', async () => {
  const seller = ulid();
  await db()
    .insertInto('users')
    .values({ id: seller, email: `${seller}@example.in`, username: `s${seller}` })
    .execute();
  const products = Array.from({ length: 8 }, () => ({ id: ulid() }));
  await db()
    .insertInto('products')
    .values(
      products.map(({ id }, index) => ({ id, owner_id: seller, name: `Item ${index}`, price: 100 })) as never,
    )
    .execute();
  // Two klips older than the history, one posted five days ago: nothing of it is drawn before then.
  const klips = products.slice(0, 3).map((product, index) => ({
    id: ulid(),
    productId: product.id,
    postedAt: index === 2 ? now - 5 * DAY : now - 40 * DAY,
  }));
  await db()
    .insertInto('klips')
    .values(klips.map(({ id }) => ({ id, owner_id: seller, status: 'active' as const, title: 'Demo' })))
    .execute();

  const startedAt = performance.now();
  const result = await runInTransaction(db(), (tx) => seedAnalyticsHistory(tx, { products, klips }, now));
  const ms = performance.now() - startedAt;
  expect(result.events).toBeGreaterThan(3000);
  console.warn(`demo history: ${result.sessions} sessions, ${result.events} events in ${Math.round(ms)} ms`);

  // All of it rolled up: nothing left in the live tail, every counted event in analytics_daily.
  const counted = await db()
    .selectFrom('analytics_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('counted', '=', true)
    .where('seller_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const rolled = await db()
    .selectFrom('analytics_daily')
    .select((eb) => eb.fn.sum<string>('count').as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(rolled.n)).toBe(Number(counted.n));
  const inDefault = await db()
    .selectFrom('analytics_events_default' as never)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(inDefault.n)).toBe(0);

  const reads = createAnalyticsReads(db());
  const from = day(now - (HISTORY_DAYS - 1) * DAY);
  const to = day(now);
  const totals = new Map<string, number>();
  for (const row of await reads.totals(seller, from, to)) {
    totals.set(row.type, (totals.get(row.type) ?? 0) + row.count);
  }
  const [views, taps, adds, contacts] = [
    'product_view',
    'klip_product_tap',
    'lootbox_add',
    'contact_click',
  ].map((type) => totals.get(type) ?? 0);
  expect(views).toBeGreaterThan(taps!);
  expect(taps).toBeGreaterThan(adds!);
  expect(adds).toBeGreaterThan(contacts!);
  expect(contacts).toBeGreaterThan(0);

  // Weekends are busier than midweek.
  const perWeekday = Array.from({ length: 7 }, () => 0);
  for (const row of await reads.daily(seller, from, to)) {
    if (row.type === 'product_view') perWeekday[new Date(`${row.day}T00:00:00Z`).getUTCDay()]! += row.count;
  }
  expect(perWeekday[0]! + perWeekday[6]!).toBeGreaterThan(perWeekday[2]! + perWeekday[3]!);

  // Some klips sell better: their funnels differ.
  const funnel = await reads.klipFunnel(
    seller,
    from,
    to,
    klips.map((klip) => klip.id),
  );
  const addsPerKlip = klips.map(
    (klip) => funnel.find((row) => row.klipId === klip.id && row.type === 'lootbox_add')?.count ?? 0,
  );
  expect(new Set(addsPerKlip).size).toBeGreaterThan(1);

  // Each klip session viewed its klip (a klip_views row, the klip's counter moved with it), only once it was posted,
  // and more viewed a klip than tapped its product card.
  const viewRows = await db()
    .selectFrom('klip_views')
    .select(['klip_id', (eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.min('day').as('first')])
    .groupBy('klip_id')
    .execute();
  const counters = await db().selectFrom('klips').select(['id', 'views']).execute();
  for (const klip of klips) {
    const row = viewRows.find((view) => view.klip_id === klip.id);
    const taps =
      funnel.find((entry) => entry.klipId === klip.id && entry.type === 'klip_product_tap')?.count ?? 0;
    expect(Number(row?.n ?? 0)).toBeGreaterThan(taps);
    expect(Number(counters.find((counter) => counter.id === klip.id)?.views)).toBe(Number(row?.n ?? 0));
    expect(new Date(row!.first as unknown as Date).getTime()).toBeGreaterThanOrEqual(
      Date.parse(day(klip.postedAt)),
    );
  }
}, 120_000);
