// The catalogue's writes (docs/product.md "Product"): a product with its images and counts, a PATCH of the fields
// it sends over the row as locked, a delete, and ratings with the product's totals. Nothing here opens a
// transaction: the writes that span tables are atomic only inside the caller's (decision 0026).
import { sql } from 'kysely';
import type { Executor } from '../../db/transaction.ts';
import type { ProductFields } from '../content/product-cards.repository.ts';
import { adjustCounts } from './product-counts.repository.ts';

export type ProductWrite = ProductFields;

/** The fields a PATCH reads back with the lock (the search document is generated from them, migration 0031). */
type SearchedFields = Pick<ProductWrite, 'name' | 'description' | 'tags' | 'category'>;

/**
 * The columns for the fields given, and nothing else: a PATCH of the price must not write back a name read
 * earlier (a concurrent PATCH of the name would be lost).
 */
function toColumns(changes: Partial<ProductWrite>) {
  const columns: {
    name?: string;
    description?: string;
    price?: number;
    discount?: number;
    category?: string;
    tags?: string[];
    contact_whatsapp?: string;
    contact_phone?: string;
    contact_email?: string;
    external_links?: string;
  } = {};
  if (changes.name !== undefined) columns.name = changes.name;
  if (changes.description !== undefined) columns.description = changes.description;
  if (changes.pricePaise !== undefined) columns.price = changes.pricePaise;
  if (changes.discount !== undefined) columns.discount = changes.discount;
  if (changes.category !== undefined) columns.category = changes.category;
  if (changes.tags !== undefined) columns.tags = changes.tags;
  if (changes.contactWhatsapp !== undefined) columns.contact_whatsapp = changes.contactWhatsapp;
  if (changes.contactPhone !== undefined) columns.contact_phone = changes.contactPhone;
  if (changes.contactEmail !== undefined) columns.contact_email = changes.contactEmail;
  if (changes.externalLinks !== undefined) columns.external_links = JSON.stringify(changes.externalLinks);
  return columns;
}

/**
 * A product's row as a PATCH reads it, locked until the caller's transaction ends: with its ways to reach the
 * seller, which a change must not leave empty (decision 0046).
 */
export interface LockedProduct
  extends
    SearchedFields,
    Pick<ProductWrite, 'contactWhatsapp' | 'contactPhone' | 'contactEmail' | 'externalLinks'> {
  ownerId: string;
}

export interface NewProduct {
  id: string;
  ownerId: string;
  product: ProductWrite;
  imageIds: string[];
  createdAt?: Date;
}

