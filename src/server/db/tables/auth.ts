// Row types of the identity tables (credentials, refresh tokens, sessions, password resets, external identities) as
// Kysely sees them.
import type { ColumnType } from 'kysely';
import type { Timestamp } from './column-types.ts';

export interface CredentialsTable {
  user_id: string;
  password_hash: string;
  updated_at: Timestamp;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  rotated_at: Date | null;
  revoked_at: Date | null;
  created_at: Timestamp;
}

/** A signed-in session: one refresh-token family (refresh_tokens.family_id), named by its ID tokens' `sid`. */
export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Timestamp;
  revoked_at: Date | null;
  created_at: Timestamp;
}

/** A password reset link, stored as its token's SHA-256. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface ExternalIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  email: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}
