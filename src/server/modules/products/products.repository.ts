// The only code that touches the catalogue tables. Lists are keyset-paged: newest first on (created_at, id), or by
// search rank on (rank, id); counts stop at LIST_TOTAL_CAP so that a page costs the same at any table size.
// A factory over an executor (decision 0026): the service builds it on the database for reads and on its own
// transaction for writes; nothing here opens a transaction, so the writes that span tables (a product with its
// images and counts, a rating with the product's totals) are atomic only inside the caller's.
import { sql, type RawBuilder } from 'kysely';
import { LIST_TOTAL_CAP } from '../../../shared/constants.ts';
import type { OfferDiscountType } from '../../../shared/domain/offers.ts';
import type { BasisPoints, Paise } from '../../../shared/domain/pricing.ts';
import { PLAN_FOR_EACH_CALL } from '../../db/plan-hints.ts';
import type { Executor } from '../../db/transaction.ts';
import type { MediaVariant } from '../../db/tables/media-objects.ts';
import { splitCategory } from '../../../shared/domain/categories.ts';
import { isActiveAt } from '../../db/active-at.ts';

const SEARCH_CANDIDATES = 1000;

export interface ProductRecord {
  id: string;
  ownerId: string;
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
  ratingSum: number;
  ratingCount: number;
  createdAt: Date;
  updatedAt: Date;
  creatorUsername: string;
  creatorAvatarVariants: MediaVariant[] | null;
  images: ProductImageRecord[];
}

/** An offer as stored (migrations/0015_create_offers.sql): basis points or paise. */
export type ActiveOfferRecord = {
  offerId: string;
  title: string;
  minPurchasePaise: Paise;
  /** Null: no cap. */
  maxDiscountPaise: Paise | null;
  /** ISO texts, to the millisecond. */
  startDate: string;
  endDate: string;
} & (
  | { discountType: Extract<OfferDiscountType, 'percentage'>; discountValue: BasisPoints }
  | { discountType: Extract<OfferDiscountType, 'fixed'>; discountValue: Paise }
);

export interface ProductImageRecord {
  mediaId: string;
  width: number;
  height: number;
  variants: MediaVariant[];
}

