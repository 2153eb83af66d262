// First-party analytics (POST /api/v1/events): what the browser sends, in batches, once the visitor consented.
// Every event type is named here with bounded fields; anything else is refused. Which consent category each type
// needs is ANALYTICS_EVENT_CONSENT. The server stamps the time; a client never dates an event.
import { z } from 'zod';
import {
  ANALYTICS_BATCH_MAX_EVENTS,
  ANALYTICS_PATH_MAX_LENGTH,
  ANALYTICS_QUOTE_PRODUCTS_MAX,
  ANALYTICS_SESSION_ID_PATTERN,
  ANALYTICS_UTM_VALUE_MAX_LENGTH,
  KLIP_SHARE_TARGETS,
} from '../constants.ts';

const Id = z.string().min(1).max(64);
const Path = z.string().min(1).max(ANALYTICS_PATH_MAX_LENGTH).startsWith('/');
const UtmValue = z.string().max(ANALYTICS_UTM_VALUE_MAX_LENGTH);

export const CONTACT_CHANNELS = ['whatsapp', 'phone', 'email', 'external'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
/** How a quote request left: the spec's three ways (docs/product.md "Loot Box dialog"). */
export const QUOTE_CHANNELS = ['whatsapp', 'email', 'clipboard'] as const;
export const SHARE_CONTENT_TYPES = ['product', 'klip', 'offer', 'lootbox', 'profile'] as const;
export const SHARE_METHODS = [...KLIP_SHARE_TARGETS, 'copy'] as const;

/** The landing URL's tracking parameters, kept with the session (docs/product.md "Share link"). */
export const UtmSchema = z.strictObject({
  utm_source: UtmValue.optional(),
  utm_medium: UtmValue.optional(),
  utm_campaign: UtmValue.optional(),
  utm_content: UtmValue.optional(),
  utm_term: UtmValue.optional(),
  ref: UtmValue.optional(),
});
export type Utm = z.infer<typeof UtmSchema>;

/** A klip that led the shopper to this product in this session (the klip funnel's attribution). */
const ViaKlip = { klip_id: Id.optional() };

export const AnalyticsEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('page_view'), path: Path }),
  z.strictObject({
    type: z.literal('share'),
    content_type: z.enum(SHARE_CONTENT_TYPES),
    content_id: Id,
    share_method: z.enum(SHARE_METHODS),
  }),
  z.strictObject({ type: z.literal('utm_link_click'), path: Path, utm: UtmSchema }),
  z.strictObject({ type: z.literal('product_view'), product_id: Id, ...ViaKlip }),
  z.strictObject({ type: z.literal('lootbox_add'), product_id: Id, ...ViaKlip }),
  z.strictObject({
    type: z.literal('contact_click'),
    product_id: Id,
    channel: z.enum(CONTACT_CHANNELS),
    ...ViaKlip,
  }),
  z.strictObject({
    type: z.literal('quote_request'),
    product_ids: z.array(Id).min(1).max(ANALYTICS_QUOTE_PRODUCTS_MAX),
    channel: z.enum(QUOTE_CHANNELS),
    ...ViaKlip,
  }),
  z.strictObject({ type: z.literal('klip_product_tap'), klip_id: Id, product_id: Id }),
]);
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;
export type AnalyticsEventType = AnalyticsEvent['type'];
export const ANALYTICS_EVENT_TYPES = AnalyticsEventSchema.options.map(
  (option) => option.shape.type.value,
) as AnalyticsEventType[];

/** The consent categories a batch was sent under (docs/product.md "Cookie consent"). */
export const EventConsentSchema = z.strictObject({ analytics: z.boolean(), marketing: z.boolean() });
export type EventConsent = z.infer<typeof EventConsentSchema>;

/**
 * POST /api/v1/events. sessionId: the tab's random id (sessionStorage, never a cookie). The server drops events whose
 * consent category the batch does not carry, and events naming content that does not exist.
 */
export const EventBatchSchema = z.strictObject({
  sessionId: z.string().regex(ANALYTICS_SESSION_ID_PATTERN),
  consent: EventConsentSchema,
  utm: UtmSchema.optional(),
  events: z.array(AnalyticsEventSchema).min(1).max(ANALYTICS_BATCH_MAX_EVENTS),
});
export type EventBatch = z.infer<typeof EventBatchSchema>;

/**
 * 202: how many were stored, and how many dropped (no consent for their category, or naming content that does not
 * exist). A repeat of what this session already did today is stored but not counted (decision 0064).
 */
export const EventBatchResponseSchema = z.object({
  success: z.literal(true),
  accepted: z.number().int().min(0),
  dropped: z.number().int().min(0),
});
export type EventBatchResponse = z.infer<typeof EventBatchResponseSchema>;
