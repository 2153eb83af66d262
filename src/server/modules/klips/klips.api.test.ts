// Klips through the real app, on PGlite or (with TEST_DATABASE_URL) PostgreSQL (docs/product.md "Klip"; decision
// 0040): creating one from an uploaded video through POST /api/v1/content, its status following the real transcode
// job (ffmpeg), the retry of a failed one, the lists, search and paging, the single klip, the owner's edit and
// delete (its media leaves storage), and bad input that never gets a 5xx.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import pino from 'pino';
import sharp from 'sharp';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Klip } from '../../../shared/contracts/klips.ts';
import { KLIP_PLACEHOLDER_AVATAR } from '../../../shared/constants.ts';
import { KLIP_MESSAGES } from '../../../shared/klip-messages.ts';
import { SERVER_MESSAGES } from '../../../shared/server-messages.ts';
import { findFfmpeg } from '../../media/ffmpeg.ts';
import { buildMultipartBody, listFiles, MULTIPART_CONTENT_TYPE } from '../../media/media.test-helpers.ts';
import { createMediaRepository } from '../../media/media.repository.ts';
import {
  giveUpTranscode,
  TRANSCODE_VIDEO_JOB,
  TranscodeVideoPayload,
  transcodeVideoJob,
  type JobLogger,
} from '../../media/videos.service.ts';
import { createJobsRepository } from '../../jobs/jobs.repository.ts';
import { createWorker } from '../../jobs/worker.ts';
import { createJobHandlers } from '../../runtime.ts';
import { createStorage } from '../../storage/create-storage.ts';
import type { StorageProvider } from '../../storage/storage-provider.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';

const execFileAsync = promisify(execFile);
const silentLog: JobLogger = { info: () => {}, warn: () => {} };

let t: TestApp;
let storage: StorageProvider;
let workDir: string;
let clipPath: string;
/** Other bytes, so other content-addressed keys: what a klip alone stores. */
let otherClipPath: string;
let seller: { token: string; uid: string };
let other: { token: string; uid: string };
let product: { id: string };
let othersProduct: { id: string };

const auth = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });
const db = () => t.testDatabase.database.db;
const mediaDir = () => path.join(t.config.dataDir, 'media');

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000', LIST_CACHE_MS: '0' });
  storage = createStorage(t.config);
  seller = await signUpTestUser(t.app, 'asha.klips', { address: '10.15.0.1' });
  other = await signUpTestUser(t.app, 'ravi.klips', { address: '10.15.0.2' });
  product = await createProduct(seller, 'Brass Diya');
  othersProduct = await createProduct(other, 'Jute Bag');
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lootklip-klips-test-'));
  const tools = await findFfmpeg({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
  clipPath = path.join(workDir, 'clip.mp4');
  // Landscape, so the letterbox to 9:16 is exercised; 1 s keeps the two renditions quick on a shared machine.
  // prettier-ignore
  await execFileAsync(tools.ffmpegPath, [
    '-hide_banner', '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x180:rate=15',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', clipPath,
  ]);
  otherClipPath = path.join(workDir, 'other.mp4');
  // prettier-ignore
  await execFileAsync(tools.ffmpegPath, [
    '-hide_banner', '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=duration=1:size=180x320:rate=15',
    '-c:v', 'libx264', '-preset', 'ultrafast', otherClipPath,
  ]);
}, 60_000);
afterAll(async () => {
  await t.close();
  await fs.rm(workDir, { recursive: true, force: true });
});

async function createProduct(user: { token: string }, name: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: auth(user),
    payload: { type: 'product', category: 'Home', name, price: 500, ...SELLER_CONTACT },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as { id: string };
}

/** What the upload route stores for a video: the original under originals/ and a 'processing' row. */
async function uploadVideo(user: { uid: string }, file = clipPath) {
  const mediaId = ulid();
  const sourceKey = `originals/${mediaId}.mp4`;
  await storage.put(sourceKey, file, { contentType: 'video/mp4' });
  await createMediaRepository(db()).createMediaObject({
    id: mediaId,
    ownerId: user.uid,
    kind: 'video',
    status: 'processing',
    durationMs: 1000,
    sourceKey,
  });
  return { mediaId, sourceKey };
}

