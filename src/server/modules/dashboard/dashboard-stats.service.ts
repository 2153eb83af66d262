// The seller's figures over a period against the period before (docs/product.md "Dashboard"; decision 0065). Each
// figure has one source and is counted there only: product views, Loot Box adds, contact clicks and quote requests
// are counted events (AnalyticsReads: roll-ups plus the live tail); klip views, likes, comments and shares are rows
// the product stores anyway (dashboard.repository.ts). The funnel and the top lists join the two by item. Days are
// the seller's local days in the zone of their user row (decision 0079); a zone change applies from then on, and days
// the roll-up counted before it keep the zone they were counted in (they are not counted again).
import {
  DASHBOARD_FUNNEL_KLIPS,
  DASHBOARD_STAT_KEYS,
  DASHBOARD_TOP_ITEMS,
} from '../../../shared/constants.ts';
import {
  type DailyStat,
  type DashboardPeriod,
  type DashboardStatsResponse,
  type KlipFunnel,
  type StatKey,
  type TopItem,
  type Trend,
} from '../../../shared/contracts/dashboard.ts';
import type { Klip } from '../../../shared/contracts/klips.ts';
import type { ProductSummary } from '../../../shared/contracts/products.ts';
import type { Executor } from '../../db/transaction.ts';
import type { AnalyticsReads } from '../analytics/analytics-reads.ts';
import { calculateChangePercent, calculatePeriodRange } from './dashboard-period.ts';
import { createDashboardRepository, type StoredDailyRow } from './dashboard.repository.ts';

/** The counted event types the dashboard reads, and the figure each is. */
const EVENT_FIGURES = {
  product_view: 'productViews',
  lootbox_add: 'lootboxAdds',
  contact_click: 'contactClicks',
  quote_request: 'quoteRequests',
} as const satisfies Record<string, StatKey>;
const CONTACT_TYPES = ['contact_click', 'quote_request'] as const;
const CHANNELS = ['whatsapp', 'phone', 'email', 'external'] as const;
type Channel = (typeof CHANNELS)[number];
/** Top lists ask for a few more than they show: an item deleted since its events were counted is left out. */
const TOP_SPARE = 5;

type Figures = Record<StatKey, number>;
const zeroFigures = (): Figures => Object.fromEntries(DASHBOARD_STAT_KEYS.map((key) => [key, 0])) as Figures;
const isEventType = (type: string): type is keyof typeof EVENT_FIGURES => Object.hasOwn(EVENT_FIGURES, type);

export interface DashboardStatsDeps {
  db: Executor;
  analytics: AnalyticsReads;
  /** The owner's klips and products by id, for the names and thumbnails of the funnel and top lists. */
  klips: { listOwnByIds(userId: string, ids: readonly string[]): Promise<Klip[]> };
  products: { listOwnByIds(userId: string, ids: readonly string[]): Promise<ProductSummary[]> };
  now: () => Date;
}

