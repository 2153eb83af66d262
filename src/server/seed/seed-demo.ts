// Seeds the demo marketplace into an empty database, so a first `npm start` shows a living shop.
// Media goes through the real image pipeline (re-encoded variants in storage, media_objects rows); the demo klips'
// videos through the real transcode job, queued here and run by the worker once the server listens (decision 0042).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ulid } from 'ulid';
import type { Database } from '../db/database.ts';
import { runInTransaction, type Executor } from '../db/transaction.ts';
import { processImage, storeImageAsset } from '../media/images.service.ts';
import { createJobsRepository } from '../jobs/jobs.repository.ts';
import { createMediaRepository } from '../media/media.repository.ts';
import type { StorageProvider } from '../storage/storage-provider.ts';
import { drawAvatarSvg, drawCoverSvg, renderSvgToPng } from './demo-art.ts';
import { createAuthRepository } from '../auth/auth.repository.ts';
import { hashPassword } from '../auth/passwords.ts';
import { LootboxBodySchema } from '../../shared/contracts/lootbox.ts';
import { rupeesToPaise } from '../../shared/domain/pricing.ts';
import type { Config } from '../config.ts';
import { createLootboxService } from '../modules/lootbox/lootbox.service.ts';
import { toStoredCap, toStoredDiscountValue } from '../modules/offers/offer-values.ts';
import { createOffersRepository } from '../modules/offers/offers.repository.ts';
import { createProductsRepository } from '../modules/products/products.repository.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { DEMO_CREATORS, DEMO_PASSWORD, DEMO_SHOPPER } from './demo-creators.ts';
import { DEMO_KLIPS } from './demo-klips.ts';
import { DEMO_LOOTBOX } from './demo-lootbox.ts';
import { DEMO_OFFERS, type DemoOffer } from './demo-offers.ts';
import { drawProductSvg } from './demo-product-art.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';
import { createNotificationsRepository } from '../modules/notifications/notifications.repository.ts';
import { klipPostedAt, seedKlips } from './seed-klips.ts';
import { seedAnalyticsHistory } from './seed-analytics.ts';
import { createSeedRepository } from './seed.repository.ts';
import type { StartupProgress } from '../startup/startup-progress.ts';

export interface SeedDeps {
  database: Database;
  storage: StorageProvider;
  log: FastifyBaseLogger;
  /** Where media is served from, for the snapshot of the demo Loot Box's thumbnails; our own /media when absent. */
  config?: Pick<Config, 'MEDIA_PUBLIC_URL'>;
  /** Each step as it is logged, for the page the starting server shows (src/server/startup/startup-server.ts). */
  onProgress?: (progress: StartupProgress) => void;
}

export function isDatabaseEmpty(database: Database): Promise<boolean> {
  return createSeedRepository(database.db).isEmpty();
}

async function storeGeneratedImage(
  deps: SeedDeps & { db: Executor },
  svg: string,
  ownerId: string,
  workDir: string,
) {
  const file = path.join(workDir, `${ulid()}.png`);
  await fs.writeFile(file, await renderSvgToPng(svg));
  const media = createMediaRepository(deps.db);
  return storeImageAsset({ storage: deps.storage, media }, await processImage(file), ownerId);
}

/** A demo account as registration makes it, with the profile its owner then filled in (bio, contacts). */
async function createAccount(
  db: Executor,
  account: {
    id: string;
    email: string;
    username: string;
    fullName: string;
    bio: string;
    contactWhatsapp?: string;
    contactEmail?: string;
  },
  passwordHash: string,
): Promise<void> {
  const auth = createAuthRepository(db);
  await auth.insertUser(account);
  await auth.insertCredentials(account.id, passwordHash);
  await createUsersRepository(db).update(account.id, {
    bio: account.bio,
    ...(account.contactWhatsapp === undefined ? {} : { contact_whatsapp: account.contactWhatsapp }),
    ...(account.contactEmail === undefined ? {} : { contact_email: account.contactEmail }),
  });
}

/**
 * Every this many products, a progress line in the log: a first start never looks hung (docs/product.md "First
 * start"). The starting server's page gets every product.
 */
const PRODUCT_PROGRESS_STEP = 10;
/** The demo accounts' activity of the last three days is unread on first start (docs/product.md "Notifications"). */
const DEMO_UNREAD_ACTIVITY_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * One line per step of the first start's seed, with counts: 'Seeding demo marketplace: 40/63 products'; the same
 * line, with its count as numbers, on the page the starting server shows. `pageOnly`: not in the log.
 */
function reportSeedProgress(
  deps: Pick<SeedDeps, 'log' | 'onProgress'>,
  step: string,
  count?: { done: number; total: number },
  pageOnly = false,
): void {
  const line = `Seeding demo marketplace: ${step}`;
  if (!pageOnly) deps.log.info(line);
  deps.onProgress?.({ step: line, ...count });
}