function runTranscode(payload: { mediaId: string; sourceKey: string }) {
  return transcodeVideoJob(payload, { db: db(), storage, config: t.config, log: silentLog });
}

function postKlip(body: Record<string, unknown>, user: { token: string } | null = seller) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: user ? auth(user) : {},
    payload: { type: 'klip', ...body },
  });
}

async function createKlip(body: Record<string, unknown>, user = seller): Promise<Klip> {
  const response = await postKlip(body, user);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().klip as Klip;
}

function getKlip(id: string, user: { token: string } | null = null) {
  return t.app.inject({ method: 'GET', url: `/api/v1/klips/${id}`, headers: user ? auth(user) : {} });
}

async function listKlips(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/content?type=klip${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Klip[]; lastEvaluatedKey: string | null; hasMore: boolean };
}

/** A klip whose video is already transcoded: made through the real job. */
async function createActiveKlip(body: Record<string, unknown>, user = seller): Promise<Klip> {
  const upload = await uploadVideo(user);
  const klip = await createKlip({ videoId: upload.mediaId, ...body }, user);
  await runTranscode(upload);
  return (await getKlip(klip.id)).json().klip as Klip;
}

describe('creating a klip and its processing', () => {
  it('is processing until the transcode job ends, then active with both renditions and the poster', async () => {
    const upload = await uploadVideo(seller);
    const created = await createKlip({
      title: '  Brass diya in daylight ',
      description: 'Polished by hand',
      tags: ['diwali', 'brass', 'diwali'],
      productId: product.id,
      videoId: upload.mediaId,
    });
    expect(created).toMatchObject({
      type: 'klip',
      status: 'processing',
      title: 'Brass diya in daylight',
      tags: ['diwali', 'brass'],
      productId: product.id,
      uid: seller.uid,
      userName: 'asha.klips',
      userAvatar: KLIP_PLACEHOLDER_AVATAR,
      video: null,
      views: 0,
      likes: 0,
      commentCount: 0,
    });
    expect(created.contentId).toBe(created.id);
    // Not public while processing; the owner sees it.
    expect((await getKlip(created.id)).statusCode).toBe(404);
    expect((await getKlip(created.id, other)).statusCode).toBe(404);
    expect((await getKlip(created.id, seller)).json().klip.status).toBe('processing');
    expect((await listKlips(`&contentId=${created.id}`)).items).toEqual([]);

    await runTranscode(upload);
    const active = (await getKlip(created.id)).json().klip as Klip;
    expect(active.status).toBe('active');
    expect(active.video).toMatch(/^\/media\/vid\/[0-9a-f]{64}\.mp4$/);
    expect(active.renditions?.hd).toBe(active.video);
    expect(active.renditions?.sd).toMatch(/^\/media\/vid\/[0-9a-f]{64}\.mp4$/);
    expect(active.renditions?.sd).not.toBe(active.renditions?.hd);
    expect(active.thumbnail).toMatch(/^\/media\//);
    expect(active.posterSrcSet?.webp).toMatch(/\.webp \d+w/);
    expect(active.posterSrcSet?.avif).toMatch(/\.avif \d+w/);
    expect(active.duration).toBeGreaterThan(0.5);
    expect(active.metadata).toEqual({
      uid: seller.uid,
      userName: 'asha.klips',
      userAvatar: KLIP_PLACEHOLDER_AVATAR,
      views: 0,
    });
    const served = await t.app.inject({ method: 'GET', url: active.renditions!.sd });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect((await listKlips(`&contentId=${created.id}`)).items.map((item) => item.id)).toEqual([created.id]);

    // A crash after the work (the job runs again): nothing changes, no file is added.
    const files = (await listFiles(mediaDir())).sort();
    await runTranscode(upload);
    expect((await getKlip(created.id)).json().klip).toEqual(active);
    expect((await listFiles(mediaDir())).sort()).toEqual(files);
  }, 120_000);

  it('fails with the reason when the video cannot be transcoded, and a retry with a new upload succeeds', async () => {
    const broken = path.join(workDir, 'broken.mp4');
    const original = await fs.readFile(clipPath);
    // The container header stays (still "an MP4"); the media data is destroyed.
    await fs.writeFile(
      broken,
      Buffer.concat([original.subarray(0, 64), Buffer.alloc(original.length - 64, 7)]),
    );
    const upload = await uploadVideo(seller, broken);
    const klip = await createKlip({ title: 'Broken', videoId: upload.mediaId });
    await runTranscode(upload);
    const failed = (await getKlip(klip.id, seller)).json().klip as Klip;
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toEqual(expect.any(String));
    expect(failed.failureReason).not.toBe('');
    expect((await getKlip(klip.id)).statusCode).toBe(404);

    const retry = (body: unknown, user = seller) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/klips/${klip.id}/retry`,
        headers: auth(user),
        payload: body as object,
      });
    // The original is gone with the failure: only a new upload can help.
    const needsUpload = await retry({});
    expect(needsUpload.statusCode).toBe(409);
    expect(needsUpload.json().message).toBe(KLIP_MESSAGES.retryNeedsUpload);
    // Only the owner retries.
    const fresh = await uploadVideo(seller);
    expect((await retry({ videoId: fresh.mediaId }, other)).statusCode).toBe(404);
    const retried = await retry({ videoId: fresh.mediaId });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().klip).toMatchObject({ status: 'processing', failureReason: null });
    await runTranscode(fresh);
    expect((await getKlip(klip.id)).json().klip.status).toBe('active');
    const active = await retry({});
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toBe(KLIP_MESSAGES.retryActive);
  }, 120_000);

  it('queues the transcode again, once, for a failed klip whose original is still kept', async () => {
    const upload = await uploadVideo(seller);
    const klip = await createKlip({ title: 'Given up on', videoId: upload.mediaId });
    // The job gave up on a passing fault (storage down, say): the klip failed, the original is still there.
    await db()
      .updateTable('klips')
      .set({ status: 'failed', failure_reason: 'gave up' })
      .where('id', '=', klip.id)
      .execute();
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/v1/klips/${klip.id}/retry`,
      headers: auth(seller),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().klip.status).toBe('processing');
    // Asked again while the job is queued (a double click, or a klip stuck processing): still one job.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/klips/${klip.id}/retry`,
      headers: auth(seller),
    });
    expect(again.statusCode, again.body).toBe(200);
    const jobs = await db()
      .selectFrom('jobs')
      .select(['type', 'payload', 'status'])
      .where('type', '=', TRANSCODE_VIDEO_JOB)
      .execute();
    const mine = jobs.filter((job) => (job.payload as { mediaId?: string }).mediaId === upload.mediaId);
    expect(mine).toHaveLength(1);
    await runTranscode(upload);
    expect((await getKlip(klip.id)).json().klip.status).toBe('active');
  }, 120_000);
});

