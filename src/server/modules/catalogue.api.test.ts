// Products, image uploads and profiles through the real app with real sign-ups: who may do what, what a body
// can never set, how bad input is refused, and that random input never produces a 5xx.
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PRODUCT_IMAGES } from '../../shared/constants.ts';
import { buildMultipartBody, MULTIPART_CONTENT_TYPE } from '../media/media.test-helpers.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

let t: TestApp;
let seller: { token: string; uid: string };
let other: { token: string; uid: string };

async function signUp(name: string, address: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    remoteAddress: address,
    payload: { email: `${name}@example.in`, password: 'a long passphrase', username: name, fullName: name },
  });
  expect(response.statusCode).toBe(201);
  const { data } = response.json();
  return { token: data.idToken as string, uid: data.user.uid as string };
}

const auth = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });
const validProduct = {
  type: 'product',
  name: 'Handloom Cotton Saree',
  description: 'Soft, breathable, woven in Bengal.',
  price: 2499,
  discount: 10,
  category: 'Fashion - Women',
  tags: ['saree', 'handloom'],
  contactInfo: { whatsapp: '98765 43210', email: 'weaver@example.in' },
  externalLinks: [{ url: ' https://www.myntra.com/saree/123 ' }],
};

beforeAll(async () => {
  t = await createTestApp();
  seller = await signUp('meera.weaves', '10.2.0.1');
  other = await signUp('arjun.tech', '10.2.0.2');
});
afterAll(() => t.close());

describe('products', () => {
  it('needs a signed-in user to create, and ignores fields a seller does not own', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/content', payload: validProduct });
    expect(anonymous.statusCode).toBe(401);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: auth(seller),
      payload: {
        ...validProduct,
        uid: other.uid,
        rating: 5,
        ratingCount: 900,
        createdAt: '2001-01-01T00:00:00Z',
      },
    });
    expect(created.statusCode).toBe(201);
    const { product } = created.json();
    expect(product).toMatchObject({
      uid: seller.uid,
      rating: 0,
      ratingCount: 0,
      creatorUsername: 'meera.weaves',
    });
    expect(product.createdAt.startsWith('2001')).toBe(false);
    expect(product.metadata.contactInfo.whatsapp).toBe('9876543210');
    expect(product.metadata.externalLinks).toEqual([
      {
        url: 'https://www.myntra.com/saree/123',
        platformInfo: expect.objectContaining({ platform: 'myntra' }),
      },
    ]);

    const read = await t.app.inject(`/api/v1/products/${product.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().product.name).toBe('Handloom Cotton Saree');
  });

  it('lets only the owner change or delete a product', async () => {
    const { product } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/content',
        headers: auth(seller),
        payload: validProduct,
      })
    ).json();
    const url = `/api/v1/products/${product.id}`;
    expect((await t.app.inject({ method: 'PATCH', url, payload: { price: 1 } })).statusCode).toBe(401);
    const stranger = await t.app.inject({
      method: 'PATCH',
      url,
      headers: auth(other),
      payload: { price: 1 },
    });
    expect(stranger.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: auth(other) })).statusCode).toBe(403);
    expect((await t.app.inject(url)).json().product.price).toBe(2499);

    const owner = await t.app.inject({
      method: 'PATCH',
      url,
      headers: auth(seller),
      payload: { price: 1999 },
    });
    expect(owner.json().product).toMatchObject({ price: 1999, name: validProduct.name });
    expect((await t.app.inject({ method: 'DELETE', url, headers: auth(seller) })).statusCode).toBe(200);
    expect((await t.app.inject(url)).statusCode).toBe(404);
  });

  it('refuses bad fields with a 400 that names the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ price: -1 }, 'price'],
      [{ price: 'free' }, 'price'],
      [{ discount: 101 }, 'discount'],
      [{ category: 'Garden - Tools' }, 'category'],
      [{ images: Array.from({ length: MAX_PRODUCT_IMAGES + 1 }, (_, index) => `image-${index}`) }, 'images'],
      [{ description: 'x'.repeat(5 * 1024 * 1024) }, 'description'],
      [{ contactInfo: { whatsapp: '12345' } }, 'contactInfo.whatsapp'],
      [{ externalLinks: [{ url: 'javascript:alert(1)' }] }, 'externalLinks.0.url'],
    ];
    for (const [change, field] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/content',
        headers: auth(seller),
        payload: { ...validProduct, ...change },
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().message.startsWith(`${field}:`), response.json().message).toBe(true);
    }
  });

  it('takes uploaded images in order and serves their URLs', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#e07a5f' } })
      .png()
      .toBuffer();
    const upload = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/media/images',
        headers: { ...auth(seller), 'content-type': MULTIPART_CONTENT_TYPE },
        payload: buildMultipartBody('photo.png', 'image/png', png),
      });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/media/images',
          headers: { 'content-type': MULTIPART_CONTENT_TYPE },
          payload: buildMultipartBody('photo.png', 'image/png', png),
        })
      ).statusCode,
    ).toBe(401);
    const first = (await upload()).json().data;
    const second = (await upload()).json().data;
    expect(first.url).toMatch(/^\/media\/img\//);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: auth(seller),
      payload: { ...validProduct, images: [first.id] },
    });
    expect(created.statusCode).toBe(201);
    // Someone else cannot put this seller's image on their product.
    const theft = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: auth(other),
      payload: { ...validProduct, images: [first.id] },
    });
    expect(theft.statusCode).toBe(400);

    const { product } = created.json();
    const reordered = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${product.id}`,
      headers: auth(seller),
      payload: { images: [second.id, first.id] },
    });
    expect(reordered.json().product.images.map((image: { id: string }) => image.id)).toEqual([
      second.id,
      first.id,
    ]);
    const media = await t.app.inject(reordered.json().product.files[0].url);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/jpeg');
  });
});

