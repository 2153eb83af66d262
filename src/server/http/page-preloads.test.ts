// Landing pages carry their first API answer and a preload of their largest photo (page-preloads.ts), through
// the real app: a real sign-up, a real upload and product, the page as a browser gets it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP_MEDIA_QUERY,
  KLIP_CARD_IMAGE_SIZES,
  MOBILE_MEDIA_QUERY,
  NEW_ARRIVALS_FIRST_SCREEN_PHOTOS,
  PRELOADED_ANSWERS_ELEMENT_ID,
} from '../../shared/constants.ts';
import { getNewArrivalsQuery } from '../../shared/domain/home-query.ts';
import { getKlipListQuery } from '../../shared/domain/klip-query.ts';
import { requestKey } from '../../shared/domain/request-key.ts';
import { getShopListQuery } from '../../shared/domain/shop-query.ts';
import { buildMultipartBody, MULTIPART_CONTENT_TYPE } from '../media/media.test-helpers.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../test/create-test-app.ts';
import { createTestKlip } from '../test/klip-fixture.ts';
import { SELLER_CONTACT } from '../test/product-body.ts';

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-client-'));
let t: TestApp;
let token: string;
let productId: string;

/** The JSON script's answers, as the app reads them. */
function readAnswers(html: string): Record<string, unknown> | undefined {
  const match = new RegExp(
    `<script type="application/json" id="${PRELOADED_ANSWERS_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
}

async function createProduct(name: string, images: string[] = []): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      type: 'product',
      name,
      price: 999,
      category: 'Electronics - Phones',
      images,
      ...SELLER_CONTACT,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().product.id as string;
}

beforeAll(async () => {
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><head><title>Lootklip</title></head><div id="root"></div>',
  );
  t = await createTestApp({}, undefined, undefined, clientDir);
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    payload: {
      email: 'priya@example.in',
      password: 'a long passphrase',
      username: 'priya',
      fullName: 'Priya',
    },
  });
  token = signUp.json().data.idToken;
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#3d405b' } })
    .png()
    .toBuffer();
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/v1/media/images',
    headers: { authorization: `Bearer ${token}`, 'content-type': MULTIPART_CONTENT_TYPE },
    payload: buildMultipartBody('phone.png', 'image/png', png),
  });
  productId = await createProduct('Triple Camera Phone', [upload.json().data.id]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('landing page preloads', () => {
  it("gives the product page the product's API answer and a preload of its first photo", async () => {
    const page = await t.app.inject({ method: 'GET', url: `/product/${productId}` });
    expect(page.statusCode).toBe(200);
    const api = await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}` });
    expect(readAnswers(page.body)).toEqual({ [`/api/v1/products/${productId}`]: api.json() });

    const avif = api.json().product.images[0].srcSet.avif as string;
    expect(avif).toContain('.avif');
    const preload =
      /<link rel="preload" as="image" type="image\/avif" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">/.exec(
        page.body,
      );
    expect(preload?.[1]).toBe(avif);
    expect(preload?.[2]).toBe('(min-width: 768px) 80vw, 100vw');
  });

  it("gives the unfiltered shop its first page under the app's own request", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/shop', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(page.rawPayload).toString();
    const answers = readAnswers(html);
    // The keys sort the query (shared/domain/request-key.ts): the order the app builds it in does not matter.
    const list = answers?.['/api/v1/content?limit=12&status=active&type=product'] as {
      items: Array<{ id: string }>;
    };
    expect(list.items.map((item) => item.id)).toContain(productId);
    // The Shop's own first request (shop.test.tsx checks the page asks exactly this).
    const shopRequest = new URLSearchParams(getShopListQuery(new URLSearchParams('')));
    expect(Object.keys(answers!)).toEqual([requestKey('/api/v1/content', shopRequest)]);
  });

  it("gives Home its New Arrivals under the app's own request, with the first row's photos", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    const answers = readAnswers(page.body);
    // Home's own New Arrivals request (home-query.ts, which the client's home-content.ts asks).
    const request = new URLSearchParams(getNewArrivalsQuery());
    expect(Object.keys(answers!)).toEqual([requestKey('/api/v1/content', request)]);
    const api = await t.app.inject({ method: 'GET', url: `/api/v1/content?${request}` });
    expect(answers![requestKey('/api/v1/content', request)]).toEqual(api.json());
    const items = api.json().items as Array<{ id: string; cover: { srcSet: { avif: string } } | null }>;
    expect(items.map((item) => item.id)).toContain(productId);
    const preloaded = [
      ...page.body.matchAll(/<link rel="preload" as="image"[^>]*imagesrcset="([^"]+)"/g),
    ].map((match) => match[1]);
    expect(preloaded).toEqual(
      items
        .slice(0, NEW_ARRIVALS_FIRST_SCREEN_PHOTOS)
        .flatMap((item) => (item.cover ? [item.cover.srcSet.avif] : [])),
    );
  });

  it("gives a shared Loot Box page its products' answer under the page's own request, with its preview", async () => {
    const other = await createProduct('Steel Bottle');
    const ids = [other, productId, '01NOSUCHPRODUCT0000000000'];
    const link = new URLSearchParams({ products: ids.join(',') });
    const page = await t.app.inject({ method: 'GET', url: `/shared-lootbox?${link}` });
    expect(page.statusCode).toBe(200);
    const api = await t.app.inject({ method: 'GET', url: `/api/v1/products/shared?${link}` });
    expect(api.statusCode).toBe(200);
    // The key of the page's own request (shared-products.ts: query {products: ids.join(',')}).
    const key = requestKey('/api/v1/products/shared', new URLSearchParams({ products: ids.join(',') }));
    expect(readAnswers(page.body)).toEqual({ [key]: api.json() });
    expect(api.json().missing).toEqual(['01NOSUCHPRODUCT0000000000']);
    expect(page.body).toContain('<meta property="og:title" content="Loot Box: 2 products');

    for (const url of [
      '/shared-lootbox',
      '/shared-lootbox?products=../etc',
      `/shared-lootbox?products=${Array.from({ length: 51 }, (_, index) => `p${index}`).join(',')}`,
    ]) {
      const without = await t.app.inject({ method: 'GET', url });
      expect(without.statusCode, url).toBe(200);
      expect(readAnswers(without.body), url).toBeUndefined();
    }
  });

  it('sends filtered shops, missing products and other pages without preloads', async () => {
    for (const url of [
      '/shop?category=Fashion',
      '/product/01NOSUCHPRODUCT0000000000',
      `/product/${'x'.repeat(300)}`,
      '/klips?search=saree',
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root">');
      expect(readAnswers(page.body), url).toBeUndefined();
      expect(page.body, url).not.toContain('rel="preload"');
    }
  });

  it("gives /klips its first page under the app's own request, and the first klip's poster for each screen", async () => {
    const seller = await signUpTestUser(t.app, 'kavya.klips');
    const klip = await createTestKlip(t, seller, { title: 'Block print saree drape' });
    expect(klip.status).toBe('active');
    const page = await t.app.inject({ method: 'GET', url: '/klips' });
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/v1/content?type=klip&status=active&limit=12',
    });
    const key = requestKey('/api/v1/content', new URLSearchParams(getKlipListQuery({})));
    expect(readAnswers(page.body)).toEqual({ [key]: api.json() });
    expect(api.json().items[0].id).toBe(klip.id);

    // A phone's feed shows the poster on its <video> (one URL); a wider screen shows the grid's card (<picture>).
    expect(page.body).toContain(
      `<link rel="preload" as="image" href="${klip.thumbnail}" media="${MOBILE_MEDIA_QUERY}" fetchpriority="high">`,
    );
    expect(page.body).toContain(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="${klip.posterSrcSet!.avif}" ` +
        `imagesizes="${KLIP_CARD_IMAGE_SIZES}" media="${DESKTOP_MEDIA_QUERY}" fetchpriority="high">`,
    );
  });

  it('asks nothing for Home, the shop or the klips where listings need sign-in', async () => {
    const listings: string[] = [];
    const gated = await createTestApp(
      { LISTINGS_NEED_SIGN_IN: 'true' },
      (app) =>
        app.addHook('onRequest', async (request) => {
          if (request.url.startsWith('/api/v1/content')) listings.push(request.url);
        }),
      undefined,
      clientDir,
    );
    try {
      for (const url of ['/', '/shop', '/klips']) {
        const page = await gated.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).not.toContain('rel="preload"');
        expect(readAnswers(page.body), url).toBeUndefined();
      }
      expect(listings).toEqual([]);
    } finally {
      await gated.close();
    }
  });

  it('keeps text from a product from closing the script', async () => {
    const id = await createProduct('Phone </script><script>alert(1)</script>');
    const page = await t.app.inject({ method: 'GET', url: `/product/${id}` });
    expect(page.body).not.toContain('<script>alert(1)');
    expect(
      (readAnswers(page.body)?.[`/api/v1/products/${id}`] as { product: { name: string } }).product.name,
    ).toBe('Phone </script><script>alert(1)</script>');
  });

  it("puts a product's text into every page as written, even the sequences String.replace treats as patterns", async () => {
    // `$&` is the matched text, `` $` `` all before it, `$'` all after it, `$1` a group, `$$` a dollar sign.
    const name = "Deal $& $` $' $1 $$ $<x>";
    const description = "Half off $& then $` and $' and $$ too";
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        type: 'product',
        name,
        description,
        price: 499,
        category: 'Electronics - Phones',
        images: [],
        ...SELLER_CONTACT,
      },
    });
    expect(create.statusCode).toBe(201);
    const { id, uid } = create.json().product as { id: string; uid: string };
    const pages = [
      '/',
      '/shop',
      `/product/${id}`,
      `/profile/${uid}`,
      `/creator/${uid}/products`,
      '/shopstar/priya',
      '/terms',
    ];
    let preloaded = 0;
    for (const url of pages) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      // Intact: one head, one root, the page's own markup in order, and nothing of it copied into the answer. The
      // title names the page (page-meta.ts): the product's name as written, escaped.
      expect(page.body, url).toMatch(/^<!doctype html><head><title>[^<]*<\/title>/);
      expect(page.body.endsWith('</head><div id="root"></div>'), url).toBe(true);
      expect(page.body.split('</head>'), url).toHaveLength(2);
      expect(page.body.split('<title>'), url).toHaveLength(2);
      const answers = readAnswers(page.body);
      if (!answers) continue;
      preloaded += 1;
      // As the JSON script carries it: `<` escaped, every `$` sequence as it was.
      expect(page.body, url).toContain(JSON.stringify(name).slice(1, -1).replaceAll('<', '\\u003c'));
      expect(page.body, url).toContain(JSON.stringify(description).slice(1, -1));
    }
    // The product page and the shop carry it at least; a page that gains a preload is checked the same way.
    expect(preloaded).toBeGreaterThanOrEqual(2);
    const product = await t.app.inject({ method: 'GET', url: `/product/${id}` });
    const answer = readAnswers(product.body)?.[`/api/v1/products/${id}`] as {
      product: { name: string; description: string };
    };
    expect(answer.product).toMatchObject({ name, description });
    const title = /<title>([^<]*)<\/title>/.exec(product.body)?.[1];
    expect(title).toBe('Deal $&amp; $` $&#39; $1 $$ $&lt;x&gt; · Lootklip');
  });
});
