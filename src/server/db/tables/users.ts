// Row types of users and user_settings as Kysely sees them.
import type { ColumnType, Generated } from 'kysely';
import type { PrivacyAudience } from '../../../shared/contracts/settings.ts';
import type { Timestamp } from './column-types.ts';

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
  /** The public phone contact (migration 0025). */
  contact_phone: Generated<string>;
  /** Copies of the privacy settings (migration 0024): who sees the user's content, who may contact them. */
  content_audience: Generated<PrivacyAudience>;
  contact_audience: Generated<PrivacyAudience>;
  /** Whether others see the user's likes and activity (the user's name in others' notifications). */
  activity_visible: Generated<boolean>;
  /** The user's time zone (migration 0028; IANA, as PostgreSQL knows it): the seller's dashboard days (decision 0079). */
  time_zone: Generated<string>;
  tokens_valid_after: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserSettingsTable {
  user_id: string;
  app_settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  profile_settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  preferences: ColumnType<Record<string, unknown>, string | undefined, string>;
  updated_at: Timestamp;
}

/** A username its user gave up (migration 0025): old links answer the user's profile for USERNAME_REDIRECT_DAYS. */
export interface UsernameHistoryTable {
  username: string;
  user_id: string;
  changed_at: Timestamp;
}
