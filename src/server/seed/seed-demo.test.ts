// The demo marketplace seeds into an empty database and its accounts sign in with the documented password; its
// klips are created processing and become active through the real jobs (their drawing, then the transcode).
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobsRepository } from '../jobs/jobs.repository.ts';
import type { Worker } from '../jobs/worker.ts';
import { TRANSCODE_VIDEO_JOB } from '../media/videos.service.ts';
import { createJobHandlers, createRuntimeWorker } from '../runtime.ts';
import { createStorage } from '../storage/create-storage.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { MAX_PAGE_SIZE } from '../../shared/constants.ts';
import type { ProductSummary } from '../../shared/contracts/products.ts';
import { CATEGORY_TREE } from '../../shared/domain/categories.ts';
import { priceLine } from '../../shared/domain/offers.ts';
import { paiseToRupees } from '../../shared/domain/pricing.ts';
import type { Klip } from '../../shared/contracts/klips.ts';
import type { Lootbox } from '../../shared/contracts/lootbox.ts';
import { DEMO_CREATORS, DEMO_PASSWORD, DEMO_SHOPPER } from './demo-creators.ts';
import { DEMO_KLIP_VIDEO_JOB, demoKlipVideoJob } from './demo-klip-videos.ts';
import { DEMO_KLIPS } from './demo-klips.ts';
import { DEMO_LOOTBOX } from './demo-lootbox.ts';
import { DEMO_OFFERS } from './demo-offers.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';
import { isDatabaseEmpty, seedDemoMarketplace } from './seed-demo.ts';
import type { StartupProgress } from '../startup/startup-progress.ts';

let t: TestApp;
/** The seed's log lines. */
const progress: string[] = [];
/** What the seed gave the starting server's page (src/server/startup/startup-server.ts). */
const pageProgress: StartupProgress[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const { database } = t.testDatabase;
  expect(await isDatabaseEmpty(database)).toBe(true);
  const log = pino({ level: 'info' }, { write: (line: string) => void progress.push(JSON.parse(line).msg) });
  await seedDemoMarketplace({
    database,
    storage: createStorage(t.config),
    log,
    onProgress: (step) => pageProgress.push(step),
  });
}, 900_000); // about 200 images through the real pipeline: minutes on a busy shared machine
afterAll(() => t.close());

