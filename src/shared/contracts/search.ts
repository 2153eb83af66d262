// The marketplace search (decision 0082): one query over products, klips, Shop Stars and offers. GET /api/v1/search
// answers the first few of each section with its count; GET /api/v1/search/{section} pages through one section;
// GET /api/v1/search/suggestions completes what is being typed.
import { z } from 'zod';
import {
  MAX_PAGE_SIZE,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_SECTION_PREVIEW,
  SEARCH_SUGGESTIONS_MAX,
} from '../constants.ts';
import { KlipSchema } from './klips.ts';
import { OfferSchema } from './offers.ts';
import { PageKeySchema, pageOf } from './page.ts';
import { ProductSummarySchema } from './products.ts';

export const SEARCH_SECTIONS = ['products', 'klips', 'shopstars', 'offers'] as const;
export const SearchSectionSchema = z.enum(SEARCH_SECTIONS);
export type SearchSection = z.infer<typeof SearchSectionSchema>;

/**
 * What a shopper typed. Anything is accepted (punctuation, operators, emoji, Devanagari) and reduced to words on the
 * server; only the length is bounded. A query without a word answers empty sections.
 */
export const SearchTextSchema = z.string().max(SEARCH_QUERY_MAX_LENGTH).default('');

/** A Shop Star (docs/product.md "Shop Star") as search finds them. */
export const ShopStarSchema = z.object({
  uid: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  bio: z.string(),
});
export type ShopStar = z.infer<typeof ShopStarSchema>;

/** GET /api/v1/search */
export const SearchQuerySchema = z.object({
  q: SearchTextSchema,
  /** How many of each section's first results (the counts are for all of them). */
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(SEARCH_SECTION_PREVIEW),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

const section = <Item extends z.ZodType>(item: Item) => z.object({ items: z.array(item), total: z.number() });

export const SearchResponseSchema = z.object({
  success: z.literal(true),
  /** The words searched for, after typo correction: shown as 'Showing results for ...' when they differ. */
  searchedFor: z.string(),
  products: section(ProductSummarySchema),
  klips: section(KlipSchema),
  shopstars: section(ShopStarSchema),
  offers: section(OfferSchema),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

/** GET /api/v1/search/{section}: one section a page at a time, best first. */
export const SearchSectionParamsSchema = z.object({ section: SearchSectionSchema });
export const SearchSectionQuerySchema = z.object({
  q: SearchTextSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(12),
  lastEvaluatedKey: PageKeySchema.optional(),
});
export type SearchSectionQuery = z.infer<typeof SearchSectionQuerySchema>;

export const ProductSearchPageSchema = pageOf(ProductSummarySchema).extend({ total: z.number() });
export const KlipSearchPageSchema = pageOf(KlipSchema).extend({ total: z.number() });
export const ShopStarSearchPageSchema = pageOf(ShopStarSchema).extend({ total: z.number() });
export const OfferSearchPageSchema = pageOf(OfferSchema).extend({ total: z.number() });
/** Any section's page, as the route declares its answer. */
export const SearchSectionPageSchema = pageOf(
  z.union([ProductSummarySchema, KlipSchema, ShopStarSchema, OfferSchema]),
).extend({ total: z.number() });
export type SearchPage<Item> = {
  success: true;
  items: Item[];
  lastEvaluatedKey: string | null;
  hasMore: boolean;
  total: number;
};

/** GET /api/v1/search/suggestions */
export const SuggestionsQuerySchema = z.object({ q: SearchTextSchema });

export const SUGGESTION_KINDS = ['product', 'category', 'shopstar'] as const;
export const SuggestionSchema = z.object({
  kind: z.enum(SUGGESTION_KINDS),
  /** What the suggestion says: a product's name, a category, a Shop Star's @username. */
  label: z.string(),
  /** Where choosing it goes: the product, the Shop at the category, the Shop Star's page. */
  href: z.string(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const SuggestionsResponseSchema = z.object({
  success: z.literal(true),
  items: z.array(SuggestionSchema).max(SEARCH_SUGGESTIONS_MAX),
});
export type SuggestionsResponse = z.infer<typeof SuggestionsResponseSchema>;
