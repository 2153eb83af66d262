// First-party analytics through the real app, on PGlite or (with TEST_DATABASE_URL) PostgreSQL (decision 0064):
// what a batch stores and drops, bad batches refused and counted without a 5xx, the rate limit, the dedupe per
// session, item and day with its per-address cap, the roll-up and its watermark, the reads, partitions and retention.
import { sql } from 'kysely';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYTICS_BATCH_MAX_BYTES,
  ANALYTICS_BATCH_MAX_EVENTS,
  ANALYTICS_ROLLUP_MARGIN_MS,
  ANONYMOUS_VIEWERS_PER_ADDRESS,
} from '../../../shared/constants.ts';
import type { AnalyticsEvent, EventBatch } from '../../../shared/contracts/analytics.ts';
import { ANALYTICS_MESSAGES } from '../../../shared/server-messages.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { createAnalyticsMaintenance, createAnalyticsReads } from './analytics.service.ts';

let t: TestApp;
let seller: { token: string; uid: string };
let productId: string;
let otherProductId: string;
let klipId: string;
/** The app's clock: tests move it rather than wait. While `ticking`, each reading is a millisecond later. */
let clock = Date.parse('2026-11-10T12:00:00Z');
let ticking = false;
const DAY = 24 * 60 * 60 * 1000;
const RATE_LIMIT = 40;

const db = () => t.testDatabase.database.db;
const maintenance = () => createAnalyticsMaintenance({ db: db(), now: () => clock });
const reads = () => createAnalyticsReads(db());
const day = (at: number) => new Date(at).toISOString().slice(0, 10);
let sessionCounter = 0;
const newSession = () => `session-${String(++sessionCounter).padStart(12, '0')}`;

function batch(events: AnalyticsEvent[], extra: Partial<EventBatch> = {}): EventBatch {
  return { sessionId: newSession(), consent: { analytics: true, marketing: false }, events, ...extra };
}

