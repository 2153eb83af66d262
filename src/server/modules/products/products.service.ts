// Catalogue rules: who may change a product, which images it may use, how filters map to the fixed category
// tree, and the shapes of spec §3 that lists and the detail page read.
import { ulid } from 'ulid';
import { z } from 'zod';
import type {
  ProductData,
  ProductDetail,
  CategoryListResponse,
  ProductListResponse,
  Rating,
  ProductImage,
  ProductListQuery,
  ProductSummary,
} from '../../../shared/contracts/products.ts';
import { LIST_CACHE_MAX_ENTRIES } from '../../../shared/constants.ts';
import {
  CATEGORIES,
  CATEGORY_TREE,
  findCategory,
  formatCategory,
} from '../../../shared/domain/categories.ts';
import { describeStoreLink } from '../../../shared/domain/shopping-hosts.ts';
import { CATALOGUE_MESSAGES } from '../../../shared/messages.ts';
import type { Config } from '../../config.ts';
import { createLruCache } from '../../cache/lru-cache.ts';
import { decodeCursor, encodeCursor } from '../../db/cursor.ts';
import { AppError } from '../../errors.ts';
import { buildImageUrls, buildThumbnailUrl } from '../../media/media-urls.ts';
import type {
  ProductCursor,
  ProductImageRecord,
  ProductListFilter,
  ProductRecord,
  ProductsRepository,
  ProductWrite,
} from './products.repository.ts';

const AVATAR_MIN_WIDTH = 128;

/** A page's cursor also carries the list's total, so that only the first page counts. */
type ListCursor = ProductCursor & { total: number };

const total = z.number().int().nonnegative();
const CursorSchema: z.ZodType<ListCursor> = z.union([
  z.object({ kind: z.literal('newest'), createdAt: z.iso.datetime(), id: z.string().max(64), total }),
  z.object({
    kind: z.literal('rank'),
    rank: z.string().regex(/^\d+(\.\d+)?$/),
    id: z.string().max(64),
    total,
  }),
]);

/** Maps the spec's category parameter onto the tree, case-insensitively; null when it names nothing we have. */
export function toCategoryFilter(value: string): Pick<ProductListFilter, 'category' | 'categoryRoot'> | null {
  const found = findCategory(value);
  if (!found) return null;
  return found.subcategory === null
    ? { categoryRoot: found.category }
    : { category: formatCategory(found.category, found.subcategory) };
}

function toProductWrite(data: ProductData): ProductWrite {
  return {
    name: data.name,
    description: data.description,
    price: data.price,
    discount: data.discount,
    category: data.category,
    tags: [...new Set(data.tags)],
    contactWhatsapp: data.contactInfo.whatsapp,
    contactPhone: data.contactInfo.phone,
    contactEmail: data.contactInfo.email,
    externalLinks: data.externalLinks.map((link) => ({ url: link.url })),
  };
}

