// The only code that touches the Loot Box tables (migrations/0017_create_lootboxes.sql), and the one read of the
// products and offers a Loot Box is priced from. Money is integer paise and a percentage basis points here, as
// stored; the service converts to the wire. A factory over an executor (decision 0026): the service builds it on
// the database for reads and on its own transaction for writes; nothing here opens a transaction.
import { sql, type RawBuilder } from 'kysely';
import type { LootboxStatus } from '../../../shared/contracts/lootbox.ts';
import type { OfferDiscountType } from '../../../shared/domain/offers.ts';
import type { Paise } from '../../../shared/domain/pricing.ts';
import { PREPARED } from '../../db/plan-hints.ts';
import type { Executor } from '../../db/transaction.ts';
import type { MediaVariant } from '../../db/tables/media-objects.ts';
import { isActiveAt } from '../../db/active-at.ts';
import type { StoredOfferTerms } from '../offers/offer-values.ts';

export interface LootboxRemoval {
  productId: string;
  removedAt: number;
}

/** An item as stored: the shopper's choice, and the snapshot of the product taken at the last save. */
export interface LootboxItemRecord {
  productId: string;
  quantity: number;
  fromKlip: boolean;
  appliedOfferId: string | null;
  /** ms since the epoch. */
  updatedAt: number;
  snapshot: ProductSnapshot;
}

/**
 * What a deleted product still shows: its name and price as they were at the last save. Its thumbnail URL is kept
 * but no longer shown: the photo leaves storage with the product (lootbox.service.ts toThumbnail).
 */
export interface ProductSnapshot {
  name: string;
  thumbnail: string | null;
  pricePaise: Paise;
  /** Percent. */
  discount: number;
}

export interface LootboxRecord {
  id: string;
  userId: string;
  status: LootboxStatus;
  version: number;
  removed: LootboxRemoval[];
  createdAt: Date;
  updatedAt: Date;
  items: LootboxItemRecord[];
}

export interface LootboxCursor {
  createdAt: string;
  id: string;
}

/** An offer active now that includes the product and that the item names. */
export interface AppliedOfferRecord extends StoredOfferTerms {
  offerId: string;
  title: string;
  startAt: Date;
  endAt: Date;
}

/** A product as it is now, with what a Loot Box line shows. */
export interface CurrentProductRecord {
  id: string;
  name: string;
  pricePaise: Paise;
  /** Percent. */
  discount: number;
  /** The first image's variants; null without images. */
  coverVariants: MediaVariant[] | null;
}

export interface ProductLookup {
  product: CurrentProductRecord | null;
  offer: AppliedOfferRecord | null;
}

/** An item to write, with the snapshot to keep. */
export type LootboxItemWrite = LootboxItemRecord;

type ItemJson = {
  productId: string;
  quantity: number;
  fromKlip: boolean;
  appliedOfferId: string | null;
  updatedAt: string | number;
  name: string;
  thumbnail: string | null;
  price: number;
  discount: string | number;
};

/** The lootbox's items, in the shopper's order, as one JSON column (one statement for a whole page). */
const ITEMS_COLUMN = sql<ItemJson[]>`(select coalesce(json_agg(json_build_object('productId', i.product_id,
    'quantity', i.quantity, 'fromKlip', i.from_klip, 'appliedOfferId', i.applied_offer_id,
    'updatedAt', i.updated_at, 'name', i.snapshot_name, 'thumbnail', i.snapshot_thumbnail,
    'price', i.snapshot_price, 'discount', i.snapshot_discount) order by i.position), '[]'::json)
  from lootbox_items i where i.lootbox_id = l.id)`.as('items');