describe('when the transcode job gives up', () => {
  /** The server's own job handlers and worker, with an ffmpeg that does not exist: every attempt fails. */
  function startBrokenWorker(log = pino({ level: 'silent' })) {
    const database = t.testDatabase.database;
    const jobs = createJobsRepository(database.db);
    const config = { ...t.config, FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' };
    const handlers = createJobHandlers({ database, storage, config, log, jobs });
    const worker = createWorker({
      jobs,
      handlers: { [TRANSCODE_VIDEO_JOB]: handlers[TRANSCODE_VIDEO_JOB]! },
      log,
    });
    return { jobs, worker };
  }

  it('marks the video and its klip failed with a readable reason after the last attempt, and retry recovers', async () => {
    const upload = await uploadVideo(seller);
    const klip = await createKlip({ title: 'No ffmpeg today', videoId: upload.mediaId });
    const { jobs, worker } = startBrokenWorker();
    const jobId = await jobs.create({ type: TRANSCODE_VIDEO_JOB, payload: upload, maxAttempts: 2 });
    await worker.start();
    try {
      await worker.idle();
      // One attempt failed and another is due: still processing, nothing given up yet.
      expect((await jobs.get(jobId))?.status).toBe('queued');
      expect((await getKlip(klip.id, seller)).json().klip.status).toBe('processing');
      await db().updateTable('jobs').set({ run_at: new Date() }).where('id', '=', jobId).execute();
      await worker.idle();
    } finally {
      await worker.stop();
    }
    const job = await jobs.get(jobId);
    expect(job).toMatchObject({ status: 'failed', attempts: 2 });
    expect(job?.last_error).toMatch(/FFMPEG_PATH=\/nonexistent\/ffmpeg does not run/);
    const failed = (await getKlip(klip.id, seller)).json().klip as Klip;
    expect(failed).toMatchObject({ status: 'failed', failureReason: SERVER_MESSAGES.videoProcessingGaveUp });
    const media = await createMediaRepository(db()).findMediaObject(upload.mediaId);
    expect(media).toMatchObject({ status: 'failed', failureReason: SERVER_MESSAGES.videoProcessingGaveUp });
    // The original is kept for the retry.
    expect(await storage.stat(upload.sourceKey)).toBeTruthy();

    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/v1/klips/${klip.id}/retry`,
      headers: auth(seller),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().klip).toMatchObject({ status: 'processing', failureReason: null });
    expect((await createMediaRepository(db()).findMediaObject(upload.mediaId))?.status).toBe('processing');
    const queued = (
      await db()
        .selectFrom('jobs')
        .select(['id', 'payload', 'status'])
        .where('status', '=', 'queued')
        .execute()
    ).filter((row) => (row.payload as { mediaId?: string }).mediaId === upload.mediaId);
    expect(queued).toHaveLength(1);
    // ffmpeg is back: the queued transcode, run by the real handler, makes the klip active.
    await runTranscode(TranscodeVideoPayload.parse(queued[0]!.payload));
    expect((await getKlip(klip.id)).json().klip.status).toBe('active');
    expect(await storage.stat(upload.sourceKey)).toBeFalsy();
  }, 120_000);

  it('leaves a klip that became active meanwhile, and a video done meanwhile, as they are', async () => {
    const upload = await uploadVideo(seller);
    const klip = await createKlip({ title: 'Done elsewhere', videoId: upload.mediaId });
    await runTranscode(upload);
    const { jobs, worker } = startBrokenWorker();
    // A stale job for the same video: the handler finds it done and returns before it looks for ffmpeg; a give-up
    // on a done video must change nothing either.
    await giveUpTranscode(upload, { db: db(), log: silentLog }, 'late');
    const jobId = await jobs.create({ type: TRANSCODE_VIDEO_JOB, payload: upload, maxAttempts: 1 });
    await worker.start();
    await worker.idle();
    await worker.stop();
    expect((await jobs.get(jobId))?.status).toBe('done');
    expect((await getKlip(klip.id)).json().klip.status).toBe('active');
    expect((await createMediaRepository(db()).findMediaObject(upload.mediaId))?.status).toBe('ready');
  }, 120_000);
});

describe('the whole path: upload, klip, the queued job', () => {
  it('uploads a video through POST /api/v1/media/videos, queues its transcode once, and the klip follows it', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media/videos',
      headers: { ...auth(seller), 'content-type': MULTIPART_CONTENT_TYPE },
      payload: buildMultipartBody('phone.mp4', 'video/mp4', await fs.readFile(clipPath)),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { id: videoId, status } = upload.json().data as { id: string; status: string };
    expect(status).toBe('processing');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/media/videos',
          payload: buildMultipartBody('phone.mp4', 'video/mp4', await fs.readFile(clipPath)),
          headers: { 'content-type': MULTIPART_CONTENT_TYPE },
        })
      ).statusCode,
    ).toBe(401);
    // The poster frame the seller picked in the browser, uploaded as an image.
    const png = await sharp({ create: { width: 90, height: 160, channels: 3, background: '#c08040' } })
      .png()
      .toBuffer();
    const poster = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media/images',
      headers: { ...auth(seller), 'content-type': MULTIPART_CONTENT_TYPE },
      payload: buildMultipartBody('poster.png', 'image/png', png),
    });
    expect(poster.statusCode, poster.body).toBe(201);
    const posterId = poster.json().data.id as string;
    const klip = await createKlip({ title: 'From the phone', videoId, productId: product.id, posterId });
    expect(klip.status).toBe('processing');
    const jobs = (
      await db().selectFrom('jobs').select(['payload']).where('type', '=', TRANSCODE_VIDEO_JOB).execute()
    ).filter((job) => (job.payload as { mediaId?: string }).mediaId === videoId);
    expect(jobs).toHaveLength(1);
    // The worker's path: the queued payload, checked as the worker checks it, then the handler.
    await runTranscode(TranscodeVideoPayload.parse(jobs[0]!.payload));
    const active = (await getKlip(klip.id)).json().klip as Klip;
    expect(active).toMatchObject({ status: 'active', productId: product.id });
    // The seller's poster, not the frame the transcode took.
    expect(active.thumbnail).toBe(poster.json().data.url);
    expect(active.posterSrcSet?.webp).toBe(poster.json().data.srcSet.webp);
  }, 120_000);
});

describe('bad input on create', () => {
  it('refuses what is not the caller’s own, or not a video, naming the field', async () => {
    const upload = await uploadVideo(seller);
    const othersUpload = await uploadVideo(other);
    const image = ulid();
    await createMediaRepository(db()).createMediaObject({
      id: image,
      ownerId: seller.uid,
      kind: 'image',
      status: 'ready',
      width: 10,
      height: 10,
    });
    const othersImage = ulid();
    await createMediaRepository(db()).createMediaObject({
      id: othersImage,
      ownerId: other.uid,
      kind: 'image',
      status: 'ready',
      width: 10,
      height: 10,
    });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ videoId: upload.mediaId }, /title/i],
      [{ title: '   ', videoId: upload.mediaId }, /title/i],
      [{ title: 'x'.repeat(10_240), videoId: upload.mediaId }, /title/i],
      [{ title: 'Ok' }, /videoId/],
      [{ title: 'Ok', videoId: upload.mediaId, productId: othersProduct.id }, /^productId: /],
      [{ title: 'Ok', videoId: upload.mediaId, productId: 'no-such-product' }, /^productId: /],
      [{ title: 'Ok', videoId: othersUpload.mediaId }, /^videoId: /],
      [{ title: 'Ok', videoId: 'no-such-video' }, /^videoId: /],
      [{ title: 'Ok', videoId: image }, /^videoId: .*image/],
      [{ title: 'Ok', videoId: upload.mediaId, tags: 'not a list' }, /tags/],
      [{ title: 'Ok', videoId: upload.mediaId, posterId: upload.mediaId }, /^posterId: /],
      [{ title: 'Ok', videoId: upload.mediaId, posterId: othersImage }, /^posterId: /],
    ];
    for (const [body, message] of cases) {
      const response = await postKlip(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await postKlip({ title: 'Ok', videoId: upload.mediaId }, null)).statusCode).toBe(401);
    const count = await db()
      .selectFrom('klips')
      .select(db().fn.countAll().as('n'))
      .where('video_media_id', '=', upload.mediaId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('ignores counters, owner and status sent in the body', async () => {
    const upload = await uploadVideo(seller);
    const klip = await createKlip({
      title: 'Sneaky',
      videoId: upload.mediaId,
      views: 999,
      likes: 50,
      commentCount: 7,
      uid: other.uid,
      userId: other.uid,
      status: 'active',
    });
    expect(klip).toMatchObject({
      views: 0,
      likes: 0,
      commentCount: 0,
      uid: seller.uid,
      status: 'processing',
    });
  });

  it('never answers a random body with a 5xx', async () => {
    const upload = await uploadVideo(seller);
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            title: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
            description: fc.oneof(fc.string(), fc.array(fc.string())),
            tags: fc.oneof(fc.array(fc.string()), fc.string(), fc.constant({})),
            productId: fc.oneof(fc.string(), fc.constant(product.id), fc.constant(null)),
            videoId: fc.oneof(fc.string(), fc.constant(upload.mediaId), fc.integer()),
            posterId: fc.oneof(fc.string(), fc.constant(upload.mediaId), fc.constant(null)),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const response = await postKlip(body);
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
    const patches = await fc.sample(fc.object(), 30);
    for (const body of patches) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/klips/${ulid()}`,
        headers: auth(seller),
        payload: body,
      });
      expect(response.statusCode).toBeLessThan(500);
    }
  }, 60_000);
});

