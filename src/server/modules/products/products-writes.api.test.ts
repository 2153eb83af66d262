// Product writes through the real app, on PGlite or (with TEST_DATABASE_URL) PostgreSQL: parallel changes of one
// product all survive (decision 0026: the row is read locked, inside the write's transaction, and only the fields
// sent are written; a multipart PATCH adds its new images to the images as they are under that lock), and prices
// keep their paise exactly from the body to the database and back.
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMultipartBody,
  buildMultipartHead,
  MULTIPART_BOUNDARY,
  MULTIPART_CONTENT_TYPE,
  MULTIPART_TAIL,
} from '../../media/media.test-helpers.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';

let t: TestApp;
let seller: { token: string };
/**
 * Holds every PATCH after it is authenticated and its body read, until `size` of them are held, then lets them
 * all go at once: without it the embedded database runs one short request to its end before the next one's body
 * has arrived, and the race this file is about never happens there.
 */
let patchBarrier: { size: number; held: Array<() => void> } | undefined;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, (app) => {
    app.addHook('preHandler', async (request) => {
      const barrier = patchBarrier;
      if (request.method !== 'PATCH' || !barrier) return;
      await new Promise<void>((release) => {
        barrier.held.push(release);
        if (barrier.held.length === barrier.size) for (const held of barrier.held) held();
      });
    });
  });
  seller = await signUpTestUser(t.app, 'kavya.crafts', { address: '10.4.0.1', fullName: 'Kavya' });
});
afterAll(() => t.close());

const auth = () => ({ authorization: `Bearer ${seller.token}` });
const countMediaRows = async () =>
  (await t.testDatabase.database.db.selectFrom('media_objects').select('id').execute()).length;