/** All rows in one transaction: a crash mid-seed leaves an empty database, seeded again at the next start. */
export async function seedDemoMarketplace(deps: SeedDeps): Promise<{ creators: number }> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lootklip-seed-'));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const startedAt = performance.now();
  let klipsMs = 0;
  let historyMs = 0;
  let historyEvents = 0;
  try {
    // The seed is its own service: it opens the transaction and builds what it writes with over it (decision 0026).
    await runInTransaction(deps.database.db, async (db) => {
      const shopperId = ulid();
      await createAccount(db, { id: shopperId, ...DEMO_SHOPPER }, passwordHash);
      const profiles = createUsersRepository(db);
      const creatorIds = new Map<string, string>();
      for (const creator of DEMO_CREATORS) {
        const id = ulid();
        creatorIds.set(creator.username, id);
        await createAccount(
          db,
          {
            id,
            email: creator.email,
            username: creator.username,
            fullName: creator.fullName,
            bio: creator.bio,
            contactWhatsapp: creator.whatsapp,
            contactEmail: creator.email,
          },
          passwordHash,
        );
        const avatar = await storeGeneratedImage(
          { ...deps, db },
          drawAvatarSvg(creator.username, creator.palette),
          id,
          workDir,
        );
        const cover = await storeGeneratedImage(
          { ...deps, db },
          drawCoverSvg(creator.username, creator.palette),
          id,
          workDir,
        );
        // As the profile's uploads set them; false only if the media rows were not there.
        const stored =
          (await profiles.setImage(id, 'avatar', avatar.id)) &&
          (await profiles.setImage(id, 'cover', cover.id));
        if (!stored) throw new Error(`demo creator ${creator.username}: avatar or cover not stored`);
        reportSeedProgress(deps, `${creatorIds.size}/${DEMO_CREATORS.length} Shop Stars`, {
          done: creatorIds.size,
          total: DEMO_CREATORS.length,
        });
      }
      const productIds = await seedProducts({ ...deps, db }, creatorIds, workDir);
      const offerIds = await seedOffers(db, creatorIds, productIds);
      reportSeedProgress(deps, `${DEMO_OFFERS.length} offers`);
      await seedLootbox(db, shopperId, productIds, offerIds, deps.config);
      reportSeedProgress(deps, "the demo shopper's Loot Box");
      const users = new Map([
        [
          DEMO_SHOPPER.username,
          { id: shopperId, username: DEMO_SHOPPER.username, displayName: DEMO_SHOPPER.fullName },
        ],
        ...DEMO_CREATORS.map(
          (creator) =>
            [
              creator.username,
              {
                id: creatorIds.get(creator.username)!,
                username: creator.username,
                displayName: creator.fullName,
              },
            ] as const,
        ),
      ]);
      const klipsStartedAt = performance.now();
      const klipIds = await seedKlips(
        {
          db,
          storage: deps.storage,
          jobs: createJobsRepository(deps.database.db),
          config: deps.config ?? { MEDIA_PUBLIC_URL: undefined },
        },
        users,
        productIds,
      );
      // The demo accounts' activity on those likes and comments: the last two days' unread (decision 0077).
      await createNotificationsRepository(db).recordStoredInteractions(
        new Date(Date.now() - DEMO_UNREAD_ACTIVITY_MS),
      );
      klipsMs = Math.round(performance.now() - klipsStartedAt);
      reportSeedProgress(deps, `${DEMO_KLIPS.length} klips, playable as the worker transcodes them`);
      const historyStartedAt = performance.now();
      const historyNow = Date.now();
      const history = await seedAnalyticsHistory(
        db,
        {
          products: [...productIds.values()].map((id) => ({ id })),
          klips: DEMO_KLIPS.map((klip) => ({
            id: klipIds.get(klip.title)!,
            productId: productIds.get(klip.product)!,
            postedAt: klipPostedAt(klip, historyNow),
          })),
        },
        historyNow,
      );
      historyMs = Math.round(performance.now() - historyStartedAt);
      historyEvents = history.events;
      // A second or two: counted in the seed's closing log line (historyEvents, historyMs), no step of its own.
    });
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
  deps.log.info(
    {
      creators: DEMO_CREATORS.length,
      products: DEMO_PRODUCTS.length,
      offers: DEMO_OFFERS.length,
      klips: DEMO_KLIPS.length,
      ms: Math.round(performance.now() - startedAt),
      klipsMs,
      historyEvents,
      historyMs,
    },
    'demo marketplace seeded; the demo klips become playable as the worker transcodes them',
  );
  return { creators: DEMO_CREATORS.length };
}

const PRODUCT_IMAGE_SIZE = 640;
const IMAGE_WORKERS = 2;
/**
 * The studio shot, the close-up and the lifestyle shot (docs/product.md "Demo marketplace": "several images
 * each").
 */
const PHOTO_VIEWS = [0, 1, 2] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Every demo product with its generated photos, images encoded two at a time (one per core here). Returns their
 * ids by name.
 */
