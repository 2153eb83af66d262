// Row types of the catalogue tables (migrations/0005_create_products.sql, 0009_store_prices_in_paise.sql) as Kysely
// sees them.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

export interface ProductsTable {
  id: string;
  owner_id: string;
  status: Generated<'active'>;
  name: string;
  description: Generated<string>;
  /** Integer paise (0009): both drivers return integer as a number. */
  price: number;
  /** numeric(5, 2) percent: comes back from both drivers as a string; we write numbers. */
  discount: ColumnType<string, number | undefined, number>;
  category: Generated<string>;
  category_root: ColumnType<string, never, never>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  contact_whatsapp: Generated<string>;
  contact_phone: Generated<string>;
  contact_email: Generated<string>;
  external_links: ColumnType<{ url: string }[], string | undefined, string>;
  rating_sum: Generated<number>;
  rating_count: Generated<number>;
  /** The search's weighted document (migration 0031, decision 0082), generated from the name, tags, category and description. */
  search_document: ColumnType<string, never, never>;
  /** 0 (created in the last week), 1 (30 days), 2 (180 days) or 3: searched newest tier first (migration 0032). */
  search_tier: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductImagesTable {
  product_id: string;
  media_id: string;
  position: number;
}

export interface ProductRatingsTable {
  product_id: string;
  user_id: string;
  stars: number;
  created_at: Timestamp;
}

export interface ProductCountsTable {
  scope: string;
  count: ColumnType<string, number, number>;
}

/** Active products per shop scope whose seller's content audience is not 'everyone' (migration 0030). */
export interface ProductHiddenCountsTable {
  scope: string;
  audience: 'signedIn' | 'nobody';
  count: ColumnType<string, number, number>;
}
