// Products (docs/product.md "Product", "Content", "Products, klips, offers"): what a seller sends and what lists
// and the detail page receive. The same input schema validates the create/edit form and the server.
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_PRODUCT_IMAGES,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_DISCOUNT_MAX,
  PRODUCT_EXTERNAL_LINKS_MAX,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_PRICE_MAX,
  PRODUCT_TAG_MAX_LENGTH,
  PRODUCT_TAGS_MAX,
  URL_MAX_LENGTH,
} from '../constants.ts';
import { ALL_CATEGORIES, isCategoryInTree } from '../domain/categories.ts';
import { OFFER_DISCOUNT_TYPES } from '../domain/offers.ts';
import { isValidEmail, isValidPhone, parseHttpUrl, toPhoneDigits } from '../domain/contact.ts';
import { CATALOGUE_MESSAGES } from '../catalogue-messages.ts';
import { PageKeySchema, pageOf } from './page.ts';

const phoneField = (message: string) =>
  z
    .string()
    .trim()
    .max(20)
    .refine((value) => value === '' || isValidPhone(value), message)
    .transform(toPhoneDigits);

export const ContactInfoSchema = z.object({
  whatsapp: phoneField(CATALOGUE_MESSAGES.invalidWhatsApp).default(''),
  phone: phoneField(CATALOGUE_MESSAGES.invalidPhone).default(''),
  email: z
    .string()
    .trim()
    .max(254)
    .refine((value) => value === '' || isValidEmail(value), CATALOGUE_MESSAGES.invalidEmail)
    .default(''),
});
export type ContactInfo = z.infer<typeof ContactInfoSchema>;

export const ExternalLinkInputSchema = z.object({
  url: z
    .string()
    .trim()
    .max(URL_MAX_LENGTH)
    .refine((value) => parseHttpUrl(value) !== null, CATALOGUE_MESSAGES.invalidLink),
});

const ProductFields = {
  name: z.string().trim().min(1).max(PRODUCT_NAME_MAX_LENGTH),
  description: z.string().trim().max(PRODUCT_DESCRIPTION_MAX_LENGTH),
  price: z.number().finite().nonnegative().max(PRODUCT_PRICE_MAX),
  discount: z.number().finite().min(0).max(PRODUCT_DISCOUNT_MAX),
  category: z.string().trim().refine(isCategoryInTree, CATALOGUE_MESSAGES.categoryNotInTree),
  tags: z.array(z.string().trim().min(1).max(PRODUCT_TAG_MAX_LENGTH)).max(PRODUCT_TAGS_MAX),
  contactInfo: ContactInfoSchema,
  externalLinks: z.array(ExternalLinkInputSchema).max(PRODUCT_EXTERNAL_LINKS_MAX),
  /** Ids of images uploaded with POST /api/v1/media/images, in display order. */
  images: z
    .array(z.string().min(1).max(64))
    .max(MAX_PRODUCT_IMAGES, CATALOGUE_MESSAGES.tooManyImages(MAX_PRODUCT_IMAGES)),
};

/**
 * Whether a buyer can reach the seller (decision 0046): a WhatsApp number, phone number or e-mail, or a store link.
 * Blank fields do not count; the fields' own checks say whether what is filled in is valid.
 */
export function hasContactMethod(product: {
  contactInfo?: { whatsapp?: string; phone?: string; email?: string } | undefined;
  externalLinks?: readonly { url: string }[] | undefined;
}): boolean {
  const { whatsapp = '', phone = '', email = '' } = product.contactInfo ?? {};
  const filled = (text: string) => text.trim() !== '';
  return (
    filled(whatsapp) ||
    filled(phone) ||
    filled(email) ||
    (product.externalLinks ?? []).some((link) => filled(link.url))
  );
}

