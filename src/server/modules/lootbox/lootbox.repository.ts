// The only code that touches the Loot Box tables (migrations/0017_create_lootboxes.sql): the lootbox rows here,
// their items in lootbox-items.repository.ts and the products and offers a Loot Box is priced from in
// lootbox-products.repository.ts. Money is integer paise and a percentage basis points, as stored; the service
// converts to the wire. A factory over an executor (decision 0026): the service builds it on the database for reads
// and on its own transaction for writes; nothing here opens a transaction.
import { sql } from 'kysely';
import type { LootboxStatus } from '../../../shared/contracts/lootbox.ts';
import { isPast, toSortKey, type KeysetPosition } from '../../db/keyset.ts';
import { PREPARED } from '../../db/plan-hints.ts';
import type { Executor } from '../../db/transaction.ts';
import {
  diffItems,
  ITEMS_COLUMN,
  toItem,
  UPSERT_SET,
  type ItemJson,
  type ItemRow,
  type LootboxItemRecord,
  type LootboxItemWrite,
} from './lootbox-items.repository.ts';
import {
  selectProducts,
  toLookups,
  type ProductLookup,
  type ProductRow,
  type WantedProduct,
} from './lootbox-products.repository.ts';

export interface LootboxRemoval {
  productId: string;
  removedAt: number;
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

export type LootboxCursor = KeysetPosition;

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
        toSortKey('l.created_at').as('sort_key'),
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
      if (page.cursor) query = query.where(isPast('l', page.cursor));
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
    async findProducts(
      wanted: readonly WantedProduct[],
      at: Date,
      userId: string,
    ): Promise<Map<string, ProductLookup>> {
      const query = selectProducts(wanted, at, userId);
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
      const query = selectProducts(wanted, at, userId);
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