describe('profiles and usernames', () => {
  it('checks usernames: normalised, taken, badly formed, required', async () => {
    const check = async (name: string) => (await t.app.inject(`/api/v1/users/check-username/${name}`)).json();
    expect(await check('%20Meera.Weaves%20')).toMatchObject({ available: false });
    expect(await check('brand.new')).toMatchObject({ available: true, message: 'Username is available' });
    expect(await check('no*stars')).toMatchObject({ available: false });
    const empty = await t.app.inject('/api/v1/users/check-username/%20');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Username is required');
  });

  it('shows public profiles and changes only the caller’s own fields', async () => {
    expect((await t.app.inject('/api/v1/users/profile')).statusCode).toBe(401);
    const updated = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/profile',
      headers: auth(seller),
      payload: {
        bio: '<script>alert(1)</script> Weaver from Bengal https://example.in',
        uid: other.uid,
        email: 'hijack@example.in',
        stats: { productCount: 1000 },
      },
    });
    expect(updated.statusCode).toBe(200);
    const byName = (await t.app.inject('/api/v1/users/username/meera.weaves')).json().data;
    expect(byName).toMatchObject({
      uid: seller.uid,
      bio: '<script>alert(1)</script> Weaver from Bengal https://example.in',
    });
    expect(byName.stats.productCount).toBeLessThan(1000);
    const theirs = (await t.app.inject(`/api/v1/users/${other.uid}/profile`)).json().data;
    expect(theirs.bio).toBe('');
    expect((await t.app.inject('/api/v1/users/nobody/profile')).statusCode).toBe(404);
    const content = (await t.app.inject(`/api/v1/users/${seller.uid}/content`)).json();
    expect(content.items.every((item: { uid: string }) => item.uid === seller.uid)).toBe(true);
  });
});

describe('random input', () => {
  it('never answers 5xx on the catalogue and user routes', async () => {
    const routes = [
      ['GET', '/api/v1/content'],
      ['POST', '/api/v1/content'],
      ['PATCH', '/api/v1/products/x'],
      ['GET', '/api/v1/users/check-username/x'],
      ['PATCH', '/api/v1/users/profile'],
      ['POST', '/api/v1/auth/sign-in'],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.dictionary(
          fc.string({ maxLength: 12 }),
          fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(null)),
        ),
        fc.dictionary(
          fc.constantFrom(
            'type',
            'limit',
            'category',
            'minPrice',
            'maxPrice',
            'search',
            'lastEvaluatedKey',
            'uid',
          ),
          fc.string(),
        ),
        async ([method, url], body, query) => {
          const response = await t.app.inject({
            method,
            url,
            query: method === 'GET' ? query : undefined,
            headers: auth(seller),
            payload: method === 'GET' ? undefined : body,
          });
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});