const SORT_KEY = sql<string>`to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
  'sort_key',
);

interface LootboxRow {
  id: string;
  user_id: string;
  status: LootboxStatus;
  version: number;
  removed: LootboxRemoval[];
  created_at: Date | string;
  updated_at: Date | string;
  items: ItemJson[];
}

function toItem(item: ItemJson): LootboxItemRecord {
  return {
    productId: item.productId,
    quantity: item.quantity,
    fromKlip: item.fromKlip,
    appliedOfferId: item.appliedOfferId,
    updatedAt: Number(item.updatedAt),
    snapshot: {
      name: item.name,
      thumbnail: item.thumbnail,
      pricePaise: item.price as Paise,
      discount: Number(item.discount),
    },
  };
}

function toRecord(row: LootboxRow): LootboxRecord {
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status,
    version: row.version,
    removed: row.removed,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    items: row.items.map(toItem),
  };
}

type ItemRow = {
  lootbox_id: string;
  product_id: string;
  position: number;
  quantity: number;
  from_klip: boolean;
  applied_offer_id: string | null;
  updated_at: number;
  snapshot_name: string;
  snapshot_thumbnail: string | null;
  snapshot_price: number;
  snapshot_discount: number;
};

/**
 * What turns `stored` (the items as read, in their order) into `items`: the products no longer there, and the rows
 * of the new and changed items (an item that moved is changed: positions are always 0 to n - 1).
 */
function diffItems(
  lootboxId: string,
  items: readonly LootboxItemWrite[],
  stored: readonly LootboxItemRecord[],
): { gone: string[]; rows: ItemRow[] } {
  const keep = new Set(items.map((item) => item.productId));
  const gone = stored.filter((item) => !keep.has(item.productId)).map((item) => item.productId);
  const storedAt = new Map(stored.map((item, position) => [item.productId, { item, position }]));
  const rows = items.flatMap((item, position): ItemRow[] => {
    const before = storedAt.get(item.productId);
    if (before && before.position === position && isSameItem(before.item, item)) return [];
    return [
      {
        lootbox_id: lootboxId,
        product_id: item.productId,
        position,
        quantity: item.quantity,
        from_klip: item.fromKlip,
        applied_offer_id: item.appliedOfferId,
        updated_at: item.updatedAt,
        snapshot_name: item.snapshot.name,
        snapshot_thumbnail: item.snapshot.thumbnail,
        snapshot_price: item.snapshot.pricePaise,
        snapshot_discount: item.snapshot.discount,
      },
    ];
  });
  return { gone, rows };
}

/** On a conflict of (lootbox_id, product_id), every column but the key from the row that was to be inserted. */
const UPSERT_SET = sql`position = excluded.position, quantity = excluded.quantity, from_klip = excluded.from_klip,
  applied_offer_id = excluded.applied_offer_id, updated_at = excluded.updated_at,
  snapshot_name = excluded.snapshot_name, snapshot_thumbnail = excluded.snapshot_thumbnail,
  snapshot_price = excluded.snapshot_price, snapshot_discount = excluded.snapshot_discount`;

function isSameItem(a: LootboxItemRecord, b: LootboxItemRecord): boolean {
  return (
    a.quantity === b.quantity &&
    a.fromKlip === b.fromKlip &&
    a.appliedOfferId === b.appliedOfferId &&
    a.updatedAt === b.updatedAt &&
    a.snapshot.name === b.snapshot.name &&
    a.snapshot.thumbnail === b.snapshot.thumbnail &&
    a.snapshot.pricePaise === b.snapshot.pricePaise &&
    a.snapshot.discount === b.snapshot.discount
  );
}

/** findProducts' key of a product with the offer an item names. */
export function toLookupKey(productId: string, offerId: string | null): string {
  return offerId === null ? productId : `${productId}\u0000${offerId}`;
}

/** A product a lootbox names, with the offer its item claims. */
export interface WantedProduct {
  productId: string;
  offerId: string | null;
}

/** findProducts' row: the wanted pair, then the product and the offer when they are there (nulls otherwise). */
interface ProductRow {
  product_id: string;
  wanted_offer_id: string | null;
  id: string | null;
  name: string | null;
  price: number | null;
  discount: string | number | null;
  cover_variants: MediaVariant[] | null;
  offer_id: string | null;
  offer_title: string | null;
  discount_type: OfferDiscountType | null;
  discount_value: number | null;
  min_purchase: number | null;
  max_discount: number | null;
  start_at: Date | string | null;
  end_at: Date | string | null;
}

/** The products and offers wanted, as one SELECT; undefined when nothing is wanted. */
function selectProducts(wanted: readonly WantedProduct[], at: Date) {
  const distinct = new Map(wanted.map((want) => [toLookupKey(want.productId, want.offerId), want]));
  if (distinct.size === 0) return undefined;
  // Two array parameters rather than a VALUES list of two per product: a statement of the same text whatever the
  // Loot Box's size, cheaper to build and send.
  const productIds = [...distinct.values()].map((want) => want.productId);
  const offerIds = [...distinct.values()].map((want) => want.offerId);
  return sql<ProductRow>`select w.product_id, w.offer_id as wanted_offer_id, p.id, p.name, p.price, p.discount,
      (select m.variants from product_images pi join media_objects m on m.id = pi.media_id
        where pi.product_id = p.id order by pi.position limit 1) as cover_variants,
      o.id as offer_id, o.title as offer_title, o.discount_type, o.discount_value, o.min_purchase,
      o.max_discount, o.start_at, o.end_at
    from unnest(${productIds}::text[], ${offerIds}::text[]) as w (product_id, offer_id)
    left join products p on p.id = w.product_id and p.status = 'active'
    left join offer_products op on op.product_id = p.id and op.offer_id = w.offer_id
    left join offers o on o.id = op.offer_id and o.status = 'active' and ${isActiveAt('o', at)}`;
}

function toLookups(rows: readonly ProductRow[]): Map<string, ProductLookup> {
  const found = new Map<string, ProductLookup>();
  for (const row of rows) {
    const product: CurrentProductRecord | null =
      row.id === null
        ? null
        : {
            id: row.id,
            name: row.name!,
            pricePaise: row.price! as Paise,
            discount: Number(row.discount),
            coverVariants: row.cover_variants,
          };
    const offer: AppliedOfferRecord | null =
      row.offer_id === null || product === null
        ? null
        : {
            offerId: row.offer_id,
            title: row.offer_title!,
            discountType: row.discount_type!,
            discountValue: row.discount_value!,
            minPurchasePaise: row.min_purchase! as Paise,
            maxDiscountPaise: row.max_discount === null ? null : (row.max_discount as Paise),
            startAt: new Date(row.start_at!),
            endAt: new Date(row.end_at!),
          };
    found.set(toLookupKey(row.product_id, row.wanted_offer_id), { product, offer });
  }
  return found;
}

/** Rows after the cursor, newest first on (created_at, id), on lootboxes aliased l. */
function after(cursor: LootboxCursor): RawBuilder<boolean> {
  return sql<boolean>`(l.created_at, l.id) < (${cursor.createdAt}::timestamptz, ${cursor.id})`;
}

export type LootboxRepository = ReturnType<typeof createLootboxRepository>;

export function createLootboxRepository(db: Executor) {
  function selectLootboxes() {
    return db
      .selectFrom('lootboxes as l')
      .select([
        'l.id',
        'l.user_id',
        'l.status',
        'l.version',
        'l.removed',
        'l.created_at',
        'l.updated_at',
        ITEMS_COLUMN,
        SORT_KEY,
      ]);
  }

  return {
    /**
     * A new lootbox at version 1 with no items. A second active one for the same user breaks
     * lootboxes_one_active_idx (23505): the caller answers 409 after its transaction rolled back.
     */
    async create(input: {
      id: string;
      userId: string;
      status: LootboxStatus;
      removed: LootboxRemoval[];
    }): Promise<{ version: number; createdAt: Date; updatedAt: Date }> {
      const row = await db
        .insertInto('lootboxes')
        .values({
          id: input.id,
          user_id: input.userId,
          status: input.status,
          removed: JSON.stringify(input.removed),
        })
        .returning(['version', 'created_at', 'updated_at'])
        .executeTakeFirstOrThrow();
      return {
        version: row.version,
        createdAt: new Date(row.created_at),
        updatedAt: new Date(row.updated_at),
      };
    },

    /** The user's lootbox with its items; undefined for an unknown id or another user's. */
    async findOwned(id: string, userId: string): Promise<LootboxRecord | undefined> {
      const row = await selectLootboxes()
        .where('l.id', '=', id)
        .where('l.user_id', '=', userId)
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    /** The user's lootboxes (of one status when given), newest first, one page after `cursor`. */
    async listByUser(
      userId: string,
      page: { status: LootboxStatus | undefined; limit: number; cursor: LootboxCursor | undefined },
    ): Promise<{ records: LootboxRecord[]; cursors: LootboxCursor[] }> {
      let query = selectLootboxes().where('l.user_id', '=', userId);
      if (page.status) query = query.where('l.status', '=', page.status);
      if (page.cursor) query = query.where(after(page.cursor));
      const rows = await query
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(sql.lit(page.limit))
        .execute();
      return {
        records: rows.map(toRecord),
        cursors: rows.map((row) => ({ createdAt: row.sort_key, id: row.id })),
      };
    },

    /**
     * For each wanted product: the product as it is now (null when deleted), and the item's offer when it is active
     * at `at` (start <= at < end) and includes the product (null otherwise). One statement for a whole lootbox, or
     * a whole page of them. Keyed by toLookupKey(productId, offerId).
     */
    async findProducts(wanted: readonly WantedProduct[], at: Date): Promise<Map<string, ProductLookup>> {
      const query = selectProducts(wanted, at);
      if (!query) return new Map();
      const { rows } = await sql<ProductRow>`${query} ${sql.raw(PREPARED)}`.execute(db);
      return toLookups(rows);
    },

    /**
     * findOwned and findProducts in one statement: what a save reads (the lootbox as stored, and the products and
     * offers its body names).
     */
    async findOwnedWithProducts(
      id: string,
      userId: string,
      wanted: readonly WantedProduct[],
      at: Date,
    ): Promise<{ record: LootboxRecord; found: Map<string, ProductLookup> } | undefined> {
      const query = selectProducts(wanted, at);
      const products = query
        ? sql<ProductRow[]>`(select coalesce(json_agg(found), '[]'::json) from (${query}) as found)`
        : sql<ProductRow[]>`'[]'::json`;
      const row = await selectLootboxes()
        .select(products.as('products'))
        .where('l.id', '=', id)
        .where('l.user_id', '=', userId)
        .modifyEnd(sql.raw(PREPARED))
        .executeTakeFirst();
      return row && { record: toRecord(row), found: toLookups(row.products) };
    },

    /**
     * The lootbox's items become exactly `items`, in their order. Only the rows that change are written, against
     * `stored` (the items as read in the same transaction, in their order): those no longer there are deleted,
     * new and changed ones written, the others left alone, so that adding one product to a long Loot Box writes
     * one row. Run it in a transaction.
     */
    async replaceItems(
      lootboxId: string,
      items: readonly LootboxItemWrite[],
      stored: readonly LootboxItemRecord[] = [],
    ): Promise<void> {
      const { gone, rows } = diffItems(lootboxId, items, stored);
      if (gone.length > 0) {
        await db
          .deleteFrom('lootbox_items')
          .where('lootbox_id', '=', lootboxId)
          .where('product_id', 'in', gone)
          .execute();
      }
      if (rows.length === 0) return;
      await db
        .insertInto('lootbox_items')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['lootbox_id', 'product_id']).doUpdateSet((eb) => ({
            position: eb.ref('excluded.position'),
            quantity: eb.ref('excluded.quantity'),
            from_klip: eb.ref('excluded.from_klip'),
            applied_offer_id: eb.ref('excluded.applied_offer_id'),
            updated_at: eb.ref('excluded.updated_at'),
            snapshot_name: eb.ref('excluded.snapshot_name'),
            snapshot_thumbnail: eb.ref('excluded.snapshot_thumbnail'),
            snapshot_price: eb.ref('excluded.snapshot_price'),
            snapshot_discount: eb.ref('excluded.snapshot_discount'),
          })),
        )
        .execute();
    },

    /**
     * A save in one statement, so atomic by itself: the status, tombstones and items as given, one version on, only
     * if the lootbox is still active at `version` (the one its items were read at, `stored`). Otherwise nothing is
     * written and it answers undefined: the caller reads again. Only the item rows that change are written, so
     * adding one product to a long Loot Box writes one row.
     */
    async saveIfVersion(
      id: string,
      version: number,
      changes: { status: LootboxStatus; removed: LootboxRemoval[]; items: readonly LootboxItemWrite[] },
      stored: readonly LootboxItemRecord[],
    ): Promise<{ version: number; createdAt: Date; updatedAt: Date } | undefined> {
      const { gone, rows } = diffItems(id, changes.items, stored);
      // One text whatever the save changes (the rows and the products taken out are arrays, empty when there are
      // none): a named prepared statement on PostgreSQL (PREPARED), planned once per connection.
      const column = <K extends keyof ItemRow>(key: K) => rows.map((row) => row[key]);
      const { rows: saved } = await sql<{
        version: number;
        created_at: Date | string;
        updated_at: Date | string;
      }>`with saved as (update lootboxes set status = ${changes.status}, removed = ${JSON.stringify(changes.removed)}::jsonb,
          version = version + 1, updated_at = now()
          where id = ${id} and version = ${version} and status = 'active'
          returning version, created_at, updated_at),
        taken_out as (delete from lootbox_items where lootbox_id = ${id}
          and product_id = any(${gone}::text[]) and exists (select 1 from saved)),
        written as (insert into lootbox_items (lootbox_id, product_id, position, quantity, from_klip,
            applied_offer_id, updated_at, snapshot_name, snapshot_thumbnail, snapshot_price, snapshot_discount)
          select ${id}::text, v.* from unnest(${column('product_id')}::text[], ${column('position')}::int[],
            ${column('quantity')}::int[], ${column('from_klip')}::boolean[], ${column('applied_offer_id')}::text[],
            ${column('updated_at')}::bigint[], ${column('snapshot_name')}::text[], ${column('snapshot_thumbnail')}::text[],
            ${column('snapshot_price')}::int[], ${column('snapshot_discount')}::numeric[]) as v
          where exists (select 1 from saved)
          on conflict (lootbox_id, product_id) do update set ${UPSERT_SET})
        select version, created_at, updated_at from saved ${sql.raw(PREPARED)}`.execute(db);
      const row = saved[0];
      return (
        row && {
          version: row.version,
          createdAt: new Date(row.created_at),
          updatedAt: new Date(row.updated_at),
        }
      );
    },

    /**
     * Keeps the user's `keep` newest completed lootboxes (by updatedAt, then id) and `current`, and deletes the
     * other completed ones with their items. Run it in the transaction that completed `current`.
     */
    async pruneCompleted(userId: string, current: string, keep: number): Promise<void> {
      await db
        .deleteFrom('lootboxes')
        .where('user_id', '=', userId)
        .where('status', '=', 'completed')
        .where('id', '<>', current)
        .where(
          'id',
          'not in',
          db
            .selectFrom('lootboxes')
            .select('id')
            .where('user_id', '=', userId)
            .where('status', '=', 'completed')
            .orderBy('updated_at', 'desc')
            .orderBy('id', 'desc')
            .limit(keep),
        )
        .execute();
    },

    async delete(id: string, userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('lootboxes')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
