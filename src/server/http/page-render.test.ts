// Landing pages rendered on the server (decision 0080), through the real app: the render is the client's own
// (src/client/entry-server.tsx, loaded from beside the client folder as the built one is), its data the API's
// answers for the visitor, the page's text safe whatever a product is named.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HELD_APP_CODE_ELEMENT_ID,
  PAGE_DATA_ELEMENT_ID,
  SESSION_HINT_COOKIE_NAME,
} from '../../shared/constants.ts';
import { CATALOGUE_MESSAGES } from '../../shared/catalogue-messages.ts';
import { USER_MESSAGES } from '../../shared/creator-messages.ts';
import { APP_MESSAGES } from '../../shared/shell-messages.ts';
import type { PageData } from '../../shared/page-render.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../test/create-test-app.ts';
import { SELLER_CONTACT } from '../test/product-body.ts';
import { createPageRenderer } from './page-render.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-render-'));
const clientDir = path.join(root, 'client');
// Whatever a seller types: markup, and the patterns String.replace would expand.
const PRODUCT_NAME = '</script><script>alert(1)</script> $& $` Brass Diya';
let t: TestApp;
let productId: string;

function readPageData(html: string): PageData | undefined {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]!) as PageData) : undefined;
}

beforeAll(async () => {
  fs.mkdirSync(path.join(root, 'server'), { recursive: true });
  fs.mkdirSync(clientDir);
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><head><title>Lootklip</title></head><body><div id="root"><div role="status">Loading...</div></div>' +
      '<noscript>Lootklip needs JavaScript to run.</noscript></body>',
  );
  // Where the build puts the render: here the client's source itself.
  const source = path.resolve(import.meta.dirname, '../../client/entry-server.tsx');
  fs.writeFileSync(path.join(root, 'server', 'entry-server.js'), `export * from ${JSON.stringify(source)};`);
  t = await createTestApp({}, undefined, undefined, clientDir);
  const { token } = await signUpTestUser(t.app, 'diya.seller');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: { authorization: `Bearer ${token}` },
    payload: { type: 'product', name: PRODUCT_NAME, price: 450, category: 'Home - Decor', ...SELLER_CONTACT },
  });
  expect(created.statusCode).toBe(201);
  productId = created.json().product.id as string;
});

afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('server-rendered pages', () => {
  it('draws the product page from the API, its name escaped in the HTML and in the page data', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/product/${productId}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $` Brass Diya');
    expect(html).not.toContain('<noscript>');
    expect(html).not.toContain('Loading...');
    // The one script the page data holds is its own: nothing in it closes it early.
    expect(html.match(/<script/g)).toHaveLength(1);
    const data = readPageData(html);
    const product = data?.query.queries.find((query) => query.queryKey.includes(productId));
    expect(product?.state.data).toMatchObject({ product: { name: PRODUCT_NAME } });
    expect(data?.env).toMatchObject({ phone: false, signedInHint: false });
    expect(response.headers.vary).toContain('sec-ch-ua-mobile');
  });

  it('renders Home with its cards, and guesses a phone from the client hint', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { 'sec-ch-ua-mobile': '?1' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('New Arrivals');
    expect(response.body).toContain('Brass Diya');
    expect(readPageData(response.body)?.env.phone).toBe(true);
  });

  it("keeps the signed-in controls' place for a visitor with the session hint, a Sign in link for one without", async () => {
    const signInLink = /<a[^>]*href="\/auth\/login[^"]*"[^>]*>Sign in<\/a>/;
    const guest = await t.app.inject({ method: 'GET', url: '/offers' });
    expect(guest.body).toMatch(signInLink);
    expect(readPageData(guest.body)?.env.signedInHint).toBe(false);

    const hinted = await t.app.inject({
      method: 'GET',
      url: '/offers',
      headers: { cookie: `other=2; ${SESSION_HINT_COOKIE_NAME}=1` },
    });
    expect(hinted.statusCode).toBe(200);
    expect(hinted.body).not.toMatch(signInLink);
    expect(readPageData(hinted.body)?.env.signedInHint).toBe(true);
  });

  it('answers 404 for a product or a creator that does not exist, saying so, with the answer in the page data', async () => {
    const product = await t.app.inject({ method: 'GET', url: '/product/no-such-product' });
    expect(product.statusCode).toBe(404);
    expect(product.body).toContain(CATALOGUE_MESSAGES.productNotFound);
    const missing = readPageData(product.body)?.query.queries.find((query) =>
      query.queryKey.includes('no-such-product'),
    );
    expect(missing?.state).toMatchObject({ status: 'error', error: { apiError: { status: 404 } } });

    const creator = await t.app.inject({ method: 'GET', url: '/shopstar/no.such.creator' });
    expect(creator.statusCode).toBe(404);
    expect(creator.body).toContain(USER_MESSAGES.userNotFound);
  });

  it('answers an unknown page 404 with the not-found page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain(APP_MESSAGES.notFoundTitle);
  });

  it('leaves signed-in and sign-in pages, and HEAD requests, to the client', async () => {
    for (const url of ['/dashboard', '/auth/login']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('Loading...');
      expect(readPageData(response.body), url).toBeUndefined();
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('gives the page to the client when a render fails, or when too many are under way', async () => {
    const request = { url: '/', headers: {} } as Parameters<
      ReturnType<typeof createPageRenderer>['render']
    >[0];
    const answers = async () => undefined;
    const page = '<div id="root"></div><noscript></noscript>';
    const failing = createPageRenderer(() => Promise.reject(new Error('boom')), t.app.log);
    await expect(failing.render(request, answers, page)).resolves.toBeUndefined();

    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = createPageRenderer(async () => {
      await held;
      return { kind: 'rendered', status: 200, html: '<p>drawn</p>', pageData: '{}' };
    }, t.app.log);
    const under = Array.from({ length: 4 }, () => slow.render(request, answers, page));
    await expect(slow.render(request, answers, page)).resolves.toBeUndefined();
    release();
    for (const rendered of await Promise.all(under)) expect(rendered?.html).toContain('<p>drawn</p>');
  });

  it("holds the app's code in a template on a rendered page, and not on a page the client renders", async () => {
    const request = { url: '/shop', headers: {} } as Parameters<
      ReturnType<typeof createPageRenderer>['render']
    >[0];
    const code =
      '<script type="module" crossorigin src="/assets/index-a1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/shop-b2.js">';
    const page =
      '<html><head><link rel="stylesheet" crossorigin href="/assets/index-c3.css">' +
      code +
      '</head><body><div id="root"></div><noscript></noscript></body></html>';
    const renderAs = (kind: 'rendered' | 'client') =>
      createPageRenderer(
        async () =>
          kind === 'rendered'
            ? { kind, status: 200, html: '<main>Shop</main>', pageData: '{}' }
            : { kind: 'client' },
        t.app.log,
      ).render(request, async () => undefined, page);

    const rendered = await renderAs('rendered');
    const head = rendered!.html.slice(0, rendered!.html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c3.css">');
    expect(head).toContain(`<template id="${HELD_APP_CODE_ELEMENT_ID}">${code}</template>`);
    expect(head.replace(/<template[^]*<\/template>/, '')).not.toMatch(/<script type="module"|modulepreload/);
    expect(await renderAs('client')).toBeUndefined();
  });
});
