// Deleting a product through the real app, on PGlite or (with TEST_DATABASE_URL) PostgreSQL (docs/product.md
// "Products, klips, offers"): only its owner may; its photos leave the database and storage at once (a photo
// another row still uses stays); every list, cached or preloaded with a page, answers without it at once; and what
// pointed at it (an offer, a klip, a Loot Box) still answers, without it, except an offer left with no product,
// which ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRELOADED_ANSWERS_ELEMENT_ID, PRODUCT_PLACEHOLDER_IMAGE } from '../../../shared/constants.ts';
import { CATALOGUE_MESSAGES } from '../../../shared/catalogue-messages.ts';
import { createMediaRepository } from '../../media/media.repository.ts';
import { listFiles } from '../../media/media.test-helpers.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';
import { uploadTestImage } from '../../test/upload-image.ts';

type User = { token: string; uid: string };

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-client-'));
let t: TestApp;
let seller: User;
let other: User;

const auth = (user: User) => ({ authorization: `Bearer ${user.token}` });
const db = () => t.testDatabase.database.db;
const mediaDir = () => path.join(t.config.dataDir, 'media');
const storedFiles = async () => (await listFiles(mediaDir())).sort();
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><head><title>Lootklip</title></head><div id="root"></div>',
  );
  // A list cache far longer than the test: a list that still shows a deleted product was answered from it.
  t = await createTestApp(
    { RATE_LIMIT_MAX: '100000', LIST_CACHE_MS: '60000' },
    undefined,
    undefined,
    clientDir,
  );
  seller = await signUpTestUser(t.app, 'kavya.delete', { address: '10.16.3.1', fullName: 'Kavya' });
  other = await signUpTestUser(t.app, 'ravi.delete', { address: '10.16.3.2', fullName: 'Ravi' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const uploadImage = (user = seller) => uploadTestImage(t.app, user.token);

async function createProduct(name: string, images: string[] = [], user = seller): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: auth(user),
    payload: { type: 'product', name, price: 450, category: 'Home - Decor', images, ...SELLER_CONTACT },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product.id as string;
}

function deleteProduct(id: string, user: User | null = seller) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/v1/products/${id}`,
    headers: user ? auth(user) : {},
  });
}

async function listIds(query: string): Promise<string[]> {
  const response = await t.app.inject(`/api/v1/content?type=product&status=active${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as Array<{ id: string }>).map((item) => item.id);
}

const mediaRows = (ids: string[]) =>
  db().selectFrom('media_objects').select('id').where('id', 'in', ids).execute();

