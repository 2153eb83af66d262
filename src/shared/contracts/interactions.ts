// Klip interactions (docs/product.md "Klip interactions API"): views, likes, comments and replies under
// /api/v1/interactions/klips/{id}, a klip's stats, and the generic POST /api/v1/interactions.
import { z } from 'zod';
import {
  COMMENTS_PAGE_MAX,
  INTERACTION_EXTRA_VALUE_MAX_LENGTH,
  INTERACTION_EXTRAS_MAX_KEYS,
  INTERACTION_TYPES,
} from '../constants.ts';
import { INTERACTION_MESSAGES } from '../klip-social-messages.ts';
import { PageKeySchema } from './page.ts';

const Id = z.string().min(1).max(64);

export const ViewResponseSchema = z.object({ success: z.literal(true), views: z.number().int() });

export const LikeResponseSchema = z.object({
  success: z.literal(true),
  liked: z.boolean(),
  likes: z.number().int(),
  message: z.string(),
});

export const LikeStatusResponseSchema = z.object({ success: z.literal(true), liked: z.boolean() });

export const KlipStatsResponseSchema = z.object({
  success: z.literal(true),
  likes: z.number().int(),
  views: z.number().int(),
  comments: z.number().int(),
  isLiked: z.boolean(),
});

/** docs/product.md "Comment". */
export const CommentSchema = z.object({
  id: z.string(),
  klipId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  status: z.literal('active'),
  uid: z.string(),
  userName: z.string(),
  userAvatar: z.string().nullable(),
  username: z.string(),
  replyCount: z.number().int(),
  metadata: z.object({ parentCommentId: z.string().nullable(), isReply: z.boolean() }),
});
export type Comment = z.infer<typeof CommentSchema>;

/**
 * A comment or a reply. Length and blankness are the service's checks (with the spec's wording), so the schema
 * takes any text; a reply names its parent in metadata, or starts with the parent author's name and a colon.
 */
export const PostCommentBodySchema = z.object({
  content: z.string().max(100_000),
  metadata: z.object({ parentCommentId: Id.nullish() }).nullish(),
});
export type PostCommentBody = z.infer<typeof PostCommentBodySchema>;

export const PostCommentResponseSchema = z.object({
  success: z.literal(true),
  comment: CommentSchema,
  commentCount: z.number().int(),
  message: z.string(),
});

export const CommentSortSchema = z.enum(['newest', 'oldest']);

/** lastEvaluatedKey is the JSON the previous page answered; replies with parentCommentId. */
export const ListCommentsQuerySchema = z.object({
  lastEvaluatedKey: PageKeySchema.optional(),
  limit: z.coerce.number().int().min(1).max(COMMENTS_PAGE_MAX).optional(),
  parentCommentId: Id.optional(),
  sort: CommentSortSchema.optional(),
});
export type ListCommentsQuery = z.infer<typeof ListCommentsQuerySchema>;

export const ListCommentsResponseSchema = z.object({
  success: z.literal(true),
  comments: z.array(CommentSchema),
  pagination: z.object({ lastEvaluatedKey: z.string().nullable(), hasMore: z.boolean() }),
  commentCount: z.number().int(),
});

export const DeleteCommentResponseSchema = z.object({
  success: z.literal(true),
  commentCount: z.number().int(),
  message: z.string(),
});

export const InteractionTypeSchema = z.enum(INTERACTION_TYPES);

/** One value of extras: flat, so a row's extras stay small and readable (decision 0049). */
const ExtraValue = z.union([z.string().max(INTERACTION_EXTRA_VALUE_MAX_LENGTH), z.number(), z.boolean()], {
  error: INTERACTION_MESSAGES.extraValueInvalid(INTERACTION_EXTRA_VALUE_MAX_LENGTH),
});

/** docs/product.md "Klip interactions API": the id of a product, klip or offer, and bounded extras. */
export const PostInteractionBodySchema = z.object({
  contentId: Id,
  type: InteractionTypeSchema,
  extras: z
    .record(z.string().min(1).max(64), ExtraValue)
    .refine((extras) => Object.keys(extras).length <= INTERACTION_EXTRAS_MAX_KEYS, {
      error: INTERACTION_MESSAGES.extrasTooManyKeys(INTERACTION_EXTRAS_MAX_KEYS),
    })
    .optional(),
});
export type PostInteractionBody = z.infer<typeof PostInteractionBodySchema>;
