// Row type of idempotency_keys (migrations/0014_create_idempotency_keys.sql) as Kysely sees it.
import type { ColumnType } from 'kysely';
import type { Timestamp } from './column-types.ts';

/** A create's Idempotency-Key, its request's hash and its answer. */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  /** The first answer's body; written in the same transaction as the claim, so a committed row always has it. */
  response: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: Timestamp;
  expires_at: Timestamp;
}