/** The create rule of decision 0046, on `contactInfo`: a product without any way to reach its seller is refused. */
function requireContactMethod(product: Parameters<typeof hasContactMethod>[0], context: z.RefinementCtx) {
  if (!hasContactMethod(product)) {
    context.addIssue({ code: 'custom', path: ['contactInfo'], message: CATALOGUE_MESSAGES.noContactMethod });
  }
}

const ProductInputFields = {
  ...ProductFields,
  description: ProductFields.description.default(''),
  discount: ProductFields.discount.default(0),
  tags: ProductFields.tags.default([]),
  contactInfo: ContactInfoSchema.default({ whatsapp: '', phone: '', email: '' }),
  externalLinks: ProductFields.externalLinks.default([]),
  images: ProductFields.images.default([]),
};

/**
 * A product as a seller creates it. Fields the seller does not own (uid, rating, counters, dates) do not exist
 * here. It needs a way to reach its seller (decision 0046).
 */
export const ProductInputSchema = z.object(ProductInputFields).superRefine(requireContactMethod);
export type ProductInput = z.input<typeof ProductInputSchema>;
export type ProductData = z.output<typeof ProductInputSchema>;

/** POST /api/v1/content with type product. */
export const CreateProductBodySchema = z
  .object({ ...ProductInputFields, type: z.literal('product') })
  .superRefine(requireContactMethod);

/**
 * PATCH /api/v1/products/{id}: any subset of the fields; images, when given, is the new full order. Whether the
 * product keeps a way to reach its seller depends on the row, so the service checks it (decision 0046).
 */
export const UpdateProductBodySchema = z.object(ProductFields).partial();
export type UpdateProductBody = z.input<typeof UpdateProductBodySchema>;

export const PLATFORMS = ['amazon', 'flipkart', 'myntra', 'ajio', 'meesho', 'website', 'unknown'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const ProductImageSchema = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  /** JPEG at the largest width: works everywhere. */
  url: z.string(),
  /** `url 320w, url 640w, ...` per format, for <picture>. */
  srcSet: z.object({ avif: z.string(), webp: z.string(), jpeg: z.string() }),
});
export type ProductImage = z.infer<typeof ProductImageSchema>;

/**
 * An offer as it prices one product (docs/product.md "Applied offer"): what the price engine needs, and its name.
 * Here rather than in offers.ts because products carry it (Hot Deals, the product page).
 */
export const ProductOfferSchema = z.object({
  offerId: z.string(),
  title: z.string(),
  discountType: z.enum(OFFER_DISCOUNT_TYPES),
  /** Percent for a percentage offer, rupees for a fixed one. */
  discountValue: z.number(),
  minPurchase: z.number(),
  maxDiscount: z.number().nullable(),
  startDate: z.string(),
  endDate: z.string(),
});
export type ProductOffer = z.infer<typeof ProductOfferSchema>;

