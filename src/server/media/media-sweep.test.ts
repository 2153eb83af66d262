// The sweep of unreferenced media against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and local
// storage: what no row uses and is past the grace period goes, files first; everything else stays.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { ulid } from 'ulid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createJobsRepository } from '../jobs/jobs.repository.ts';
import { createJobHandlers, createRuntimeWorker } from '../runtime.ts';
import { createProductsRepository } from '../modules/products/products.repository.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import type { StorageProvider } from '../storage/storage-provider.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { UNREFERENCED_MEDIA_GRACE_MS } from '../../shared/constants.ts';
import { createMediaRepository, type MediaRepository } from './media.repository.ts';
import { SWEEP_MEDIA_JOB, sweepUnreferencedMedia } from './media-sweep.service.ts';
import { listFiles } from './media.test-helpers.ts';
import { TRANSCODE_VIDEO_JOB } from './videos.service.ts';
import type { MediaVariant } from '../db/tables/media-objects.ts';

let testDatabase: TestDatabase;
let media: MediaRepository;
let storage: StorageProvider;
let mediaDir: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  media = createMediaRepository(testDatabase.database.db);
  mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lootklip-sweep-test-'));
  storage = createLocalStorage(mediaDir);
});
afterAll(async () => {
  await testDatabase.drop();
  await fs.rm(mediaDir, { recursive: true, force: true });
});
beforeEach(async () => {
  const { db } = testDatabase.database;
  await db.deleteFrom('product_images').execute();
  await db.deleteFrom('products').execute();
  await db.deleteFrom('users').execute();
  await db.deleteFrom('media_objects').execute();
  await db.deleteFrom('jobs').execute();
  await fs.rm(mediaDir, { recursive: true, force: true });
});

/** An image row with three stored variants, created `ageMs` ago. Keys may be shared to model identical bytes. */
async function createImage(ageMs: number, keys = [1, 2, 3].map(() => `img/${ulid()}.webp`)): Promise<string> {
  const id = ulid();
  const variants: MediaVariant[] = keys.map((key, index) => ({
    key,
    width: 320 * (index + 1),
    height: 320 * (index + 1),
    format: 'webp',
    bytes: 4,
  }));
  for (const key of keys) await storage.put(key, Buffer.from('webp'), { contentType: 'image/webp' });
  await media.createMediaObject({ id, ownerId: null, kind: 'image', status: 'ready', variants });
  await testDatabase.database.db
    .updateTable('media_objects')
    .set({ created_at: sql`now() - ${ageMs} * interval '1 millisecond'` })
    .where('id', '=', id)
    .execute();
  return id;
}

async function keysOf(id: string): Promise<string[]> {
  const row = await media.findMediaObject(id);
  return [...row!.variants.map((variant) => variant.key), ...(row!.poster ? [row!.poster.key] : [])];
}

async function createUser(
  fields: { avatar_media_id?: string; cover_media_id?: string } = {},
): Promise<string> {
  const id = ulid();
  await testDatabase.database.db
    .insertInto('users')
    .values({ id, email: `${id}@example.com`, username: id.toLowerCase(), ...fields })
    .execute();
  return id;
}

async function addProductImage(mediaId: string): Promise<void> {
  const ownerId = await createUser();
  const productId = ulid();
  // Only the columns the sweep's test needs; the rest keep their defaults.
  await sql`insert into products (id, owner_id, name, price) values (${productId}, ${ownerId}, 'Mug', 100)`.execute(
    testDatabase.database.db,
  );
  await testDatabase.database.db
    .insertInto('product_images')
    .values({ product_id: productId, media_id: mediaId, position: 0 })
    .execute();
}

const OLD = UNREFERENCED_MEDIA_GRACE_MS + 60_000;
const FRESH = UNREFERENCED_MEDIA_GRACE_MS - 60 * 60_000;

