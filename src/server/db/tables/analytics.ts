// Row types of the analytics tables (migrations/0021_create_analytics.sql) as Kysely sees them.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

/** A UTC day, read as a Date, written as YYYY-MM-DD. */
type Day = ColumnType<Date, string, string>;

export interface AnalyticsEventsTable {
  id: Generated<string>;
  received_at: Timestamp;
  type: string;
  session_hash: string;
  address_hash: string;
  seller_id: string | null;
  item_type: string | null;
  item_id: string | null;
  klip_id: string | null;
  detail: Generated<string>;
  counted: boolean;
  props: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface AnalyticsEventFirstsTable {
  day: Day;
  item_id: string;
  type: string;
  detail: string;
  session_hash: string;
  address_hash: string;
}

export interface AnalyticsDailyTable {
  seller_id: string;
  day: Day;
  item_type: string;
  item_id: string;
  type: string;
  detail: Generated<string>;
  klip_id: Generated<string>;
  count: number;
}

export interface AnalyticsDailyTotalsTable {
  seller_id: string;
  day: Day;
  type: string;
  detail: Generated<string>;
  count: number;
}

export interface AnalyticsRollupStateTable {
  id: number;
  rolled_until: Timestamp;
}

export interface AnalyticsRefusalsTable {
  day: Day;
  reason: string;
  count: ColumnType<string, string | number | bigint, string | number | bigint>;
}
