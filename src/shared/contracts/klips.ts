// Klips (docs/product.md "Klip", "Klips API"): what a seller sends to create or edit one, and
// what the lists and the single klip answer. A klip is `processing` until its video's transcode job ends, then
// `active` (playable) or `failed` with the reason.
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  KLIP_DESCRIPTION_MAX_LENGTH,
  KLIP_TAG_MAX_LENGTH,
  KLIP_TAGS_MAX,
  KLIP_TITLE_MAX_LENGTH,
  MAX_PAGE_SIZE,
} from '../constants.ts';
import { PageKeySchema, pageOf } from './page.ts';

export const KLIP_STATUSES = ['processing', 'active', 'failed'] as const;
export const KlipStatusSchema = z.enum(KLIP_STATUSES);
export type KlipStatus = z.infer<typeof KlipStatusSchema>;

const Id = z.string().trim().min(1).max(64);

const KlipTitleSchema = z.string().trim().min(1, 'Title is required').max(KLIP_TITLE_MAX_LENGTH);
const KlipDescriptionSchema = z.string().trim().max(KLIP_DESCRIPTION_MAX_LENGTH);
const KlipTagsSchema = z
  .array(z.string().trim().min(1).max(KLIP_TAG_MAX_LENGTH))
  .max(KLIP_TAGS_MAX)
  // The same tag twice is one tag.
  .transform((tags) => [...new Set(tags)]);

/**
 * POST /api/v1/content `{type: 'klip', ...}`. Fields not named here (views, likes, uid, status...) are dropped: a
 * client never sets a counter or an owner. posterId (an uploaded image, e.g. the frame the seller picked in the
 * browser) is the poster; without it the server takes the frame 1 s in.
 */
export const CreateKlipBodySchema = z.object({
  type: z.literal('klip'),
  title: KlipTitleSchema,
  description: KlipDescriptionSchema.default(''),
  tags: KlipTagsSchema.default([]),
  productId: Id.nullish(),
  videoId: Id,
  /** An image the seller uploaded (POST /api/v1/media/images) as the poster; without it, the frame 1 s in. */
  posterId: Id.nullish(),
});
export type CreateKlipBody = z.infer<typeof CreateKlipBodySchema>;

/** PATCH /api/v1/klips/{id}: any of these; productId null takes the product off. */
export const UpdateKlipBodySchema = z.object({
  title: KlipTitleSchema.optional(),
  description: KlipDescriptionSchema.optional(),
  tags: KlipTagsSchema.optional(),
  productId: Id.nullable().optional(),
});
export type UpdateKlipBody = z.infer<typeof UpdateKlipBodySchema>;

export const KlipIdParamsSchema = z.object({ id: Id });

export const KlipSchema = z.object({
  id: z.string(),
  contentId: z.string(),
  type: z.literal('klip'),
  status: KlipStatusSchema,
  /** Why processing failed, for the owner; null otherwise. */
  failureReason: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  /** The 720x1280 rendition; null until the klip is active. */
  video: z.string().nullable(),
  renditions: z.object({ hd: z.string(), sd: z.string() }).nullable(),
  /** The poster; null until the klip is active. */
  thumbnail: z.string().nullable(),
  posterSrcSet: z.object({ avif: z.string(), webp: z.string(), jpeg: z.string() }).nullable(),
  files: z.array(z.object({ type: z.string(), url: z.string() })),
  /** Seconds. */
  duration: z.number().nullable(),
  views: z.number(),
  likes: z.number(),
  commentCount: z.number(),
  productId: z.string().nullable(),
  uid: z.string(),
  userId: z.string(),
  userName: z.string(),
  userAvatar: z.string(),
  metadata: z.object({ uid: z.string(), userName: z.string(), userAvatar: z.string(), views: z.number() }),
  createdAt: z.string(),
});
export type Klip = z.infer<typeof KlipSchema>;

/** GET /api/v1/content?type=klip: active klips, newest first; search over title, description and tags. */
export const KlipListQuerySchema = z.object({
  type: z.literal('klip'),
  status: z.literal('active').default('active'),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  lastEvaluatedKey: PageKeySchema.optional(),
  search: z.string().trim().max(200).optional(),
  uid: z.string().trim().max(64).optional(),
  contentId: z.string().trim().max(64).optional(),
});
export type KlipListQuery = z.infer<typeof KlipListQuerySchema>;

export const KlipListResponseSchema = pageOf(KlipSchema).extend({
  /** Not counted for klips (a page costs the same at any table size); hasMore says whether to ask again. */
  total: z.number().optional(),
});
export type KlipListResponse = z.infer<typeof KlipListResponseSchema>;

/** The owner's own klips in every state (GET /api/v1/content/klips). */
export const OwnKlipListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  lastEvaluatedKey: PageKeySchema.optional(),
});

export const KlipResponseSchema = z.object({ success: z.literal(true), klip: KlipSchema });
export type KlipResponse = z.infer<typeof KlipResponseSchema>;
