// Test-only helpers for the media tests: a bare Fastify app with multipart, an error handler shaped like the app's,
// the media route and upload routes that call the real upload functions; multipart bodies; fixtures made at run time.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { AppError } from '../errors.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import type { StorageProvider } from '../storage/storage-provider.ts';
import { acceptImageUpload, createImageBatch } from './images.service.ts';
import { createMediaRepository, type MediaRepository } from './media.repository.ts';
import { mediaRoutes } from './media.routes.ts';
import { findFfmpeg } from './ffmpeg.ts';
import { acceptVideoUpload } from './videos.service.ts';

export interface MediaTestContext {
  app: FastifyInstance;
  database: Database;
  media: MediaRepository;
  storage: StorageProvider;
  rootDir: string;
  mediaDir: string;
  uploadDir: string;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function createMediaTestContext(
  options: {
    wrapStorage?: (storage: StorageProvider) => StorageProvider;
    wrapMedia?: (media: MediaRepository) => MediaRepository;
    /**
     * Uploads are stored for this user (a users row is made for it) under this quota; without it they have no
     * owner, and so no quota.
     */
    owner?: { id: string; quotaBytes: number };
  } = {},
): Promise<MediaTestContext> {
  const rootDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lootklip-media-test-'));
  const mediaDir = path.join(rootDir, 'media');
  const uploadDir = path.join(rootDir, 'uploads');
  const database = await openDatabase({ dataDir: undefined });
  await migrate(database);
  const realMedia = createMediaRepository(database.db);
  const media = options.wrapMedia ? options.wrapMedia(realMedia) : realMedia;
  const realStorage = createLocalStorage(mediaDir);
  const storage = options.wrapStorage ? options.wrapStorage(realStorage) : realStorage;

  const ownerId = options.owner?.id ?? null;
  const quotaBytes = options.owner?.quotaBytes;
  if (options.owner) {
    await database.db
      .insertInto('users')
      .values({ id: options.owner.id, email: `${options.owner.id}@example.in`, username: options.owner.id })
      .execute();
  }

  const ffmpeg = await findFfmpeg({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
  const app = Fastify({ logger: false });
  await app.register(multipart, { attachFieldsToBody: false });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ success: false, code: error.code, message: error.message });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status < 500)
      return reply.status(status).send({ success: false, message: (error as Error).message });
    return reply.status(500).send({ success: false, message: 'internal' });
  });
  await app.register(mediaRoutes, { storage });
  app.post('/test/images', async (request) => ({
    success: true,
    data: await acceptImageUpload(request, { storage, media, uploadDir, quotaBytes }, { ownerId }),
  }));
  // Every file part of the body through one ImageBatch, as the product edit stores its images.
  app.post('/test/image-batch', async (request) => {
    const batch = createImageBatch({ storage, media, uploadDir, quotaBytes }, { ownerId });
    const data = [];
    for await (const part of request.parts())
      if (part.type === 'file') data.push(await batch.acceptPart(part));
    return { success: true, data };
  });
  app.post('/test/videos', async (request) => ({
    success: true,
    data: await acceptVideoUpload(request, { storage, media, uploadDir, ffmpeg, quotaBytes }, { ownerId }),
  }));
  await app.ready();

  return {
    app,
    database,
    media: realMedia,
    storage,
    rootDir,
    mediaDir,
    uploadDir,
    async reset() {
      await database.db.deleteFrom('media_objects').execute();
      await fs.rm(mediaDir, { recursive: true, force: true });
      await fs.rm(uploadDir, { recursive: true, force: true });
    },
    async close() {
      await app.close();
      await database.close();
      await fs.rm(rootDir, { recursive: true, force: true });
    },
  };
}

/** Every file under dir (recursively), as paths relative to it; a missing dir has none. */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export const MULTIPART_BOUNDARY = '----lootklip-test-boundary';

export function buildMultipartHead(filename: string, contentType: string, field = 'file'): Buffer {
  return Buffer.from(
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
}

export const MULTIPART_TAIL = Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`);

export function buildMultipartBody(filename: string, contentType: string, content: Buffer): Buffer {
  return Buffer.concat([buildMultipartHead(filename, contentType), content, MULTIPART_TAIL]);
}

export const MULTIPART_CONTENT_TYPE = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;

/** Polls until check() is true, for events with no hook to await (files appearing or vanishing on disk). */
export async function waitFor(
  check: () => Promise<boolean>,
  { timeoutMs = 10_000, what = 'condition' } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
