// A product as lists carry it (docs/product.md "Product"): the one mapping from stored rows to the wire's
// ProductSummary, used by the products module and by the offers module for an offer's products. The wire's rupees
// come from the stored paise here.
import type { ProductImage, ProductSummary } from '../../../shared/contracts/products.ts';
import { paiseToRupees } from '../../../shared/domain/pricing.ts';
import type { Config } from '../../config.ts';
import { buildImageUrls, buildThumbnailUrl } from '../../media/media-urls.ts';
import type { ProductImageRecord, ProductRecord } from '../content/product-cards.repository.ts';

const AVATAR_MIN_WIDTH = 128;

/** What a summary is made of: a product row with its creator and images. */
export type ProductSummaryRecord = Pick<
  ProductRecord,
  | 'id'
  | 'ownerId'
  | 'name'
  | 'description'
  | 'pricePaise'
  | 'discount'
  | 'category'
  | 'tags'
  | 'ratingSum'
  | 'ratingCount'
  | 'createdAt'
  | 'creatorUsername'
  | 'creatorAvatarVariants'
  | 'images'
>;

type MediaConfig = Pick<Config, 'MEDIA_PUBLIC_URL'>;

/** The average of a product's stars to one decimal (docs/product.md "Product rating"); 0 without ratings. */
export function averageRating(sum: number, count: number): number {
  return count ? Math.round((sum / count) * 10) / 10 : 0;
}

export function toProductImage(image: ProductImageRecord, config: MediaConfig): ProductImage {
  return {
    id: image.mediaId,
    width: image.width,
    height: image.height,
    ...buildImageUrls(image.variants, config),
  };
}

/** `images`: the record's images with their URLs, when the caller made them already (the detail page). */
export function toProductSummary(
  record: ProductSummaryRecord,
  config: MediaConfig,
  images = record.images.map((image) => toProductImage(image, config)),
): ProductSummary {
  return {
    id: record.id,
    contentId: record.id,
    type: 'product',
    status: 'active',
    name: record.name,
    description: record.description,
    price: paiseToRupees(record.pricePaise),
    discount: record.discount,
    category: record.category,
    tags: record.tags,
    rating: averageRating(record.ratingSum, record.ratingCount),
    ratingCount: record.ratingCount,
    files: images.map((image) => ({ type: 'image' as const, url: image.url })),
    cover: images[0] ?? null,
    uid: record.ownerId,
    creatorUsername: record.creatorUsername,
    creatorAvatar: toCreatorAvatar(record.creatorAvatarVariants, config),
    createdAt: record.createdAt.toISOString(),
  };
}

/** A creator's avatar at the size chips and cards show it, or null. */
export function toCreatorAvatar(variants: ProductRecord['creatorAvatarVariants'], config: MediaConfig) {
  return variants ? buildThumbnailUrl(variants, AVATAR_MIN_WIDTH, config) : null;
}
