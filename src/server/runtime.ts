// Opens everything the server and the worker share: database (migrated), storage, Redis, jobs and handlers.
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { z } from 'zod';
import { createJobsRepository, type JobsRepository } from './jobs/jobs.repository.ts';
import { createWorker, defineJob, type JobHandlers, type Worker } from './jobs/worker.ts';
import { findFfmpeg } from './media/ffmpeg.ts';
import { SWEEP_MEDIA_JOB, sweepUnreferencedMedia } from './media/media-sweep.service.ts';
import { claimProcessUploadDir, releaseProcessUploadDir } from './media/uploads.ts';
import { createIdempotencyKeysRepository } from './modules/content/idempotency-keys.repository.ts';
import { createInteractionsRepository } from './modules/interactions/interactions.repository.ts';
import { createAnalyticsMaintenance } from './modules/analytics/analytics.service.ts';
import { createSearchRecencyRepository } from './modules/search/search-recency.repository.ts';
import {
  giveUpTranscode,
  TRANSCODE_VIDEO_JOB,
  transcodeVideoJob,
  TranscodeVideoPayload,
} from './media/videos.service.ts';
import { DEMO_KLIP_VIDEO_JOB, defineDemoKlipVideoJob } from './seed/demo-klip-videos.ts';
import { createStorage } from './storage/create-storage.ts';
import type { StorageProvider } from './storage/storage-provider.ts';
import type { StartupTimings } from './startup/startup-timings.ts';
import {
  ANALYTICS_MAINTENANCE_INTERVAL_MS,
  ANALYTICS_ROLLUP_INTERVAL_MS,
  HOUSEKEEPING_INTERVAL_MS,
  JOBS_DONE_RETENTION_DAYS,
  JOBS_FAILED_RETENTION_DAYS,
  KLIP_VIEWS_RETENTION_DAYS,
} from '../shared/constants.ts';

export const CLEAN_UP_JOBS_JOB = 'jobs.clean-up';
/** Deletes Idempotency-Keys past their expiry (decision 0034). */
export const CLEAN_UP_IDEMPOTENCY_KEYS_JOB = 'idempotency-keys.clean-up';
/** Deletes klip view rows older than KLIP_VIEWS_RETENTION_DAYS (decision 0041). */
export const CLEAN_UP_KLIP_VIEWS_JOB = 'klip-views.clean-up';
/** Counted events into the daily roll-ups, every minute (decision 0064). */
export const ANALYTICS_ROLLUP_JOB = 'analytics.roll-up';
/** Monthly partitions ahead and retention, daily and once at start (decision 0064). */
export const ANALYTICS_MAINTENANCE_JOB = 'analytics.maintain';
/** Products and klips move on to the next search tier as they age, SEARCH_TIER_DAYS (decision 0082). */
export const AGE_SEARCH_DOCUMENTS_JOB = 'search.age-documents';
const DAY_MS = 24 * 60 * 60 * 1000;
// Three ffmpeg runs of at most 15 minutes each bound a transcode; the lease's heartbeat covers any length.
const TRANSCODE_TIME_LIMIT_MS = 50 * 60_000;
const HOUSEKEEPING_TIME_LIMIT_MS = 10 * 60_000;
/** Periodic jobs carry nothing: an empty object, and nothing else. */
const NoPayload = z.object({}).strict();

/**
 * The server's and the worker's Redis connection: a command fails at once while Redis is away rather than waiting
 * in a queue (the shared limits then fall back as they say). The notifications' Redis test connects the same way.
 */
export const REDIS_OPTIONS = {
  connectTimeout: 1000,
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
} as const;

export interface Runtime {
  config: Config;
  database: Database;
  storage: StorageProvider;
  jobs: JobsRepository;
  redis: Redis | undefined;
  handlers: JobHandlers;
  close(): Promise<void>;
}

/**
 * Says at start which ffmpeg the video pipeline will use; a missing one is a warning, not a failed start, and so
 * is the npm package's static build: from 2018, without the security fixes since, for development only.
 */
