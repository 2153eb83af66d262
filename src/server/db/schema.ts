// Row types of every table, as Kysely sees them. Kept in step with migrations/ by hand.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { MediaObjectsTable } from '../media/media.schema.ts';
import type {
  ProductCountsTable,
  ProductImagesTable,
  ProductRatingsTable,
  ProductsTable,
} from '../modules/products/products.schema.ts';
import type { KlipLikesTable, KlipsTable } from '../modules/klips/klips.schema.ts';
import type {
  InteractionsTable,
  KlipCommentsTable,
  KlipViewsTable,
} from '../modules/interactions/interactions.schema.ts';
import type { OfferProductsTable, OffersTable } from '../modules/offers/offers.schema.ts';
import type { LootboxesTable, LootboxItemsTable } from '../modules/lootbox/lootbox.schema.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: string;
  email: string;
  username: string;
  full_name: Generated<string>;
  display_name: Generated<string>;
  bio: Generated<string>;
  avatar_media_id: string | null;
  avatar_updated_at: Date | null;
  cover_media_id: string | null;
  contact_whatsapp: Generated<string>;
  contact_email: Generated<string>;
  tokens_valid_after: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: string;
  type: string;
  payload: Json<Record<string, unknown>>;
  status: Generated<JobStatus>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Timestamp;
  locked_until: Date | null;
  locked_by: string | null;
  last_error: string | null;
  /** Unique among queued and running jobs: enqueueing a live key again adds nothing. */
  dedupe_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DB {
  users: UsersTable;
  jobs: JobsTable;
  media_objects: MediaObjectsTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_ratings: ProductRatingsTable;
  product_counts: ProductCountsTable;
  credentials: CredentialsTable;
  refresh_tokens: RefreshTokensTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  user_settings: UserSettingsTable;
  external_identities: ExternalIdentitiesTable;
  klips: KlipsTable;
  klip_likes: KlipLikesTable;
  idempotency_keys: IdempotencyKeysTable;
  offers: OffersTable;
  offer_products: OfferProductsTable;
  lootboxes: LootboxesTable;
  lootbox_items: LootboxItemsTable;
  klip_comments: KlipCommentsTable;
  klip_views: KlipViewsTable;
  interactions: InteractionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type JobRow = Selectable<JobsTable>;

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

/** migrations/0014_create_idempotency_keys.sql: a create's Idempotency-Key, its request's hash and its answer. */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  request_hash: string;
  /** The first answer's body; written in the same transaction as the claim, so a committed row always has it. */
  response: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A signed-in session: one refresh-token family (refresh_tokens.family_id), named by its ID tokens' `sid`. */
export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Timestamp;
  revoked_at: Date | null;
  created_at: Timestamp;
}

/** migrations/0020_create_password_resets.sql: a reset link, stored as its token's SHA-256. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface UserSettingsTable {
  user_id: string;
  app_settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  profile_settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  preferences: ColumnType<Record<string, unknown>, string | undefined, string>;
  updated_at: Timestamp;
}

export interface ExternalIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  email: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}