async function seedProducts(
  deps: SeedDeps & { db: Executor },
  creatorIds: Map<string, string>,
  workDir: string,
): Promise<Map<string, string>> {
  const products = createProductsRepository(deps.db);
  // A product, its images and its counts; in the seed's one transaction (deps.db).
  const now = Date.now();
  let next = 0;
  let done = 0;
  const photos: string[][] = [];
  async function work(): Promise<void> {
    while (next < DEMO_PRODUCTS.length) {
      const index = next++;
      const product = DEMO_PRODUCTS[index]!;
      const ownerId = creatorIds.get(product.creator)!;
      photos[index] = [];
      for (const view of PHOTO_VIEWS) {
        const svg = drawProductSvg(product.art, view, PRODUCT_IMAGE_SIZE);
        photos[index].push((await storeGeneratedImage(deps, svg, ownerId, workDir)).id);
      }
      done += 1;
      const pageOnly = done % PRODUCT_PROGRESS_STEP !== 0 && done !== DEMO_PRODUCTS.length;
      reportSeedProgress(
        deps,
        `${done}/${DEMO_PRODUCTS.length} products`,
        { done, total: DEMO_PRODUCTS.length },
        pageOnly,
      );
    }
  }
  await Promise.all(Array.from({ length: IMAGE_WORKERS }, work));
  // Rows in a fixed order, so ages (and so New Arrivals) come out the same on every seed.
  const ids = new Map<string, string>();
  for (const [index, product] of DEMO_PRODUCTS.entries()) {
    const id = ulid();
    ids.set(product.name, id);
    await products.create({
      id,
      ownerId: creatorIds.get(product.creator)!,
      imageIds: photos[index]!,
      createdAt: new Date(now - product.ageDays * DAY_MS - index * 60_000),
      product: {
        name: product.name,
        description: product.description,
        // The demo catalogue is written in rupees, as a seller would send them.
        pricePaise: rupeesToPaise(product.price),
        discount: product.discount,
        category: product.category,
        tags: product.tags,
        contactWhatsapp: product.contactInfo.whatsapp,
        contactPhone: product.contactInfo.phone,
        contactEmail: product.contactInfo.email,
        externalLinks: product.externalLinks,
      },
    });
  }
  return ids;
}

/**
 * The demo offers as the offers module stores them (migrations/0015_create_offers.sql): basis points or paise, their
 * dates from now, each on its creator's own products in the order given.
 */
async function seedOffers(
  db: Executor,
  creatorIds: Map<string, string>,
  productIds: Map<string, string>,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY_MS);
  // As the offers module stores an offer (offer-values.ts); a demo offer it would refuse is a mistake here.
  const storedValue = (offer: DemoOffer) => {
    const stored = toStoredDiscountValue(offer.discountType, offer.discountValue);
    if (stored === null) throw new Error(`demo offer ${offer.title}: discountValue ${offer.discountValue}`);
    return stored;
  };
  const offers = createOffersRepository(db);
  const seed = createSeedRepository(db);
  for (const offer of DEMO_OFFERS) {
    const id = ulid();
    ids.set(offer.title, id);
    await offers.create({
      id,
      ownerId: creatorIds.get(offer.creator)!,
      offer: {
        title: offer.title,
        description: offer.description,
        discountType: offer.discountType,
        discountValue: storedValue(offer),
        minPurchasePaise: rupeesToPaise(offer.minPurchase),
        maxDiscountPaise: toStoredCap(offer.maxDiscount),
        startAt: at(offer.startDays),
        endAt: at(offer.endDays),
        terms: offer.terms,
      },
      productIds: offer.products.map((name) => productIds.get(name)!),
    });
    // Set up a day before it started (a day ago, for one that starts later).
    await seed.backdateOffer(id, at(Math.min(0, offer.startDays) - 1));
  }
  return ids;
}

/**
 * The demo shopper's active Loot Box, saved as the shopper's own POST would save it (the lootbox service, in the
 * seed's transaction): priced from the products and offers as they are, a product or offer that is not there is a
 * mistake here.
 */
async function seedLootbox(
  db: Executor,
  shopperId: string,
  productIds: Map<string, string>,
  offerIds: Map<string, string>,
  config: Pick<Config, 'MEDIA_PUBLIC_URL'> = { MEDIA_PUBLIC_URL: undefined },
): Promise<void> {
  const now = Date.now();
  const body = LootboxBodySchema.parse({
    userId: shopperId,
    items: DEMO_LOOTBOX.map((item, index) => {
      const productId = productIds.get(item.product);
      if (!productId) throw new Error(`demo Loot Box: no demo product ${item.product}`);
      const appliedOfferId = item.offer ? offerIds.get(item.offer) : undefined;
      if (item.offer && !appliedOfferId) throw new Error(`demo Loot Box: no demo offer ${item.offer}`);
      // Added a few minutes apart, the first one first.
      return {
        productId,
        quantity: item.quantity,
        fromKlip: item.fromKlip ?? false,
        appliedOfferId,
        updatedAt: now - (DEMO_LOOTBOX.length - index) * 5 * 60_000,
      };
    }),
  });
  await createLootboxService({ db, config }).create(shopperId, body);
}