export async function logFfmpeg(
  config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  find: typeof findFfmpeg = findFfmpeg,
): Promise<void> {
  try {
    const tools = await find(config);
    const found = { ffmpeg: tools.ffmpegPath, source: tools.source, version: tools.version };
    if (tools.source === 'npm') {
      log.warn(
        found,
        "using the npm package's old static ffmpeg (development only): install Debian's ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH",
      );
    } else {
      log.info(found, 'ffmpeg found');
    }
  } catch (error) {
    log.warn(
      { err: (error as Error).message },
      'no usable ffmpeg: video uploads will fail until one is configured',
    );
  }
}

/** Opens the runtime; `timings` (the server's start) gets how long the database, migrations and ffmpeg took. */
export async function openRuntime(
  config: Config,
  log: FastifyBaseLogger,
  timings?: Pick<StartupTimings, 'end'>,
): Promise<Runtime> {
  log.info('Opening the database and applying its migrations');
  // ffmpeg's version check is a child process of its own: it runs while the database opens, on the other core
  // (bench/restart.ts).
  const ffmpegChecked = logFfmpeg(config, log);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    durableCommits: config.PGLITE_DURABLE_COMMITS,
  });
  timings?.end('database');
  try {
    const applied = await migrate(database);
    if (applied.length > 0) log.info({ applied }, `Migrations applied: ${applied.length}`);
    timings?.end('migrations');
    // At start: the temporary uploads of processes that were killed go now, not never. Inside the try: a claim
    // that fails (an unwritable temporary directory) must not leave the database open and locked.
    const uploads = claimProcessUploadDir();
    if (uploads.removedLeftovers > 0) {
      log.info({ removed: uploads.removedLeftovers }, 'temporary uploads of stopped processes removed');
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  const storage = createStorage(config);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, REDIS_OPTIONS) : undefined;
  redis?.on('error', (error) => log.warn({ err: error.message }, 'redis error'));
  const jobs = createJobsRepository(database.db);
  const handlers = createJobHandlers({ database, storage, config, log, jobs });
  // The analytics maintenance once at start too: this month's partition exists before its first event.
  await jobs.create({ type: ANALYTICS_MAINTENANCE_JOB, payload: {}, runAt: new Date() });
  await ffmpegChecked;
  timings?.end('ffmpeg');
  return {
    config,
    database,
    storage,
    jobs,
    redis,
    handlers,
    async close() {
      redis?.disconnect();
      await database.close();
      releaseProcessUploadDir();
    },
  };
}

/**
 * The worker as the server (in-process jobs) and `npm run worker` run it: every job type, LISTENing on the
 * runtime's database. Built here once so the two cannot drift apart.
 */
export function createRuntimeWorker(
  runtime: Pick<Runtime, 'jobs' | 'handlers' | 'database'>,
  log: FastifyBaseLogger,
  options: { concurrency?: number } = {},
): Worker {
  return createWorker({
    jobs: runtime.jobs,
    handlers: runtime.handlers,
    log,
    database: runtime.database,
    concurrency: options.concurrency,
  });
}

