// First-party analytics (docs/product.md "Analytics"; decision 0066): events are queued only while the visitor's
// consent allows analytics, and sent in batches to our own POST /api/v1/events with sendBeacon (fetch keepalive as
// the fallback), so they survive the page being left. Withdrawing consent drops the queue at once.
import {
  ANALYTICS_BATCH_MAX_BYTES,
  ANALYTICS_BATCH_MAX_EVENTS,
  ANALYTICS_FLUSH_MS,
  ANALYTICS_SESSION_ID_PATTERN,
  ANALYTICS_SESSION_STORAGE_KEY,
  ANALYTICS_UTM_STORAGE_KEY,
  ANALYTICS_UTM_VALUE_MAX_LENGTH,
} from '../../shared/constants.ts';
import type { AnalyticsEvent, EventBatch, Utm } from '../../shared/contracts/analytics.ts';
import { API_BASE_PATH } from './api-client.ts';
import { getConsent, subscribeConsent } from './consent.ts';

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'ref'] as const;

type Session = { utm: Utm | undefined; utmPath: string; utmClickSent: boolean };

let running = false;
let stopRunning: () => void = () => undefined;
let enabled = false;
let queue: AnalyticsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let eventsUrl = '';
/** The landing URL's tracking parameters, read at start and kept in memory until consent lets them be stored. */
let landing: { utm: Utm | undefined; path: string } = { utm: undefined, path: '/' };
/** The klip a product was reached from in this session (the klip funnel's attribution). */
const klipOfProduct = new Map<string, string>();

function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // storage disabled: the session lasts for this page only
  }
}

function createSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

let memorySessionId: string | undefined;
function getSessionId(): string {
  const stored = readSession(ANALYTICS_SESSION_STORAGE_KEY);
  if (stored && ANALYTICS_SESSION_ID_PATTERN.test(stored)) return stored;
  memorySessionId ??= createSessionId();
  writeSession(ANALYTICS_SESSION_STORAGE_KEY, memorySessionId);
  return memorySessionId;
}

export function readUtm(search: string): Utm | undefined {
  const params = new URLSearchParams(search);
  const utm: Utm = {};
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) utm[key] = value.slice(0, ANALYTICS_UTM_VALUE_MAX_LENGTH);
  }
  return Object.keys(utm).length > 0 ? utm : undefined;
}