export interface ProductWrite {
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

export type ProductCursor =
  { kind: 'newest'; createdAt: string; id: string } | { kind: 'rank'; rank: string; id: string };

export interface ProductListFilter {
  categoryRoot?: string | undefined;
  category?: string | undefined;
  minPricePaise?: Paise | undefined;
  maxPricePaise?: Paise | undefined;
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

/**
 * The list filter as one SQL condition on products aliased p; the same for the page and its count. A search
 * ranks at most SEARCH_CANDIDATES matches, the newest: ranking every match of a common word would cost time in
 * proportion to the catalogue. Words match as prefixes through the full-text index; only when no product
 * matches that way does the name's substring match (through the trigram index) take over, because a substring
 * of common letters matches a large part of the catalogue and costs far more.
 */
function buildFilterCondition(filter: ProductListFilter, tsquery: string | null): RawBuilder<boolean> {
  const base = buildPlainCondition(filter, 'p');
  if (!filter.search) return base;
  const plain = buildPlainCondition(filter, 'c');
  const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
  const byName = (extra: RawBuilder<boolean> | null) =>
    sql`(select c.id from products c where ${plain} and lower(c.name) like ${pattern}
      ${extra ? sql`and ${extra}` : sql``} order by c.created_at desc limit ${sql.lit(SEARCH_CANDIDATES)})`;
  if (!tsquery) return sql<boolean>`${base} and p.id in ${byName(null)}`;
  return sql<boolean>`${base} and p.id in (
    with words as (select c.id from products c
      where ${plain} and c.search_vector @@ to_tsquery('simple', ${tsquery})
      order by c.created_at desc limit ${sql.lit(SEARCH_CANDIDATES)})
    select id from words
    union all
    ${byName(sql<boolean>`not exists (select 1 from words)`)})`;
}

/** A price range's best plan depends on how wide it is: such lists are planned for each call (plan-hints.ts). */
function planHint(filter: ProductListFilter): RawBuilder<unknown> {
  return hasPriceRange(filter) ? sql.raw(PLAN_FOR_EACH_CALL) : sql``;
}

function hasPriceRange(filter: ProductListFilter): boolean {
  return filter.minPricePaise !== undefined || filter.maxPricePaise !== undefined;
}

function buildPlainCondition(filter: ProductListFilter, alias: 'p' | 'c'): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions = [sql`${column('status')} = 'active'`];
  if (filter.categoryRoot) conditions.push(sql`${column('category_root')} = ${filter.categoryRoot}`);
  if (filter.category) conditions.push(sql`${column('category')} = ${filter.category}`);
  if (filter.minPricePaise !== undefined) conditions.push(sql`${column('price')} >= ${filter.minPricePaise}`);
  if (filter.maxPricePaise !== undefined) conditions.push(sql`${column('price')} <= ${filter.maxPricePaise}`);
  if (filter.ownerId) conditions.push(sql`${column('owner_id')} = ${filter.ownerId}`);
  return sql<boolean>`${sql.join(conditions, sql` and `)}`;
}

/** The fields the search text is made of. */
type SearchedFields = Pick<ProductWrite, 'name' | 'description' | 'tags' | 'category'>;

function buildSearchText(product: SearchedFields): string {
  return [product.name, product.description, product.tags.join(' '), product.category].join(' ');
}

/**
 * The columns for the fields given, and nothing else: a PATCH of the price must not write back a name read
 * earlier (a concurrent PATCH of the name would be lost). The search text is made again when a field it is made of
 * changes, from the row as locked (`current`) with the changes over it.
 */
function toColumns(changes: Partial<ProductWrite>, current?: SearchedFields) {
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
    search_text?: string;
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
  const searched = ['name', 'description', 'tags', 'category'] as const;
  if (searched.some((field) => changes[field] !== undefined)) {
    const merged = { ...current, ...changes } as SearchedFields;
    columns.search_text = buildSearchText(merged);
  }
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

export type ProductsRepository = ReturnType<typeof createProductsRepository>;

/** A timestamptz as an ISO text in UTC to the microsecond: a keyset cursor's sort key. */
function isoMicros(column: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * The products in offers active at `now`, newest first, after the cursor: read from offer_products' copies of the
 * product's created_at and the offer's period (migrations/0016_index_hot_deals.sql), in the order of their index,
 * so a page reads about as many index entries as it has rows. A product in two active offers is one row.
 */
function selectDealIds(
  now: Date,
  limit: number,
  cursor: ProductCursor | undefined,
): RawBuilder<{ product_created_at: Date; product_id: string }> {
  const after =
    cursor?.kind === 'newest'
      ? sql`and (op.product_created_at, op.product_id) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
      : sql``;
  return sql`(select distinct op.product_created_at, op.product_id from offer_products op
    where ${isActiveAt('op', now)} ${after}
    order by op.product_created_at desc, op.product_id desc limit ${sql.lit(limit)})`;
}

/**
 * A page of Hot Deals with the offers active at `now` of each product: a row per product and offer. `offset 0`
 * fences it off, so that the planner plans this small join on its own instead of ordering it together with the
 * products' joins: 0.95 -> 0.44 ms of planning per page, which is most of a page's database time (bench/offers.ts).
 */
function selectDealOffers(
  now: Date,
  limit: number,
  cursor: ProductCursor | undefined,
): RawBuilder<OfferColumns & { product_id: string }> {
  return sql`(select d.product_id, o.id as offer_id, o.title as offer_title, o.discount_type, o.discount_value,
      o.min_purchase, o.max_discount, o.start_at, o.end_at
    from ${selectDealIds(now, limit, cursor)} as d
    join offer_products op on op.product_id = d.product_id
    join offers o on o.id = op.offer_id
    where ${isActiveAt('o', now)}
    offset 0)`;
}

/** An offer row's columns (the aliases the reads here give them) as an ActiveOfferRecord. */
interface OfferColumns {
  offer_id: string;
  offer_title: string;
  discount_type: OfferDiscountType;
  discount_value: number;
  min_purchase: number;
  max_discount: number | null;
  start_at: Date | string;
  end_at: Date | string;
}

/** OfferColumns from the offers table aliased o. */
const OFFER_COLUMNS = [
  'o.id as offer_id',
  'o.title as offer_title',
  'o.discount_type',
  'o.discount_value',
  'o.min_purchase',
  'o.max_discount',
  'o.start_at',
  'o.end_at',
] as const;

function toActiveOffer(row: OfferColumns): ActiveOfferRecord {
  return {
    offerId: row.offer_id,
    title: row.offer_title,
    minPurchasePaise: row.min_purchase as Paise,
    maxDiscountPaise: row.max_discount === null ? null : (row.max_discount as Paise),
    startDate: new Date(row.start_at).toISOString(),
    endDate: new Date(row.end_at).toISOString(),
    ...(row.discount_type === 'fixed'
      ? { discountType: 'fixed' as const, discountValue: row.discount_value as Paise }
      : { discountType: 'percentage' as const, discountValue: row.discount_value as BasisPoints }),
  };
}

function addOffer(found: Map<string, ActiveOfferRecord[]>, productId: string, offer: ActiveOfferRecord) {
  const offers = found.get(productId);
  if (offers) offers.push(offer);
  else found.set(productId, [offer]);
}

export function createProductsRepository(db: Executor) {
  function selectProducts() {
    return db
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
        sql<
          ProductImageRecord[]
        >`(select coalesce(json_agg(json_build_object('mediaId', m.id, 'width', m.width,
          'height', m.height, 'variants', m.variants) order by pi.position), '[]'::json)
          from product_images pi join media_objects m on m.id = pi.media_id
          where pi.product_id = p.id)`.as('images'),
      ])
      .where('p.status', '=', 'active');
  }

  type Row = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

  function toRecord(row: Row): ProductRecord {
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
      creatorUsername: row.creator_username,
      creatorAvatarVariants: row.avatar_variants ?? null,
      images: row.images,
    };
  }

  return {
    async findById(id: string): Promise<ProductRecord | undefined> {
      const row = await selectProducts().where('p.id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** Several products at once (a shared Loot Box): one statement, in no particular order; absent ids are left out. */
    async findByIds(ids: readonly string[]): Promise<ProductRecord[]> {
      if (ids.length === 0) return [];
      const rows = await selectProducts()
        .where('p.id', 'in', [...ids])
        .execute();
      return rows.map(toRecord);
    },

    /**
     * For each of the given offers, its first `max` active products in the seller's order (the offers module's
     * featured products): one statement for a whole page of offers.
     */
    async listInOffers(offerIds: string[], max: number): Promise<(ProductRecord & { offerId: string })[]> {
      if (offerIds.length === 0) return [];
      const firsts = sql<{ offer_id: string; product_id: string; position: number }>`(
        select offer_id, product_id, position from (
          select op.offer_id, op.product_id, op.position,
            row_number() over (partition by op.offer_id order by op.position) as n
          from offer_products op where op.offer_id in (${sql.join(offerIds)})) numbered
        where n <= ${max})`;
      const rows = await selectProducts()
        .innerJoin(firsts.as('f'), 'f.product_id', 'p.id')
        .select('f.offer_id')
        .orderBy('f.offer_id')
        .orderBy('f.position')
        .execute();
      return rows.map((row) => ({ ...toRecord(row), offerId: row.offer_id }));
    },

    /**
     * The offers active at `now` (docs/product.md "Hot Deals": start <= now < end) that include each of the
     * products, ending soonest first. A second statement rather than a part of the page's: a JSON column per row
     * made a Hot Deals page cost twice as much (bench/offers.ts).
     */
    async findActiveOffers(productIds: string[], now: Date): Promise<Map<string, ActiveOfferRecord[]>> {
      const found = new Map<string, ActiveOfferRecord[]>();
      if (productIds.length === 0) return found;
      const rows = await db
        .selectFrom('offer_products as op')
        .innerJoin('offers as o', 'o.id', 'op.offer_id')
        .select(['op.product_id', ...OFFER_COLUMNS])
        .where('op.product_id', 'in', productIds)
        .where(isActiveAt('o', now))
        .orderBy('o.end_at')
        .orderBy('o.id')
        .execute();
      for (const row of rows) addOffer(found, row.product_id, toActiveOffer(row));
      return found;
    },

    /**
     * Hot Deals (docs/product.md "Hot Deals"): one page of the products in offers active at `now`, newest first,
     * with those offers (ending soonest first); the total (counted up to LIST_TOTAL_CAP) when asked. One statement,
     * a row per product and active offer (a JSON column of offers per product cost twice as much, a second
     * statement a round trip).
     */
    async listDeals(
      now: Date,
      page: { limit: number; cursor: ProductCursor | undefined; withTotal: boolean },
    ): Promise<{
      records: ProductRecord[];
      cursors: ProductCursor[];
      offers: Map<string, ActiveOfferRecord[]>;
      total: number | undefined;
    }> {
      // The total rides along in the same statement; a first page with no rows has none to count.
      const rows = await selectProducts()
        .innerJoin(selectDealOffers(now, page.limit, page.cursor).as('o'), 'o.product_id', 'p.id')
        .selectAll('o')
        .select(isoMicros(sql`p.created_at`).as('sort_key'))
        .$if(page.withTotal, (query) =>
          query.select(
            sql<string>`(select count(*) from ${selectDealIds(now, LIST_TOTAL_CAP, undefined)} as counted)`.as(
              'total',
            ),
          ),
        )
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .orderBy('o.end_at')
        .orderBy('o.offer_id')
        .execute();
      const first = rows[0] as { total?: string | number | null } | undefined;
      const records: ProductRecord[] = [];
      const cursors: ProductCursor[] = [];
      const offers = new Map<string, ActiveOfferRecord[]>();
      for (const row of rows) {
        if (!offers.has(row.id)) {
          records.push(toRecord(row));
          cursors.push({ kind: 'newest', createdAt: row.sort_key, id: row.id });
        }
        addOffer(offers, row.id, toActiveOffer(row));
      }
      return { total: page.withTotal ? Number(first?.total ?? 0) : undefined, records, cursors, offers };
    },

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

    async findOwnerId(id: string): Promise<string | undefined> {
      const row = await db.selectFrom('products').select('owner_id').where('id', '=', id).executeTakeFirst();
      return row?.owner_id;
    },

    async list(
      filter: ProductListFilter,
      page: { limit: number; cursor: ProductCursor | undefined; withTotal: boolean },
    ): Promise<{ records: ProductRecord[]; cursors: ProductCursor[]; total: number | undefined }> {
      const tsquery = filter.search ? toPrefixQuery(filter.search) : null;
      const condition = buildFilterCondition(filter, tsquery);
      // The total rides along in the same statement, saving a round trip.
      const base = selectProducts()
        .where(condition)
        .$if(page.withTotal, (query) =>
          // A search's matches are its candidates (at most SEARCH_CANDIDATES): counted as the page is ranked.
          query.select(
            (filter.search ? sql<string>`count(*) over ()` : buildCountExpression(filter, condition)).as(
              'total',
            ),
          ),
        );
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
          .limit(sql.lit(page.limit))
          .modifyEnd(planHint(filter))
          .execute();
      } else {
        let query = base.select(isoMicros(sql`p.created_at`).as('sort_key'));
        const cursor = page.cursor;
        if (cursor?.kind === 'newest') {
          query = query.where(
            sql<boolean>`(p.created_at, p.id) < (${cursor.createdAt}::timestamptz, ${cursor.id})`,
          );
        }
        rows = await query
          .orderBy('p.created_at', 'desc')
          .orderBy('p.id', 'desc')
          .limit(sql.lit(page.limit))
          .modifyEnd(planHint(filter))
          .execute();
      }
      const first = rows[0] as { total?: string | number | null } | undefined;
      let total: number | undefined;
      if (page.withTotal) total = first ? Number(first.total ?? 0) : await this.count(filter);
      return {
        total,
        records: rows.map((row) => toRecord(row)),
        cursors: rows.map((row) =>
          filter.search
            ? { kind: 'rank', rank: row.sort_key, id: row.id }
            : { kind: 'newest', createdAt: row.sort_key, id: row.id },
        ),
      };
    },

    /**
     * How many products match: exact from product_counts for all, a category or one creator; otherwise counted,
     * up to LIST_TOTAL_CAP.
     */
    async count(filter: ProductListFilter): Promise<number> {
      const condition = buildFilterCondition(filter, filter.search ? toPrefixQuery(filter.search) : null);
      const { rows } = await sql<{
        total: string | null;
      }>`select ${buildCountExpression(filter, condition)} as total ${planHint(filter)}`.execute(db);
      return Number(rows[0]?.total ?? 0);
    },

    /** Active products per top-level category, from the stored counts. */
    async countByCategoryRoot(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('product_counts')
        .select(['scope', 'count'])
        .where('scope', 'like', 'root:%')
        .execute();
      return new Map(rows.map((row) => [row.scope.slice('root:'.length), Number(row.count)]));
    },

    /**
     * Recounts every scope from the rows: after bulk inserts that bypass this repository (seed, benchmarks). Two
     * statements: run it in a transaction, or a list may read the counts while they are empty.
     */
    async refreshCounts(): Promise<void> {
      await db.deleteFrom('product_counts').execute();
      await sql`insert into product_counts (scope, count)
        select 'all', count(*) from products where status = 'active'
        union all select 'root:' || category_root, count(*) from products where status = 'active' group by category_root
        union all select 'category:' || category, count(*) from products
          where status = 'active' and category <> category_root group by category
        union all select 'owner:' || owner_id, count(*) from products where status = 'active' group by owner_id`.execute(
        db,
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
      await adjustCounts(db, listCountScopes(input.ownerId, input.product.category), 1);
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
        .set({ ...toColumns(changes, current), updated_at: sql`now()` as never })
        .where('id', '=', id)
        .execute();
      if (imageIds) await replaceImages(db, id, imageIds);
      if (changes.category !== undefined && changes.category !== current.category) {
        await adjustCounts(db, listCountScopes(current.ownerId, current.category), -1);
        await adjustCounts(db, listCountScopes(current.ownerId, changes.category), 1);
      }
    },

    /** The product (its images and ratings go with it) and its counts: run it in a transaction. */
    async delete(id: string): Promise<void> {
      const deleted = await db
        .deleteFrom('products')
        .where('id', '=', id)
        .returning(['owner_id', 'category'])
        .executeTakeFirst();
      if (deleted) await adjustCounts(db, listCountScopes(deleted.owner_id, deleted.category), -1);
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

export interface NewProduct {
  id: string;
  ownerId: string;
  product: ProductWrite;
  imageIds: string[];
  createdAt?: Date;
}

/** The product_counts rows a product belongs to. */
function listCountScopes(ownerId: string, category: string): string[] {
  const root = splitCategory(category).category;
  return ['all', `root:${root}`, ...(root === category ? [] : [`category:${category}`]), `owner:${ownerId}`];
}

/** The one scope whose stored count answers this filter, if any. */
function findCountScope(filter: ProductListFilter): string | null {
  if (filter.search || hasPriceRange(filter)) return null;
  const scopes = [
    filter.categoryRoot && `root:${filter.categoryRoot}`,
    filter.category && `category:${filter.category}`,
    filter.ownerId && `owner:${filter.ownerId}`,
  ].filter(Boolean) as string[];
  if (scopes.length > 1) return null;
  return scopes[0] ?? 'all';
}

/**
 * The list's total as one SQL expression: the stored count for all, a category or one creator; otherwise the
 * matches counted up to LIST_TOTAL_CAP.
 */
function buildCountExpression(
  filter: ProductListFilter,
  condition: RawBuilder<boolean>,
): RawBuilder<string | null> {
  const scope = findCountScope(filter);
  if (scope) return sql`(select count from product_counts where scope = ${scope})`;
  return sql`(select count(*) from (select 1 from products p where ${condition} limit ${sql.lit(LIST_TOTAL_CAP)}) as matches)`;
}

async function adjustCounts(tx: Executor, scopes: string[], delta: 1 | -1): Promise<void> {
  if (delta < 0) {
    // A product being removed was counted, so its rows exist; an upsert would check -1 against the constraint.
    await tx
      .updateTable('product_counts')
      .set({ count: sql`count - 1` as never })
      .where('scope', 'in', scopes)
      .execute();
    return;
  }
  await tx
    .insertInto('product_counts')
    .values(scopes.map((scope) => ({ scope, count: delta })))
    .onConflict((conflict) =>
      conflict.column('scope').doUpdateSet({ count: sql`product_counts.count + excluded.count` as never }),
    )
    .execute();
}

async function replaceImages(tx: Executor, productId: string, imageIds: string[]): Promise<void> {
  await tx.deleteFrom('product_images').where('product_id', '=', productId).execute();
  if (imageIds.length === 0) return;
  await tx
    .insertInto('product_images')
    .values(imageIds.map((mediaId, position) => ({ product_id: productId, media_id: mediaId, position })))
    .execute();
}