/** Every job type the server runs: its payload schema, time limit and handler (decision 0027). */
export function createJobHandlers(deps: {
  database: Database;
  storage: StorageProvider;
  config: Config;
  log: FastifyBaseLogger;
  jobs: JobsRepository;
}): JobHandlers {
  const { database, storage, config, log, jobs } = deps;
  return {
    [TRANSCODE_VIDEO_JOB]: defineJob({
      schema: TranscodeVideoPayload,
      timeLimitMs: TRANSCODE_TIME_LIMIT_MS,
      handle: (payload, { signal }) =>
        transcodeVideoJob(payload, { db: database.db, storage, config, log, signal }),
      onGiveUp: (payload, { error }) => giveUpTranscode(payload, { db: database.db, log }, error),
    }),
    // The demo klips' originals, drawn after the first start listens (decision 0042).
    [DEMO_KLIP_VIDEO_JOB]: defineDemoKlipVideoJob({ db: database.db, storage, jobs, config, log }),
    [CLEAN_UP_JOBS_JOB]: defineJob({
      schema: NoPayload,
      timeLimitMs: HOUSEKEEPING_TIME_LIMIT_MS,
      everyMs: HOUSEKEEPING_INTERVAL_MS,
      async handle() {
        const now = Date.now();
        const deleted = await jobs.deleteFinished({
          doneBefore: new Date(now - JOBS_DONE_RETENTION_DAYS * DAY_MS),
          failedBefore: new Date(now - JOBS_FAILED_RETENTION_DAYS * DAY_MS),
        });
        if (deleted > 0) log.info({ deleted }, 'finished jobs cleared');
      },
    }),
    [CLEAN_UP_IDEMPOTENCY_KEYS_JOB]: defineJob({
      schema: NoPayload,
      timeLimitMs: HOUSEKEEPING_TIME_LIMIT_MS,
      everyMs: HOUSEKEEPING_INTERVAL_MS,
      async handle() {
        const deleted = await createIdempotencyKeysRepository(database.db).deleteExpired();
        if (deleted > 0) log.info({ deleted }, 'expired idempotency keys deleted');
      },
    }),
    [CLEAN_UP_KLIP_VIEWS_JOB]: defineJob({
      schema: NoPayload,
      timeLimitMs: HOUSEKEEPING_TIME_LIMIT_MS,
      everyMs: HOUSEKEEPING_INTERVAL_MS,
      async handle() {
        // The UTC day the views service writes; rows of the last KLIP_VIEWS_RETENTION_DAYS days and today stay.
        const keepFrom = new Date(Date.now() - KLIP_VIEWS_RETENTION_DAYS * DAY_MS).toISOString().slice(0, 10);
        const deleted = await createInteractionsRepository(database.db).deleteViewsBefore(keepFrom);
        if (deleted > 0) log.info({ deleted }, 'old klip view rows deleted');
      },
    }),
    [ANALYTICS_ROLLUP_JOB]: defineJob({
      schema: NoPayload,
      timeLimitMs: HOUSEKEEPING_TIME_LIMIT_MS,
      everyMs: ANALYTICS_ROLLUP_INTERVAL_MS,
      async handle() {
        await createAnalyticsMaintenance({ db: database.db, now: Date.now }).rollUp();
      },
    }),
    [ANALYTICS_MAINTENANCE_JOB]: defineJob({
      schema: NoPayload,
      timeLimitMs: HOUSEKEEPING_TIME_LIMIT_MS,
      everyMs: ANALYTICS_MAINTENANCE_INTERVAL_MS,
      async handle() {
        await createAnalyticsMaintenance({ db: database.db, now: Date.now }).maintain({
          retentionDays: config.ANALYTICS_RETENTION_DAYS,
          log,
        });
      },
    }),
    [AGE_SEARCH_DOCUMENTS_JOB]: defineJob({
      schema: NoPayload,
      timeLimitMs: HOUSEKEEPING_TIME_LIMIT_MS,
      everyMs: HOUSEKEEPING_INTERVAL_MS,
      async handle() {
        const moved = await createSearchRecencyRepository(database.db).ageDocuments(new Date());
        if (moved > 0) log.info({ moved }, 'search documents moved to an older tier');
      },
    }),
    [SWEEP_MEDIA_JOB]: defineJob({
      schema: NoPayload,
      timeLimitMs: HOUSEKEEPING_TIME_LIMIT_MS,
      everyMs: HOUSEKEEPING_INTERVAL_MS,
      async handle(_payload, { signal }) {
        const removed = await sweepUnreferencedMedia({ db: database.db, storage, signal });
        if (removed > 0) log.info({ removed }, 'unreferenced media removed');
      },
    }),
  };
}