/** The JSON script's answers in a served page, as the app reads them. */
function readAnswers(html: string): Record<string, unknown> | undefined {
  const match = new RegExp(
    `<script type="application/json" id="${PRELOADED_ANSWERS_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
}

const productCount = async (user: User) =>
  (await t.app.inject(`/api/v1/users/${user.uid}/profile`)).json().data.stats.productCount as number;

describe('deleting a product', () => {
  it('is for its owner only, and a product nobody has is 404', async () => {
    const id = await createProduct('Copper Lota');
    const stranger = await deleteProduct(id, other);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(CATALOGUE_MESSAGES.notYourProduct);
    expect((await deleteProduct(id, null)).statusCode).toBe(401);
    expect((await t.app.inject(`/api/v1/products/${id}`)).statusCode).toBe(200);

    const unknown = await deleteProduct(ulid());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(CATALOGUE_MESSAGES.productNotFound);

    expect((await deleteProduct(id)).statusCode).toBe(200);
    // Twice: the second finds nothing.
    expect((await deleteProduct(id)).statusCode).toBe(404);
  });

  it('takes its photos out of the database and storage at once, and every list drops it at once', async () => {
    const kept = await createProduct('Jute Basket', [await uploadImage()]);
    const before = await storedFiles();
    const images = [await uploadImage(), await uploadImage()];
    const id = await createProduct('Brass Diya', images);
    const withProduct = await storedFiles();
    expect(withProduct.length).toBeGreaterThan(before.length);
    const countBefore = await productCount(seller);

    // Every list that shows it, asked once so that it is cached, and the pages that carry a list with them.
    const lists = ['', '&limit=8&sort=newest', `&uid=${seller.uid}`, '&search=diya', '&category=Home'];
    for (const query of lists) expect(await listIds(query), query).toContain(id);
    const shopPage = await t.app.inject('/shop');
    const shopAnswer = Object.values(readAnswers(shopPage.body) ?? {})[0] as { items: Array<{ id: string }> };
    expect(shopAnswer.items.map((item) => item.id)).toContain(id);
    expect(readAnswers((await t.app.inject(`/product/${id}`)).body)).toBeDefined();

    const response = await deleteProduct(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });

    expect((await t.app.inject(`/api/v1/products/${id}`)).statusCode).toBe(404);
    expect(await mediaRows(images)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
    for (const query of lists) {
      const ids = await listIds(query);
      expect(ids, query).not.toContain(id);
      if (query !== '&search=diya') expect(ids, query).toContain(kept);
    }
    const shopAfter = Object.values(readAnswers((await t.app.inject('/shop')).body) ?? {})[0] as {
      items: Array<{ id: string }>;
    };
    expect(shopAfter.items.map((item) => item.id)).not.toContain(id);
    expect(shopAfter.items.map((item) => item.id)).toContain(kept);
    expect(readAnswers((await t.app.inject(`/product/${id}`)).body)).toBeUndefined();
    expect(await productCount(seller)).toBe(countBefore - 1);
    const shared = await t.app.inject(`/api/v1/products/shared?products=${id},${kept}`);
    expect(shared.json()).toMatchObject({ missing: [id] });
  });

  it('keeps a photo another product still shows, files and all', async () => {
    const photo = await uploadImage();
    const own = await uploadImage();
    const first = await createProduct('Clay Lamp', [photo, own]);
    const second = await createProduct('Clay Lamp Pair', [photo]);
    const withBoth = await storedFiles();

    expect((await deleteProduct(first)).statusCode).toBe(200);
    expect(await mediaRows([photo, own])).toEqual([{ id: photo }]);
    const left = await storedFiles();
    expect(left.length).toBeLessThan(withBoth.length);
    // The second product's photo is still served, every file of it.
    const image = (await t.app.inject(`/api/v1/products/${second}`)).json().product.images[0] as {
      url: string;
    };
    expect((await t.app.inject(image.url)).statusCode).toBe(200);

    expect((await deleteProduct(second)).statusCode).toBe(200);
    expect(await mediaRows([photo])).toEqual([]);
    expect((await storedFiles()).length).toBeLessThan(left.length);
  });
});

describe('what pointed at a deleted product', () => {
  async function createOffer(title: string, products: string[], startsIn = -HOUR): Promise<string> {
    const now = Date.now();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: auth(seller),
      payload: {
        type: 'offer',
        status: 'active',
        metadata: {
          title,
          description: '',
          discountType: 'percentage',
          discountValue: 10,
          startDate: new Date(now + startsIn).toISOString(),
          endDate: new Date(now + 24 * HOUR).toISOString(),
          products,
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().offer.id as string;
  }

  /** Offers active now and Hot Deals, as everyone gets them (from the list cache once asked). */
  async function liveLists() {
    const offers = (await t.app.inject('/api/v1/content?type=offer&status=active')).json() as {
      items: Array<{ id: string; products: string[] }>;
      total: number;
    };
    const deals = (
      await t.app.inject('/api/v1/content?type=product&status=active&source=activeOffers')
    ).json() as { items: Array<{ id: string }>; total: number };
    return {
      offers: offers.items,
      offerIds: offers.items.map((offer) => offer.id),
      offersTotal: offers.total,
      deals: deals.items.map((item) => item.id),
      dealsTotal: deals.total,
    };
  }

  const ownOffer = async (offerId: string) => {
    const read = await t.app.inject({ url: `/api/v1/offers/${offerId}`, headers: auth(seller) });
    expect(read.statusCode, read.body).toBe(200);
    return read.json().offer as { state: string; products: string[]; featuredProducts: unknown[] };
  };

  it('ends an offer whose last product it was: it leaves Offers and Hot Deals at once, counts included', async () => {
    const only = await createProduct('Terracotta Pot');
    const offerId = await createOffer('Pot Week', [only]);
    const upcomingOnly = await createProduct('Terracotta Vase');
    const upcomingId = await createOffer('Vase Week', [upcomingOnly], HOUR);
    const before = await liveLists();
    expect(before.offerIds).toContain(offerId);
    expect(before.deals).toContain(only);

    expect((await deleteProduct(only)).statusCode).toBe(200);
    expect((await deleteProduct(upcomingOnly)).statusCode).toBe(200);
    const after = await liveLists();
    expect(after.offerIds).not.toContain(offerId);
    expect(after.offersTotal).toBe(before.offersTotal - 1);
    expect(after.deals).not.toContain(only);
    expect(after.dealsTotal).toBe(before.dealsTotal - 1);
    // Ended, not deleted: its owner still has it, as ended; everyone else no longer finds it.
    expect(await ownOffer(offerId)).toMatchObject({ state: 'expired', products: [], featuredProducts: [] });
    expect((await t.app.inject(`/api/v1/offers/${offerId}`)).statusCode).toBe(404);
    // One that had not started never will.
    expect(await ownOffer(upcomingId)).toMatchObject({ state: 'expired', products: [] });
    const own = await t.app.inject({ url: '/api/v1/content/offers', headers: auth(seller) });
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json().items as Array<{ id: string }>).map((offer) => offer.id)).toContain(offerId);
  });

  it("ends any of the owner's offers left with no product, also one that named it after the delete's lock", async () => {
    // What an offer edit adding the product between the delete's offer lock and its product lock leaves behind
    // (READ COMMITTED): an offer whose last product went with the delete's cascade, not among the locked ones.
    const raced = await createProduct('Clay Lamp');
    const offerId = await createOffer('Lamp Week', [raced]);
    await db().deleteFrom('offer_products').where('offer_id', '=', offerId).execute();
    const unrelated = await createProduct('Clay Cup');

    expect((await deleteProduct(unrelated)).statusCode).toBe(200);
    expect(await ownOffer(offerId)).toMatchObject({ state: 'expired', products: [] });
  });

  it('leaves an offer that loses one of its products running with the rest', async () => {
    const gone = await createProduct('Copper Jug');
    const kept = await createProduct('Copper Glass');
    const offerId = await createOffer('Copper Days', [gone, kept]);
    const before = await liveLists();
    expect(before.deals).toEqual(expect.arrayContaining([gone, kept]));

    expect((await deleteProduct(gone)).statusCode).toBe(200);
    const after = await liveLists();
    expect(after.offers.find((offer) => offer.id === offerId)?.products).toEqual([kept]);
    expect(after.offersTotal).toBe(before.offersTotal);
    expect(after.deals).toContain(kept);
    expect(after.deals).not.toContain(gone);
    expect(after.dealsTotal).toBe(before.dealsTotal - 1);
    expect(await ownOffer(offerId)).toMatchObject({ state: 'active', products: [kept] });
  });

  it('keeps a klip that showed it, without the product, still the owner’s to edit', async () => {
    const productId = await createProduct('Brass Bell');
    const videoId = ulid();
    await createMediaRepository(db()).createMediaObject({
      id: videoId,
      ownerId: seller.uid,
      kind: 'video',
      status: 'processing',
      durationMs: 1000,
      sourceKey: `originals/${videoId}.mp4`,
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: auth(seller),
      payload: { type: 'klip', title: 'Bell sounds', videoId, productId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const klipId = created.json().klip.id as string;
    expect(created.json().klip.productId).toBe(productId);

    const klipCount = async () =>
      (await t.app.inject(`/api/v1/users/${seller.uid}/profile`)).json().data.stats.klipCount as number;
    const klipsBefore = await klipCount();

    expect((await deleteProduct(productId)).statusCode).toBe(200);
    expect(await klipCount()).toBe(klipsBefore);
    const read = await t.app.inject({ url: `/api/v1/klips/${klipId}`, headers: auth(seller) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().klip.productId).toBeNull();
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klips/${klipId}`,
      headers: auth(seller),
      payload: { title: 'Temple bell sounds' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const mine = await t.app.inject({ url: '/api/v1/content/klips', headers: auth(seller) });
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it('keeps it in a Loot Box as unavailable, with the placeholder for its deleted photo', async () => {
    const productId = await createProduct('Steel Tumbler', [await uploadImage()]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/lootbox',
      headers: auth(other),
      payload: { items: [{ productId, quantity: 2 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const lootboxId = created.json().lootbox.id as string;

    expect((await deleteProduct(productId)).statusCode).toBe(200);
    const read = await t.app.inject({ url: `/api/v1/lootbox/${lootboxId}`, headers: auth(other) });
    expect(read.statusCode, read.body).toBe(200);
    const item = (read.json().lootbox.items as Array<{ productId: string }>).find(
      (entry) => entry.productId === productId,
    );
    expect(item).toMatchObject({
      name: 'Steel Tumbler',
      available: false,
      thumbnail: PRODUCT_PLACEHOLDER_IMAGE,
    });
  });
});