export function createDashboardStatsService(deps: DashboardStatsDeps) {
  const { analytics } = deps;
  const repository = createDashboardRepository(deps.db);

  const trend = (current: number, previous: number): Trend => ({
    current,
    previous,
    changePercent: calculateChangePercent(current, previous),
  });

  return {
    /** GET /api/v1/dashboard/stats: every figure of the seller's, for the period ending today and the one before. */
    async get(sellerId: string, period: DashboardPeriod): Promise<Omit<DashboardStatsResponse, 'success'>> {
      const timeZone = await repository.getTimeZone(sellerId);
      const range = calculatePeriodRange(period, deps.now(), timeZone);
      const current = { from: range.from, to: range.to, timeZone };
      const previous = { from: range.previousFrom, to: range.previousTo, timeZone };
      // The funnel asks for the seller's active klips, so it follows their list at once rather than after the
      // other reads: the answer waits for the slowest chain, not for two rounds.
      const funnelRows = repository
        .listActiveKlipIds(sellerId)
        .then((klipIds) =>
          klipIds.length ? analytics.klipFunnel(sellerId, current.from, current.to, klipIds) : [],
        );
      const [stored, eventDaily, eventTotals, eventPreviousTotals, byViews, attributedRows, topProducts] =
        await Promise.all([
          repository.listStoredDaily(sellerId, { from: previous.from, to: current.to, timeZone }),
          analytics.daily(sellerId, current.from, current.to),
          analytics.totals(sellerId, current.from, current.to),
          analytics.totals(sellerId, previous.from, previous.to),
          repository.listKlipsByViews(
            sellerId,
            current,
            Math.max(DASHBOARD_FUNNEL_KLIPS, DASHBOARD_TOP_ITEMS),
          ),
          funnelRows,
          Promise.all([
            analytics.topItems(sellerId, current.from, current.to, {
              itemType: 'product',
              types: ['product_view'],
              limit: DASHBOARD_TOP_ITEMS + TOP_SPARE,
            }),
            analytics.topItems(sellerId, current.from, current.to, {
              itemType: 'product',
              types: CONTACT_TYPES,
              limit: DASHBOARD_TOP_ITEMS + TOP_SPARE,
            }),
          ]),
        ]);

      // Daily: every day of the period, zeros included; stored rows of the previous period only feed its totals.
      const daily = new Map<string, Figures>(range.days.map((day) => [day, zeroFigures()]));
      const totals = { current: zeroFigures(), previous: zeroFigures() };
      const addStored = (row: StoredDailyRow) => {
        const inCurrent = row.day >= current.from;
        totals[inCurrent ? 'current' : 'previous'][row.figure] += row.count;
        const day = daily.get(row.day);
        if (day) day[row.figure] += row.count;
      };
      stored.forEach(addStored);
      for (const row of eventDaily) {
        const day = daily.get(row.day);
        if (day && isEventType(row.type)) day[EVENT_FIGURES[row.type]] += row.count;
      }
      const channels = {
        current: Object.fromEntries(CHANNELS.map((c) => [c, 0])) as Record<Channel, number>,
        previous: Object.fromEntries(CHANNELS.map((c) => [c, 0])) as Record<Channel, number>,
      };
      const addEvents = (rows: typeof eventTotals, which: 'current' | 'previous') => {
        for (const row of rows) {
          if (!isEventType(row.type)) continue;
          totals[which][EVENT_FIGURES[row.type]] += row.count;
          if (row.type === 'contact_click' && (CHANNELS as readonly string[]).includes(row.detail))
            channels[which][row.detail as Channel] += row.count;
        }
      };
      addEvents(eventTotals, 'current');
      addEvents(eventPreviousTotals, 'previous');

      // The funnel's klips: the most viewed in the period; contacts per klip for the top list come from every klip.
      const attributed = new Map<string, { productTaps: number; lootboxAdds: number; contacts: number }>();
      for (const row of attributedRows) {
        const entry = attributed.get(row.klipId) ?? { productTaps: 0, lootboxAdds: 0, contacts: 0 };
        if (row.type === 'klip_product_tap') entry.productTaps += row.count;
        else if (row.type === 'lootbox_add') entry.lootboxAdds += row.count;
        else if ((CONTACT_TYPES as readonly string[]).includes(row.type)) entry.contacts += row.count;
        attributed.set(row.klipId, entry);
      }
      const funnelKlips = byViews.slice(0, DASHBOARD_FUNNEL_KLIPS);
      const klipsByViews = byViews.filter((row) => row.views > 0).slice(0, DASHBOARD_TOP_ITEMS);
      const klipsByContacts = [...attributed]
        .map(([klipId, entry]) => ({ itemId: klipId, count: entry.contacts }))
        .filter((row) => row.count > 0)
        .sort((a, b) => b.count - a.count || (a.itemId < b.itemId ? 1 : -1))
        .slice(0, DASHBOARD_TOP_ITEMS);
      const [productsByViews, productsByContacts] = topProducts;

      const klipIds = new Set([
        ...funnelKlips.map((row) => row.klipId),
        ...klipsByViews.map((row) => row.klipId),
        ...klipsByContacts.map((row) => row.itemId),
      ]);
      const productIds = new Set([...productsByViews, ...productsByContacts].map((row) => row.itemId));
      const [klips, products] = await Promise.all([
        deps.klips.listOwnByIds(sellerId, [...klipIds]),
        deps.products.listOwnByIds(sellerId, [...productIds]),
      ]);
      const klipById = new Map(klips.map((klip) => [klip.id, klip]));
      const productById = new Map(products.map((product) => [product.id, product]));

      const toKlipItems = (rows: Array<{ itemId: string; count: number }>): TopItem[] =>
        rows.flatMap(({ itemId, count }) => {
          const klip = klipById.get(itemId);
          return klip
            ? [{ id: itemId, type: 'klip' as const, name: klip.title, thumbnail: klip.thumbnail, count }]
            : [];
        });
      const toProductItems = (rows: Array<{ itemId: string; count: number }>): TopItem[] =>
        rows
          .flatMap(({ itemId, count }) => {
            const product = productById.get(itemId);
            return product
              ? [
                  {
                    id: itemId,
                    type: 'product' as const,
                    name: product.name,
                    thumbnail: product.cover?.url ?? null,
                    count,
                  },
                ]
              : [];
          })
          .slice(0, DASHBOARD_TOP_ITEMS);

      const funnel: KlipFunnel[] = funnelKlips.flatMap(({ klipId, views }) => {
        const klip = klipById.get(klipId);
        if (!klip) return [];
        const entry = attributed.get(klipId) ?? { productTaps: 0, lootboxAdds: 0, contacts: 0 };
        return [{ klipId, title: klip.title, thumbnail: klip.thumbnail, views, ...entry }];
      });

      return {
        period,
        from: range.from,
        to: range.to,
        timeZone,
        totals: Object.fromEntries(
          DASHBOARD_STAT_KEYS.map((key) => [key, trend(totals.current[key], totals.previous[key])]),
        ) as Record<StatKey, Trend>,
        contactsByChannel: Object.fromEntries(
          CHANNELS.map((channel) => [channel, trend(channels.current[channel], channels.previous[channel])]),
        ) as Record<Channel, Trend>,
        daily: [...daily].map(([day, figures]): DailyStat => ({ day, ...figures })),
        funnel,
        top: {
          klipsByViews: toKlipItems(klipsByViews.map((row) => ({ itemId: row.klipId, count: row.views }))),
          klipsByContacts: toKlipItems(klipsByContacts),
          productsByViews: toProductItems(productsByViews),
          productsByContacts: toProductItems(productsByContacts),
        },
      };
    },
  };
}

export type DashboardStatsService = ReturnType<typeof createDashboardStatsService>;
