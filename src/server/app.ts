// Builds the Fastify app from its dependencies without listening, so tests drive it with app.inject.
import { randomUUID } from 'node:crypto';
import type { ServerOptions } from 'node:http';
import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerAccessLog } from './http/access-log.ts';
import {
  createClientErrorHandler,
  createFrameworkErrorHandler,
  registerErrorHandler,
} from './http/error-handler.ts';
import { createAttemptLimiter } from './http/attempt-limiter.ts';
import { registerGracefulClose } from './http/graceful-close.ts';
import { healthRoutes } from './http/health.routes.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerOverloadShedding } from './http/overload.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { registerRequestDeadline } from './http/request-deadline.ts';
import { registerRequestTextCheck } from './http/request-text.ts';
import { registerSecurity } from './http/security.ts';
import { registerSpa } from './http/spa.ts';
import { registerStorageFullGuard, watchFreeSpace } from './http/storage-full.ts';
import type { JobsRepository } from './jobs/jobs.repository.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { mediaUploadRoutes } from './media/media-uploads.routes.ts';
import { createMediaRepository } from './media/media.repository.ts';
import { authRoutes, createAuthGuards } from './auth/auth.routes.ts';
import { createAuthService } from './auth/auth.service.ts';
import { createIdTokens } from './auth/id-tokens.ts';
import { createOidc } from './auth/oidc.ts';
import { createTwoFactorService } from './auth/two-factor.service.ts';
import { createTwoFactorSettingsHook } from './auth/two-factor-settings.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { createAccountService } from './modules/account/account.service.ts';
import type { AnalyticsReads } from './modules/analytics/analytics-reads.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { createAnalyticsReads, createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { createContentService } from './modules/content/content.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardStatsService } from './modules/dashboard/dashboard-stats.service.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { linkPreviewRoutes } from './modules/link-preview/link-preview.routes.ts';
import { createPostgresSearchEngine } from './modules/search/postgres-search.repository.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { interactionsRoutes } from './modules/interactions/interactions.routes.ts';
import { createInteractionsService } from './modules/interactions/interactions.service.ts';
import { lootboxRoutes } from './modules/lootbox/lootbox.routes.ts';
import { createLootboxService } from './modules/lootbox/lootbox.service.ts';
import { createNotificationHub } from './modules/notifications/notification-hub.ts';
import { createNotificationSettingsHook } from './modules/notifications/notification-settings-hook.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createOfferSchedule } from './modules/offers/offer-schedule.ts';
import { registerOfferContent } from './modules/offers/offers.content.ts';
import { registerKlipContent } from './modules/klips/klips.content.ts';
import { klipsRoutes } from './modules/klips/klips.routes.ts';
import { createKlipsService } from './modules/klips/klips.service.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { createOffersService } from './modules/offers/offers.service.ts';
import { registerProductContent } from './modules/products/products.content.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { createProductsService, type ProductsService } from './modules/products/products.service.ts';
import { createPrivacyHook } from './modules/settings/privacy-hook.ts';
import { createTimeZoneHook } from './modules/settings/time-zone-hook.ts';
import { createTimeZoneRepository } from './modules/settings/time-zone.repository.ts';
import { createPrivacyRepository } from './modules/settings/privacy.repository.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createAccountSettingsHook } from './modules/users/account-settings-hook.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import type { StorageProvider } from './storage/storage-provider.ts';
import { createMailer } from './mail/mailer.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  storage: StorageProvider;
  jobs: JobsRepository;
  redis?: Redis | undefined;
  logger?: FastifyBaseLogger;
  /** Folder of the built client; null serves the API only (API tests). Defaults to dist/client. */
  clientDir?: string | null;
  /**
   * The catalogue's service; benchmarks put one that answers from memory here. Its writes do not reach this app's
   * list cache (benchmarks only read).
   */
  products?: ProductsService;
  /**
   * Epoch ms now, for what depends on the time without a request saying so: which offers are active, when the next
   * starts or ends, how long a list page is kept. Tests move it; Date.now otherwise.
   */
  now?: () => number;
  /** The dashboard's event figures: the analytics module's reads on this database unless another is given. */
  analytics?: AnalyticsReads;
  /** The notification streams' heartbeat and bound per user; tests shorten the heartbeat. */
  notificationStreams?: { heartbeatMs?: number; maxStreamsPerUser?: number };
}

