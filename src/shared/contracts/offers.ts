// Offers (docs/product.md "Offer", "Offer creation", "Content", "Products, klips, offers"): what a seller sends and
// what the Offers page, Hot Deals and the product page read. The same input schema validates the create/edit form
// and the server. Money travels in rupees and percent; the server stores paise and basis points.
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  OFFER_DESCRIPTION_MAX_LENGTH,
  OFFER_PERCENT_MAX,
  OFFER_PRODUCTS_MAX,
  OFFER_TERM_MAX_LENGTH,
  OFFER_TERMS_MAX,
  OFFER_TITLE_MAX_LENGTH,
  PRODUCT_PRICE_MAX,
} from '../constants.ts';
import {
  cleanTerms,
  OFFER_DISCOUNT_TYPES,
  readDate,
  readDiscountType,
  readNumber,
  readOfferFields,
  startsAfterEnd,
} from '../domain/offers.ts';
import { OFFER_MESSAGES } from '../offer-messages.ts';
import { ProductSummarySchema } from './products.ts';
import { PageKeySchema, pageOf } from './page.ts';

export { ProductOfferSchema, type ProductOffer } from './products.ts';

/** A number, or a text holding one (form inputs send text); raised to at least 0 (docs/product.md "Offer creation"). */
const clampedNumber = (message?: string) =>
  z.preprocess(
    (value) => {
      const number = readNumber(value);
      return number === undefined ? value : Math.max(0, number);
    },
    z.number(message ? { error: message } : undefined).max(PRODUCT_PRICE_MAX),
  );

/**
 * A minimum purchase: a number, or a text holding one; a negative one is refused by name rather than raised to 0
 * (docs/product.md "Offer creation"), so a seller's typing error is never saved as "no minimum".
 */
const minimumAmount = z.preprocess(
  (value) => readNumber(value) ?? value,
  z.number().min(0, OFFER_MESSAGES.minPurchaseNegative).max(PRODUCT_PRICE_MAX),
);

/** A date as text: one that does not parse is replaced (docs/product.md "Offer creation"), so any text is taken. */
const dateText = z.string().max(100);

const OfferFields = {
  title: z
    .string({ error: OFFER_MESSAGES.titleRequired })
    .trim()
    .min(1, OFFER_MESSAGES.titleRequired)
    .max(OFFER_TITLE_MAX_LENGTH),
  description: z.string().trim().max(OFFER_DESCRIPTION_MAX_LENGTH),
  discountType: z.preprocess(readDiscountType, z.enum(OFFER_DISCOUNT_TYPES)),
  discountValue: clampedNumber(OFFER_MESSAGES.valueRequired).refine(
    (value) => value > 0,
    OFFER_MESSAGES.valueRequired,
  ),
  minPurchase: minimumAmount,
  /** 0 or null: no cap. */
  maxDiscount: z.preprocess((value) => (value === '' ? null : value), clampedNumber().nullable()),
  startDate: dateText,
  endDate: dateText,
  /** Ids of the seller's own products. */
  products: z
    .array(z.string().trim().min(1).max(64))
    .min(1, OFFER_MESSAGES.productsRequired)
    .max(OFFER_PRODUCTS_MAX, OFFER_MESSAGES.tooManyProducts(OFFER_PRODUCTS_MAX)),
  terms: z
    .array(z.string().max(OFFER_TERM_MAX_LENGTH))
    .max(OFFER_TERMS_MAX)
    .transform((terms) => cleanTerms(terms)),
};

/** What both the form and the server refuse across fields: a percentage above 100, a start after the end. */
function checkAcrossFields(
  offer: {
    discountType?: string | undefined;
    discountValue?: number | undefined;
    startDate?: string | undefined;
    endDate?: string | undefined;
  },
  context: z.RefinementCtx,
) {
  if (
    offer.discountType === 'percentage' &&
    offer.discountValue !== undefined &&
    offer.discountValue > OFFER_PERCENT_MAX
  ) {
    context.addIssue({ code: 'custom', path: ['discountValue'], message: OFFER_MESSAGES.percentTooHigh });
  }
  const startDate = readDate(offer.startDate);
  const endDate = readDate(offer.endDate);
  if (startDate && endDate && startsAfterEnd({ startDate, endDate })) {
    context.addIssue({ code: 'custom', path: ['startDate'], message: OFFER_MESSAGES.startAfterEnd });
  }
}

/**
 * An offer as a seller creates it. Fields the seller does not own (uid, dates of the row, state) do not exist here.
 * Missing dates are left out: the server fills them in with the time it has (docs/product.md "Offer creation").
 */
