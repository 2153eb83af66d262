// The only code that touches the catalogue tables. Lists are keyset-paged: newest first on (created_at, id), or by
// search rank on (rank, id); counts stop at LIST_TOTAL_CAP so that a page costs the same at any table size.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LIST_TOTAL_CAP } from '../../../shared/constants.ts';
import type { DB } from '../../db/schema.ts';
import type { MediaVariant } from '../../media/media.schema.ts';

export interface ProductRecord {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  price: number;
  discount: number;
  category: string;
  tags: string[];
  contactWhatsapp: string;
  contactPhone: string;
  contactEmail: string;
  externalLinks: { url: string }[];
  ratingSum: number;
  ratingCount: number;
  createdAt: Date;
  updatedAt: Date;
  creatorUsername: string;
  creatorAvatarVariants: MediaVariant[] | null;
  images: ProductImageRecord[];
}

export interface ProductImageRecord {
  mediaId: string;
  width: number;
  height: number;
  variants: MediaVariant[];
}

export interface ProductWrite {
  name: string;
  description: string;
  price: number;
  discount: number;
  category: string;
  tags: string[];
  contactWhatsapp: string;
  contactPhone: string;
  contactEmail: string;
  externalLinks: { url: string }[];
}

export type ProductCursor =
  { kind: 'newest'; createdAt: string; id: string } | { kind: 'rank'; rank: string; id: string };

export interface ProductListFilter {
  categoryRoot?: string | undefined;
  category?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  search?: string | undefined;
  ownerId?: string | undefined;
}

/** Words of a search as a prefix tsquery ('blue:* & head:*'): tolerant of partial words. */
export function toPrefixQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** The list filter as one SQL condition on products aliased p; the same for the page and its count. */
function buildFilterCondition(filter: ProductListFilter, tsquery: string | null): RawBuilder<boolean> {
  const conditions = [sql`p.status = 'active'`];
  if (filter.categoryRoot) conditions.push(sql`p.category_root = ${filter.categoryRoot}`);
  if (filter.category) conditions.push(sql`p.category = ${filter.category}`);
  if (filter.minPrice !== undefined) conditions.push(sql`p.price >= ${filter.minPrice}`);
  if (filter.maxPrice) conditions.push(sql`p.price <= ${filter.maxPrice}`);
  if (filter.ownerId) conditions.push(sql`p.owner_id = ${filter.ownerId}`);
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    const byName = sql`lower(p.name) like ${pattern}`;
    conditions.push(
      tsquery ? sql`(p.search_vector @@ to_tsquery('simple', ${tsquery}) or ${byName})` : byName,
    );
  }
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}

function buildSearchText(product: ProductWrite): string {
  return [product.name, product.description, product.tags.join(' '), product.category].join(' ');
}

