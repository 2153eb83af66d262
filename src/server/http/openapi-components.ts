// The shapes the API document names once, as components/schemas, and refers to wherever a route answers them
// (decision 0083). A registry of the document's own, so the contracts stay plain zod for the client's bundle.
import { z } from 'zod';
import { AuthUserSchema, SessionSchema } from '../../shared/contracts/auth.ts';
import { ErrorResponseSchema } from '../../shared/contracts/error.ts';
import { CommentSchema } from '../../shared/contracts/interactions.ts';
import { KlipSchema } from '../../shared/contracts/klips.ts';
import { LootboxItemSchema, LootboxSchema } from '../../shared/contracts/lootbox.ts';
import { NotificationGroupSchema } from '../../shared/contracts/notifications.ts';
import { OfferSchema } from '../../shared/contracts/offers.ts';
import {
  CategorySummarySchema,
  ProductDetailSchema,
  ProductImageSchema,
  ProductOfferSchema,
  ProductSummarySchema,
  RatingSchema,
} from '../../shared/contracts/products.ts';
import { ShopStarSchema } from '../../shared/contracts/search.ts';
import { UserProfileSchema } from '../../shared/contracts/users.ts';

/** The component every 4xx and 5xx answer refers to. */
export const ERROR_COMPONENT = 'Error';

/**
 * Only shapes that sit inside an answer: a route's whole body, query or path parameters stay inline, where
 * @fastify/swagger reads them into parameters. A shape a request also takes is named `<id>Input` there.
 */
export const apiSchemas = z.registry<{ id: string }>();

const named: [z.ZodType, string][] = [
  [ErrorResponseSchema, ERROR_COMPONENT],
  [ProductSummarySchema, 'ProductSummary'],
  [ProductDetailSchema, 'ProductDetail'],
  [ProductImageSchema, 'ProductImage'],
  [ProductOfferSchema, 'ProductOffer'],
  [CategorySummarySchema, 'CategorySummary'],
  [RatingSchema, 'Rating'],
  [KlipSchema, 'Klip'],
  [OfferSchema, 'Offer'],
  [UserProfileSchema, 'UserProfile'],
  [LootboxSchema, 'Lootbox'],
  [LootboxItemSchema, 'LootboxItem'],
  [AuthUserSchema, 'AuthUser'],
  [SessionSchema, 'Session'],
  [NotificationGroupSchema, 'NotificationGroup'],
  [CommentSchema, 'Comment'],
  [ShopStarSchema, 'ShopStar'],
];
for (const [schema, id] of named) apiSchemas.add(schema, { id });