export const ProductSummarySchema = z.object({
  id: z.string(),
  contentId: z.string(),
  type: z.literal('product'),
  status: z.literal('active'),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  discount: z.number(),
  category: z.string(),
  tags: z.array(z.string()),
  rating: z.number(),
  ratingCount: z.number(),
  /** Every image's URL (docs/product.md "Product"). */
  files: z.array(z.object({ type: z.literal('image'), url: z.string() })),
  /**
   * The first image with its variants, for cards. A list carries only this one: every image's variants made a
   * shop page three times larger, their content-addressed names being incompressible (decision 0025).
   */
  cover: ProductImageSchema.nullable(),
  uid: z.string(),
  creatorUsername: z.string(),
  creatorAvatar: z.string().nullable(),
  createdAt: z.string(),
  /**
   * Of the offers active now that include this product, the one that takes the most off one of it; only where a
   * list or page says it carries them (Hot Deals, the product page, an offer's products).
   */
  activeOffer: ProductOfferSchema.optional(),
  /** Rupees: one of it with activeOffer (docs/product.md "Price calculation"), as the price engine gives it. */
  finalPrice: z.number().optional(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const ProductDetailSchema = ProductSummarySchema.extend({
  /** Every image with its variants, in order, for the gallery. */
  images: z.array(ProductImageSchema),
  /**
   * Every offer active now that includes this product, ending soonest first: the page checks a claimed offer
   * against these, so a claim held in the browser never outlives the offer or an edit of its terms.
   */
  activeOffers: z.array(ProductOfferSchema).default([]),
  updatedAt: z.string(),
  metadata: z.object({
    contactInfo: z.object({ whatsapp: z.string(), phone: z.string(), email: z.string() }),
    externalLinks: z.array(
      z.object({
        url: z.string(),
        platformInfo: z.object({
          platform: z.enum(PLATFORMS),
          name: z.string(),
          icon: z.string().nullable(),
        }),
      }),
    ),
  }),
  /**
   * True when the seller's whoCanContactMe keeps this reader from their contact methods (decision 0071): contactInfo
   * is then empty and the page says the seller is not taking contacts. External store links are a shop, kept.
   */
  contactsHidden: z.boolean().optional(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

const optionalNumber = z.preprocess(
  (value) => (value === '' || value === undefined ? undefined : value),
  z.coerce.number().finite().nonnegative().optional(),
);

/** GET /api/v1/content?type=product (docs/product.md "Content"). */
export const ProductListQuerySchema = z.object({
  type: z.literal('product'),
  status: z.literal('active').default('active'),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  category: z
    .string()
    .trim()
    .max(100)
    .optional()
    // Categories match ignoring case (products.service.ts), so 'all' is All too.
    .transform((value) =>
      value && value.toLowerCase() !== ALL_CATEGORIES.toLowerCase() ? value : undefined,
    ),
  minPrice: optionalNumber,
  maxPrice: optionalNumber,
  search: z.string().trim().max(200).optional(),
  uid: z.string().trim().max(64).optional(),
  contentId: z.string().trim().max(64).optional(),
  sort: z.enum(['newest']).optional(),
  source: z.enum(['activeOffers']).optional(),
  lastEvaluatedKey: PageKeySchema.optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;

export const ProductListResponseSchema = pageOf(ProductSummarySchema).extend({ total: z.number() });
export type ProductListResponse = z.infer<typeof ProductListResponseSchema>;

/** GET /api/v1/content?type=categoryList: the categories of the fixed tree with how many products each has. */
export const CategoryListQuerySchema = z.object({
  type: z.literal('categoryList'),
  status: z.literal('active').default('active'),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export const CategorySummarySchema = z.object({
  id: z.string(),
  type: z.literal('categoryList'),
  name: z.string(),
  subcategories: z.array(z.string()),
  productCount: z.number(),
});
export type CategorySummary = z.infer<typeof CategorySummarySchema>;

/** The whole tree on one page: never a next key. */
export const CategoryListResponseSchema = pageOf(CategorySummarySchema).extend({
  lastEvaluatedKey: z.null(),
  total: z.number(),
  hasMore: z.literal(false),
});
export type CategoryListResponse = z.infer<typeof CategoryListResponseSchema>;

export const ProductDetailResponseSchema = z.object({
  success: z.literal(true),
  product: ProductDetailSchema,
});
export type ProductDetailResponse = z.infer<typeof ProductDetailResponseSchema>;

/**
 * PUT /api/v1/products/{id}/rating (docs/product.md "Product rating"): one rating per shopper, which they may
 * change.
 */
export const RatingBodySchema = z.object({ stars: z.number().int().min(1).max(5) });

export const RatingSchema = z.object({
  /** The average to one decimal; 0 without ratings. */
  rating: z.number(),
  ratingCount: z.number(),
  /** The signed-in shopper's own stars, or null when they have not rated. */
  myRating: z.number().nullable(),
});
export type Rating = z.infer<typeof RatingSchema>;

export const RatingResponseSchema = z.object({ success: z.literal(true), data: RatingSchema });