function toProductData(record: ProductRecord): ProductData {
  return {
    name: record.name,
    description: record.description,
    price: record.price,
    discount: record.discount,
    category: record.category,
    tags: record.tags,
    contactInfo: { whatsapp: record.contactWhatsapp, phone: record.contactPhone, email: record.contactEmail },
    externalLinks: record.externalLinks,
    images: record.images.map((image) => image.mediaId),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;

type ProductListPage = Omit<ProductListResponse, 'success'>;

/** The average of a product's stars to one decimal (PRODUCT-DECISIONS.md); 0 without ratings. */
function averageRating(sum: number, count: number): number {
  return count ? Math.round((sum / count) * 10) / 10 : 0;
}

export function createProductsService(deps: {
  products: ProductsRepository;
  config: Config;
  /** The listing cache's clock (tests). */
  now?: () => number;
}) {
  const { products, config } = deps;

  function toImage(image: ProductImageRecord): ProductImage {
    return {
      id: image.mediaId,
      width: image.width,
      height: image.height,
      ...buildImageUrls(image.variants, config),
    };
  }

  /** `images`: the record's images with their URLs, made once by a caller that needs them all. */
  function toSummary(record: ProductRecord, images = record.images.map(toImage)): ProductSummary {
    return {
      id: record.id,
      contentId: record.id,
      type: 'product',
      status: 'active',
      name: record.name,
      description: record.description,
      price: record.price,
      discount: record.discount,
      category: record.category,
      tags: record.tags,
      rating: averageRating(record.ratingSum, record.ratingCount),
      ratingCount: record.ratingCount,
      files: images.map((image) => ({ type: 'image' as const, url: image.url })),
      cover: images[0] ?? null,
      uid: record.ownerId,
      creatorUsername: record.creatorUsername,
      creatorAvatar: record.creatorAvatarVariants
        ? buildThumbnailUrl(record.creatorAvatarVariants, AVATAR_MIN_WIDTH, config)
        : null,
      createdAt: record.createdAt.toISOString(),
    };
  }

  function toDetail(record: ProductRecord): ProductDetail {
    const images = record.images.map(toImage);
    return {
      ...toSummary(record, images),
      images,
      updatedAt: record.updatedAt.toISOString(),
      metadata: {
        contactInfo: {
          whatsapp: record.contactWhatsapp,
          phone: record.contactPhone,
          email: record.contactEmail,
        },
        externalLinks: record.externalLinks.map((link) => ({
          url: link.url,
          platformInfo: describeStoreLink(link.url),
        })),
      },
    };
  }

  async function checkImages(ownerId: string, imageIds: string[]): Promise<void> {
    const unique = [...new Set(imageIds)];
    if (unique.length !== imageIds.length)
      throw new AppError('bad-request', 'images: an image is listed twice');
    const owned = await products.findOwnedImageIds(ownerId, unique);
    const unknown = unique.filter((id) => !owned.has(id));
    if (unknown.length) {
      throw new AppError('bad-request', `images: ${unknown.join(', ')} is not an image you uploaded`);
    }
  }

  async function findOwned(userId: string, id: string): Promise<ProductRecord> {
    const record = await products.findById(id);
    if (!record) throw new AppError('not-found', CATALOGUE_MESSAGES.productNotFound);
    if (record.ownerId !== userId) throw new AppError('forbidden', CATALOGUE_MESSAGES.notYourProduct);
    return record;
  }

  // Listing pages are the same for everyone (who may see them is the route's check, made before this): each is
  // answered from memory for LIST_CACHE_MS, so a popular page costs one query per moment, not one per visitor.
  // Concurrent requests share one query. A write through this instance clears them all at once; other instances
  // see it within LIST_CACHE_MS.
  const listCache = createLruCache<Promise<ProductListPage>>(LIST_CACHE_MAX_ENTRIES, deps.now);
  function listCached(query: ProductListQuery): Promise<ProductListPage> {
    if (config.LIST_CACHE_MS === 0) return listFromDatabase(query);
    const key = JSON.stringify(query);
    const cached = listCache.get(key);
    if (cached) return cached;
    const page = listFromDatabase(query);
    listCache.set(key, page, config.LIST_CACHE_MS);
    page.catch(() => {
      if (listCache.get(key) === page) listCache.delete(key);
    });
    return page;
  }

  async function listFromDatabase(query: ProductListQuery): Promise<ProductListPage> {
    const empty = { items: [], lastEvaluatedKey: null, total: 0, hasMore: false };
    if (query.contentId) {
      const record = await products.findById(query.contentId);
      return record ? { ...empty, items: [toSummary(record)], total: 1 } : empty;
    }
    // Offers arrive with a later issue; until then no product is in an active offer.
    if (query.source === 'activeOffers') return empty;
    const categoryFilter = query.category ? toCategoryFilter(query.category) : {};
    if (!categoryFilter) return empty;
    const filter: ProductListFilter = {
      ...categoryFilter,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      search: query.search || undefined,
      ownerId: query.uid || undefined,
    };
    const cursor = query.lastEvaluatedKey ? decodeCursor(query.lastEvaluatedKey, CursorSchema) : undefined;
    // One row more than asked tells whether another page exists.
    const page = await products.list(filter, { limit: query.limit + 1, cursor, withTotal: !cursor });
    const total = cursor?.total ?? page.total ?? 0;
    const hasMore = page.records.length > query.limit;
    const records = page.records.slice(0, query.limit);
    const last = page.cursors[records.length - 1];
    return {
      items: records.map((record) => toSummary(record)),
      lastEvaluatedKey: hasMore && last ? encodeCursor({ ...last, total }) : null,
      total,
      hasMore,
    };
  }

  /** After any write, lists answer from the database again. */
  function changed<T>(result: T): T {
    listCache.clear();
    return result;
  }

  return {
    list: listCached,

    async listCategories(limit: number): Promise<Omit<CategoryListResponse, 'success'>> {
      const counts = await products.countByCategoryRoot();
      const items = CATEGORIES.slice(0, limit).map((name) => ({
        id: name,
        type: 'categoryList' as const,
        name,
        subcategories: [...CATEGORY_TREE[name]],
        productCount: counts.get(name) ?? 0,
      }));
      return { items, lastEvaluatedKey: null, total: items.length, hasMore: false };
    },

    async get(id: string): Promise<ProductDetail> {
      const record = await products.findById(id);
      if (!record) throw new AppError('not-found', CATALOGUE_MESSAGES.productNotFound);
      return toDetail(record);
    },

    async create(userId: string, data: ProductData): Promise<ProductDetail> {
      await checkImages(userId, data.images);
      const id = ulid();
      await products.create({ id, ownerId: userId, product: toProductWrite(data), imageIds: data.images });
      return changed(await this.get(id));
    },

    async update(userId: string, id: string, changes: Partial<ProductData>): Promise<ProductDetail> {
      const current = await findOwned(userId, id);
      if (changes.images) await checkImages(userId, changes.images);
      const next = { ...toProductData(current), ...changes };
      await products.update(id, toProductWrite(next), changes.images);
      return changed(await this.get(id));
    },

    async getRating(userId: string, id: string): Promise<Rating> {
      const record = await products.findById(id);
      if (!record) throw new AppError('not-found', CATALOGUE_MESSAGES.productNotFound);
      return {
        rating: averageRating(record.ratingSum, record.ratingCount),
        ratingCount: record.ratingCount,
        myRating: await products.findRating(id, userId),
      };
    },

    /** Shoppers rate others' products, once each (a new rating replaces their old one). */
    async rate(userId: string, id: string, stars: number): Promise<Rating> {
      const record = await products.findById(id);
      if (!record) throw new AppError('not-found', CATALOGUE_MESSAGES.productNotFound);
      if (record.ownerId === userId) throw new AppError('forbidden', CATALOGUE_MESSAGES.ownProductRating);
      const totals = changed(await products.rate(id, userId, stars));
      return {
        rating: averageRating(totals.ratingSum, totals.ratingCount),
        ratingCount: totals.ratingCount,
        myRating: stars,
      };
    },

    /** The ids of a product's images, in order, for its owner only (404 or 403 otherwise). */
    async getOwnedImageIds(userId: string, id: string): Promise<string[]> {
      return (await findOwned(userId, id)).images.map((image) => image.mediaId);
    },

    async delete(userId: string, id: string): Promise<void> {
      await findOwned(userId, id);
      changed(await products.delete(id));
    },
  };
}