describe('sweepUnreferencedMedia', () => {
  it('removes an old unreferenced image from storage and the table, and keeps referenced and fresh ones', async () => {
    const orphan = await createImage(OLD);
    const orphanKeys = await keysOf(orphan);
    const productImage = await createImage(OLD);
    await addProductImage(productImage);
    const avatar = await createImage(OLD);
    const cover = await createImage(OLD);
    const creator = await createUser({ avatar_media_id: avatar, cover_media_id: cover });
    const klipPoster = await createImage(OLD);
    await testDatabase.database.db
      .insertInto('klips')
      .values({ id: ulid(), owner_id: creator, title: 'Mug in use', poster_media_id: klipPoster })
      .execute();
    const fresh = await createImage(FRESH);
    const kept = [productImage, avatar, cover, klipPoster, fresh];
    const keptKeys = (await Promise.all(kept.map(keysOf))).flat();

    expect(await sweepUnreferencedMedia({ db: testDatabase.database.db, storage })).toBe(1);

    expect(await media.findMediaObject(orphan)).toBeUndefined();
    for (const key of orphanKeys) expect(await storage.stat(key)).toBeUndefined();
    for (const id of kept) expect(await media.findMediaObject(id)).toBeDefined();
    expect((await listFiles(mediaDir)).sort()).toEqual(keptKeys.sort());
    // Nothing left to do: a second run changes nothing.
    expect(await sweepUnreferencedMedia({ db: testDatabase.database.db, storage })).toBe(0);
  });

  it('keeps the files an unreferenced row shares with a referenced one (the same bytes uploaded twice)', async () => {
    const used = await createImage(OLD);
    await createUser({ avatar_media_id: used });
    const sharedKeys = await keysOf(used);
    const ownKey = `img/${ulid()}.webp`;
    const twin = await createImage(OLD, [...sharedKeys.slice(0, 2), ownKey]);

    expect(await sweepUnreferencedMedia({ db: testDatabase.database.db, storage })).toBe(1);
    expect(await media.findMediaObject(twin)).toBeUndefined();
    expect(await storage.stat(ownKey)).toBeUndefined();
    for (const key of sharedKeys) expect(await storage.stat(key)).toBeDefined();
  });

  it('removes a video poster and a left-over original along with the variants', async () => {
    const id = ulid();
    const variant = { key: `vid/${ulid()}.mp4`, width: 720, height: 1280, format: 'mp4', bytes: 4 } as const;
    const poster = { ...variant, key: `vid/${ulid()}-poster.jpg`, format: 'jpeg' } as const;
    const sourceKey = `originals/${id}.mp4`;
    for (const key of [variant.key, poster.key, sourceKey])
      await storage.put(key, Buffer.from('data'), { contentType: 'application/octet-stream' });
    await media.createMediaObject({
      id,
      ownerId: null,
      kind: 'video',
      status: 'failed',
      variants: [variant],
      poster,
      sourceKey,
    });
    await testDatabase.database.db
      .updateTable('media_objects')
      .set({ created_at: sql`now() - ${OLD} * interval '1 millisecond'` })
      .execute();

    expect(await sweepUnreferencedMedia({ db: testDatabase.database.db, storage })).toBe(1);
    expect(await listFiles(mediaDir)).toEqual([]);
  });

  it('leaves a video whose transcode is queued or running to its job, however old, and sweeps one a job gave up on', async () => {
    const inHand = ulid();
    const givenUp = ulid();
    for (const id of [inHand, givenUp]) {
      await media.createMediaObject({ id, ownerId: null, kind: 'video', status: 'processing', variants: [] });
    }
    await testDatabase.database.db
      .updateTable('media_objects')
      .set({ created_at: sql`now() - ${OLD} * interval '1 millisecond'` })
      .where('id', 'in', [inHand, givenUp])
      .execute();
    const jobs = createJobsRepository(testDatabase.database.db);
    await jobs.create({ type: TRANSCODE_VIDEO_JOB, payload: { mediaId: inHand, sourceKey: 'originals/x' } });
    const failed = await jobs.create({
      type: TRANSCODE_VIDEO_JOB,
      payload: { mediaId: givenUp, sourceKey: 'originals/y' },
    });
    await testDatabase.database.db
      .updateTable('jobs')
      .set({ status: 'failed' })
      .where('id', '=', failed)
      .execute();

    expect(await sweepUnreferencedMedia({ db: testDatabase.database.db, storage })).toBe(1);
    expect(await media.findMediaObject(inHand)).toMatchObject({ status: 'processing' });
    expect(await media.findMediaObject(givenUp)).toBeUndefined();
    await testDatabase.database.db.deleteFrom('media_objects').where('id', '=', inHand).execute();
    await testDatabase.database.db.deleteFrom('jobs').execute();
  });

  it('deletes the files with no transaction open: the row is marked, and free to lock, while storage works', async () => {
    const orphan = await createImage(OLD);
    const { db } = testDatabase.database;
    const seenWhileDeleting: Array<Date | null> = [];
    const probingStorage: StorageProvider = {
      ...storage,
      async delete(key) {
        // NOWAIT: were the sweep still holding its row lock, this would fail (PostgreSQL) or, on PGlite's one
        // connection, wait for a transaction that waits for us.
        const row = await db
          .selectFrom('media_objects')
          .select('deleting_at')
          .where('id', '=', orphan)
          .forUpdate()
          .noWait()
          .executeTakeFirstOrThrow();
        seenWhileDeleting.push(row.deleting_at);
        await storage.delete(key);
      },
    };

    expect(await sweepUnreferencedMedia({ db, storage: probingStorage })).toBe(1);
    expect(seenWhileDeleting).toHaveLength(3);
    for (const deletingAt of seenWhileDeleting) expect(deletingAt).toBeInstanceOf(Date);
    expect(await media.findMediaObject(orphan)).toBeUndefined();
    expect(await listFiles(mediaDir)).toEqual([]);
  });

  it('finishes a row an interrupted sweep left marked, files partly deleted', async () => {
    const orphan = await createImage(OLD);
    const [firstKey] = await keysOf(orphan);
    const { db } = testDatabase.database;
    await db
      .updateTable('media_objects')
      .set({ deleting_at: sql`now()` })
      .where('id', '=', orphan)
      .execute();
    await storage.delete(firstKey!);

    expect(await sweepUnreferencedMedia({ db, storage })).toBe(1);
    expect(await media.findMediaObject(orphan)).toBeUndefined();
    expect(await listFiles(mediaDir)).toEqual([]);
  });

  it('never hands out a marked row: not as a product image, an avatar or a cover', async () => {
    const { db } = testDatabase.database;
    const owner = await createUser();
    const usable = await createImage(FRESH);
    const marked = await createImage(OLD);
    await db
      .updateTable('media_objects')
      .set({ owner_id: owner })
      .where('id', 'in', [usable, marked])
      .execute();
    await db
      .updateTable('media_objects')
      .set({ deleting_at: sql`now()` })
      .where('id', '=', marked)
      .execute();

    const owned = await createProductsRepository(db).findOwnedImageIds(owner, [usable, marked]);
    expect([...owned]).toEqual([usable]);
    const users = createUsersRepository(db);
    expect(await users.setImage(owner, 'avatar', marked)).toBe(false);
    expect(await users.setImage(owner, 'cover', marked)).toBe(false);
    expect(await users.setImage(owner, 'avatar', usable)).toBe(true);
    const profile = await db
      .selectFrom('users')
      .select(['avatar_media_id', 'cover_media_id'])
      .where('id', '=', owner)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ avatar_media_id: usable, cover_media_id: null });
  });

  it('runs as the periodic job the workers queue', async () => {
    const orphan = await createImage(OLD);
    const jobs = createJobsRepository(testDatabase.database.db);
    const log = pino({ level: 'silent' });
    const handlers = createJobHandlers({
      database: testDatabase.database,
      storage,
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      log,
      jobs,
    });
    // The worker the server and `npm run worker` build.
    const worker = createRuntimeWorker({ jobs, handlers, database: testDatabase.database }, log);
    await worker.start();
    try {
      // Each worker queues the next period's sweep on start (one row, whatever the number of workers)...
      const queued = await testDatabase.database.db
        .selectFrom('jobs')
        .selectAll()
        .where('type', '=', SWEEP_MEDIA_JOB)
        .execute();
      expect(queued).toHaveLength(1);
      // ...which here is made due now.
      await testDatabase.database.db
        .updateTable('jobs')
        .set({ run_at: sql`now()` })
        .where('id', '=', queued[0]!.id)
        .execute();
      await worker.idle();
      expect((await jobs.get(queued[0]!.id))?.status).toBe('done');
      expect(await media.findMediaObject(orphan)).toBeUndefined();
    } finally {
      await worker.stop();
    }
  });
});
