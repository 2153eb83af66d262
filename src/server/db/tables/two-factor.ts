// Row types of the two-factor tables (migrations/0026_create_two_factor.sql) as Kysely sees them.
import type { ColumnType } from 'kysely';
import type { Timestamp } from './column-types.ts';

export interface TwoFactorSecretsTable {
  user_id: string;
  /** AES-256-GCM: base64url of iv, tag and ciphertext, joined by '.'. */
  secret_encrypted: string;
  confirmed_at: Date | null;
  /** The time step (Unix seconds / 30) of the last code accepted; null before the first. */
  last_used_step: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

export interface TwoFactorRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: Date | null;
}

export interface TwoFactorChallengesTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Date | null;
  created_at: Timestamp;
}