export async function createApp(deps: AppDeps) {
  const { config } = deps;
  const options: FastifyServerOptions & { http: ServerOptions } = {
    // Our onResponse hook writes the one line per request.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    // Trust exactly the configured number of proxy hops, never "everything".
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS,
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // Node reads the request timeout when the server is made: Fastify's own setting, applied after, does not reach
    // the check that cuts off a body still arriving (a slow upload). The check runs every quarter of the timeout
    // (Node's default is every 30 s), so a trickling upload is cut off soon after REQUEST_TIMEOUT_MS.
    http: {
      // An HTTP/1.1 request without Host is still a 400, answered by the security hook with the security headers
      // rather than bare by Node (src/server/http/security.ts).
      requireHostHeader: false,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.REQUEST_TIMEOUT_MS / 4)),
    },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    frameworkErrors: createFrameworkErrorHandler(config),
    clientErrorHandler: createClientErrorHandler(config),
  };
  const app = (
    deps.logger
      ? Fastify({ ...options, loggerInstance: deps.logger })
      : Fastify({ ...options, logger: { level: config.LOG_LEVEL } })
  ).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // One line per request when asked for (LOG_REQUESTS; on in production).
  if (config.LOG_REQUESTS) registerAccessLog(app);
  registerRequestDeadline(app, config.REQUEST_TIMEOUT_MS);
  const closing = registerGracefulClose(app);
  await registerSecurity(app, config);
  // Before everything a request costs (rate-limit counts, sign-in checks, its body): the excess answers 503 at once.
  await registerOverloadShedding(app, config);
  const freeSpace = await watchFreeSpace(config.dataDir, config.STORAGE_MIN_FREE_MB * 1024 * 1024);
  registerStorageFullGuard(app, freeSpace);
  // JSON lists and pages travel compressed; media types that are compressed already (images, video) pass as they
  // are (media and health routes opt out), and the built client's files were compressed at build time (spa.ts).
  // Request bodies are never taken compressed: a small gzip body can unpack to gigabytes. Answers up to 64 KiB are
  // compressed at once rather than through a stream: on two cores the plugin would stream anything past 8 KiB, and
  // a 30 KB Loot Box then waited 1.8 ms for the thread pool's turns instead of 0.2 ms of work (decision 0038).
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    syncThreshold: 64 * 1024,
  });
  await registerRateLimit(app, config, deps.redis);
  await registerOpenApi(app, config);
  registerRequestTextCheck(app);

  await app.register(healthRoutes, { database: deps.database, freeSpace, closing });
  await app.register(mediaRoutes, { storage: deps.storage });

  const { db } = deps.database;
  const idTokens = await createIdTokens(config);
  const twoFactor = createTwoFactorService({
    db,
    encryptionKey: idTokens.deriveSecret('two-factor secrets'),
    now: deps.now,
  });
  const auth = createAuthService({ db, idTokens, config, twoFactor });
  const { requireUser, optionalUser } = createAuthGuards(auth);
  // One set of sign-in attempt counts: a wrong password at account deletion counts as a failed sign-in.
  const attemptLimiter = createAttemptLimiter(deps.redis);
  await app.register(authRoutes, {
    limiter: attemptLimiter,
    auth,
    idTokens,
    config,
    requireUser,
    oidc: createOidc(config),
    redis: deps.redis,
    twoFactor,
  });
  const images = {
    storage: deps.storage,
    media: createMediaRepository(db),
    quotaBytes: config.MEDIA_QUOTA_BYTES,
  };
  await app.register(mediaUploadRoutes({ config, images, requireUser, jobs: deps.jobs }));
  // GET and POST /api/v1/content: each domain registers its content types with the content module, and clears its
  // one list cache after a write.
  const now = deps.now ?? Date.now;
  const nowDate = () => new Date(now());
  const content = createContentService({ config, db, now });
  // When offers next start or end: the offer lists' cache expiry; forgotten after any offer write.
  const offerSchedule = createOfferSchedule(db, now);
  const products =
    deps.products ??
    createProductsService({
      db,
      config,
      clearContentLists: content.clearListCache,
      storage: deps.storage,
      log: app.log,
      offerSchedule,
      now: nowDate,
    });
  registerProductContent(content, products);
  const offers = createOffersService({
    db,
    config,
    clearContentLists: content.clearListCache,
    schedule: offerSchedule,
    now: nowDate,
  });
  registerOfferContent(content, offers, offerSchedule);
  const klips = createKlipsService({
    db,
    config,
    storage: deps.storage,
    jobs: deps.jobs,
    clearContentLists: content.clearListCache,
  });
  registerKlipContent(content, klips);
  await app.register(contentRoutes, {
    content,
    requireUser,
    optionalUser,
    listingsNeedSignIn: config.LISTINGS_NEED_SIGN_IN,
  });
  await app.register(productsRoutes, { products, images, requireUser, optionalUser });
  await app.register(offersRoutes, { offers, requireUser, optionalUser });
  await app.register(klipsRoutes, { klips, requireUser, optionalUser });
  await app.register(lootboxRoutes, {
    lootbox: createLootboxService({ db, config, now: nowDate }),
    requireUser,
  });
  const users = createUsersService({ db, config });
  await app.register(usersRoutes, {
    users,
    // A creator's products: the content module's product list, through its cache as GET /api/v1/content.
    products: { list: (query, readerId) => content.list(query, readerId) },
    config,
    images,
    requireUser,
    optionalUser,
  });
  // The user's activity: recorded in the interactions' transactions, streamed live (decision 0078).
  const notificationHub = createNotificationHub(deps.redis, app.log);
  app.addHook('onClose', () => notificationHub.close());
  const notificationMailer = createMailer(config, app.log);
  app.addHook('onClose', async () => notificationMailer.close());
  const notifications = createNotificationsService({
    db,
    now: nowDate,
    hub: notificationHub,
    mailer: notificationMailer,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  await app.register(notificationsRoutes, {
    notifications,
    hub: notificationHub,
    requireUser,
    authenticate: (token) => auth.authenticate(token),
    ...deps.notificationStreams,
  });
  await app.register(interactionsRoutes, {
    interactions: createInteractionsService({ db, config, now: nowDate, notifications }),
    requireUser,
    optionalUser,
  });
  // POST /api/v1/events; refusal counts written every ANALYTICS_REFUSALS_FLUSH_MS and at close (decision 0064).
  const analytics = createAnalyticsService({ db, secret: idTokens.deriveSecret('analytics hashes'), now });
  await app.register(analyticsRoutes, {
    analytics,
    rateLimitMax: config.ANALYTICS_EVENTS_RATE_LIMIT_MAX,
    rateLimitWindowMs: config.RATE_LIMIT_WINDOW_MS,
  });
  const flushRefusals = () =>
    analytics.flushRefusals().catch((error: Error) => {
      app.log.warn({ err: error.message }, 'analytics refusal counts not written; kept for the next try');
    });
  const refusalsTimer = setInterval(() => void flushRefusals(), config.ANALYTICS_REFUSALS_FLUSH_MS);
  refusalsTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(refusalsTimer);
    await flushRefusals();
  });
  // The seller's dashboard reads each list through the module that owns it (decision 0065).
  await app.register(dashboardRoutes, {
    dashboard: createDashboardService({ db, now: nowDate, products, klips, offers, users }),
    stats: createDashboardStatsService({
      db,
      now: nowDate,
      analytics: deps.analytics ?? createAnalyticsReads(db),
      klips,
      products,
    }),
    requireUser,
  });
  await app.register(linkPreviewRoutes);
  await app.register(searchRoutes, {
    search: createSearchService({
      db,
      config,
      engine: createPostgresSearchEngine(db),
      products,
      klips,
      offers,
      now: nowDate,
    }),
    requireUser,
    optionalUser,
    listingsNeedSignIn: config.LISTINGS_NEED_SIGN_IN,
  });
  await app.register(settingsRoutes, {
    settings: createSettingsService({
      settings: createSettingsRepository(db),
      hooks: [
        createAccountSettingsHook(users),
        createTwoFactorSettingsHook(twoFactor),
        createNotificationSettingsHook(notifications),
        // Privacy lives on the user row, where the catalogue's reads filter on it (decision 0071).
        createPrivacyHook({
          privacy: createPrivacyRepository(db),
          clearContentLists: content.clearListCache,
        }),
        // The time zone lives on the user row, where the dashboard's days are cut in SQL (decision 0079).
        createTimeZoneHook({ timeZones: createTimeZoneRepository(db) }),
      ],
    }),
    requireUser,
  });

  await app.register(accountRoutes, {
    account: createAccountService({
      db,
      storage: deps.storage,
      clearContentLists: content.clearListCache,
      forgetOfferSchedule: () => offerSchedule.forget(),
      log: app.log,
    }),
    requireUser,
    limiter: attemptLimiter,
  });

  await registerSpa(app, config, deps.clientDir);

  return app;
}

export type App = Awaited<ReturnType<typeof createApp>>;