async function createProduct(fields: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: auth(),
    payload: {
      type: 'product',
      name: 'Brass Diya',
      price: 100,
      category: 'Home',
      ...SELLER_CONTACT,
      ...fields,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().product as { id: string; price: number };
}

describe('parallel changes of one product', () => {
  it('keeps all six when six PATCHes of different fields arrive at once', async () => {
    // Several rounds: on PostgreSQL the requests' interleaving differs from one round to the next.
    for (let round = 0; round < 5; round += 1) {
      const product = await createProduct({
        name: 'Brass Diya',
        description: 'Hand-cast',
        price: 100,
        discount: 0,
        category: 'Home',
        tags: ['brass'],
      });
      const changes = [
        { name: `Brass Diya, round ${round}` },
        { description: `Hand-cast in Moradabad, round ${round}` },
        { price: 1234.56 + round },
        { discount: 12.5 },
        { category: 'Home - Decor' },
        { tags: ['brass', 'diwali', `round-${round}`] },
      ];
      patchBarrier = { size: changes.length, held: [] };
      const responses = await Promise.all(
        changes.map((payload) =>
          t.app.inject({ method: 'PATCH', url: `/api/v1/products/${product.id}`, headers: auth(), payload }),
        ),
      );
      patchBarrier = undefined;
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const read = (await t.app.inject(`/api/v1/products/${product.id}`)).json().product;
      expect(read).toMatchObject(Object.assign({}, ...changes));
      // The search text follows the fields too: the new description's word finds the product.
      const found = await t.app.inject(`/api/v1/content?type=product&search=moradabad&limit=50`);
      expect(found.json().items.map((item: { id: string }) => item.id)).toContain(product.id);
    }
  });

  it('ends with one of the values, whole, when six PATCHes of the same field arrive at once', async () => {
    const words = ['amber', 'cobalt', 'saffron', 'indigo', 'crimson', 'jade'];
    const searchFinds = async (word: string, id: string) =>
      (await t.app.inject(`/api/v1/content?type=product&search=${word}&limit=50`))
        .json()
        .items.some((item: { id: string }) => item.id === id);
    for (let round = 0; round < 5; round += 1) {
      const product = await createProduct({ name: 'Brass Diya', description: 'Hand-cast', price: 100 });
      const names = words.map((word) => `Brass Diya ${word}`);
      patchBarrier = { size: names.length, held: [] };
      const responses = await Promise.all(
        names.map((name, index) =>
          t.app.inject({
            method: 'PATCH',
            url: `/api/v1/products/${product.id}`,
            headers: auth(),
            payload: { name, price: 200 + index },
          }),
        ),
      );
      patchBarrier = undefined;
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const read = (await t.app.inject(`/api/v1/products/${product.id}`)).json().product;
      const winner = names.indexOf(read.name);
      expect(winner).toBeGreaterThanOrEqual(0);
      // One PATCH's change whole, never one's name with another's price.
      expect(read.price).toBe(200 + winner);
      expect(read.description).toBe('Hand-cast');
      // The search text is the winner's too: its word finds the product, the others' do not.
      for (const [index, word] of words.entries()) {
        expect(await searchFinds(word, product.id)).toBe(index === winner);
      }
    }
  });

  it('keeps the category counts exact when parallel PATCHes move one product', async () => {
    const count = async (category: string) =>
      (await t.app.inject(`/api/v1/content?type=product&category=${encodeURIComponent(category)}`)).json()
        .total as number;
    const product = await createProduct({ name: 'Clay Pot', category: 'Home - Kitchen' });
    const before = { kitchen: await count('Home - Kitchen'), decor: await count('Home - Decor') };
    patchBarrier = { size: 3, held: [] };
    const responses = await Promise.all(
      ['Home - Decor', 'Home - Decor', 'Home - Decor'].map((category) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/v1/products/${product.id}`,
          headers: auth(),
          payload: { category },
        }),
      ),
    );
    patchBarrier = undefined;
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await count('Home - Kitchen')).toBe(before.kitchen - 1);
    expect(await count('Home - Decor')).toBe(before.decor + 1);
  });
});

describe('a multipart PATCH adding images while a JSON PATCH sets them', () => {
  let colour = 0;
  /** A small PNG of a colour no other image here has: its own keys, its own row. */
  const makePng = () => {
    colour += 1;
    return sharp({
      create: { width: 48, height: 48, channels: 3, background: { r: colour % 256, g: 90, b: 60 } },
    })
      .png()
      .toBuffer();
  };

  async function uploadImage(): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media/images',
      headers: { ...auth(), 'content-type': MULTIPART_CONTENT_TYPE },
      payload: buildMultipartBody('photo.png', 'image/png', await makePng()),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  }

  /** The `data` field and the head of one `images` file, for a body that continues with the file's bytes. */
  const multipartStart = (data: object) =>
    Buffer.concat([
      Buffer.from(
        `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`,
      ),
      buildMultipartHead('photo.png', 'image/png', 'images'),
    ]);

  const imagesOf = async (id: string) =>
    ((await t.app.inject(`/api/v1/products/${id}`)).json().product.images as Array<{ id: string }>).map(
      (image) => image.id,
    );

  it("keeps the JSON PATCH's images and adds the new one when the JSON PATCH commits while the file arrives", async () => {
    const [kept, replacing] = [await uploadImage(), await uploadImage()];
    const product = await createProduct({ name: 'Terracotta Lamp', images: [kept] });
    const png = await makePng();
    // The multipart body is held after its first bytes until the JSON PATCH has committed: the route has read
    // the product before then, and changes it after.
    let bodyRead!: () => void;
    const bodyReadStarted = new Promise<void>((resolve) => (bodyRead = resolve));
    let started = false;
    const body = new Readable({
      read() {
        if (started) return;
        started = true;
        this.push(Buffer.concat([multipartStart({}), png.subarray(0, 16)]));
        bodyRead();
      },
    });
    const multipart = t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${product.id}`,
      headers: { ...auth(), 'content-type': MULTIPART_CONTENT_TYPE },
      payload: body,
    });
    await bodyReadStarted;
    const json = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${product.id}`,
      headers: auth(),
      payload: { images: [replacing] },
    });
    expect(json.statusCode, json.body).toBe(200);
    body.push(Buffer.concat([png.subarray(16), MULTIPART_TAIL]));
    body.push(null);
    const response = await multipart;
    expect(response.statusCode, response.body).toBe(200);
    const images = await imagesOf(product.id);
    // Serially, JSON then multipart: the JSON PATCH's images, then the added one.
    expect(images).toHaveLength(2);
    expect(images[0]).toBe(replacing);
    expect(images[1]).not.toBe(kept);
    expect(response.json().product.images.map((image: { id: string }) => image.id)).toEqual(images);
  });

  it('ends in one of the two serial orders when both arrive at once', async () => {
    // Several rounds: which commits first differs from one round (and one database) to the next.
    for (let round = 0; round < 4; round += 1) {
      const [kept, replacing] = [await uploadImage(), await uploadImage()];
      const product = await createProduct({ name: 'Terracotta Lamp', images: [kept] });
      const png = await makePng();
      patchBarrier = { size: 2, held: [] };
      const [multipart, json] = await Promise.all([
        t.app.inject({
          method: 'PATCH',
          url: `/api/v1/products/${product.id}`,
          headers: { ...auth(), 'content-type': MULTIPART_CONTENT_TYPE },
          payload: Buffer.concat([multipartStart({}), png, MULTIPART_TAIL]),
        }),
        t.app.inject({
          method: 'PATCH',
          url: `/api/v1/products/${product.id}`,
          headers: auth(),
          payload: { images: [replacing] },
        }),
      ]);
      patchBarrier = undefined;
      expect([multipart.statusCode, json.statusCode]).toEqual([200, 200]);
      const added = multipart
        .json()
        .product.images.map((image: { id: string }) => image.id)
        .find((id: string) => id !== kept && id !== replacing);
      expect(added).toBeDefined();
      const images = await imagesOf(product.id);
      // JSON then multipart: [replacing, added]; multipart then JSON: [replacing]. Never [kept, added].
      expect([[replacing, added], [replacing]]).toContainEqual(images);
    }
  });

  it('refuses an image past the cap counted under the lock, storing nothing of the edit', async () => {
    const product = await createProduct({ name: 'Terracotta Lamp', images: [] });
    const full = [];
    for (let i = 0; i < 10; i += 1) full.push(await uploadImage());
    // The route's early count saw no images; the JSON PATCH fills the product before the file arrives.
    let bodyRead!: () => void;
    const bodyReadStarted = new Promise<void>((resolve) => (bodyRead = resolve));
    let started = false;
    const png = await makePng();
    const body = new Readable({
      read() {
        if (started) return;
        started = true;
        this.push(multipartStart({}));
        bodyRead();
      },
    });
    const multipart = t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${product.id}`,
      headers: { ...auth(), 'content-type': MULTIPART_CONTENT_TYPE },
      payload: body,
    });
    await bodyReadStarted;
    const json = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${product.id}`,
      headers: auth(),
      payload: { images: full },
    });
    expect(json.statusCode, json.body).toBe(200);
    const rowsBefore = await countMediaRows();
    body.push(Buffer.concat([png, MULTIPART_TAIL]));
    body.push(null);
    const response = await multipart;
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('A product can have at most 10 images.');
    expect(await countMediaRows()).toBe(rowsBefore);
    expect(await imagesOf(product.id)).toEqual(full);
  });
});

describe('prices in paise behind a rupee API', () => {
  it('gives back the rupees it was sent, to the paisa, and rounds a third decimal half up', async () => {
    const prices = [0, 0.01, 0.1, 0.29, 19.99, 1234.56, 9_999_999.99, 10_000_000];
    for (const price of prices) expect((await createProduct({ price })).price).toBe(price);
    // numeric(12, 2) rounded a third decimal half up; paise do the same.
    expect((await createProduct({ price: 10.005 })).price).toBe(10.01);
    expect((await createProduct({ price: 10.004 })).price).toBe(10);
  });

  it('filters a price range on paise exactly as on rupees', async () => {
    const cheap = await createProduct({ name: 'Cotton Wick', price: 10, category: 'Books' });
    const dearer = await createProduct({ name: 'Ghee Wick', price: 10.01, category: 'Books' });
    const ids = async (range: string) =>
      (await t.app.inject(`/api/v1/content?type=product&category=Books&${range}`))
        .json()
        .items.map((item: { id: string }) => item.id)
        .sort();
    expect(await ids('minPrice=10.005')).toEqual([dearer.id]);
    expect(await ids('minPrice=10&maxPrice=10.005')).toEqual([cheap.id]);
    expect(await ids('minPrice=10&maxPrice=10.01')).toEqual([cheap.id, dearer.id].sort());
    // Bounds past the largest price are no 500: nothing at least ₹1e30, everything at most ₹1e30.
    expect(await ids('minPrice=1e30')).toEqual([]);
    expect(await ids('maxPrice=1e30')).toEqual([cheap.id, dearer.id].sort());
  });
});
