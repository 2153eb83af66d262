// Row types of the klip tables (migrations/0012_create_klips.sql) as Kysely sees them.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

export type KlipStatus = 'processing' | 'active' | 'failed';

export interface KlipsTable {
  id: string;
  owner_id: string;
  status: Generated<KlipStatus>;
  title: string;
  description: Generated<string>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  product_id: string | null;
  video_media_id: string | null;
  poster_media_id: string | null;
  failure_reason: string | null;
  /** Tags and the featured product's name, kept by triggers (migration 0031); part of search_document. */
  search_keywords: ColumnType<string, never, never>;
  search_document: ColumnType<string, never, never>;
  /** 0 (created in the last week), 1 (30 days), 2 (180 days) or 3: searched newest tier first (migration 0032). */
  search_tier: Generated<number>;
  /** bigint: both drivers answer it as a string. */
  views: ColumnType<string, number | undefined, number>;
  likes: Generated<number>;
  comment_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface KlipLikesTable {
  klip_id: string;
  user_id: string;
  created_at: Timestamp;
}
