// The demo Shop Stars' last 30 days of shopper activity (docs/product.md "Demo marketplace"; decision 0064), drawn
// as sessions and stored through the analytics service's own write path with their receive times, then rolled up,
// so the dashboard is full on the first start. Drawn from a fixed seed: every first start gets the same history.
// Plausible: product views > klip product taps > Loot Box adds > contacts; weekends busier; some klips sell better.
import { createHash, randomBytes } from 'node:crypto';
import type { AnalyticsEvent, EventBatch } from '../../shared/contracts/analytics.ts';
import type { Executor } from '../db/transaction.ts';
import {
  createAnalyticsMaintenance,
  createAnalyticsService,
} from '../modules/analytics/analytics.service.ts';
import { createInteractionsRepository } from '../modules/interactions/interactions.repository.ts';

export const HISTORY_DAYS = 30;
/** Shopper sessions on an ordinary weekday; a weekend day has more. */
const SESSIONS_PER_DAY = 48;
/** Monday to Sunday (getUTCDay order: Sunday first). */
const WEEKDAY_FACTOR = [1.35, 0.8, 0.85, 0.9, 0.95, 1.1, 1.45];
const DAY_MS = 24 * 60 * 60 * 1000;
/** The newest history stops short of now, so that the seed's roll-up takes all of it. */
const NEWEST_MS = 10 * 60_000;

/** mulberry32: a small deterministic generator. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export interface HistoryCatalogue {
  /** Product ids with the klips featuring each (a klip features one product), and when each klip was posted. */
  products: Array<{ id: string }>;
  klips: Array<{ id: string; productId: string; postedAt: number }>;
}

/** A view of a klip by a history session: a klip_views row, as the view route writes one. */
export interface HistoryKlipView {
  klipId: string;
  viewerKey: string;
  day: string;
  address: string;
}

/**
 * Draws the sessions: each a batch with its address and receive time, and the klip views of the sessions that
 * started on a klip (only once it was posted), which the dashboard counts from klip_views rows.
 */
