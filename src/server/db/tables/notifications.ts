// Row types of the notification tables (migrations/0027_create_notifications.sql) as Kysely sees them.
import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';
import type { NotificationKind } from '../../../shared/contracts/notifications.ts';

export interface NotificationsTable {
  id: string;
  recipient_id: string;
  kind: NotificationKind;
  actor_id: string | null;
  klip_id: string | null;
  comment_id: string | null;
  product_id: string | null;
  offer_id: string | null;
  group_key: string;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

export interface NotificationUnreadTable {
  user_id: string;
  unread: Generated<number>;
}
