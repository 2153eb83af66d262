import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_BATCH_MAX_BYTES,
  ANALYTICS_BATCH_MAX_EVENTS,
  ANALYTICS_FLUSH_MS,
  ANALYTICS_SESSION_ID_PATTERN,
  ANALYTICS_SESSION_STORAGE_KEY,
} from '../../shared/constants.ts';
import { EventBatchSchema, type EventBatch } from '../../shared/contracts/analytics.ts';
import { startHttpTestServer, type HttpTestServer } from '../test/http-test-server.js';
import { routeApiCallsTo } from '../test/render-app.tsx';
import { flushAnalytics, startAnalytics, trackEvent } from './analytics.ts';
import { acceptAllCookies, acceptNecessaryCookies, resetConsent, saveConsent } from './consent.ts';

let server: HttpTestServer;
let stop: (() => void) | undefined;

beforeAll(async () => {
  server = await startHttpTestServer();
  server.respond('POST', '/api/v1/events', { status: 202, body: { success: true, accepted: 1, dropped: 0 } });
});
afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
});

afterEach(() => {
  stop?.();
  stop = undefined;
  resetConsent();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  Reflect.deleteProperty(navigator, 'sendBeacon');
  vi.useRealTimers();
});

function start(): void {
  stop = startAnalytics({ baseUrl: `${server.url}/api/v1` });
}

const batches = () =>
  server.requests
    .filter((request) => request.method === 'POST' && request.path === '/api/v1/events')
    .map((request) => EventBatchSchema.parse(JSON.parse(request.body)));

async function waitForBatches(count: number): Promise<EventBatch[]> {
  await vi.waitFor(() => expect(batches()).toHaveLength(count), { timeout: 5000 });
  return batches();
}

/** A page_view as a control: once it arrives, anything sent before it has arrived too. */
async function sendControl(path = '/control'): Promise<EventBatch[]> {
  acceptAllCookies();
  trackEvent({ type: 'page_view', path });
  flushAnalytics();
  await vi.waitFor(() =>
    expect(
      batches().some((batch) => batch.events.some((e) => e.type === 'page_view' && e.path === path)),
    ).toBe(true),
  );
  return batches();
}