export function drawHistory(catalogue: HistoryCatalogue, now: number) {
  const random = generator(0x1007_c11b);
  const pick = <T>(items: readonly T[], weights: readonly number[]): T => {
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let at = random() * total;
    for (const [index, item] of items.entries()) {
      at -= weights[index]!;
      if (at <= 0) return item;
    }
    return items[items.length - 1]!;
  };
  // Some products draw more eyes, some klips convert better.
  const productWeights = catalogue.products.map(() => 0.3 + random() * random() * 3);
  const klipAppeal = catalogue.klips.map(() => 0.4 + random() * 1.6);
  const klipConversion = catalogue.klips.map(() => 0.5 + random() * random() * 2.5);
  const batches: Array<{ batch: EventBatch; address: string; receivedAt: Date }> = [];
  const klipViews: HistoryKlipView[] = [];
  const consent = { analytics: true, marketing: false };
  for (let daysAgo = HISTORY_DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
    const dayStart = Math.floor((now - daysAgo * DAY_MS) / DAY_MS) * DAY_MS;
    // A slow climb over the month, on top of the weekday pattern.
    const growth = 0.8 + 0.4 * ((HISTORY_DAYS - daysAgo) / HISTORY_DAYS);
    const sessions = Math.round(
      SESSIONS_PER_DAY * WEEKDAY_FACTOR[new Date(dayStart).getUTCDay()]! * growth * (0.85 + random() * 0.3),
    );
    for (let session = 0; session < sessions; session += 1) {
      const receivedAt = dayStart + Math.floor(random() * DAY_MS);
      if (receivedAt > now - NEWEST_MS) continue;
      const events: AnalyticsEvent[] = [];
      const sessionId = `demo-session-${daysAgo}-${session}-${Math.floor(random() * 2 ** 32).toString(36)}`;
      const address = `198.51.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`;
      const posted = catalogue.klips.filter((klip) => klip.postedAt <= receivedAt);
      const fromKlip = posted.length > 0 && random() < 0.45;
      if (fromKlip) {
        const index = catalogue.klips.indexOf(
          pick(
            posted,
            posted.map((klip) => klipAppeal[catalogue.klips.indexOf(klip)]!),
          ),
        );
        const klip = catalogue.klips[index]!;
        const conversion = klipConversion[index]!;
        events.push({ type: 'page_view', path: `/klips/${klip.id}` });
        klipViews.push({
          klipId: klip.id,
          viewerKey: `anon:${sessionId}`,
          day: new Date(receivedAt).toISOString().slice(0, 10),
          address,
        });
        if (random() < 0.55) {
          events.push({ type: 'klip_product_tap', klip_id: klip.id, product_id: klip.productId });
          events.push({ type: 'product_view', product_id: klip.productId, klip_id: klip.id });
          if (random() < 0.22 * conversion) {
            events.push({ type: 'lootbox_add', product_id: klip.productId, klip_id: klip.id });
          }
          if (random() < 0.08 * conversion) {
            const channel = pick(['whatsapp', 'phone', 'email', 'external'] as const, [6, 2, 1, 2]);
            events.push({ type: 'contact_click', product_id: klip.productId, channel, klip_id: klip.id });
          }
          if (random() < 0.025 * conversion) {
            const channel = pick(['whatsapp', 'email', 'clipboard'] as const, [5, 2, 1]);
            events.push({ type: 'quote_request', product_ids: [klip.productId], channel, klip_id: klip.id });
          }
        }
        if (random() < 0.05) {
          events.push({ type: 'share', content_type: 'klip', content_id: klip.id, share_method: 'whatsapp' });
        }
      }
      // Every session also browses the shop, so the klips add to the products' views rather than take from them.
      events.push({ type: 'page_view', path: '/shop' });
      const views = 1 + Math.floor(random() * 4);
      for (let view = 0; view < views; view += 1) {
        const product = pick(catalogue.products, productWeights);
        events.push({ type: 'product_view', product_id: product.id });
        if (random() < 0.05) events.push({ type: 'lootbox_add', product_id: product.id });
        if (random() < 0.025) {
          const channel = pick(['whatsapp', 'phone', 'email', 'external'] as const, [6, 2, 1, 2]);
          events.push({ type: 'contact_click', product_id: product.id, channel });
        }
        if (random() < 0.02) {
          events.push({
            type: 'share',
            content_type: 'product',
            content_id: product.id,
            share_method: 'copy',
          });
        }
      }
      batches.push({ batch: { sessionId, consent, events }, address, receivedAt: new Date(receivedAt) });
    }
  }
  return { batches, klipViews };
}

/**
 * Stores the drawn history through the analytics service (in the seed's transaction, `db`), all sessions in one
 * call (a few statements), into monthly partitions made first, and rolls it up. The hashes' key is a throwaway: no real session
 * or address is hashed here. Answers the events stored.
 */
export async function seedAnalyticsHistory(db: Executor, catalogue: HistoryCatalogue, now: number) {
  const { batches, klipViews } = drawHistory(catalogue, now);
  const analytics = createAnalyticsService({ db, secret: randomBytes(32), now: () => now });
  const maintenance = createAnalyticsMaintenance({ db, now: () => now });
  await maintenance.preparePartitions(new Date(now - HISTORY_DAYS * DAY_MS), new Date(now));
  const { accepted } = await analytics.ingestMany(batches);
  await maintenance.rollUp();
  // The klip views, each moving the klip's counter as the view route does (the address hashed as it hashes one).
  const interactions = createInteractionsRepository(db);
  for (const view of klipViews) {
    const addressHash = createHash('sha256').update(view.address).digest('base64url');
    if (await interactions.insertView(view.klipId, view.viewerKey, view.day, addressHash)) {
      await interactions.bumpViews(view.klipId);
    }
  }
  return { sessions: batches.length, events: accepted };
}
