// The seller's dashboard (docs/product.md "Dashboard"): GET /api/v1/dashboard (the signed-in user's products,
// klips and offers with their counts), GET /api/v1/dashboard/stats?period=7d|30d (figures against the period
// before, a daily series, the klip funnel and the top items) and GET /api/v1/dashboard/shopstar (the creator view).
// Every figure comes from stored rows, roll-ups and counters; a new seller's are all 0.
import { z } from 'zod';
import {
  DASHBOARD_PERIODS,
  DASHBOARD_SECTIONS,
  DASHBOARD_STAT_KEYS,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
} from '../constants.ts';
import { KlipSchema } from './klips.ts';
import { OfferSchema } from './offers.ts';
import { PageKeySchema, pageOf } from './page.ts';
import { ProductSummarySchema } from './products.ts';
import { UserProfileSchema } from './users.ts';

export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

/**
 * GET /api/v1/dashboard. Without `section`: the counts and the first page of each list. With it: the counts and the
 * next page of that list, from its lastEvaluatedKey. Unknown fields are refused.
 */
export const DashboardQuerySchema = z.strictObject({
  section: z.enum(DASHBOARD_SECTIONS).optional(),
  lastEvaluatedKey: PageKeySchema.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

export const DashboardCountsSchema = z.object({
  products: z.number().int(),
  klips: z.object({ active: z.number().int(), processing: z.number().int(), failed: z.number().int() }),
  offers: z.object({ running: z.number().int(), upcoming: z.number().int(), ended: z.number().int() }),
});
export type DashboardCounts = z.infer<typeof DashboardCountsSchema>;

export const DashboardResponseSchema = z.object({
  success: z.literal(true),
  counts: DashboardCountsSchema,
  products: pageOf(ProductSummarySchema).omit({ success: true }).optional(),
  klips: pageOf(KlipSchema).omit({ success: true }).optional(),
  offers: pageOf(OfferSchema).omit({ success: true }).optional(),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;

export const DashboardPeriodSchema = z.enum(DASHBOARD_PERIODS);
export type DashboardPeriod = z.infer<typeof DashboardPeriodSchema>;

export const DashboardStatsQuerySchema = z.strictObject({ period: DashboardPeriodSchema.default('7d') });

/** A figure over the period, the same figure over the period before it, and the change in per cent (null from 0). */
export const TrendSchema = z.object({
  current: z.number().int(),
  previous: z.number().int(),
  changePercent: z.number().nullable(),
});
export type Trend = z.infer<typeof TrendSchema>;

export type StatKey = (typeof DASHBOARD_STAT_KEYS)[number];

const StatTotals = z.object(
  Object.fromEntries(DASHBOARD_STAT_KEYS.map((key) => [key, TrendSchema])) as {
    [K in StatKey]: typeof TrendSchema;
  },
);

/** One day of the period (UTC, YYYY-MM-DD) with each figure of that day. */
export const DailyStatSchema = z.object({ day: z.string() }).extend(
  Object.fromEntries(DASHBOARD_STAT_KEYS.map((key) => [key, z.number().int()])) as {
    [K in StatKey]: z.ZodNumber;
  },
);
export type DailyStat = z.infer<typeof DailyStatSchema>;

/** A klip's way to a sale over the period: views -> product-card taps -> Loot Box adds -> contacts or quotes. */
export const KlipFunnelSchema = z.object({
  klipId: z.string(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  views: z.number().int(),
  productTaps: z.number().int(),
  lootboxAdds: z.number().int(),
  contacts: z.number().int(),
});
export type KlipFunnel = z.infer<typeof KlipFunnelSchema>;

export const TopItemSchema = z.object({
  id: z.string(),
  type: z.enum(['product', 'klip']),
  name: z.string(),
  thumbnail: z.string().nullable(),
  count: z.number().int(),
});
export type TopItem = z.infer<typeof TopItemSchema>;

export const DashboardStatsResponseSchema = z.object({
  success: z.literal(true),
  period: DashboardPeriodSchema,
  /** First and last day of the period, the seller's local days, YYYY-MM-DD (the last is today). */
  from: z.string(),
  to: z.string(),
  /** The zone the days are the seller's local days in (users.time_zone, decision 0079). */
  timeZone: z.string(),
  totals: StatTotals,
  contactsByChannel: z.object({
    whatsapp: TrendSchema,
    phone: TrendSchema,
    email: TrendSchema,
    external: TrendSchema,
  }),
  daily: z.array(DailyStatSchema),
  /** The seller's klips with the most views in the period, each with its funnel. */
  funnel: z.array(KlipFunnelSchema),
  top: z.object({
    klipsByViews: z.array(TopItemSchema),
    klipsByContacts: z.array(TopItemSchema),
    productsByViews: z.array(TopItemSchema),
    productsByContacts: z.array(TopItemSchema),
  }),
});
export type DashboardStatsResponse = z.infer<typeof DashboardStatsResponseSchema>;

/** GET /api/v1/dashboard/shopstar: the creator view (labelled shop-star), the seller's public face and lifetime figures. */
export const ShopstarResponseSchema = z.object({
  success: z.literal(true),
  profile: UserProfileSchema,
  /** The public profile's path (/shopstar/{username}). */
  profilePath: z.string(),
  lifetime: z.object({
    klipViews: z.number().int(),
    likes: z.number().int(),
    comments: z.number().int(),
    shares: z.number().int(),
  }),
});
export type ShopstarResponse = z.infer<typeof ShopstarResponseSchema>;
