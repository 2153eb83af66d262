// Row types of the klip interaction tables (migrations/0019_create_klip_interactions.sql) as Kysely sees them.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

export interface KlipCommentsTable {
  id: string;
  klip_id: string;
  user_id: string;
  parent_comment_id: string | null;
  content: string;
  status: Generated<'active'>;
  reply_count: Generated<number>;
  created_at: Timestamp;
}

export interface KlipViewsTable {
  klip_id: string;
  viewer_key: string;
  /** A UTC day, YYYY-MM-DD. */
  day: ColumnType<Date, string, string>;
  /** An anonymous view's address, hashed; null for a signed-in viewer. */
  address_hash: string | null;
  created_at: Generated<Date>;
}

export interface InteractionsTable {
  id: string;
  content_id: string;
  type: string;
  user_id: string | null;
  extras: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
}
