// The seller's dashboard days are the seller's local days (decision 0079), through the real app on PGlite or (with
// TEST_DATABASE_URL) PostgreSQL: a seller in Asia/Kolkata (UTC+5:30) gets a product view, a like, a comment, a share
// and a klip view at 17:00 and at 20:00 UTC of one UTC day, 22:30 and 01:30 in India: two local days, from the live
// tail, after the roll-up (the same session counts on each day) and for the stored rows; and "today" turns at local
// midnight, 18:30 UTC.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_ROLLUP_MARGIN_MS } from '../../../shared/constants.ts';
import type { DashboardStatsResponse } from '../../../shared/contracts/dashboard.ts';
import type { Klip } from '../../../shared/contracts/klips.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { createTestKlip } from '../../test/klip-fixture.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';
import { createAnalyticsMaintenance } from '../analytics/analytics.service.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
/** 00:00 UTC of the UTC day the events happen on, two days ago. */
const UTC_DAY = Math.floor(Date.now() / DAY) * DAY - 2 * DAY;
const EARLY = UTC_DAY + 17 * HOUR; // 22:30 in India, the same day
const LATE = UTC_DAY + 20 * HOUR; // 01:30 in India, the next day
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);
const SAME_DAY = dayOf(UTC_DAY);
const NEXT_DAY = dayOf(UTC_DAY + DAY);
let clock = Math.floor(Date.now() / DAY) * DAY + DAY / 2;

type User = { token: string; uid: string };
let t: TestApp;
let seller: User;
let shoppers: User[];
let lamp: { id: string };
let klip: Klip;

const auth = (user: User) => ({ authorization: `Bearer ${user.token}` });

async function ok(user: User, method: 'POST' | 'PATCH', url: string, payload: object) {
  const response = await t.app.inject({ method, url, headers: auth(user), payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json() as Record<string, unknown>;
}

async function stats(): Promise<DashboardStatsResponse> {
  const response = await t.app.inject({ url: '/api/v1/dashboard/stats?period=7d', headers: auth(seller) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardStatsResponse;
}

/** What a shopper does at `at`: one session's product view, a like, a comment, a share and a klip view row. */
async function actAt(at: number, shopper: User) {
  clock = at;
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/v1/events',
    remoteAddress: '10.79.0.9',
    // One session for both: it counts once a day, and these are two of the seller's days.
    payload: {
      sessionId: 'session-local-000000',
      consent: { analytics: true, marketing: false },
      events: [{ type: 'product_view', product_id: lamp.id }],
    },
  });
  expect(sent.statusCode, sent.body).toBe(202);
  await ok(shopper, 'POST', `/api/v1/interactions/klips/${klip.id}/like`, {});
  await ok(shopper, 'POST', `/api/v1/interactions/klips/${klip.id}/comments`, { content: 'Lovely' });
  await ok(shopper, 'POST', '/api/v1/interactions', {
    contentId: lamp.id,
    type: 'share',
    extras: { share_method: 'copy' },
  });
  // A view row as the view route writes one at `at` (the route stamps created_at with the database's own clock).
  await sql`insert into klip_views (klip_id, viewer_key, day, created_at)
            values (${klip.id}, ${`user:${shopper.uid}`}, ${dayOf(at)}::date, ${new Date(at)}::timestamptz)`.execute(
    t.testDatabase.database.db,
  );
}

/** The figures of `day` in a stats answer. */
const figuresOf = (answer: DashboardStatsResponse, day: string) =>
  answer.daily.find((entry) => entry.day === day);

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_MAX: '100000', LIST_CACHE_MS: '0' },
    undefined,
    undefined,
    null,
    () => clock,
  );
  seller = await signUpTestUser(t.app, 'meera.local', { address: '10.79.1.1' });
  shoppers = [
    await signUpTestUser(t.app, 'kiran.local', { address: '10.79.1.2' }),
    await signUpTestUser(t.app, 'dev.local', { address: '10.79.1.3' }),
  ];
  await ok(seller, 'PATCH', '/api/v1/settings/appearance', { timezone: 'Asia/Kolkata' });
  lamp = (
    (await ok(seller, 'POST', '/api/v1/content', {
      type: 'product',
      category: 'Home',
      name: 'Brass Lamp',
      price: 500,
      ...SELLER_CONTACT,
    })) as { product: { id: string } }
  ).product;
  klip = await createTestKlip(t, seller, { title: 'Lamp at night', productId: lamp.id });
  await actAt(EARLY, shoppers[0]!);
  await actAt(LATE, shoppers[1]!);
  clock = LATE + 10 * MINUTE;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe("the dashboard's days in the seller's zone", () => {
  it('puts 17:00 and 20:00 UTC on two local days, from the live tail and the stored rows', async () => {
    const answer = await stats();
    expect(answer).toMatchObject({ timeZone: 'Asia/Kolkata', to: NEXT_DAY });
    const figures = { productViews: 1, likes: 1, comments: 1, shares: 1, klipViews: 1 };
    expect(figuresOf(answer, SAME_DAY)).toMatchObject(figures);
    expect(figuresOf(answer, NEXT_DAY)).toMatchObject(figures);
    expect(answer.totals.productViews.current).toBe(2);
  });

  it('rolls the events up on their local days and reads the same from the roll-ups', async () => {
    await createAnalyticsMaintenance({ db: t.testDatabase.database.db, now: () => clock }).rollUp();
    const { rows } = await sql<{ day: string; count: number }>`
      select to_char(day, 'YYYY-MM-DD') as day, count::int as count from analytics_daily_totals
       where seller_id = ${seller.uid} and type = 'product_view' order by day`.execute(
      t.testDatabase.database.db,
    );
    expect(rows).toEqual([
      { day: SAME_DAY, count: 1 },
      { day: NEXT_DAY, count: 1 },
    ]);
    const answer = await stats();
    expect(figuresOf(answer, SAME_DAY)).toMatchObject({ productViews: 1 });
    expect(figuresOf(answer, NEXT_DAY)).toMatchObject({ productViews: 1 });
    expect(answer.totals.productViews.current).toBe(2);
    expect(LATE + ANALYTICS_ROLLUP_MARGIN_MS).toBeLessThan(clock);
  });

  it('turns today over at local midnight, 18:30 UTC in India', async () => {
    clock = UTC_DAY + 18 * HOUR + 29 * MINUTE;
    const before = await stats();
    expect(before.to).toBe(SAME_DAY);
    // Only the 22:30 events had happened by then, on the last day.
    expect(figuresOf(before, SAME_DAY)).toMatchObject({ productViews: 1, likes: 1, klipViews: 1 });
    clock = UTC_DAY + 18 * HOUR + 30 * MINUTE;
    const after = await stats();
    expect(after.to).toBe(NEXT_DAY);
    expect(after.daily.at(-1)!.day).toBe(NEXT_DAY);
  });
});
