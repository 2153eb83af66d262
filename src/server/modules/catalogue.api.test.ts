// Products, image uploads and profiles through the real app with real sign-ups: who may do what, what a body
// can never set, how bad input is refused, and that random input never produces a 5xx.
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PRODUCT_IMAGES } from '../../shared/constants.ts';
import { buildMultipartBody, MULTIPART_CONTENT_TYPE } from '../media/media.test-helpers.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../test/create-test-app.ts';

let t: TestApp;
let seller: { token: string; uid: string };
let other: { token: string; uid: string };

const signUp = (name: string, address: string) => signUpTestUser(t.app, name, { address });

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

    // A list carries every image's URL and the cover's variants, not every image's.
    const detail = reordered.json().product;
    const listed = (await t.app.inject(`/api/v1/content?type=product&contentId=${product.id}`)).json()
      .items[0];
    expect(listed.files).toEqual(detail.files);
    expect(listed.files.map((file: { url: string }) => file.url)).toEqual(
      detail.images.map((image: { url: string }) => image.url),
    );
    expect(listed.cover).toEqual(detail.images[0]);
    expect(listed).not.toHaveProperty('images');
    expect(detail.cover).toEqual(detail.images[0]);
  });
});

describe('multipart edit', () => {
  async function multipart(parts: [name: string, value: string | Buffer][]) {
    const form = new FormData();
    for (const [name, value] of parts) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value)], { type: 'image/png' }), `${name}.png`);
    }
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    return {
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')! },
    };
  }

  it('changes fields and adds, keeps or reorders images in one request, only for the owner', async () => {
    const png = (color: string) =>
      sharp({ create: { width: 400, height: 400, channels: 3, background: color } })
        .png()
        .toBuffer();
    const [red, blue, green] = await Promise.all([png('#c00'), png('#00c'), png('#0c0')]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: auth(seller),
      payload: validProduct,
    });
    const { id } = created.json().product;
    const patch = async (user: { token: string }, parts: [string, string | Buffer][]) => {
      const body = await multipart(parts);
      return t.app.inject({
        method: 'PATCH',
        url: `/api/v1/products/${id}`,
        headers: { ...auth(user), ...body.headers },
        payload: body.payload,
      });
    };

    expect(
      (
        await patch(other, [
          ['data', '{"price":1}'],
          ['images', red],
        ])
      ).statusCode,
    ).toBe(403);

    const added = await patch(seller, [
      ['data', '{"price":999}'],
      ['images', red],
      ['images', blue],
    ]);
    expect(added.statusCode).toBe(200);
    const afterAdd = added.json().product;
    expect(afterAdd.price).toBe(999);
    expect(afterAdd.images).toHaveLength(2);
    const [redId, blueId] = afterAdd.images.map((image: { id: string }) => image.id);

    // images in data is the order of the kept ones; new files come after them.
    const reordered = await patch(seller, [
      ['data', JSON.stringify({ images: [blueId] })],
      ['images', green],
    ]);
    expect(reordered.statusCode).toBe(200);
    const ids = reordered.json().product.images.map((image: { id: string }) => image.id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(blueId);
    expect(ids).not.toContain(redId);

    const refusals: [[string, string | Buffer][], RegExp][] = [
      [[['images', red]], /JSON field named data/],
      [[['data', '{price']], /must be JSON/],
      [[['data', '{"discount":101}']], /^data\.discount: /],
      [
        [
          ['data', '{}'],
          ['photo', red],
        ],
        /Only image files named images/,
      ],
      [
        [['data', '{}'], ...Array.from({ length: 9 }, () => ['images', red] as [string, Buffer])],
        /at most 10 images/,
      ],
    ];
    for (const [parts, message] of refusals) {
      const refused = await patch(seller, parts);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    const unchanged = (await t.app.inject(`/api/v1/products/${id}`)).json().product;
    expect(unchanged.images.map((image: { id: string }) => image.id)).toEqual(ids);
    expect(unchanged.price).toBe(999);
  });
});

