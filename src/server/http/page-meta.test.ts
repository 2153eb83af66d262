// The served page's head (page-meta.ts) through the real app: every page's <title> names it, and the pages people
// share (a product, a klip, a creator, a shared Loot Box) carry OpenGraph and Twitter tags from the API's own answers. The
// page is read by a real HTML parser (jsdom), as a link-preview crawler reads it, so an escaping slip shows up as
// a broken head, not as a string that merely looks right.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
// @ts-expect-error jsdom ships no types (client tests get its DOM through vitest's environment instead).
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { buildMultipartBody, MULTIPART_CONTENT_TYPE } from '../media/media.test-helpers.ts';
import { signUpTestUser } from '../test/create-test-app.ts';
import { createStallableApp, type StallableApp } from '../test/stallable-app.ts';
import { createTestKlip } from '../test/klip-fixture.ts';
import { SELLER_CONTACT } from '../test/product-body.ts';
import { SHARE_IMAGE_PATH } from '../../shared/constants.ts';
import { SITE_PREVIEW_MESSAGES } from '../../shared/server-messages.ts';
import { renderMetaTags, resolveOrigin, toDescription } from './page-meta.ts';

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-client-'));
const INDEX_HTML =
  '<!doctype html><html><head><meta charset="UTF-8" />\n<meta\n  name="description"\n  content="Lootklip: shop." />' +
  '<title>Lootklip</title><script>document.documentElement.dataset.theme = "x";</script></head>' +
  '<body><div id="root"></div></body></html>';
let t: StallableApp;
let seller: { token: string; uid: string };
let photoId: string;

/** What these tests read of a parsed page (the server's types have no DOM). */
interface ParsedElement {
  getAttribute(name: string): string | null;
}
interface ParsedDocument {
  title: string;
  querySelector(selector: string): ParsedElement | null;
  querySelectorAll(selector: string): { length: number };
  getElementById(id: string): ParsedElement | null;
}

/** The page as a crawler parses it. */
async function readPage(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, url).toBe(200);
  const { document } = new (JSDOM as new (html: string) => { window: { document: ParsedDocument } })(
    response.body,
  ).window;
  const meta = (key: string) =>
    document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ??
    undefined;
  return { body: response.body, document, meta };
}

async function uploadImage(token: string, url = '/api/v1/media/images') {
  const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#e07a5f' } })
    .png()
    .toBuffer();
  const upload = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': MULTIPART_CONTENT_TYPE },
    payload: buildMultipartBody('photo.png', 'image/png', png),
  });
  expect(upload.statusCode, url).toBe(url.endsWith('/images') ? 201 : 200);
  return upload.json();
}

