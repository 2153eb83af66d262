// The dashboard's event figures end to end, on PGlite or (with TEST_DATABASE_URL) PostgreSQL (docs/product.md
// "Dashboard"; decisions 0064 and 0065): shoppers' events through POST /api/v1/events on days the app's clock is
// moved to, the roll-up run, one more event left in the live tail, then GET /api/v1/dashboard/stats: product views,
// Loot Box adds, contact clicks by channel, quote requests, the klip funnel and the top lists, against the period
// before; a batch without consent and an event share change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_ROLLUP_MARGIN_MS } from '../../../shared/constants.ts';
import type { AnalyticsEvent } from '../../../shared/contracts/analytics.ts';
import type { DashboardStatsResponse } from '../../../shared/contracts/dashboard.ts';
import type { Klip } from '../../../shared/contracts/klips.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { createTestKlip } from '../../test/klip-fixture.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';
import { createAnalyticsMaintenance } from '../analytics/analytics.service.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOON = Math.floor(Date.now() / DAY) * DAY + DAY / 2;
let clock = NOON;
const dayOf = (offset: number) => new Date(NOON + offset * DAY).toISOString().slice(0, 10);

type User = { token: string; uid: string };
let t: TestApp;
let seller: User;
let shopper: User;
let lamp: { id: string };
let jug: { id: string };
let klip: Klip;
let address = 0;

async function send(sessionId: string, events: AnalyticsEvent[], analytics = true) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/events',
    remoteAddress: `10.65.0.${++address}`,
    payload: { sessionId, consent: { analytics, marketing: false }, events },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json() as { accepted: number; dropped: number };
}

async function createProduct(name: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: { authorization: `Bearer ${seller.token}` },
    payload: { type: 'product', category: 'Home', name, price: 500, ...SELLER_CONTACT },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as { id: string };
}

async function stats(period: '7d' | '30d') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/dashboard/stats?period=${period}`,
    headers: { authorization: `Bearer ${seller.token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DashboardStatsResponse;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, undefined, undefined, null, () => clock);
  seller = await signUpTestUser(t.app, 'asha.funnel', { address: '10.65.1.1' });
  shopper = await signUpTestUser(t.app, 'ravi.funnel', { address: '10.65.1.2' });
  lamp = await createProduct('Brass Lamp');
  jug = await createProduct('Copper Jug');
  klip = await createTestKlip(t, seller, { title: 'Lamp at dusk', productId: lamp.id });

  // The period before (day -9): one product view.
  clock = NOON - 9 * DAY;
  await send('session-c-0000000000', [{ type: 'product_view', product_id: lamp.id }]);
  // Yesterday: a shopper comes from the klip, taps its product, adds it and asks on WhatsApp; another views,
  // calls and asks for a quote from the klip; the klip's view is a row the interactions module counts.
  clock = NOON - DAY;
  const viewed = await t.app.inject({
    method: 'POST',
    url: `/api/v1/interactions/klips/${klip.id}/view`,
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  expect(viewed.statusCode, viewed.body).toBe(200);
  await send('session-a-0000000000', [
    { type: 'klip_product_tap', klip_id: klip.id, product_id: lamp.id },
    { type: 'product_view', product_id: lamp.id, klip_id: klip.id },
    { type: 'lootbox_add', product_id: lamp.id, klip_id: klip.id },
    { type: 'contact_click', product_id: lamp.id, channel: 'whatsapp', klip_id: klip.id },
    { type: 'product_view', product_id: jug.id },
    // Shares are counted from the interactions rows only.
    { type: 'share', content_type: 'product', content_id: lamp.id, share_method: 'copy' },
  ]);
  await send('session-b-0000000000', [
    { type: 'product_view', product_id: lamp.id },
    // A repeat the same day counts once.
    { type: 'product_view', product_id: lamp.id },
    { type: 'contact_click', product_id: lamp.id, channel: 'phone' },
    { type: 'quote_request', product_ids: [lamp.id, jug.id], channel: 'email', klip_id: klip.id },
  ]);
  // Without analytics consent nothing is stored.
  await send('session-x-0000000000', [{ type: 'product_view', product_id: jug.id }], false);
  // Rolled up, then one more event today that only the live tail has.
  clock = NOON + ANALYTICS_ROLLUP_MARGIN_MS + 1000;
  await createAnalyticsMaintenance({ db: t.testDatabase.database.db, now: () => clock }).rollUp();
  await send('session-d-0000000000', [{ type: 'product_view', product_id: jug.id }]);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the dashboard on counted events', () => {
  it('reads roll-ups and the live tail, each event once, against the period before', async () => {
    const week = await stats('7d');
    expect(week.totals.productViews).toEqual({ current: 4, previous: 1, changePercent: 300 });
    expect(week.totals.lootboxAdds).toEqual({ current: 1, previous: 0, changePercent: null });
    expect(week.totals.contactClicks).toEqual({ current: 2, previous: 0, changePercent: null });
    expect(week.totals.quoteRequests).toEqual({ current: 1, previous: 0, changePercent: null });
    expect(week.totals.shares).toEqual({ current: 0, previous: 0, changePercent: null });
    expect(week.totals.klipViews).toEqual({ current: 1, previous: 0, changePercent: null });
    expect(week.contactsByChannel.whatsapp).toEqual({ current: 1, previous: 0, changePercent: null });
    expect(week.contactsByChannel.phone).toEqual({ current: 1, previous: 0, changePercent: null });
    expect(week.contactsByChannel.email.current + week.contactsByChannel.external.current).toBe(0);
    const byDay = Object.fromEntries(week.daily.map((entry) => [entry.day, entry]));
    expect(byDay[dayOf(-1)]).toMatchObject({
      productViews: 3,
      lootboxAdds: 1,
      contactClicks: 2,
      klipViews: 1,
    });
    expect(byDay[dayOf(0)]).toMatchObject({ productViews: 1 });

    expect(week.funnel).toEqual([
      {
        klipId: klip.id,
        title: 'Lamp at dusk',
        thumbnail: klip.thumbnail,
        views: 1,
        productTaps: 1,
        lootboxAdds: 1,
        contacts: 2,
      },
    ]);
    expect(week.top.klipsByContacts.map((item) => [item.id, item.count])).toEqual([[klip.id, 2]]);
    expect(Object.fromEntries(week.top.productsByViews.map((item) => [item.name, item.count]))).toEqual({
      'Brass Lamp': 2,
      'Copper Jug': 2,
    });
    expect(week.top.productsByContacts.map((item) => [item.name, item.count])).toEqual([['Brass Lamp', 3]]);

    const month = await stats('30d');
    expect(month.totals.productViews).toEqual({ current: 5, previous: 0, changePercent: null });
  });
});