describe('analytics client', () => {
  it('sends nothing without consent, however many events and page hides', async () => {
    start();
    trackEvent({ type: 'page_view', path: '/shop' });
    trackEvent({ type: 'product_view', product_id: 'p1' });
    window.dispatchEvent(new Event('pagehide'));
    flushAnalytics();
    // Consent now: only the control goes out, nothing queued before it.
    const sent = await sendControl();
    const events = sent.flatMap((batch) => batch.events);
    expect(
      events.filter((e) => e.type === 'product_view' || (e.type === 'page_view' && e.path === '/shop')),
    ).toEqual([]);
    expect(window.sessionStorage.getItem(ANALYTICS_SESSION_STORAGE_KEY)).toMatch(
      ANALYTICS_SESSION_ID_PATTERN,
    );
  });

  it('sends a batch on pagehide by fetch keepalive when there is no sendBeacon, as the contract shapes it', async () => {
    acceptAllCookies();
    start();
    trackEvent({ type: 'page_view', path: '/product/p1' });
    trackEvent({ type: 'product_view', product_id: 'p1' });
    window.dispatchEvent(new Event('pagehide'));
    const [batch] = await waitForBatches(1);
    expect(batch!.events).toEqual([
      { type: 'page_view', path: '/product/p1' },
      { type: 'product_view', product_id: 'p1' },
    ]);
    expect(batch!.consent).toEqual({ analytics: true, marketing: true });
    expect(batch!.sessionId).toBe(window.sessionStorage.getItem(ANALYTICS_SESSION_STORAGE_KEY));
    expect(document.cookie).toBe('');
    expect(server.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('flushes when the page is hidden', async () => {
    acceptAllCookies();
    start();
    trackEvent({ type: 'page_view', path: '/klips' });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Reflect.deleteProperty(document, 'visibilityState');
    await waitForBatches(1);
  });

  it(`flushes ${ANALYTICS_FLUSH_MS} ms after the first queued event`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    acceptAllCookies();
    start();
    trackEvent({ type: 'page_view', path: '/a' });
    vi.advanceTimersByTime(ANALYTICS_FLUSH_MS - 1);
    trackEvent({ type: 'page_view', path: '/b' });
    expect(server.requests).toHaveLength(0);
    vi.advanceTimersByTime(1);
    const [batch] = await waitForBatches(1);
    expect(batch!.events.map((e) => (e.type === 'page_view' ? e.path : ''))).toEqual(['/a', '/b']);
  });

  it('sends at once at the batch maximum, and keeps every batch under its count and bytes', async () => {
    acceptAllCookies();
    start();
    for (let index = 0; index < ANALYTICS_BATCH_MAX_EVENTS; index += 1) {
      trackEvent({ type: 'page_view', path: `/p/${index}` });
    }
    await waitForBatches(1);
    // About 1 KB each: 30 of them cannot go in one batch of 16 KB.
    const value = 'v'.repeat(100);
    const utm = {
      utm_source: value,
      utm_medium: value,
      utm_campaign: value,
      utm_content: value,
      utm_term: value,
    };
    for (let index = 0; index < 30; index += 1) {
      trackEvent({
        type: 'utm_link_click',
        path: `/${'x'.repeat(290)}${index}`,
        utm: { ...utm, ref: value },
      });
    }
    flushAnalytics();
    await vi.waitFor(() => expect(batches().flatMap((b) => b.events)).toHaveLength(80));
    for (const request of server.requests) {
      expect(new TextEncoder().encode(request.body).length).toBeLessThanOrEqual(ANALYTICS_BATCH_MAX_BYTES);
      expect(EventBatchSchema.parse(JSON.parse(request.body)).events.length).toBeLessThanOrEqual(
        ANALYTICS_BATCH_MAX_EVENTS,
      );
    }
    expect(batches().length).toBeGreaterThan(2);
  });

  it('withdrawing consent drops the queue and stops sending; accepting again starts again', async () => {
    acceptAllCookies();
    start();
    const firstSession = window.sessionStorage.getItem(ANALYTICS_SESSION_STORAGE_KEY);
    trackEvent({ type: 'product_view', product_id: 'dropped' });
    acceptNecessaryCookies();
    trackEvent({ type: 'product_view', product_id: 'after-withdrawal' });
    flushAnalytics();
    window.dispatchEvent(new Event('pagehide'));
    expect(window.sessionStorage.getItem(ANALYTICS_SESSION_STORAGE_KEY)).toBeNull();
    const sent = await sendControl();
    const productViews = sent.flatMap((batch) => batch.events).filter((e) => e.type === 'product_view');
    expect(productViews).toEqual([]);
    expect(sent.at(-1)!.sessionId).not.toBe(firstSession);
  });

  it('keeps the landing URL utm for the session and sends one utm_link_click', async () => {
    window.history.replaceState(null, '', '/klip/k1?utm_source=whatsapp&utm_medium=social&ref=asha&other=1');
    start();
    window.history.replaceState(null, '', '/shop');
    // Consent after landing: the landing parameters were kept in memory until now.
    acceptAllCookies();
    flushAnalytics();
    const [batch] = await waitForBatches(1);
    expect(batch!.utm).toEqual({ utm_source: 'whatsapp', utm_medium: 'social', ref: 'asha' });
    expect(batch!.events).toEqual([
      {
        type: 'utm_link_click',
        path: '/klip/k1',
        utm: { utm_source: 'whatsapp', utm_medium: 'social', ref: 'asha' },
      },
      { type: 'page_view', path: '/shop' },
    ]);
    // A reload in the same tab, landing without parameters: the session's utm stays, its click is not sent again.
    stop?.();
    start();
    trackEvent({ type: 'page_view', path: '/offers' });
    flushAnalytics();
    const [, second] = await waitForBatches(2);
    expect(second!.utm).toEqual(batch!.utm);
    expect(second!.sessionId).toBe(batch!.sessionId);
    expect(second!.events).toEqual([{ type: 'page_view', path: '/offers' }]);
  });

  it('credits a product to the klip whose card was tapped, for later views, adds, contacts and quotes', async () => {
    saveConsent({ functional: false, analytics: true, marketing: false, preferences: false });
    start();
    trackEvent({ type: 'klip_product_tap', klip_id: 'k1', product_id: 'p1' });
    trackEvent({ type: 'product_view', product_id: 'p1' });
    trackEvent({ type: 'lootbox_add', product_id: 'p1' });
    trackEvent({ type: 'contact_click', product_id: 'p1', channel: 'whatsapp' });
    trackEvent({ type: 'quote_request', product_ids: ['p2', 'p1'], channel: 'email' });
    trackEvent({ type: 'product_view', product_id: 'p2' });
    flushAnalytics();
    const [batch] = await waitForBatches(1);
    expect(batch!.consent).toEqual({ analytics: true, marketing: false });
    expect(batch!.events).toEqual([
      { type: 'klip_product_tap', klip_id: 'k1', product_id: 'p1' },
      { type: 'product_view', product_id: 'p1', klip_id: 'k1' },
      { type: 'lootbox_add', product_id: 'p1', klip_id: 'k1' },
      { type: 'contact_click', product_id: 'p1', channel: 'whatsapp', klip_id: 'k1' },
      { type: 'quote_request', product_ids: ['p2', 'p1'], channel: 'email', klip_id: 'k1' },
      { type: 'product_view', product_id: 'p2' },
    ]);
  });

  it('starts by itself for an event recorded with consent before the app started it', async () => {
    acceptAllCookies();
    window.history.replaceState(null, '', '/product/p9');
    // The same origin as the page: routed to the test server like the app's own calls.
    const undo = routeApiCallsTo(server.url);
    try {
      trackEvent({ type: 'product_view', product_id: 'p9' });
      stop = startAnalytics(); // the running client's stop, for the clean-up
      flushAnalytics();
      const [batch] = await waitForBatches(1);
      expect(batch!.events).toEqual([{ type: 'product_view', product_id: 'p9' }]);
    } finally {
      undo();
    }
  });

  it('uses sendBeacon with a JSON Blob when the browser has it', async () => {
    const types: string[] = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      // The browser's queue, played by a real POST of the same Blob to the test server.
      value: (url: string, data: Blob) => {
        types.push(data.type);
        void data.text().then((body) => fetch(url, { method: 'POST', body }));
        return true;
      },
    });
    acceptAllCookies();
    start();
    trackEvent({ type: 'share', content_type: 'product', content_id: 'p1', share_method: 'copy' });
    window.dispatchEvent(new Event('pagehide'));
    const [batch] = await waitForBatches(1);
    expect(types).toEqual(['application/json']);
    expect(batch!.events).toEqual([
      { type: 'share', content_type: 'product', content_id: 'p1', share_method: 'copy' },
    ]);
  });
});