async function createProduct(name: string, price: number, options: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: { authorization: `Bearer ${seller.token}` },
    payload: {
      type: 'product',
      name,
      price,
      category: 'Electronics - Phones',
      ...SELLER_CONTACT,
      ...options,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().product.id as string;
}

beforeAll(async () => {
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  t = await createStallableApp(clientDir);
  seller = await signUpTestUser(t.app, 'meera.gadgets', { address: '10.14.9.1', fullName: 'Meera Iyer' });
  photoId = (await uploadImage(seller.token)).data.id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('page titles', () => {
  it('names every page of the route table, with one title and the rest of the head intact', async () => {
    const titles: Record<string, string> = {
      '/': 'Lootklip · Shop what creators love',
      '/shop': 'Shop · Lootklip',
      '/shop/?category=Fashion': 'Shop · Lootklip',
      '/klips': 'Klips · Lootklip',
      '/offers': 'Offers · Lootklip',
      '/terms': 'Terms of Service · Lootklip',
      '/seller-policy': 'Seller Policy · Lootklip',
      '/auth/login': 'Welcome Back · Lootklip',
      '/auth/forgot-password': 'Forgot Password · Lootklip',
      '/auth/reset-password?token=abc': 'Set a New Password · Lootklip',
      '/create/product': 'Create Product · Lootklip',
      '/dashboard': 'Dashboard · Lootklip',
      '/shared-lootbox': 'Shared Loot Box · Lootklip',
      [`/creator/${seller.uid}/products`]: 'All products · Lootklip',
      '/no/such/page': 'Page not found · Lootklip',
    };
    for (const [url, title] of Object.entries(titles)) {
      const page = await readPage(url);
      expect(page.document.title, url).toBe(title);
      expect(page.document.querySelectorAll('title'), url).toHaveLength(1);
      expect(page.document.querySelectorAll('head script:not([type="application/json"])'), url).toHaveLength(
        1,
      );
      expect(page.meta('description'), url).toBe('Lootklip: shop.');
      // Only the landing pages (the app's preview) and the pages people share (their own) carry previews.
      const landing = [
        '/',
        '/shop',
        '/shop/?category=Fashion',
        '/klips',
        '/offers',
        '/terms',
        '/seller-policy',
      ];
      const creatorProducts = `/creator/${seller.uid}/products`;
      if (landing.includes(url) || url === creatorProducts) expect(page.meta('og:title'), url).toBe(title);
      else expect(page.meta('og:title'), url).toBeUndefined();
    }
  });
});

describe("the landing pages' preview", () => {
  it('gives Home the share image with its size, og:type website and the large X card', async () => {
    const page = await readPage('/');
    expect(page.meta('og:type')).toBe('website');
    expect(page.meta('og:title')).toBe('Lootklip · Shop what creators love');
    expect(page.meta('og:description')).toBe(SITE_PREVIEW_MESSAGES.description);
    expect(page.meta('og:url')).toBe('http://localhost/');
    expect(page.meta('og:image')).toBe(`http://localhost${SHARE_IMAGE_PATH}`);
    expect(page.meta('og:image:width')).toBe('1200');
    expect(page.meta('og:image:height')).toBe('630');
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('twitter:image')).toBe(page.meta('og:image'));
    // The page's own description is index.html's, untouched.
    expect(page.meta('description')).toBe('Lootklip: shop.');
  });

  it('names a listing by its path alone, without the search', async () => {
    const page = await readPage('/shop?search=phone&category=Electronics');
    expect(page.meta('og:url')).toBe('http://localhost/shop');
  });

  it('ships the share image as a real 1200x630 PNG in public/', async () => {
    const file = path.resolve(import.meta.dirname, '../../../public', SHARE_IMAGE_PATH.slice(1));
    const { width, height, format } = await sharp(file).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
  });

  it('gives a shared page whose subject has no photo the share image instead of none', async () => {
    const id = await createProduct('Photo-less Phone', 4999);
    const page = await readPage(`/product/${id}`);
    expect(page.meta('og:title')).toBe('Photo-less Phone');
    expect(page.meta('og:image')).toBe(`http://localhost${SHARE_IMAGE_PATH}`);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
  });
});

describe('rich previews', () => {
  it('gives a product page its name, price, description and first photo, each tag absolute and escaped', async () => {
    const id = await createProduct('Triple Camera 5G Phone 256 GB', 24999, {
      discount: 10,
      description: 'A  phone\nwith three cameras.',
      images: [photoId],
    });
    const page = await readPage(`/product/${id}`);
    expect(page.document.title).toBe('Triple Camera 5G Phone 256 GB · Lootklip');
    expect(page.meta('og:title')).toBe('Triple Camera 5G Phone 256 GB');
    expect(page.meta('og:site_name')).toBe('Lootklip');
    expect(page.meta('og:type')).toBe('product');
    // The origin is the request's (no PUBLIC_URL here): inject's host, localhost:80.
    expect(page.meta('og:url')).toBe(`http://localhost/product/${id}`);
    expect(page.meta('og:description')).toBe(
      '₹22,499.10 (was ₹24,999) · by @meera.gadgets. A phone with three cameras.',
    );
    expect(page.meta('description')).toBe(page.meta('og:description'));
    const api = await t.app.inject({ method: 'GET', url: `/api/v1/products/${id}` });
    expect(page.meta('og:image')).toBe(`http://localhost${api.json().product.images[0].url}`);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('twitter:title')).toBe('Triple Camera 5G Phone 256 GB');
    expect(page.meta('twitter:image')).toBe(page.meta('og:image'));
    expect(page.meta('product:price:amount')).toBe('22499.10');
    expect(page.meta('product:price:currency')).toBe('INR');
    // The preload is still there, beside the tags.
    expect(page.body).toContain('rel="preload"');
  });

  it('keeps quotes, ampersands and </script> in a name from breaking the head', async () => {
    const name = `"Best" <Phone> & </script><script>alert(1)</script> 'x' $& $'`;
    const id = await createProduct(name, 999, { description: '"><img src=x onerror=alert(2)>' });
    const page = await readPage(`/product/${id}`);
    expect(page.document.title).toBe(`${name} · Lootklip`);
    expect(page.meta('og:title')).toBe(name);
    expect(page.meta('twitter:title')).toBe(name);
    expect(page.meta('og:description')).toContain('"><img src=x onerror=alert(2)>');
    // Nothing the seller wrote became markup: the page's one inline script, the preload's JSON, no image.
    expect(page.document.querySelectorAll('script:not([type="application/json"])')).toHaveLength(1);
    expect(page.document.querySelectorAll('img')).toHaveLength(0);
    expect(page.document.querySelectorAll('title')).toHaveLength(1);
    expect(page.document.getElementById('root')).not.toBeNull();
  });

  it('gives an absent product, or an id too long to be one, the generic title and no preview', async () => {
    for (const url of ['/product/01NOSUCHPRODUCT0000000000', `/product/${'x'.repeat(300)}`]) {
      const page = await readPage(url);
      expect(page.document.title, url).toBe('Lootklip');
      expect(page.meta('og:title'), url).toBeUndefined();
      expect(page.meta('description'), url).toBe('Lootklip: shop.');
    }
  });

  it("gives an active klip's link its title, description, poster and 720x1280 video, each absolute and escaped", async () => {
    const title = `Draping "Banarasi" <silk> & </script><script>alert(1)</script> $&`;
    const klip = await createTestKlip(t, seller, { title, description: 'Pleats,  pallu\nand a pin.' });
    expect(klip.status).toBe('active');
    const page = await readPage(`/klips/${klip.id}`);
    expect(page.document.title).toBe(`${title} · Lootklip`);
    expect(page.meta('og:title')).toBe(title);
    expect(page.meta('twitter:title')).toBe(title);
    expect(page.meta('og:description')).toBe('Pleats, pallu and a pin.');
    expect(page.meta('twitter:description')).toBe('Pleats, pallu and a pin.');
    expect(page.meta('description')).toBe('Pleats, pallu and a pin.');
    expect(page.meta('og:type')).toBe('video.other');
    expect(page.meta('og:url')).toBe(`http://localhost/klips/${klip.id}`);
    // The poster JPEG, as its own pixels say.
    expect(klip.thumbnail).toMatch(/^\/media\/.+\.jpe?g$/);
    expect(page.meta('og:image')).toBe(`http://localhost${klip.thumbnail}`);
    expect(page.meta('twitter:image')).toBe(page.meta('og:image'));
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    const poster = await t.app.inject({ method: 'GET', url: klip.thumbnail! });
    const size = await sharp(poster.rawPayload).metadata();
    expect(page.meta('og:image:width')).toBe(String(size.width));
    expect(page.meta('og:image:height')).toBe(String(size.height));
    expect(size.height! / size.width!).toBeCloseTo(16 / 9, 2);
    // The 720x1280 rendition; no secure_url over http.
    expect(klip.renditions?.hd).toBe(klip.video);
    expect(page.meta('og:video')).toBe(`http://localhost${klip.video}`);
    expect(page.meta('og:video:secure_url')).toBeUndefined();
    expect(page.meta('og:video:type')).toBe('video/mp4');
    expect(page.meta('og:video:width')).toBe('720');
    expect(page.meta('og:video:height')).toBe('1280');
    // Nothing the seller wrote became markup.
    expect(page.document.querySelectorAll('script:not([type="application/json"])')).toHaveLength(1);
    expect(page.document.querySelectorAll('title')).toHaveLength(1);
    expect(page.document.getElementById('root')).not.toBeNull();

    // No description: who posted it.
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klips/${klip.id}`,
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { description: '' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await readPage(`/klips/${klip.id}/`)).meta('og:description')).toBe(
      'A klip by meera.gadgets on Lootklip: watch it and shop the product.',
    );
  }, 120_000);

  it('gives a klip still processing, or none, the Klips title and no preview', async () => {
    const processing = await createTestKlip(t, seller, {
      title: 'Not ready yet',
      description: 'Still transcoding.',
      transcode: false,
    });
    expect(processing.status).toBe('processing');
    for (const url of [
      `/klips/${processing.id}`,
      '/klips/01NOSUCHKLIP00000000000000',
      `/klips/${'x'.repeat(300)}`,
    ]) {
      const page = await readPage(url);
      expect(page.document.title, url).toBe('Klips · Lootklip');
      expect(page.meta('og:title'), url).toBeUndefined();
      expect(page.meta('og:video'), url).toBeUndefined();
      expect(page.meta('description'), url).toBe('Lootklip: shop.');
    }
  }, 120_000);

  it("gives a creator's pages their name, bio and avatar, by id and by username", async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/profile',
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { bio: 'Honest reviews of budget phones & "gadgets".' },
    });
    expect(patch.statusCode).toBe(200);
    const before = await readPage(`/shopstar/meera.gadgets`);
    // No avatar or cover yet: the app's share image, on the large card.
    expect(before.meta('og:image')).toBe(`http://localhost${SHARE_IMAGE_PATH}`);
    expect(before.meta('twitter:card')).toBe('summary_large_image');

    const avatar = (await uploadImage(seller.token, '/api/v1/users/avatar')).data.avatar as string;
    for (const url of [`/shopstar/meera.gadgets`, `/profile/${seller.uid}`]) {
      const page = await readPage(url);
      expect(page.document.title, url).toBe('Meera Iyer (@meera.gadgets) · Lootklip');
      expect(page.meta('og:title'), url).toBe('Meera Iyer (@meera.gadgets)');
      expect(page.meta('og:description'), url).toBe('Honest reviews of budget phones & "gadgets".');
      expect(page.meta('og:type'), url).toBe('profile');
      expect(page.meta('og:url'), url).toBe('http://localhost/shopstar/meera.gadgets');
      expect(page.meta('og:image'), url).toBe(new URL(avatar, 'http://localhost').href);
      // A square avatar: the small card.
      expect(page.meta('twitter:card'), url).toBe('summary');
    }
    const nobody = await readPage('/shopstar/nobody.here');
    expect(nobody.document.title).toBe('Lootklip');
    expect(nobody.meta('og:title')).toBeUndefined();
  });

  it('prices a product as its page does: an offer running is named beside the price, never taken off it', async () => {
    // docs/product.md "Shown price": ₹899 at 20% off is ₹719.20; the offer would take it to ₹575.36.
    const kurta = await createProduct('Cotton Kurta', 899, { discount: 20 });
    const dupatta = await createProduct('Silk Dupatta', 500);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: { authorization: `Bearer ${seller.token}` },
      payload: {
        type: 'offer',
        status: 'active',
        metadata: {
          title: '20% off ethnic wear',
          discountType: 'percentage',
          discountValue: 20,
          startDate: new Date(Date.now() - 60_000).toISOString(),
          products: [kurta, dupatta],
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const offerId = created.json().offer.id as string;

    const page = await readPage(`/product/${kurta}`);
    expect(page.meta('og:description')).toBe(
      '₹719.20 (was ₹899) · Offer to claim: 20% off ethnic wear, ₹575.36 · by @meera.gadgets',
    );
    expect(page.meta('product:price:amount')).toBe('719.20');

    // In a shared Loot Box the kurta was claimed with the offer, the dupatta not: ₹575.36 + ₹500.
    const shared = await readPage(`/shared-lootbox?products=${kurta},${dupatta}&offers=${kurta}:${offerId}`);
    expect(shared.meta('og:title')).toBe('Loot Box: 2 products · ₹1,075.36');
    expect(shared.meta('og:url')).toBe(
      `http://localhost/shared-lootbox?products=${kurta}%2C${dupatta}&offers=${kurta}%3A${offerId}`,
    );
    const unclaimed = await readPage(`/shared-lootbox?products=${kurta},${dupatta}`);
    expect(unclaimed.meta('og:title')).toBe('Loot Box: 2 products · ₹1,219.20');
  });

  it("gives a shared Loot Box its item count, total at today's prices and the first photo", async () => {
    const plain = await createProduct('Phone Case', 499);
    const phone = await createProduct('Budget Phone', 2999, { discount: 10, images: [photoId] });
    const charger = await createProduct('Fast Charger', 799);
    const page = await readPage(
      `/shared-lootbox?products=${plain},${phone},01NOSUCHPRODUCT0000000000,${charger}&utm_source=lootklip`,
    );
    expect(page.document.title).toBe('Shared Loot Box · Lootklip');
    // ₹499 + ₹2,699.10 + ₹799; the missing id is left out.
    expect(page.meta('og:title')).toBe('Loot Box: 3 products · ₹3,997.10');
    expect(page.meta('og:description')).toBe(
      'Phone Case, Budget Phone, Fast Charger. Picked on Lootklip: see the prices and contact the sellers.',
    );
    const api = await t.app.inject({ method: 'GET', url: `/api/v1/products/${phone}` });
    expect(page.meta('og:image')).toBe(`http://localhost${api.json().product.images[0].url}`);
    expect(page.meta('og:url')).toBe(
      `http://localhost/shared-lootbox?products=${plain}%2C${phone}%2C01NOSUCHPRODUCT0000000000%2C${charger}`,
    );

    for (const url of [
      '/shared-lootbox?products=<script>',
      '/shared-lootbox?products=01NOSUCHPRODUCT0000000000',
    ]) {
      const generic = await readPage(url);
      expect(generic.document.title, url).toBe('Shared Loot Box · Lootklip');
      expect(generic.meta('og:title'), url).toBeUndefined();
    }
  });

  it('serves the page without a preview when the database does not answer', async () => {
    const id = await createProduct('Slow Phone', 999);
    const release = t.stall();
    try {
      // The database answers only after the pages: each is served because its preload gives up (after 500 ms;
      // npm run bench:page-stall measures it).
      for (const url of [`/product/${id}`, `/shared-lootbox?products=${id}`]) {
        const page = await readPage(url);
        expect(page.meta('og:title'), url).toBeUndefined();
        expect(page.document.getElementById('root'), url).not.toBeNull();
      }
    } finally {
      release();
    }
    expect((await readPage(`/product/${id}`)).meta('og:title')).toBe('Slow Phone');
  });
});

describe('the origin previews name', () => {
  const request = (host: string, protocol = 'http') => ({ host, protocol }) as unknown as FastifyRequest;
  const config = (env: Record<string, string> = {}) =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', ...env });

  it('is PUBLIC_URL when set, whatever the request says', () => {
    expect(resolveOrigin(request('evil.example'), config({ PUBLIC_URL: 'https://lootklip.in/app' }))).toBe(
      'https://lootklip.in',
    );
  });

  it("is the request's scheme and host otherwise, and config's address for a host that is not one", () => {
    expect(resolveOrigin(request('shop.example.in:8443', 'https'), config())).toBe(
      'https://shop.example.in:8443',
    );
    expect(resolveOrigin(request('[::1]:3000'), config())).toBe('http://[::1]:3000');
    for (const host of ['a"b', 'x/y', 'a b', '']) {
      expect(resolveOrigin(request(host), config({ PORT: '4000' })), host).toBe('http://localhost:4000');
    }
  });
});

describe('renderMetaTags', () => {
  it('adds og:video:secure_url only when the video is served over https', () => {
    const meta = {
      title: 'Klip · Lootklip',
      ogTitle: 'Klip',
      description: 'A klip.',
      url: 'https://lootklip.in/klips/k1',
      largeImage: true,
      type: 'video.other' as const,
    };
    const https = renderMetaTags({
      ...meta,
      video: { url: 'https://cdn.example/v.mp4', width: 720, height: 1280 },
    });
    expect(https).toContain('<meta property="og:video" content="https://cdn.example/v.mp4">');
    expect(https).toContain('<meta property="og:video:secure_url" content="https://cdn.example/v.mp4">');
    const http = renderMetaTags({
      ...meta,
      video: { url: 'http://localhost/v.mp4', width: 720, height: 1280 },
    });
    expect(http).toContain('<meta property="og:video" content="http://localhost/v.mp4">');
    expect(http).not.toContain('og:video:secure_url');
    expect(renderMetaTags(meta)).not.toContain('og:video');
  });
});

describe('toDescription', () => {
  it('makes one line, cut at a word with an ellipsis', () => {
    expect(toDescription('a\n\n b   c')).toBe('a b c');
    expect(toDescription('one two three four', 12)).toBe('one two…');
    expect(toDescription('x'.repeat(30), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