describe('demo marketplace', () => {
  it('says what it is doing, a line per step with counts (a first start never looks hung)', () => {
    expect(progress).toContain(
      `Seeding demo marketplace: ${DEMO_CREATORS.length}/${DEMO_CREATORS.length} Shop Stars`,
    );
    expect(progress).toContain(`Seeding demo marketplace: 10/${DEMO_PRODUCTS.length} products`);
    expect(progress).toContain(
      `Seeding demo marketplace: ${DEMO_PRODUCTS.length}/${DEMO_PRODUCTS.length} products`,
    );
    expect(progress).toContain(`Seeding demo marketplace: ${DEMO_OFFERS.length} offers`);
    expect(
      progress.filter((line) => line.startsWith('Seeding demo marketplace:')).length,
    ).toBeGreaterThanOrEqual(DEMO_CREATORS.length + Math.floor(DEMO_PRODUCTS.length / 10) + 4);
  });

  it("gives the starting server's page every step, each product counted, as numbers and as the log's line", () => {
    const products = pageProgress.filter((step) => step.step.endsWith(' products'));
    expect(products.map((step) => step.done)).toEqual(DEMO_PRODUCTS.map((_product, index) => index + 1));
    expect(products.every((step) => step.total === DEMO_PRODUCTS.length)).toBe(true);
    expect(products[39]).toEqual({
      step: `Seeding demo marketplace: 40/${DEMO_PRODUCTS.length} products`,
      done: 40,
      total: DEMO_PRODUCTS.length,
    });
    expect(pageProgress[0]).toEqual({
      step: `Seeding demo marketplace: 1/${DEMO_CREATORS.length} Shop Stars`,
      done: 1,
      total: DEMO_CREATORS.length,
    });
    // Every line of the log is on the page too; the page gets the products between them as well.
    expect(progress.filter((line) => line.startsWith('Seeding demo marketplace:'))).toEqual(
      pageProgress.map((step) => step.step).filter((line) => progress.includes(line)),
    );
    expect(pageProgress.at(-1)!.step).toBe(
      `Seeding demo marketplace: ${DEMO_KLIPS.length} klips, playable as the worker transcodes them`,
    );
  });

  it('is no longer empty, and every creator has an avatar and a cover', async () => {
    expect(await isDatabaseEmpty(t.testDatabase.database)).toBe(false);
    for (const creator of DEMO_CREATORS) {
      const profile = (await t.app.inject(`/api/v1/users/username/${creator.username}`)).json().data;
      expect(profile.avatar).toMatch(/^\/media\/img\//);
      expect(profile.coverImage).toMatch(/^\/media\/img\//);
    }
  });

  it('lists three products with three photos in every subcategory, through the real image pipeline', async () => {
    const all = (await t.app.inject('/api/v1/content?type=product&limit=1')).json();
    expect(all.total).toBe(DEMO_PRODUCTS.length);
    for (const [root, subcategories] of Object.entries(CATEGORY_TREE)) {
      for (const sub of subcategories) {
        const page = (
          await t.app.inject(
            `/api/v1/content?type=product&category=${encodeURIComponent(`${root} - ${sub}`)}`,
          )
        ).json();
        expect(page.total, `${root} - ${sub}`).toBeGreaterThanOrEqual(3);
        for (const item of page.items) {
          expect(item.files).toHaveLength(3);
          expect(item.cover?.url).toBe(item.files[0].url);
        }
      }
    }
  });

  it('stores every demo offer, and Hot Deals lists exactly the products of those running now', async () => {
    const { db } = t.testDatabase.database;
    const stored = await db
      .selectFrom('offers')
      .select(['title', 'discount_type', 'discount_value', 'start_at', 'end_at'])
      .execute();
    expect(stored.map((offer) => offer.title).sort()).toEqual(DEMO_OFFERS.map((offer) => offer.title).sort());
    const now = Date.now();
    const running = DEMO_OFFERS.filter((offer) => offer.startDays <= 0 && offer.endDays > 0);
    const runningTitles = stored
      .filter((offer) => new Date(offer.start_at).getTime() <= now && new Date(offer.end_at).getTime() > now)
      .map((offer) => offer.title);
    expect(runningTitles.sort()).toEqual(running.map((offer) => offer.title).sort());
    // Stored as the offers module stores them: 20 % is 2000 basis points, ₹2,000 is 200 000 paise.
    expect(stored.find((offer) => offer.title.startsWith('Diwali'))?.discount_value).toBe(2000);
    expect(stored.find((offer) => offer.title.startsWith('Flat ₹2,000'))?.discount_value).toBe(200_000);

    const deals = (
      await t.app.inject(`/api/v1/content?type=product&source=activeOffers&limit=${MAX_PAGE_SIZE}`)
    ).json();
    expect(deals.hasMore).toBe(false);
    const names = deals.items.map((item: ProductSummary) => item.name);
    expect(names.sort()).toEqual([...new Set(running.flatMap((offer) => offer.products))].sort());
    for (const item of deals.items as ProductSummary[]) {
      const offer = running.find((candidate) => candidate.title === item.activeOffer?.title);
      expect(offer?.products, item.name).toContain(item.name);
      expect(item.finalPrice, item.name).toBe(
        paiseToRupees(priceLine(item, item.activeOffer).unit.finalPrice),
      );
    }
    // The home page's eight are all deals.
    const home = (await t.app.inject('/api/v1/content?type=product&source=activeOffers&limit=8')).json();
    expect(home.items).toHaveLength(8);
    expect(home.hasMore).toBe(true);
  });

  it('lets the demo accounts sign in with the README password', async () => {
    for (const email of [DEMO_SHOPPER.email, DEMO_CREATORS[1]!.email]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, email).toBe(200);
    }
  });

  it('gives a demo Shop Star unread likes, comments and replies on their klips (docs/product.md "Notifications")', async () => {
    const priya = DEMO_CREATORS.find((creator) => creator.username === 'priya.sharma')!;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: priya.email, password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${signIn.json().data.idToken as string}` };
    const count = await t.app.inject({ method: 'GET', url: '/api/v1/notifications/unread-count', headers });
    expect(count.json().unreadCount).toBeGreaterThan(0);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers });
    const kinds = new Set(
      (list.json().items as Array<{ kind: string; unread: boolean }>).map((group) => group.kind),
    );
    expect(kinds).toEqual(new Set(['like', 'comment', 'reply']));
  });

  it('gives the demo shopper an active Loot Box of products from two sellers, one with a running offer', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: DEMO_SHOPPER.email, password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const response = await t.app.inject({
      url: '/api/v1/lootbox?status=active',
      headers: { authorization: `Bearer ${signIn.json().data.idToken}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const lootboxes = response.json().lootboxes as Lootbox[];
    expect(lootboxes).toHaveLength(1);
    const [lootbox] = lootboxes;
    expect(lootbox!.items.map((item) => item.name)).toEqual(DEMO_LOOTBOX.map((item) => item.product));
    expect(lootbox!.items.every((item) => item.available && item.thumbnail.startsWith('/media/'))).toBe(true);
    const sellers = new Set(
      DEMO_LOOTBOX.map((item) => DEMO_PRODUCTS.find((product) => product.name === item.product)!.creator),
    );
    expect(sellers.size).toBe(2);
    const withOffer = lootbox!.items.filter((item) => item.appliedOffer);
    expect(withOffer).toHaveLength(1);
    expect(withOffer[0]!.finalPrice).toBeLessThan(withOffer[0]!.price);
    expect(lootbox!.items.some((item) => item.fromKlip)).toBe(true);
    expect(lootbox!.totalValue).toBe(
      lootbox!.items.reduce((sum, item) => Math.round((sum + item.lineTotal) * 100) / 100, 0),
    );
  });
});

describe('demo klips', () => {
  const db = () => t.testDatabase.database.db;
  const storage = () => createStorage(t.config);
  const silent = pino({ level: 'silent' });

  /**
   * Until no demo drawing or transcode is queued, nor in hand (each job's own time limit bounds the wait). idle()
   * also answers while a failed attempt's retry waits out its back-off, or after a claim that failed under load:
   * such a retry is made due now and the worker asked again, rather than the test sleeping through the back-off.
   */
  async function runVideoJobsToTheEnd(worker: Worker): Promise<void> {
    for (;;) {
      await worker.idle();
      const waiting = await db()
        .updateTable('jobs')
        .set({ run_at: new Date() })
        .where('type', 'in', [DEMO_KLIP_VIDEO_JOB, TRANSCODE_VIDEO_JOB])
        .where('status', '=', 'queued')
        .returning('id')
        .execute();
      if (waiting.length === 0) return;
    }
  }

  it("are created processing, each featuring one of its creator's products, their videos queued", async () => {
    expect(DEMO_KLIPS.length).toBeGreaterThanOrEqual(12);
    const rows = await db()
      .selectFrom('klips as k')
      .innerJoin('users as u', 'u.id', 'k.owner_id')
      .innerJoin('products as p', 'p.id', 'k.product_id')
      .innerJoin('media_objects as m', 'm.id', 'k.video_media_id')
      .select([
        'k.title',
        'k.status',
        'u.username',
        'p.name as product',
        'p.owner_id',
        'k.owner_id as klip_owner',
      ])
      .select(['m.status as media_status', 'm.source_key'])
      .execute();
    expect(rows.map((row) => row.title).sort()).toEqual(DEMO_KLIPS.map((klip) => klip.title).sort());
    for (const row of rows) {
      const demo = DEMO_KLIPS.find((klip) => klip.title === row.title)!;
      expect(row, row.title).toMatchObject({
        status: 'processing',
        username: demo.creator,
        product: demo.product,
        owner_id: row.klip_owner,
        media_status: 'processing',
      });
      // Where an upload keeps its original; not drawn yet: the seed does not wait for ffmpeg.
      expect(row.source_key).toMatch(/^originals\/.+\.mp4$/);
      expect(await storage().stat(row.source_key!)).toBeFalsy();
    }
    const creators = new Set(DEMO_KLIPS.map((klip) => klip.creator));
    expect(creators.size).toBe(DEMO_CREATORS.length);
    const jobs = await db().selectFrom('jobs').select(['type', 'status']).execute();
    expect(jobs.filter((job) => job.type === DEMO_KLIP_VIDEO_JOB && job.status === 'queued')).toHaveLength(
      DEMO_KLIPS.length,
    );
    expect(jobs.filter((job) => job.type === TRANSCODE_VIDEO_JOB)).toHaveLength(0);
    // Nothing to play yet.
    expect((await t.app.inject('/api/v1/content?type=klip')).json().items).toEqual([]);
  });

  it('become active through the real jobs, with counters that equal their rows', async () => {
    // The worker's and the jobs' warnings (a failed attempt and its error), to say why a klip is still processing.
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const jobs = createJobsRepository(t.testDatabase.database.db);
    const handlers = createJobHandlers({
      database: t.testDatabase.database,
      storage: storage(),
      config: t.config,
      log,
      jobs,
    });
    // The video jobs alone: the hourly housekeeping would delete the view rows older than
    // KLIP_VIEWS_RETENTION_DAYS (decision 0041) when a slow run crosses the hour, and the counters below count rows.
    const videoJobs = {
      [DEMO_KLIP_VIDEO_JOB]: handlers[DEMO_KLIP_VIDEO_JOB]!,
      [TRANSCODE_VIDEO_JOB]: handlers[TRANSCODE_VIDEO_JOB]!,
    };
    const worker = createRuntimeWorker(
      { jobs, handlers: videoJobs, database: t.testDatabase.database },
      log,
      { concurrency: 2 },
    );
    await worker.start();
    try {
      await runVideoJobsToTheEnd(worker);
    } finally {
      await worker.stop();
    }
    const left = await db().selectFrom('klips').select('title').where('status', '=', 'processing').execute();
    expect(left, warnings.join('')).toEqual([]);

    const list = (await t.app.inject(`/api/v1/content?type=klip&limit=${MAX_PAGE_SIZE}`)).json();
    const klips = list.items as Klip[];
    expect(klips.map((klip) => klip.title).sort()).toEqual(DEMO_KLIPS.map((klip) => klip.title).sort());
    for (const klip of klips) {
      const demo = DEMO_KLIPS.find((candidate) => candidate.title === klip.title)!;
      expect(klip.status, klip.title).toBe('active');
      expect(klip.userName).toBe(demo.creator);
      expect(klip.renditions?.hd, klip.title).toMatch(/^\/media\/vid\/.+\.mp4$/);
      expect(klip.renditions?.sd, klip.title).toMatch(/^\/media\/vid\/.+\.mp4$/);
      expect(klip.thumbnail, klip.title).toMatch(/^\/media\//);
      expect(Math.abs(klip.duration! - demo.video.seconds), klip.title).toBeLessThanOrEqual(0.5);
      expect(klip.likes, klip.title).toBe(demo.likedBy.length);
      const comments = demo.comments.reduce((sum, comment) => sum + 1 + (comment.replies?.length ?? 0), 0);
      expect(klip.commentCount, klip.title).toBe(comments);
      expect(klip.views, klip.title).toBeGreaterThanOrEqual(demo.anonymousViews);
      // The product card's product: the creator's own.
      const product = (await t.app.inject(`/api/v1/products/${klip.productId}`)).json().product;
      expect(product.name).toBe(demo.product);
      expect(product.creatorUsername).toBe(demo.creator);
    }
    // Newest first, as posted.
    const byAge = [...DEMO_KLIPS].sort((a, b) => a.ageHours - b.ageHours).map((klip) => klip.title);
    expect(klips.map((klip) => klip.title)).toEqual(byAge);

    // Every counter equals its rows.
    const mismatched = await sql<{ id: string }>`
      select k.id from klips k
      where k.likes <> (select count(*) from klip_likes l where l.klip_id = k.id)
         or k.comment_count <> (select count(*) from klip_comments c where c.klip_id = k.id)
         or k.views <> (select count(*) from klip_views v where v.klip_id = k.id)
      union all
      select c.id from klip_comments c
      where c.reply_count <> (select count(*) from klip_comments r where r.parent_comment_id = c.id)`.execute(
      db(),
    );
    expect(mismatched.rows).toEqual([]);

    // Replies as the spec stores them, and as the comments API answers them.
    const klip = klips.find((candidate) => candidate.title === 'Vitamin C serum: my morning routine')!;
    const thread = (await t.app.inject(`/api/v1/interactions/klips/${klip.id}/comments?sort=oldest`)).json();
    expect(thread.commentCount).toBe(klip.commentCount);
    const first = thread.comments.find((comment: { userName: string }) => comment.userName === 'neha.shops');
    expect(first).toMatchObject({ content: 'Can I use it with niacinamide?', replyCount: 2 });
    const replies = (
      await t.app.inject(`/api/v1/interactions/klips/${klip.id}/comments?parentCommentId=${first.id}`)
    ).json().comments;
    expect(
      replies.map((reply: { content: string; userName: string }) => [reply.userName, reply.content]),
    ).toEqual([
      ['ananya.beauty', 'neha.shops: Yes, but give the serum a minute to absorb first.'],
      ['neha.shops', 'neha.shops: Thank you, that helps!'],
    ]);

    // The creators' stats count them.
    for (const creator of DEMO_CREATORS) {
      const own = DEMO_KLIPS.filter((demo) => demo.creator === creator.username);
      const { stats } = (await t.app.inject(`/api/v1/users/username/${creator.username}`)).json().data;
      expect(stats.klipCount, creator.username).toBe(own.length);
      expect(stats.totalLikes, creator.username).toBe(
        own.reduce((sum, demo) => sum + demo.likedBy.length, 0),
      );
    }

    // The originals are gone; running a video job again changes nothing and queues nothing.
    const media = await db()
      .selectFrom('klips as k')
      .innerJoin('media_objects as m', 'm.id', 'k.video_media_id')
      .select(['m.id', 'm.status', 'm.source_key', 'k.title'])
      .execute();
    const transcodes = await db()
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('type', '=', TRANSCODE_VIDEO_JOB)
      .executeTakeFirstOrThrow();
    expect(Number(transcodes.count)).toBe(DEMO_KLIPS.length);
    for (const row of media) {
      expect(row.status).toBe('ready');
      expect(await storage().stat(`originals/${row.id}.mp4`)).toBeFalsy();
    }
    const again = media[0]!;
    await demoKlipVideoJob(
      { mediaId: again.id, sourceKey: `originals/${again.id}.mp4`, title: again.title },
      { db: db(), storage: storage(), jobs: createJobsRepository(db()), config: t.config, log: silent },
      { signal: new AbortController().signal, job: { run_at: new Date() } },
    );
    const after = await db()
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('type', '=', TRANSCODE_VIDEO_JOB)
      .executeTakeFirstOrThrow();
    expect(after.count).toBe(transcodes.count);
    expect(await storage().stat(`originals/${again.id}.mp4`)).toBeFalsy();
  }, 1_200_000);
});