export function createProductWritesRepository(db: Executor) {
  return {
    /** The row a change starts from, locked (FOR UPDATE) so that changes of one product go one after another. */
    async findForUpdate(id: string): Promise<LockedProduct | undefined> {
      const row = await db
        .selectFrom('products')
        .select([
          'owner_id',
          'name',
          'description',
          'tags',
          'category',
          'contact_whatsapp',
          'contact_phone',
          'contact_email',
          'external_links',
        ])
        .where('id', '=', id)
        .where('status', '=', 'active')
        .forUpdate()
        .executeTakeFirst();
      return (
        row && {
          ownerId: row.owner_id,
          name: row.name,
          description: row.description,
          tags: row.tags,
          category: row.category,
          contactWhatsapp: row.contact_whatsapp,
          contactPhone: row.contact_phone,
          contactEmail: row.contact_email,
          externalLinks: row.external_links,
        }
      );
    },

    /** The product, its images and its counts: run it in a transaction. */
    async create(input: NewProduct): Promise<void> {
      await db
        .insertInto('products')
        .values({
          id: input.id,
          owner_id: input.ownerId,
          ...toColumns(input.product),
          name: input.product.name,
          price: input.product.pricePaise,
          ...(input.createdAt ? { created_at: input.createdAt, updated_at: input.createdAt } : {}),
        })
        .execute();
      await replaceImages(db, input.id, input.imageIds);
      await adjustCounts(db, input.ownerId, input.product.category, 1);
    },

    /**
     * Writes the fields given (and the images, when given) over a row read with findForUpdate in the same
     * transaction, and moves the product between the counts when its category changes.
     */
    async update(
      id: string,
      current: LockedProduct,
      changes: Partial<ProductWrite>,
      imageIds: string[] | undefined,
    ): Promise<void> {
      await db
        .updateTable('products')
        .set({ ...toColumns(changes), updated_at: sql`now()` as never })
        .where('id', '=', id)
        .execute();
      if (imageIds) await replaceImages(db, id, imageIds);
      if (changes.category !== undefined && changes.category !== current.category) {
        await adjustCounts(db, current.ownerId, current.category, -1);
        await adjustCounts(db, current.ownerId, changes.category, 1);
      }
    },

    /** The product (its images and ratings go with it) and its counts: run it in a transaction. */
    async delete(id: string): Promise<void> {
      const deleted = await db
        .deleteFrom('products')
        .where('id', '=', id)
        .returning(['owner_id', 'category'])
        .executeTakeFirst();
      if (deleted) await adjustCounts(db, deleted.owner_id, deleted.category, -1);
    },

    /** One user's stars for a product, or null. */
    async findRating(productId: string, userId: string): Promise<number | null> {
      const row = await db
        .selectFrom('product_ratings')
        .select('stars')
        .where('product_id', '=', productId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.stars ?? null;
    },

    /**
     * Records a user's stars (a second rating replaces the first) and keeps the product's sum and count in step:
     * run it in a transaction. The product row is locked first, so that concurrent ratings of one product are
     * counted one after another.
     */
    async rate(
      productId: string,
      userId: string,
      stars: number,
    ): Promise<{ ratingSum: number; ratingCount: number }> {
      await db
        .selectFrom('products')
        .select('id')
        .where('id', '=', productId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const previous = await db
        .selectFrom('product_ratings')
        .select('stars')
        .where('product_id', '=', productId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      await db
        .insertInto('product_ratings')
        .values({ product_id: productId, user_id: userId, stars })
        .onConflict((conflict) =>
          conflict.columns(['product_id', 'user_id']).doUpdateSet({ stars, created_at: sql`now()` as never }),
        )
        .execute();
      const totals = await db
        .updateTable('products')
        .set({
          rating_sum: sql`rating_sum + ${stars - (previous?.stars ?? 0)}` as never,
          rating_count: sql`rating_count + ${previous ? 0 : 1}` as never,
        })
        .where('id', '=', productId)
        .returning(['rating_sum', 'rating_count'])
        .executeTakeFirstOrThrow();
      return { ratingSum: totals.rating_sum, ratingCount: totals.rating_count };
    },

    /** The ids of a product's images, in order (in a write's transaction, after findForUpdate). */
    async listImageIds(productId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('product_images')
        .select('media_id')
        .where('product_id', '=', productId)
        .orderBy('position')
        .execute();
      return rows.map((row) => row.media_id);
    },

    /** Of the given media ids, those that are ready images uploaded by ownerId. */
    async findOwnedImageIds(ownerId: string, mediaIds: string[]): Promise<Set<string>> {
      if (mediaIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('media_objects')
        .select('id')
        .where('id', 'in', mediaIds)
        .where('owner_id', '=', ownerId)
        .where('kind', '=', 'image')
        .where('status', '=', 'ready')
        // A row the media sweep marked is on its way out (its files may be gone already). The lock makes a sweep
        // that starts now wait for this transaction and then see the product's reference (decision 0027).
        .where('deleting_at', 'is', null)
        .forKeyShare()
        .execute();
      return new Set(rows.map((row) => row.id));
    },
  };
}

async function replaceImages(tx: Executor, productId: string, imageIds: string[]): Promise<void> {
  await tx.deleteFrom('product_images').where('product_id', '=', productId).execute();
  if (imageIds.length === 0) return;
  await tx
    .insertInto('product_images')
    .values(imageIds.map((mediaId, position) => ({ product_id: productId, media_id: mediaId, position })))
    .execute();
}
