// The stats assembly of the seller's dashboard (decision 0065) over a real database, with an AnalyticsReads in this
// file that answers fixed rows: which event rows become which figure, channels, trends, the daily series, the
// funnel's attribution and the top lists, and that event rows the product counts from its own rows (shares, klip
// views) are never counted a second time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Klip } from '../../../shared/contracts/klips.ts';
import type { ProductSummary } from '../../../shared/contracts/products.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { AnalyticsReads } from '../analytics/analytics-reads.ts';
import { createDashboardStatsService } from './dashboard-stats.service.ts';

const NOW = new Date('2026-11-29T15:00:00.000Z');
// 7d: 2026-11-23 .. 2026-11-29; the period before: 2026-11-16 .. 2026-11-22.
const CURRENT = { from: '2026-11-23', to: '2026-11-29' };
const PREVIOUS = { from: '2026-11-16', to: '2026-11-22' };
const SELLER = 'seller-1';

let testDatabase: TestDatabase;
const calls: Array<{ read: string; from: string; to: string; extra?: unknown }> = [];

const reads: AnalyticsReads = {
  async totals(sellerId, from, to) {
    calls.push({ read: 'totals', from, to });
    if (sellerId !== SELLER) return [];
    if (from === CURRENT.from && to === CURRENT.to)
      return [
        { type: 'product_view', detail: '', count: 40 },
        { type: 'lootbox_add', detail: '', count: 10 },
        { type: 'contact_click', detail: 'whatsapp', count: 6 },
        { type: 'contact_click', detail: 'phone', count: 2 },
        { type: 'contact_click', detail: 'email', count: 1 },
        { type: 'contact_click', detail: 'external', count: 1 },
        { type: 'quote_request', detail: 'whatsapp', count: 3 },
        // Counted from the product's own rows instead: never from events.
        { type: 'share', detail: 'copy', count: 99 },
        { type: 'klip_view', detail: '', count: 77 },
        { type: 'klip_product_tap', detail: '', count: 12 },
      ];
    if (from === PREVIOUS.from && to === PREVIOUS.to)
      return [
        { type: 'product_view', detail: '', count: 20 },
        { type: 'contact_click', detail: 'whatsapp', count: 4 },
        { type: 'lootbox_add', detail: '', count: 10 },
      ];
    return [];
  },
  async daily(_sellerId, from, to) {
    calls.push({ read: 'daily', from, to });
    return [
      { day: '2026-11-23', type: 'product_view', count: 15 },
      { day: '2026-11-29', type: 'product_view', count: 25 },
      { day: '2026-11-29', type: 'contact_click', count: 10 },
      { day: '2026-11-29', type: 'share', count: 99 },
    ];
  },
  async topItems(_sellerId, from, to, options) {
    calls.push({ read: 'topItems', from, to, extra: options });
    if (options.types.includes('product_view'))
      return [
        { itemId: 'p1', count: 30 },
        { itemId: 'p-deleted', count: 6 },
        { itemId: 'p2', count: 10 },
      ];
    return [{ itemId: 'p2', count: 4 }];
  },
  async klipFunnel(_sellerId, from, to, klipIds) {
    calls.push({ read: 'klipFunnel', from, to, extra: [...klipIds].sort() });
    return [
      { klipId: 'k1', type: 'klip_product_tap', count: 8 },
      { klipId: 'k1', type: 'lootbox_add', count: 3 },
      { klipId: 'k1', type: 'contact_click', count: 2 },
      { klipId: 'k1', type: 'quote_request', count: 1 },
      { klipId: 'k2', type: 'contact_click', count: 5 },
    ];
  },
};

const klipNamed = (id: string, title: string) => ({ id, title, thumbnail: `/media/${id}.webp` }) as Klip;
const productNamed = (id: string, name: string) =>
  ({ id, name, cover: { url: `/media/${id}.webp` } }) as ProductSummary;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const db = testDatabase.database.db;
  await db
    .insertInto('users')
    .values({ id: SELLER, email: 'seller@example.in', username: 'seller1' })
    .execute();
  await db
    .insertInto('klips')
    .values([
      { id: 'k1', owner_id: SELLER, status: 'active', title: 'Older', created_at: new Date('2026-11-01') },
      { id: 'k2', owner_id: SELLER, status: 'active', title: 'Newer', created_at: new Date('2026-11-02') },
      { id: 'k3', owner_id: SELLER, status: 'processing', title: 'Not yet' },
    ])
    .execute();
  // Two views of k1 in the period, one before it: k1 leads the funnel; k2 (0 views) follows.
  await db
    .insertInto('klip_views')
    .values([
      { klip_id: 'k1', viewer_key: 'user:a', day: '2026-11-29' },
      { klip_id: 'k1', viewer_key: 'user:b', day: '2026-11-24' },
      { klip_id: 'k1', viewer_key: 'user:a', day: '2026-11-20' },
    ])
    .execute();
}, 60_000);