let addressCounter = 0;
/** Each test posts from its own address unless it says so, so the rate limit decides only its own test. */
const freshAddress = () => `10.24.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

function post(payload: unknown, options: { address?: string; contentType?: string } = {}) {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/events',
    headers: { 'content-type': options.contentType ?? 'application/json' },
    payload: body,
    remoteAddress: options.address ?? freshAddress(),
  });
}

async function storedEvents(where: { itemId?: string; type?: string } = {}) {
  let query = db().selectFrom('analytics_events').selectAll();
  if (where.itemId) query = query.where('item_id', '=', where.itemId);
  if (where.type) query = query.where('type', '=', where.type);
  return query.orderBy('id').execute();
}

async function refusals(): Promise<Record<string, number>> {
  const rows = await db().selectFrom('analytics_refusals').select(['reason', 'count']).execute();
  const out: Record<string, number> = {};
  for (const row of rows) out[row.reason] = (out[row.reason] ?? 0) + Number(row.count);
  return out;
}

/** Waits (no sleep: polling a condition) for the app's periodic flush to write a refusal count. */
async function waitForRefusal(reason: string, atLeast: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (((await refusals())[reason] ?? 0) >= atLeast) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`refusal ${reason} never reached ${atLeast}: ${JSON.stringify(await refusals())}`);
}

beforeAll(async () => {
  t = await createTestApp(
    {
      RATE_LIMIT_MAX: '100000',
      ANALYTICS_EVENTS_RATE_LIMIT_MAX: String(RATE_LIMIT),
      ANALYTICS_REFUSALS_FLUSH_MS: '100',
    },
    undefined,
    undefined,
    null,
    () => (ticking ? (clock += 1) : clock),
  );
  seller = await signUpTestUser(t.app, 'asha.analytics', { address: '10.24.255.1' });
  productId = ulid();
  otherProductId = ulid();
  klipId = ulid();
  await db()
    .insertInto('products')
    .values([
      { id: productId, owner_id: seller.uid, name: 'Brass lamp', price: 49_900 },
      { id: otherProductId, owner_id: seller.uid, name: 'Copper jug', price: 29_900 },
    ] as never)
    .execute();
  await db()
    .insertInto('klips')
    .values({ id: klipId, owner_id: seller.uid, status: 'active', title: 'Lamp demo' })
    .execute();
}, 60_000);
afterAll(() => t.close());

describe('POST /api/v1/events', () => {
  it('stores consented events about content that exists, and says what it dropped', async () => {
    const missing = ulid();
    const response = await post(
      batch(
        [
          { type: 'product_view', product_id: productId, klip_id: klipId },
          { type: 'contact_click', product_id: productId, channel: 'whatsapp' },
          { type: 'product_view', product_id: missing },
          { type: 'klip_product_tap', klip_id: klipId, product_id: productId },
          { type: 'page_view', path: '/shop' },
          { type: 'share', content_type: 'profile', content_id: 'asha.analytics', share_method: 'copy' },
          { type: 'quote_request', product_ids: [otherProductId, productId], channel: 'email' },
        ],
        { utm: { utm_source: 'newsletter' } },
      ),
    );
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ success: true, accepted: 6, dropped: 1 });
    const views = await storedEvents({ itemId: productId, type: 'product_view' });
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      seller_id: seller.uid,
      item_type: 'product',
      klip_id: klipId,
      counted: true,
      props: { utm: { utm_source: 'newsletter' } },
    });
    // Never the raw session id or address.
    expect(views[0]!.session_hash).not.toContain('session-');
    expect(views[0]!.address_hash).not.toContain('10.24');
    expect((await storedEvents({ type: 'contact_click' }))[0]).toMatchObject({ detail: 'whatsapp' });
    expect((await storedEvents({ type: 'klip_product_tap' }))[0]).toMatchObject({
      item_type: 'klip',
      item_id: klipId,
      klip_id: klipId,
      props: { product_id: productId },
    });
    expect((await storedEvents({ type: 'quote_request' }))[0]).toMatchObject({
      item_id: otherProductId,
      detail: 'email',
    });
    expect((await storedEvents({ type: 'page_view' }))[0]).toMatchObject({
      seller_id: null,
      props: { path: '/shop' },
    });
    expect(await storedEvents({ itemId: missing })).toEqual([]);
    await waitForRefusal('unknown-content', 1);
  });

  it('stores nothing without analytics consent, and takes text/plain bodies (sendBeacon)', async () => {
    const before = (await storedEvents()).length;
    const refused = await post(
      batch([{ type: 'product_view', product_id: productId }], {
        consent: { analytics: false, marketing: true },
      }),
    );
    expect(refused.json()).toEqual({ success: true, accepted: 0, dropped: 1 });
    expect((await storedEvents()).length).toBe(before);
    await waitForRefusal('no-consent', 1);

    const beacon = await post(batch([{ type: 'page_view', path: '/klips' }]), {
      contentType: 'text/plain;charset=UTF-8',
    });
    expect(beacon.statusCode).toBe(202);
    expect(beacon.json().accepted).toBe(1);
  });

  it('refuses bad batches with a 4xx naming the problem, never a 5xx, stores nothing, and counts them', async () => {
    const before = (await storedEvents()).length;
    const good = { type: 'product_view', product_id: productId };
    const cases: Array<{ body: unknown; status: number; names: string; contentType?: string }> = [
      {
        body: batch([{ type: 'wish_list_add', product_id: productId } as never]),
        status: 400,
        names: 'type',
      },
      { body: batch([{ ...good, price: 1 } as never]), status: 400, names: 'price' },
      { body: { ...batch([good as never]), extra: 1 }, status: 400, names: 'extra' },
      {
        body: batch(Array.from({ length: 1000 }, () => ({ type: 'page_view', path: '/' }) as const)),
        status: 413,
        names: ANALYTICS_MESSAGES.batchTooLarge(`${ANALYTICS_BATCH_MAX_BYTES / 1024} KB`),
      },
      {
        body: batch(
          Array.from(
            { length: ANALYTICS_BATCH_MAX_EVENTS + 1 },
            () => ({ type: 'page_view', path: '/' }) as const,
          ),
        ),
        status: 400,
        names: 'events',
      },
      { body: batch([{ type: 'page_view', path: '/shop\u0000x' }]), status: 400, names: 'path' },
      {
        body: batch([{ type: 'page_view', path: '/' }], { sessionId: 'a\u0000b' }),
        status: 400,
        names: 'sessionId',
      },
      {
        body: 'x'.repeat(100 * 1024),
        status: 413,
        names: ANALYTICS_MESSAGES.batchTooLarge(`${ANALYTICS_BATCH_MAX_BYTES / 1024} KB`),
      },
      { body: '{"sessionId":', status: 400, names: 'JSON' },
      { body: batch([good as never]), status: 415, names: 'text/plain', contentType: 'application/xml' },
    ];
    for (const { body, status, names, contentType } of cases) {
      const response = await post(body, contentType ? { contentType } : {});
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(response.json().message).toContain(names);
    }
    expect((await storedEvents()).length).toBe(before);
    await waitForRefusal('too-large', 2);
    await waitForRefusal('invalid', 8);
  });

  it('answers concurrent batches, written together, each with its own counts (group commit, decision 0069)', async () => {
    const missing = ulid();
    const before = (await storedEvents()).length;
    // Batch n: n views of products that exist, one of a product that does not, and n % 3 events without consent.
    const batches = Array.from({ length: 8 }, (_, n) =>
      batch([
        ...Array.from({ length: n + 1 }, (_, index) => ({
          type: 'product_view' as const,
          product_id: index % 2 === 0 ? productId : otherProductId,
        })),
        { type: 'product_view', product_id: missing },
      ]),
    );
    const noConsent = batches.map((sent, n) =>
      n % 3 === 0 ? sent : { ...sent, consent: { analytics: n % 3 !== 1, marketing: false } },
    );
    const startedAt = clock;
    ticking = true;
    const responses = await Promise.all(noConsent.map((sent) => post(sent))).finally(() => {
      ticking = false;
      clock = startedAt;
    });
    const expected = noConsent.map((sent, n) =>
      sent.consent.analytics
        ? { success: true, accepted: n + 1, dropped: 1 }
        : { success: true, accepted: 0, dropped: n + 2 },
    );
    expect(responses.map((response) => response.statusCode)).toEqual(noConsent.map(() => 202));
    expect(responses.map((response) => response.json())).toEqual(expected);
    const stored = (await storedEvents()).slice(before);
    expect(stored).toHaveLength(expected.reduce((sum, answer) => sum + answer.accepted, 0));
    // Written together on PostgreSQL: a group's events share the time its write began (the clock ticks at every
    // reading), so there are fewer times than batches with events. PGlite runs a write on this thread, within the
    // promise turns before the next request's body is read, so there each batch is a group of its own.
    const writeTimes = new Set(stored.map((row) => new Date(row.received_at).getTime())).size;
    const batchesWithEvents = expected.filter((answer) => answer.accepted > 0).length;
    if (t.testDatabase.database.kind === 'postgres') expect(writeTimes).toBeLessThan(batchesWithEvents);
    else expect(writeTimes).toBeLessThanOrEqual(batchesWithEvents);
  });

  it('limits a flood from one address with 429, counted', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let index = 0; index < RATE_LIMIT + 5; index += 1) {
      statuses.push((await post(batch([{ type: 'page_view', path: '/' }]), { address })).statusCode);
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(RATE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    await waitForRefusal('rate-limited', 5);
  });
});

describe('dedupe', () => {
  it('counts an event once per session, item, type, detail and UTC day', async () => {
    const product = ulid();
    await db()
      .insertInto('products')
      .values({ id: product, owner_id: seller.uid, name: 'Clay pot', price: 9_900 } as never)
      .execute();
    const sessionId = newSession();
    const address = freshAddress();
    const events: AnalyticsEvent[] = [
      { type: 'product_view', product_id: product },
      { type: 'product_view', product_id: product },
      { type: 'contact_click', product_id: product, channel: 'phone' },
      { type: 'contact_click', product_id: product, channel: 'email' },
    ];
    await post(batch(events, { sessionId }), { address });
    await post(batch(events, { sessionId }), { address });
    const counted = async () =>
      (await storedEvents({ itemId: product })).filter((event) => event.counted).map((event) => event.detail);
    expect(await counted()).toEqual(['', 'phone', 'email']);
    expect(await storedEvents({ itemId: product })).toHaveLength(8);
    // The next UTC day counts again.
    clock += DAY;
    try {
      await post(batch(events.slice(0, 1), { sessionId }), { address });
    } finally {
      clock -= DAY;
    }
    expect(await counted()).toHaveLength(4);
    await waitForRefusal('duplicate', 5);
  });

  it('counts at most ANONYMOUS_VIEWERS_PER_ADDRESS sessions of one address per item and day', async () => {
    const product = ulid();
    await db()
      .insertInto('products')
      .values({ id: product, owner_id: seller.uid, name: 'Jute bag', price: 5_900 } as never)
      .execute();
    const address = freshAddress();
    // Fresh session ids from one address, several per batch's worth of requests.
    for (let index = 0; index < ANONYMOUS_VIEWERS_PER_ADDRESS + 10; index += 1) {
      const response = await post(batch([{ type: 'product_view', product_id: product }]), { address });
      expect(response.statusCode).toBe(202);
    }
    const rows = await storedEvents({ itemId: product });
    expect(rows).toHaveLength(ANONYMOUS_VIEWERS_PER_ADDRESS + 10);
    expect(rows.filter((row) => row.counted)).toHaveLength(ANONYMOUS_VIEWERS_PER_ADDRESS);
    // Another address still counts.
    await post(batch([{ type: 'product_view', product_id: product }]));
    expect((await storedEvents({ itemId: product })).filter((row) => row.counted)).toHaveLength(
      ANONYMOUS_VIEWERS_PER_ADDRESS + 1,
    );
  });
});

describe('roll-up and reads', () => {
  it('moves counted events into daily counts once, and reads roll-ups plus the tail without double counting', async () => {
    const sellerB = await signUpTestUser(t.app, 'ravi.analytics', { address: '10.24.255.2' });
    const product = ulid();
    const klip = ulid();
    await db()
      .insertInto('products')
      .values({ id: product, owner_id: sellerB.uid, name: 'Kite', price: 1_900 } as never)
      .execute();
    await db()
      .insertInto('klips')
      .values({ id: klip, owner_id: sellerB.uid, status: 'active', title: 'Kite flying' })
      .execute();
    const today = day(clock);
    const from = day(clock - 6 * DAY);
    for (let index = 0; index < 3; index += 1) {
      await post(
        batch([
          { type: 'product_view', product_id: product, klip_id: klip },
          { type: 'klip_product_tap', klip_id: klip, product_id: product },
          { type: 'contact_click', product_id: product, channel: 'whatsapp', klip_id: klip },
        ]),
      );
    }
    const expected = [
      { type: 'contact_click', detail: 'whatsapp', count: 3 },
      { type: 'klip_product_tap', detail: '', count: 3 },
      { type: 'product_view', detail: '', count: 3 },
    ];
    // All in the live tail.
    expect(await reads().totals(sellerB.uid, from, today)).toEqual(expected);

    // Rolled up: the same figures, now from analytics_daily.
    clock += ANALYTICS_ROLLUP_MARGIN_MS + 1000;
    await maintenance().rollUp();
    const daily = await db()
      .selectFrom('analytics_daily')
      .selectAll()
      .where('seller_id', '=', sellerB.uid)
      .execute();
    expect(daily.reduce((sum, row) => sum + row.count, 0)).toBe(9);
    const totalsRows = await db()
      .selectFrom('analytics_daily_totals')
      .selectAll()
      .where('seller_id', '=', sellerB.uid)
      .execute();
    expect(totalsRows.reduce((sum, row) => sum + row.count, 0)).toBe(9);
    expect(await reads().totals(sellerB.uid, from, today)).toEqual(expected);
    // Idempotent: a second run adds nothing.
    await maintenance().rollUp();
    expect(await reads().totals(sellerB.uid, from, today)).toEqual(expected);

    // A new event after the roll-up: in the tail, added once.
    await post(batch([{ type: 'product_view', product_id: product }]));
    expect(await reads().totals(sellerB.uid, from, today)).toContainEqual({
      type: 'product_view',
      detail: '',
      count: 4,
    });
    expect(await reads().daily(sellerB.uid, from, today)).toContainEqual({
      day: today,
      type: 'product_view',
      count: 4,
    });
    expect(
      await reads().topItems(sellerB.uid, from, today, {
        itemType: 'product',
        types: ['product_view'],
        limit: 5,
      }),
    ).toEqual([{ itemId: product, count: 4 }]);
    expect(await reads().klipFunnel(sellerB.uid, from, today, [klip])).toEqual([
      { klipId: klip, type: 'contact_click', count: 3 },
      { klipId: klip, type: 'klip_product_tap', count: 3 },
    ]);
    // Another seller's reads see none of it; days outside the range neither.
    expect(await reads().totals(seller.uid, from, today)).not.toContainEqual(expected[0]);
    expect(await reads().totals(sellerB.uid, day(clock - 30 * DAY), day(clock - 7 * DAY))).toEqual([]);
  });
});

describe('partitions and retention', () => {
  const partitions = async () =>
    (
      await sql<{ name: string }>`
        select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          join pg_class p on p.oid = i.inhparent where p.relname = 'analytics_events' order by 1`.execute(
        db(),
      )
    ).rows.map((row) => row.name);

  it('creates this month and the next two, moves the default partition rows of a month into it, drops old months', async () => {
    // An event of a month with no partition yet lands in the default partition.
    const september = Date.parse('2026-09-15T10:00:00Z');
    const saved = clock;
    clock = september;
    await post(batch([{ type: 'page_view', path: '/old' }]));
    clock = saved;
    const defaultRows = await sql<{ n: string }>`select count(*) as n from analytics_events_default`.execute(
      db(),
    );
    expect(Number(defaultRows.rows[0]!.n)).toBeGreaterThan(0);

    const result = await maintenance().maintain({ retentionDays: 365 });
    expect(await partitions()).toEqual(
      expect.arrayContaining([
        'analytics_events_2026_09',
        'analytics_events_2026_11',
        'analytics_events_2026_12',
        'analytics_events_2027_01',
        'analytics_events_default',
      ]),
    );
    expect(result.moved).toBeGreaterThan(0);
    const left = await sql<{ n: string }>`select count(*) as n from analytics_events_default`.execute(db());
    expect(Number(left.rows[0]!.n)).toBe(0);
    // Moved, not lost.
    expect((await storedEvents({ type: 'page_view' })).some((row) => row.props.path === '/old')).toBe(true);

    // Later: September is past the retention and rolled up; it goes, the default and the recent months stay.
    clock = Date.parse('2027-01-05T12:00:00Z');
    try {
      await maintenance().rollUp();
      const later = await maintenance().maintain({ retentionDays: 90 });
      expect(later.dropped).toEqual(['analytics_events_2026_09']);
      expect(await partitions()).not.toContain('analytics_events_2026_09');
      expect(await partitions()).toEqual(
        expect.arrayContaining([
          'analytics_events_default',
          'analytics_events_2026_11',
          'analytics_events_2027_03',
        ]),
      );
      expect((await storedEvents({ type: 'page_view' })).some((row) => row.props.path === '/old')).toBe(
        false,
      );
    } finally {
      clock = saved;
    }
  });
});