describe('random and extra input on the owner’s own klip', () => {
  const malformed = [
    '',
    '{',
    '{"title":',
    'null',
    '[]',
    '"text"',
    '12',
    '{"title":"\u0000"}',
    '{"tags":[[]]}',
  ];

  it('never answers PATCH or retry of a real klip with a 5xx, for random values and broken JSON', async () => {
    const upload = await uploadVideo(seller);
    const klip = await createKlip({ title: 'Target', videoId: upload.mediaId, productId: product.id });
    const send = (method: 'PATCH' | 'POST', target: string, payload: string) =>
      t.app.inject({
        method,
        url: `/api/v1/klips/${klip.id}${target}`,
        headers: { ...auth(seller), 'content-type': 'application/json' },
        payload,
      });
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            title: fc.anything(),
            description: fc.anything(),
            tags: fc.oneof(fc.array(fc.anything()), fc.anything()),
            productId: fc.oneof(fc.string(), fc.constant(othersProduct.id), fc.anything()),
            videoId: fc.oneof(fc.string(), fc.constant(upload.mediaId), fc.anything()),
            posterId: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          for (const response of [
            await send('PATCH', '', JSON.stringify(body)),
            await send('POST', '/retry', JSON.stringify(body)),
          ]) {
            if (response.statusCode >= 500) throw new Error(`${response.statusCode}: ${response.body}`);
          }
        },
      ),
      { numRuns: 150 },
    );
    for (const text of malformed) {
      expect((await send('PATCH', '', text)).statusCode).toBeLessThan(500);
      expect((await send('POST', '/retry', text)).statusCode).toBeLessThan(500);
    }
    // Someone else's random edits never reach it.
    const stranger = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klips/${klip.id}`,
      headers: auth(other),
      payload: { title: 'Mine now' },
    });
    expect(stranger.statusCode).toBe(404);
  }, 120_000);

  it('ignores counters, owner and status sent with an edit', async () => {
    const klip = await createActiveKlip({ title: 'Counted' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klips/${klip.id}`,
      headers: auth(seller),
      payload: {
        title: 'Counted, edited',
        views: 999,
        likes: 50,
        commentCount: 7,
        uid: other.uid,
        userId: other.uid,
        status: 'failed',
        ownerId: other.uid,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().klip).toMatchObject({
      title: 'Counted, edited',
      views: 0,
      likes: 0,
      commentCount: 0,
      uid: seller.uid,
      status: 'active',
    });
    const row = await db()
      .selectFrom('klips')
      .select(['owner_id', 'likes', 'views', 'comment_count', 'status'])
      .where('id', '=', klip.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_id: seller.uid, likes: 0, comment_count: 0, status: 'active' });
    expect(Number(row.views)).toBe(0);
  }, 120_000);
});