afterAll(async () => {
  await testDatabase?.drop();
});

describe('dashboard stats assembly', () => {
  it('turns event rows into figures, channels and trends, and the rest into the funnel and the tops', async () => {
    const service = createDashboardStatsService({
      db: testDatabase.database.db,
      analytics: reads,
      klips: {
        listOwnByIds: async (_userId, ids) =>
          [klipNamed('k1', 'Older'), klipNamed('k2', 'Newer')].filter((k) => ids.includes(k.id)),
      },
      products: {
        // p-deleted is gone: left out of the tops.
        listOwnByIds: async (_userId, ids) =>
          [productNamed('p1', 'Lamp'), productNamed('p2', 'Bag')].filter((p) => ids.includes(p.id)),
      },
      now: () => NOW,
    });
    const stats = await service.get(SELLER, '7d');

    expect(stats).toMatchObject({ period: '7d', from: CURRENT.from, to: CURRENT.to });
    expect(stats.totals).toEqual({
      productViews: { current: 40, previous: 20, changePercent: 100 },
      klipViews: { current: 2, previous: 1, changePercent: 100 },
      likes: { current: 0, previous: 0, changePercent: null },
      comments: { current: 0, previous: 0, changePercent: null },
      shares: { current: 0, previous: 0, changePercent: null },
      lootboxAdds: { current: 10, previous: 10, changePercent: 0 },
      contactClicks: { current: 10, previous: 4, changePercent: 150 },
      quoteRequests: { current: 3, previous: 0, changePercent: null },
    });
    expect(stats.contactsByChannel).toEqual({
      whatsapp: { current: 6, previous: 4, changePercent: 50 },
      phone: { current: 2, previous: 0, changePercent: null },
      email: { current: 1, previous: 0, changePercent: null },
      external: { current: 1, previous: 0, changePercent: null },
    });
    expect(stats.daily).toHaveLength(7);
    expect(stats.daily[0]).toMatchObject({ day: '2026-11-23', productViews: 15, klipViews: 0 });
    expect(stats.daily[1]).toMatchObject({ day: '2026-11-24', productViews: 0, klipViews: 1 });
    expect(stats.daily[6]).toMatchObject({
      day: '2026-11-29',
      productViews: 25,
      contactClicks: 10,
      klipViews: 1,
      shares: 0,
    });
    expect(stats.funnel).toEqual([
      {
        klipId: 'k1',
        title: 'Older',
        thumbnail: '/media/k1.webp',
        views: 2,
        productTaps: 8,
        lootboxAdds: 3,
        contacts: 3,
      },
      {
        klipId: 'k2',
        title: 'Newer',
        thumbnail: '/media/k2.webp',
        views: 0,
        productTaps: 0,
        lootboxAdds: 0,
        contacts: 5,
      },
    ]);
    expect(stats.top.klipsByViews.map((item) => [item.id, item.count])).toEqual([['k1', 2]]);
    expect(stats.top.klipsByContacts.map((item) => [item.id, item.name, item.count])).toEqual([
      ['k2', 'Newer', 5],
      ['k1', 'Older', 3],
    ]);
    expect(stats.top.productsByViews).toEqual([
      { id: 'p1', type: 'product', name: 'Lamp', thumbnail: '/media/p1.webp', count: 30 },
      { id: 'p2', type: 'product', name: 'Bag', thumbnail: '/media/p2.webp', count: 10 },
    ]);
    expect(stats.top.productsByContacts.map((item) => [item.id, item.count])).toEqual([['p2', 4]]);

    // What was asked of the reads: the period's days, the events that make a contact, only active klips.
    expect(calls).toContainEqual({ read: 'daily', ...CURRENT });
    expect(calls).toContainEqual({ read: 'klipFunnel', ...CURRENT, extra: ['k1', 'k2'] });
    expect(calls).toContainEqual({
      read: 'topItems',
      ...CURRENT,
      extra: expect.objectContaining({ itemType: 'product', types: ['contact_click', 'quote_request'] }),
    });
  });
});