function readStoredSession(): Session | undefined {
  try {
    const value = JSON.parse(readSession(ANALYTICS_UTM_STORAGE_KEY) ?? 'null') as Session | null;
    return value && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The session's UTM: the stored one, else the landing URL's (stored now that there is consent). */
function getSession(): Session {
  const stored = readStoredSession();
  if (stored) return stored;
  const session: Session = { utm: landing.utm, utmPath: landing.path, utmClickSent: false };
  writeSession(ANALYTICS_UTM_STORAGE_KEY, JSON.stringify(session));
  return session;
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

function send(body: string): void {
  if (navigator.sendBeacon?.(eventsUrl, new Blob([body], { type: 'application/json' }))) return;
  void fetch(eventsUrl, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body,
  }).catch(() => undefined); // analytics never disturbs the page
}

/** Sends everything queued, split into batches under ANALYTICS_BATCH_MAX_EVENTS and ANALYTICS_BATCH_MAX_BYTES. */
export function flushAnalytics(): void {
  clearTimeout(timer);
  timer = undefined;
  if (!enabled || queue.length === 0) return;
  const { preferences } = getConsent();
  const session = getSession();
  const head: Omit<EventBatch, 'events'> = {
    sessionId: getSessionId(),
    consent: { analytics: preferences.analytics, marketing: preferences.marketing },
    ...(session.utm ? { utm: session.utm } : {}),
  };
  const emptyBytes = byteLength(JSON.stringify({ ...head, events: [] }));
  let batch: string[] = [];
  let bytes = emptyBytes;
  const sendBatch = () => {
    if (batch.length > 0) send(`${JSON.stringify(head).slice(0, -1)},"events":[${batch.join(',')}]}`);
    batch = [];
    bytes = emptyBytes;
  };
  for (const event of queue) {
    const text = JSON.stringify(event);
    const size = byteLength(text) + 1;
    if (emptyBytes + size > ANALYTICS_BATCH_MAX_BYTES) continue; // one event alone too big: the server would refuse it
    if (batch.length >= ANALYTICS_BATCH_MAX_EVENTS || bytes + size > ANALYTICS_BATCH_MAX_BYTES) sendBatch();
    batch.push(text);
    bytes += size;
  }
  sendBatch();
  queue = [];
}

/**
 * Records one event; a no-op without analytics consent. With consent, the first event starts the client if the app
 * has not yet (a product page opened directly shows before the app's own start has loaded this module).
 */
export function trackEvent(event: AnalyticsEvent): void {
  if (!running && getConsent().preferences.analytics) startAnalytics();
  if (!enabled) return;
  let recorded: AnalyticsEvent = event;
  if (event.type === 'klip_product_tap') klipOfProduct.set(event.product_id, event.klip_id);
  else if (event.type === 'quote_request') {
    const klipId = event.product_ids.map((id) => klipOfProduct.get(id)).find(Boolean);
    if (klipId && !event.klip_id) recorded = { ...event, klip_id: klipId };
  } else if (event.type !== 'page_view' && event.type !== 'share' && event.type !== 'utm_link_click') {
    const klipId = klipOfProduct.get(event.product_id);
    if (klipId && !event.klip_id) recorded = { ...event, klip_id: klipId };
  }
  queue.push(recorded);
  if (queue.length >= ANALYTICS_BATCH_MAX_EVENTS) flushAnalytics();
  else timer ??= setTimeout(flushAnalytics, ANALYTICS_FLUSH_MS);
}

function onEnabled(path: string, afterStart: boolean): void {
  enabled = true;
  const session = getSession();
  if (session.utm && !session.utmClickSent) {
    trackEvent({ type: 'utm_link_click', path: session.utmPath, utm: session.utm });
    writeSession(ANALYTICS_UTM_STORAGE_KEY, JSON.stringify({ ...session, utmClickSent: true }));
  }
  // Consent given on this page: its view counts too (the router only reports the next ones).
  if (afterStart) trackEvent({ type: 'page_view', path });
}

function halt(): void {
  enabled = false;
  queue = [];
  clearTimeout(timer);
  timer = undefined;
  klipOfProduct.clear();
  memorySessionId = undefined;
}

/** Consent withdrawn: nothing more is sent, and the session's id and UTM are forgotten. */
function onDisabled(): void {
  halt();
  writeSession(ANALYTICS_SESSION_STORAGE_KEY, null);
  writeSession(ANALYTICS_UTM_STORAGE_KEY, null);
}

function onPageHidden(): void {
  if (document.visibilityState === 'hidden') flushAnalytics();
}

/**
 * Starts following the consent (once, at app start): from then on events are recorded while analytics is allowed.
 * `baseUrl` is the API's, as the API client takes it. Returns the stop (tests).
 */
export function startAnalytics({ baseUrl = API_BASE_PATH }: { baseUrl?: string } = {}): () => void {
  if (running) return stopRunning;
  running = true;
  eventsUrl = `${new URL(baseUrl, window.location.origin).href.replace(/\/$/, '')}/events`;
  landing = { utm: readUtm(window.location.search), path: window.location.pathname };
  if (getConsent().preferences.analytics) onEnabled(landing.path, false);
  const unsubscribe = subscribeConsent(() => {
    const allowed = getConsent().preferences.analytics;
    if (allowed && !enabled) onEnabled(window.location.pathname, true);
    else if (!allowed && enabled) onDisabled();
  });
  document.addEventListener('visibilitychange', onPageHidden);
  window.addEventListener('pagehide', flushAnalytics);
  stopRunning = () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onPageHidden);
    window.removeEventListener('pagehide', flushAnalytics);
    halt();
    running = false;
    stopRunning = () => undefined;
  };
  return stopRunning;
}
