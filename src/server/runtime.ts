// Opens everything the server and the worker share: database (migrated), storage, Redis, jobs and handlers.
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { createJobsRepository, type JobsRepository } from './jobs/jobs.repository.ts';
import type { JobHandlers } from './jobs/worker.ts';
import { findFfmpeg } from './media/ffmpeg.ts';
import { TRANSCODE_VIDEO_JOB, transcodeVideoJob, type TranscodeVideoPayload } from './media/videos.ts';
import { createStorage } from './storage/create-storage.ts';
import type { StorageProvider } from './storage/storage-provider.ts';

export interface Runtime {
  config: Config;
  database: Database;
  storage: StorageProvider;
  jobs: JobsRepository;
  redis: Redis | undefined;
  handlers: JobHandlers;
  close(): Promise<void>;
}

/** Says at start which ffmpeg the video pipeline will use; a missing one is a warning, not a failed start. */
async function logFfmpeg(config: Config, log: FastifyBaseLogger): Promise<void> {
  try {
    const tools = await findFfmpeg(config);
    log.info({ ffmpeg: tools.ffmpegPath, source: tools.source, version: tools.version }, 'ffmpeg found');
  } catch (error) {
    log.warn(
      { err: (error as Error).message },
      'no usable ffmpeg: video uploads will fail until one is configured',
    );
  }
}

export async function openRuntime(config: Config, log: FastifyBaseLogger): Promise<Runtime> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  try {
    const applied = await migrate(database);
    if (applied.length > 0) log.info({ applied }, 'migrations applied');
  } catch (error) {
    await database.close();
    throw error;
  }
  const storage = createStorage(config);
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : undefined;
  redis?.on('error', (error) => log.warn({ err: error.message }, 'redis error'));
  const jobs = createJobsRepository(database.db);
  const handlers: JobHandlers = {
    [TRANSCODE_VIDEO_JOB]: (payload) =>
      transcodeVideoJob(payload as unknown as TranscodeVideoPayload, {
        db: database.db,
        storage,
        config,
        log,
      }),
  };
  await logFfmpeg(config, log);
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
    },
  };
}
