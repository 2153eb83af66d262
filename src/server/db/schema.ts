// Every table as Kysely sees it: the database's one type, kept in step with migrations/ by hand. The row types
// live in db/tables/, one file per migration's tables, so that db/ imports nothing from the modules.
import type {
  AnalyticsDailyTable,
  AnalyticsDailyTotalsTable,
  AnalyticsEventFirstsTable,
  AnalyticsEventsTable,
  AnalyticsRefusalsTable,
  AnalyticsRollupStateTable,
} from './tables/analytics.ts';
import type {
  CredentialsTable,
  ExternalIdentitiesTable,
  PasswordResetsTable,
  RefreshTokensTable,
  SessionsTable,
} from './tables/auth.ts';
import type { IdempotencyKeysTable } from './tables/idempotency-keys.ts';
import type { JobsTable } from './tables/jobs.ts';
import type { InteractionsTable, KlipCommentsTable, KlipViewsTable } from './tables/klip-interactions.ts';
import type { KlipLikesTable, KlipsTable } from './tables/klips.ts';
import type { LootboxesTable, LootboxItemsTable } from './tables/lootboxes.ts';
import type { MediaObjectsTable } from './tables/media-objects.ts';
import type { NotificationsTable, NotificationUnreadTable } from './tables/notifications.ts';
import type { OfferProductsTable, OffersTable } from './tables/offers.ts';
import type {
  ProductCountsTable,
  ProductHiddenCountsTable,
  ProductImagesTable,
  ProductRatingsTable,
  ProductsTable,
} from './tables/products.ts';
import type {
  TwoFactorChallengesTable,
  TwoFactorRecoveryCodesTable,
  TwoFactorSecretsTable,
} from './tables/two-factor.ts';
import type { UserSettingsTable, UsernameHistoryTable, UsersTable } from './tables/users.ts';

export interface DB {
  users: UsersTable;
  jobs: JobsTable;
  media_objects: MediaObjectsTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_ratings: ProductRatingsTable;
  product_counts: ProductCountsTable;
  product_hidden_counts: ProductHiddenCountsTable;
  credentials: CredentialsTable;
  refresh_tokens: RefreshTokensTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  user_settings: UserSettingsTable;
  username_history: UsernameHistoryTable;
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
  analytics_events: AnalyticsEventsTable;
  analytics_event_firsts: AnalyticsEventFirstsTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_daily_totals: AnalyticsDailyTotalsTable;
  analytics_rollup_state: AnalyticsRollupStateTable;
  analytics_refusals: AnalyticsRefusalsTable;
  two_factor_secrets: TwoFactorSecretsTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  notifications: NotificationsTable;
  notification_unread: NotificationUnreadTable;
}