export const OfferInputSchema = z
  .object({
    ...OfferFields,
    description: OfferFields.description.default(''),
    discountType: OfferFields.discountType.default('percentage'),
    minPurchase: OfferFields.minPurchase.default(0),
    maxDiscount: OfferFields.maxDiscount.default(null),
    startDate: OfferFields.startDate.optional(),
    endDate: OfferFields.endDate.optional(),
    terms: OfferFields.terms.default([]),
  })
  .superRefine(checkAcrossFields);
export type OfferInput = z.input<typeof OfferInputSchema>;
export type OfferData = z.output<typeof OfferInputSchema>;

/**
 * POST /api/v1/content with `{type: 'offer', status: 'active', metadata}` (docs/product.md "Content"): the offer's
 * fields in metadata, or doubly nested in metadata.metadata (docs/product.md "Offer").
 */
export const CreateOfferBodySchema = z.object({
  type: z.literal('offer'),
  status: z.literal('active').default('active'),
  metadata: z.preprocess((value) => readOfferFields({ metadata: value }), OfferInputSchema),
});
export type CreateOfferBody = z.input<typeof CreateOfferBodySchema>;

/**
 * PATCH /api/v1/offers/{id}: any subset of the fields; products, when given, is the new full list. The discount
 * type is one of the two or refused: reading anything else as a percentage is a rule for creating an offer
 * (docs/product.md "Offer creation"), and here it would silently turn a fixed ₹50 off into 50 %.
 */
export const UpdateOfferBodySchema = z
  .object({ ...OfferFields, discountType: z.enum(OFFER_DISCOUNT_TYPES) })
  .partial()
  .superRefine(checkAcrossFields);
export type UpdateOfferBody = z.input<typeof UpdateOfferBodySchema>;

export const OFFER_STATES = ['upcoming', 'active', 'expired'] as const;

/** An offer as lists and the edit page read it (docs/product.md "Offer"): its fields at the top level. */
export const OfferSchema = z.object({
  id: z.string(),
  contentId: z.string(),
  type: z.literal('offer'),
  status: z.literal('active'),
  /** When the answer was made: upcoming, active (start <= now < end) or expired. */
  state: z.enum(OFFER_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
  uid: z.string(),
  creatorUsername: z.string(),
  creatorAvatar: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  discountType: z.enum(OFFER_DISCOUNT_TYPES),
  /** Percent for a percentage offer, rupees for a fixed one. */
  discountValue: z.number(),
  minPurchase: z.number(),
  maxDiscount: z.number().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  /** Every product's id, in the seller's order. */
  products: z.array(z.string()),
  terms: z.array(z.string()),
  /**
   * The first OFFER_FEATURED_PRODUCTS_MAX products with their prices under this offer; every product (up to
   * OFFER_PRODUCTS_MAX) in GET /api/v1/offers/{id} for the offer's owner, whose edit page shows them all.
   */
  featuredProducts: z.array(
    ProductSummarySchema.extend({
      /** Rupees: one of it with this offer (the product's own discount first). */
      finalPrice: z.number(),
    }),
  ),
});
export type Offer = z.infer<typeof OfferSchema>;

/** GET /api/v1/content?type=offer (docs/product.md "Content"): offers active now, newest first. */
export const OfferListQuerySchema = z.object({
  type: z.literal('offer'),
  status: z.literal('active').default('active'),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional(),
  /** One seller's offers. */
  userId: z.string().trim().max(64).optional(),
  contentId: z.string().trim().max(64).optional(),
  lastEvaluatedKey: PageKeySchema.optional(),
});
export type OfferListQuery = z.infer<typeof OfferListQuerySchema>;

export const OfferListResponseSchema = pageOf(OfferSchema).extend({ total: z.number() });
export type OfferListResponse = z.infer<typeof OfferListResponseSchema>;

/** GET /api/v1/content/offers: a page of the signed-in seller's own offers, as the listing pages. */
export const OwnOffersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  lastEvaluatedKey: PageKeySchema.optional(),
});
export type OwnOffersQuery = z.infer<typeof OwnOffersQuerySchema>;

/** GET /api/v1/content/offers: the signed-in seller's own offers in every state, newest first, a page at a time. */
export const OwnOffersResponseSchema = pageOf(OfferSchema);
export type OwnOffersResponse = z.infer<typeof OwnOffersResponseSchema>;

/** POST /api/v1/content (type offer), GET and PATCH /api/v1/offers/{id}. */
export const OfferResponseSchema = z.object({ success: z.literal(true), offer: OfferSchema });
export type OfferResponse = z.infer<typeof OfferResponseSchema>;