describe('ratings', () => {
  it("lets signed-in shoppers rate others' products once each, counting every shopper exactly once", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: auth(seller),
      payload: validProduct,
    });
    const { id } = created.json().product;
    const rate = (user: { token: string } | null, stars: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/products/${id}/rating`,
        headers: user ? auth(user) : {},
        payload: { stars },
      });

    expect((await rate(null, 4)).statusCode).toBe(401);
    const own = await rate(seller, 5);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot rate your own product.');
    for (const stars of [0, 6, 4.5, '5']) expect((await rate(other, stars)).statusCode).toBe(400);

    // Five shoppers at once: each counted once, whatever the interleaving.
    const shoppers = await Promise.all([1, 2, 3, 4, 5].map((n) => signUp(`rater.${n}`, `10.2.1.${n}`)));
    const answers = await Promise.all(shoppers.map((shopper, index) => rate(shopper, index + 1)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);

    // A second rating replaces the first.
    expect((await rate(shoppers[0]!, 5)).json().data).toMatchObject({ ratingCount: 5, myRating: 5 });
    const mine = await t.app.inject({
      url: `/api/v1/products/${id}/rating`,
      headers: auth(shoppers[1]!),
    });
    expect(mine.json().data).toEqual({ rating: 3.8, ratingCount: 5, myRating: 2 });
    const product = (await t.app.inject(`/api/v1/products/${id}`)).json().product;
    expect(product).toMatchObject({ rating: 3.8, ratingCount: 5 });
    expect(
      (await t.app.inject({ url: '/api/v1/products/nope/rating', headers: auth(other) })).statusCode,
    ).toBe(404);
  });
});

describe('category list', () => {
  it('lists the categories of the fixed tree with their product counts', async () => {
    const response = await t.app.inject('/api/v1/content?type=categoryList&limit=10');
    expect(response.statusCode).toBe(200);
    const { items, hasMore } = response.json();
    expect(hasMore).toBe(false);
    expect(items.map((item: { name: string }) => item.name)).toEqual([
      'Electronics',
      'Fashion',
      'Home',
      'Beauty',
      'Sports',
      'Books',
      'Toys',
    ]);
    const fashion = items.find((item: { name: string }) => item.name === 'Fashion');
    const listed = await t.app.inject('/api/v1/content?type=product&category=Fashion');
    expect(fashion).toMatchObject({ type: 'categoryList', subcategories: ['Men', 'Women', 'Kids'] });
    expect(fashion.productCount).toBe(listed.json().total);
    expect(fashion.productCount).toBeGreaterThan(0);
    const limited = await t.app.inject('/api/v1/content?type=categoryList&limit=2');
    expect(limited.json().items).toHaveLength(2);
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

describe('listings for signed-in shoppers only (LISTINGS_NEED_SIGN_IN)', () => {
  const shop = '/api/v1/content?type=product&status=active';
  const alwaysPublic = (uid: string) => [
    `${shop}&uid=${uid}`,
    `${shop}&contentId=some-product`,
    '/api/v1/content?type=categoryList',
    `/api/v1/users/${uid}/content`,
  ];

  it('is off by default: visitors see the shop, hot deals and new arrivals', async () => {
    for (const url of [shop, `${shop}&sort=newest`, `${shop}&source=activeOffers`]) {
      expect((await t.app.inject(url)).statusCode).toBe(200);
    }
  });

  it('answers 401 to visitors for those listings only, and 200 when signed in', async () => {
    const gated = await createTestApp({ LISTINGS_NEED_SIGN_IN: 'true' });
    try {
      const signUp = await gated.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-up',
        payload: {
          email: 'kiran@example.in',
          password: 'a long passphrase',
          username: 'kiran',
          fullName: 'K',
        },
      });
      const { idToken, user } = signUp.json().data as { idToken: string; user: { uid: string } };
      for (const url of [
        shop,
        `${shop}&category=Fashion&search=saree`,
        `${shop}&sort=newest`,
        `${shop}&source=activeOffers`,
        // Blank filters are no filters: still the shop.
        `${shop}&uid=%20`,
        `${shop}&contentId=%20`,
      ]) {
        const visitor = await gated.app.inject(url);
        expect(visitor.statusCode, url).toBe(401);
        expect(visitor.json()).toMatchObject({
          success: false,
          message: 'Unauthorized - Please login again',
        });
        const shopper = await gated.app.inject({ url, headers: { authorization: `Bearer ${idToken}` } });
        expect(shopper.statusCode, url).toBe(200);
      }
      for (const url of alwaysPublic(user.uid))
        expect((await gated.app.inject(url)).statusCode, url).toBe(200);
    } finally {
      await gated.close();
    }
  });
});

describe('random input', () => {
  /** Every API route the app serves, from its own OpenAPI document, with path parameters to fill in. */
  /** The live notification stream stays open by design (its refusals are tested with notifications). */
  const OPEN_ENDED = new Set(['/api/v1/notifications/stream']);

  function listApiRoutes(): { method: string; path: string }[] {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    return Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/') && !OPEN_ENDED.has(path))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
      );
  }

  it('never answers 5xx on any API route, signed in or not', async () => {
    const routes = listApiRoutes();
    // The app has more than these; the list must not silently shrink to nothing.
    expect(routes.length).toBeGreaterThan(20);
    expect(routes).toContainEqual({ method: 'PATCH', path: '/api/v1/products/{id}' });
    const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.string({ minLength: 1, maxLength: 30 }),
        fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(value, fc.array(value, { maxLength: 3 }))),
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
            'url',
            'contentId',
            'sort',
            'source',
          ),
          fc.string(),
        ),
        fc.boolean(),
        async ({ method, path }, param, body, query, signedIn) => {
          const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(param));
          const response = await t.app.inject({
            method: method as 'GET',
            url,
            query,
            headers: signedIn ? auth(other) : {},
            payload: method === 'GET' || method === 'DELETE' ? undefined : body,
          });
          if (response.statusCode >= 500) {
            throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
