// Row types of the Loot Box tables (migrations/0017_create_lootboxes.sql) as Kysely sees them.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';
import type { LootboxStatus } from '../../../shared/contracts/lootbox.ts';

export interface LootboxesTable {
  id: string;
  user_id: string;
  status: ColumnType<LootboxStatus, LootboxStatus | undefined, LootboxStatus>;
  /** Successful writes so far, from 1. */
  version: Generated<number>;
  /** Tombstones: [{productId, removedAt}]. Written as JSON text. */
  removed: ColumnType<{ productId: string; removedAt: number }[], string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LootboxItemsTable {
  lootbox_id: string;
  product_id: string;
  /** The shopper's order, 0-99. */
  position: number;
  quantity: number;
  from_klip: Generated<boolean>;
  applied_offer_id: string | null;
  /** ms since the epoch; bigint comes back from the drivers as a string. */
  updated_at: ColumnType<string | number, number, number>;
  snapshot_name: Generated<string>;
  snapshot_thumbnail: string | null;
  /** Paise. */
  snapshot_price: Generated<number>;
  /** numeric(5, 2) percent: comes back as a string; we write numbers. */
  snapshot_discount: ColumnType<string, number | undefined, number>;
}
