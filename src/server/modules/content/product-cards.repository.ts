// A product as its card shows it (docs/product.md "Product"), for every read that lists products: the products
// module's lists, Hot Deals and an offer's featured products. One select with the seller and the images, and one
// mapping to a record; the place both modules import (decision 0058).
import { sql } from 'kysely';
import type { Paise } from '../../../shared/domain/pricing.ts';
import type { Audience } from '../../../shared/domain/privacy.ts';
import { joinAuthor, toAuthor } from '../../db/author-columns.ts';
import type { Executor } from '../../db/transaction.ts';
import type { MediaVariant } from '../../db/tables/media-objects.ts';

/** What a seller writes of a product (the products module's writes take exactly these). */
export interface ProductFields {
  name: string;
  description: string;
  pricePaise: Paise;
  /** Percent, 0-100 with two decimals. */
  discount: number;
  category: string;
  tags: string[];
  contactWhatsapp: string;
  contactPhone: string;
  contactEmail: string;
  externalLinks: { url: string }[];
}

export interface ProductRecord extends ProductFields {
  id: string;
  ownerId: string;
  ratingSum: number;
  ratingCount: number;
  createdAt: Date;
  updatedAt: Date;
  creatorUsername: string;
  creatorAvatarVariants: MediaVariant[] | null;
  images: ProductImageRecord[];
  /** The seller's privacy choices (decision 0071): who sees the product, who sees its contact methods. */
  contentAudience: Audience;
  contactAudience: Audience;
}

export interface ProductImageRecord {
  mediaId: string;
  width: number;
  height: number;
  variants: MediaVariant[];
}

/** Active products aliased p, with their seller and images: narrow it with where, joins and more columns. */
export function selectProductCards(db: Executor) {
  return joinAuthor(db.selectFrom('products as p'), 'p.owner_id')
    .select([
      'p.id',
      'p.owner_id',
      'p.name',
      'p.description',
      'p.price',
      'p.discount',
      'p.category',
      'p.tags',
      'p.contact_whatsapp',
      'p.contact_phone',
      'p.contact_email',
      'p.external_links',
      'p.rating_sum',
      'p.rating_count',
      'p.created_at',
      'p.updated_at',
      // The seller joined as u by joinAuthor.
      sql<Audience>`u.content_audience`.as('author_content_audience'),
      sql<Audience>`u.contact_audience`.as('author_contact_audience'),
      sql<ProductImageRecord[]>`(select coalesce(json_agg(json_build_object('mediaId', m.id, 'width', m.width,
          'height', m.height, 'variants', m.variants) order by pi.position), '[]'::json)
          from product_images pi join media_objects m on m.id = pi.media_id
          where pi.product_id = p.id)`.as('images'),
    ])
    .where('p.status', '=', 'active');
}

export type ProductCardRow = Awaited<ReturnType<ReturnType<typeof selectProductCards>['execute']>>[number];

export function toProductRecord(row: ProductCardRow): ProductRecord {
  const author = toAuthor(row);
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    description: row.description,
    pricePaise: row.price as Paise,
    discount: Number(row.discount),
    category: row.category,
    tags: row.tags,
    contactWhatsapp: row.contact_whatsapp,
    contactPhone: row.contact_phone,
    contactEmail: row.contact_email,
    externalLinks: row.external_links,
    ratingSum: row.rating_sum,
    ratingCount: row.rating_count,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    creatorUsername: author.username,
    creatorAvatarVariants: author.avatarVariants,
    images: row.images,
    contentAudience: row.author_content_audience,
    contactAudience: row.author_contact_audience,
  };
}