function toColumns(product: ProductWrite) {
  return {
    name: product.name,
    description: product.description,
    price: product.price,
    discount: product.discount,
    category: product.category,
    tags: product.tags,
    contact_whatsapp: product.contactWhatsapp,
    contact_phone: product.contactPhone,
    contact_email: product.contactEmail,
    external_links: JSON.stringify(product.externalLinks),
    search_text: buildSearchText(product),
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;

export function createProductsRepository(db: Kysely<DB>) {
  function selectProducts(executor: Kysely<DB>) {
    return executor
      .selectFrom('products as p')
      .innerJoin('users as u', 'u.id', 'p.owner_id')
      .leftJoin('media_objects as avatar', 'avatar.id', 'u.avatar_media_id')
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
        'u.username as creator_username',
        'avatar.variants as avatar_variants',
      ])
      .where('p.status', '=', 'active');
  }

  type Row = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

  async function loadImages(executor: Kysely<DB>, productIds: string[]) {
    const images = new Map<string, ProductImageRecord[]>();
    if (productIds.length === 0) return images;
    const rows = await executor
      .selectFrom('product_images as pi')
      .innerJoin('media_objects as m', 'm.id', 'pi.media_id')
      .select(['pi.product_id', 'pi.media_id', 'm.width', 'm.height', 'm.variants'])
      .where('pi.product_id', 'in', productIds)
      .orderBy('pi.product_id')
      .orderBy('pi.position')
      .execute();
    for (const row of rows) {
      const list = images.get(row.product_id) ?? [];
      list.push({
        mediaId: row.media_id,
        width: row.width ?? 0,
        height: row.height ?? 0,
        variants: row.variants,
      });
      images.set(row.product_id, list);
    }
    return images;
  }

  function toRecord(row: Row, images: ProductImageRecord[]): ProductRecord {
    return {
      id: row.id,
      ownerId: row.owner_id,
      name: row.name,
      description: row.description,
      price: Number(row.price),
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
      creatorUsername: row.creator_username,
      creatorAvatarVariants: row.avatar_variants ?? null,
      images,
    };
  }

  return {
    async findById(id: string, executor: Kysely<DB> = db): Promise<ProductRecord | undefined> {
      const row = await selectProducts(executor).where('p.id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const images = await loadImages(executor, [row.id]);
      return toRecord(row, images.get(row.id) ?? []);
    },

    async findOwnerId(id: string): Promise<string | undefined> {
      const row = await db.selectFrom('products').select('owner_id').where('id', '=', id).executeTakeFirst();
      return row?.owner_id;
    },

    async list(
      filter: ProductListFilter,
      page: { limit: number; cursor: ProductCursor | undefined },
    ): Promise<{ records: ProductRecord[]; cursors: ProductCursor[]; total: number }> {
      const tsquery = filter.search ? toPrefixQuery(filter.search) : null;
      const condition = buildFilterCondition(filter, tsquery);
      const base = selectProducts(db).where(condition);
      let rows: (Row & { sort_key: string })[];
      if (filter.search) {
        const search = filter.search.toLowerCase();
        const rank = tsquery
          ? sql<string>`round((ts_rank(p.search_vector, to_tsquery('simple', ${tsquery})) + similarity(lower(p.name), ${search}))::numeric, 6)`
          : sql<string>`round(similarity(lower(p.name), ${search})::numeric, 6)`;
        let query = base.select(rank.as('sort_key'));
        const cursor = page.cursor;
        if (cursor?.kind === 'rank') {
          query = query.where(sql<boolean>`(${rank}, p.id) < (${cursor.rank}::numeric, ${cursor.id})`);
        }
        rows = await query
          .orderBy(sql`sort_key`, 'desc')
          .orderBy('p.id', 'desc')
          .limit(page.limit)
          .execute();
      } else {
        let query = base.select(
          sql<string>`to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
            'sort_key',
          ),
        );
        const cursor = page.cursor;
        if (cursor?.kind === 'newest') {
          query = query.where(
            sql<boolean>`(p.created_at, p.id) < (${cursor.createdAt}::timestamptz, ${cursor.id})`,
          );
        }
        rows = await query
          .orderBy('p.created_at', 'desc')
          .orderBy('p.id', 'desc')
          .limit(page.limit)
          .execute();
      }
      const counted = db
        .selectFrom('products as p')
        .select(sql`1`.as('one'))
        .where(condition)
        .limit(LIST_TOTAL_CAP);
      const { total } = await db
        .selectFrom(counted.as('matches'))
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      const images = await loadImages(
        db,
        rows.map((row) => row.id),
      );
      return {
        records: rows.map((row) => toRecord(row, images.get(row.id) ?? [])),
        cursors: rows.map((row) =>
          filter.search
            ? { kind: 'rank', rank: row.sort_key, id: row.id }
            : { kind: 'newest', createdAt: row.sort_key, id: row.id },
        ),
        total: Number(total),
      };
    },

    async create(input: { id: string; ownerId: string; product: ProductWrite; imageIds: string[] }) {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('products')
          .values({ id: input.id, owner_id: input.ownerId, ...toColumns(input.product) })
          .execute();
        await replaceImages(tx, input.id, input.imageIds);
      });
    },

    async update(id: string, product: ProductWrite, imageIds: string[] | undefined) {
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('products')
          .set({ ...toColumns(product), updated_at: sql`now()` as never })
          .where('id', '=', id)
          .execute();
        if (imageIds) await replaceImages(tx, id, imageIds);
      });
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('products').where('id', '=', id).execute();
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
        .execute();
      return new Set(rows.map((row) => row.id));
    },
  };
}

async function replaceImages(tx: Kysely<DB>, productId: string, imageIds: string[]): Promise<void> {
  await tx.deleteFrom('product_images').where('product_id', '=', productId).execute();
  if (imageIds.length === 0) return;
  await tx
    .insertInto('product_images')
    .values(imageIds.map((mediaId, position) => ({ product_id: productId, media_id: mediaId, position })))
    .execute();
}