describe('lists, search and the single klip', () => {
  let mine: Klip[];
  beforeAll(async () => {
    mine = [];
    for (const [index, fields] of [
      { title: 'Copper lota shine', tags: ['copper'] },
      { title: 'Morning chai', description: 'A kulhad of masala tea', tags: ['tea'] },
      { title: 'Jute bag haul', tags: ['eco', 'bags'] },
    ].entries()) {
      mine.push(
        await createActiveKlip({ ...fields, description: fields.description ?? `Klip ${index}` }, other),
      );
    }
  }, 120_000);

  it('pages newest first with lastEvaluatedKey, filters by uid, searches title, description and tags', async () => {
    const page1 = await listKlips(`&uid=${other.uid}&limit=2`);
    expect(page1.items.map((item) => item.id)).toEqual([mine[2]!.id, mine[1]!.id]);
    expect(page1.hasMore).toBe(true);
    const page2 = await listKlips(
      `&uid=${other.uid}&limit=2&lastEvaluatedKey=${encodeURIComponent(page1.lastEvaluatedKey!)}`,
    );
    expect(page2.items.map((item) => item.id)).toEqual([mine[0]!.id]);
    expect(page2).toMatchObject({ hasMore: false, lastEvaluatedKey: null });
    // The default page is 12: every active klip here fits in it.
    const all = await listKlips('');
    expect(all.items.length).toBeLessThanOrEqual(12);
    expect(all.items.every((item) => item.status === 'active')).toBe(true);

    expect((await listKlips('&search=lota')).items.map((item) => item.id)).toEqual([mine[0]!.id]);
    expect((await listKlips('&search=kulhad')).items.map((item) => item.id)).toEqual([mine[1]!.id]);
    expect((await listKlips('&search=eco')).items.map((item) => item.id)).toEqual([mine[2]!.id]);
    expect((await listKlips('&search=zzzz')).items).toEqual([]);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/content?type=klip&lastEvaluatedKey=abc',
    });
    expect(forged.statusCode).toBe(400);
  });

  it('shows the owner every klip of theirs, in every state', async () => {
    const upload = await uploadVideo(other);
    const processing = await createKlip({ title: 'Still processing', videoId: upload.mediaId }, other);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/content/klips?limit=50',
      headers: auth(other),
    });
    expect(response.statusCode).toBe(200);
    const ids = (response.json().items as Klip[]).map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining([processing.id, ...mine.map((klip) => klip.id)]));
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/content/klips' })).statusCode).toBe(401);
  });

  it('lets only the owner edit, and the edit is searchable', async () => {
    const target = mine[0]!;
    const patch = (body: unknown, user = other) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/klips/${target.id}`,
        headers: auth(user),
        payload: body as object,
      });
    expect((await patch({ title: 'Hijacked' }, seller)).statusCode).toBe(404);
    const wrongProduct = await patch({ productId: product.id });
    expect(wrongProduct.statusCode).toBe(400);
    expect(wrongProduct.json().message).toMatch(/^productId: /);
    const edited = await patch({
      title: 'Copper kalash',
      tags: ['puja'],
      productId: othersProduct.id,
      likes: 9,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().klip).toMatchObject({
      title: 'Copper kalash',
      tags: ['puja'],
      productId: othersProduct.id,
      likes: 0,
    });
    expect((await listKlips('&search=puja')).items.map((item) => item.id)).toEqual([target.id]);
    expect((await listKlips('&search=lota')).items).toEqual([]);
  });

  it('lets only the owner delete, and the klip’s media leaves storage', async () => {
    const before = (await listFiles(mediaDir())).sort();
    const upload = await uploadVideo(seller, otherClipPath);
    const klip = await createKlip({ title: 'Short lived', videoId: upload.mediaId });
    await runTranscode(upload);
    const withKlip = (await listFiles(mediaDir())).sort();
    expect(withKlip.length).toBeGreaterThan(before.length);
    const remove = (user: { token: string }) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/klips/${klip.id}`, headers: auth(user) });
    expect((await remove(other)).statusCode).toBe(404);
    expect((await getKlip(klip.id)).statusCode).toBe(200);
    expect((await remove(seller)).statusCode).toBe(200);
    expect((await getKlip(klip.id, seller)).statusCode).toBe(404);
    expect((await listFiles(mediaDir())).sort()).toEqual(before);
    const video = await db()
      .selectFrom('media_objects')
      .select('id')
      .where('id', '=', upload.mediaId)
      .execute();
    expect(video).toEqual([]);
    expect((await remove(seller)).statusCode).toBe(404);
  }, 120_000);
});

describe('klips for signed-in shoppers only (LISTINGS_NEED_SIGN_IN)', () => {
  it('answers 401 to a visitor for the listing, and the list to a signed-in user', async () => {
    const gated = await createTestApp({ LISTINGS_NEED_SIGN_IN: 'true', RATE_LIMIT_MAX: '100000' });
    try {
      const visitor = await gated.app.inject({
        method: 'GET',
        url: '/api/v1/content?type=klip&status=active',
      });
      expect(visitor.statusCode).toBe(401);
      const user = await signUpTestUser(gated.app, 'meera.klips', { address: '10.15.0.3' });
      const signedIn = await gated.app.inject({
        method: 'GET',
        url: '/api/v1/content?type=klip&status=active',
        headers: auth(user),
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toMatchObject({ items: [], hasMore: false, lastEvaluatedKey: null });
    } finally {
      await gated.close();
    }
  });
});
