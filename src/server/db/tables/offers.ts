// Row types of the offer tables (migrations/0015_create_offers.sql) as Kysely sees them.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';
import type { OfferDiscountType } from '../../../shared/domain/offers.ts';

export interface OffersTable {
  id: string;
  owner_id: string;
  status: Generated<'active'>;
  title: string;
  description: Generated<string>;
  discount_type: OfferDiscountType;
  /** Basis points for a percentage offer (1-10 000), paise for a fixed one. */
  discount_value: number;
  /** Paise; 0: none. */
  min_purchase: Generated<number>;
  /** Paise; null: no cap. */
  max_discount: number | null;
  start_at: Timestamp;
  end_at: Timestamp;
  terms: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OfferProductsTable {
  offer_id: string;
  product_id: string;
  /** The seller's order, 0-99. */
  position: number;
}
