// The user's activity (docs/product.md "Notifications"; decision 0077): GET /api/v1/notifications lists
// groups newest first ("Asha and 12 others liked ..."), paged with the list cursor of decision 0059; the unread
// count; marking groups or everything read; and the live stream of changes (text/event-stream).
import { z } from 'zod';
import { NOTIFICATION_KINDS, NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_READ_MAX_IDS } from '../constants.ts';
import { PageKeySchema, pageOf } from './page.ts';

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A group's id: its kind and what it is about (like:{klipId}, reply:{commentId}, ...). */
const GroupId = z.string().min(1).max(100);

export const NotificationGroupSchema = z.object({
  id: GroupId,
  kind: z.enum(NOTIFICATION_KINDS),
  /** The sentence shown: "Asha and 12 others liked your klip "Brass lamp"". */
  summary: z.string(),
  /** The newest actor's name ("Someone" when their activity is private); null for an offer ending. */
  actorName: z.string().nullable(),
  /** Rows in the group, and distinct actors besides the newest one. */
  count: z.number().int(),
  others: z.number().int(),
  unread: z.boolean(),
  /** The newest row's time (ISO). */
  createdAt: z.string(),
  klipId: z.string().nullable(),
  /** The newest comment of the group (a comment or a reply), for the link. */
  commentId: z.string().nullable(),
  productId: z.string().nullable(),
  offerId: z.string().nullable(),
});
export type NotificationGroup = z.infer<typeof NotificationGroupSchema>;

export const ListNotificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).optional(),
  lastEvaluatedKey: PageKeySchema.optional(),
});
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuerySchema>;

export const ListNotificationsResponseSchema = pageOf(NotificationGroupSchema).extend({
  unreadCount: z.number().int(),
});
export type ListNotificationsResponse = z.infer<typeof ListNotificationsResponseSchema>;

export const UnreadCountResponseSchema = z.object({
  success: z.literal(true),
  unreadCount: z.number().int(),
});

export const MarkReadBodySchema = z.object({ ids: z.array(GroupId).min(1).max(NOTIFICATIONS_READ_MAX_IDS) });
export type MarkReadBody = z.infer<typeof MarkReadBodySchema>;

export const MarkReadResponseSchema = UnreadCountResponseSchema;

/** An event of the stream: the unread count changed (something arrived, or was read on another tab). */
export const StreamEventSchema = z.object({ unreadCount: z.number().int() });
export type StreamEvent = z.infer<typeof StreamEventSchema>;
