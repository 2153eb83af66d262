import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_MEDIA_QUERY } from '../../shared/constants.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-client-'));
let testApp: TestApp;
// As the build inlines public/theme-init.js (vite.config.ts).
const THEME_SCRIPT = "document.documentElement.classList.add('dark');";
const APP_SOURCE = `export const rows = [${'"a product row",'.repeat(200)}];`;

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    `<!doctype html><head><title>Lootklip</title><script>${THEME_SCRIPT}</script></head><div id="root"></div>`,
  );
  // What the build's manifest says (vite.config.ts): the entry and Home's route module with a chunk of its own.
  fs.mkdirSync(path.join(clientDir, '.vite'));
  fs.writeFileSync(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-1.js' },
      '_cards.js': { file: 'assets/cards-2.js', imports: ['_react.js'] },
      'src/client/app/routes/home.tsx': { file: 'assets/home-3.js', imports: ['_cards.js', 'index.html'] },
      'src/client/app/routes/klips.tsx': { file: 'assets/klips-4.js', imports: ['_cards.js', 'index.html'] },
      '_slide.js': { file: 'assets/slide-5.js', imports: ['_react.js'] },
      'src/client/features/klips/components/klip-feed.tsx': {
        file: 'assets/klip-feed-6.js',
        imports: ['_slide.js', '_cards.js', 'index.html'],
      },
    }),
  );
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // As the build leaves them: compressed copies beside the file (vite.config.ts).
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-def456.js'), APP_SOURCE);
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-def456.js.br'), zlib.brotliCompressSync(APP_SOURCE));
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-def456.js.gz'), zlib.gzipSync(APP_SOURCE));
  testApp = await createTestApp({}, undefined, undefined, clientDir);
});
afterAll(async () => {
  await testApp.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('single-page app serving', () => {
  it('answers every client route with index.html and the full document policy', async () => {
    for (const url of ['/', '/shop?category=Fashion', '/product/01ABC', '/no/such/page']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("allows the page's inline theme script by its hash, and no other inline script", async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/shop' });
    const scriptSource = /script-src ([^;]+)/.exec(String(page.headers['content-security-policy']))?.[1];
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(scriptSource).toBe(`'self' 'sha256-${hash}'`);
  });

  it("asks the browser for a landing route's own code with the page, and nothing the entry already brings", async () => {
    const home = await testApp.app.inject({ method: 'GET', url: '/' });
    const preloads = [...home.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1],
    );
    expect(preloads).toEqual(['/assets/home-3.js', '/assets/cards-2.js']);
    expect(home.body).toContain('<div id="root">');

    const terms = await testApp.app.inject({ method: 'GET', url: '/terms' });
    expect(terms.body).not.toContain('modulepreload');
  });

  it("asks a phone, and only a phone, for the klip feed's code with /klips", async () => {
    const klips = await testApp.app.inject({ method: 'GET', url: '/klips' });
    const links = [...klips.body.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((match) => match[0]);
    expect(links).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/klips-4.js">',
      '<link rel="modulepreload" crossorigin href="/assets/cards-2.js">',
      `<link rel="modulepreload" crossorigin href="/assets/klip-feed-6.js" media="${MOBILE_MEDIA_QUERY}">`,
      `<link rel="modulepreload" crossorigin href="/assets/slide-5.js" media="${MOBILE_MEDIA_QUERY}">`,
    ]);
  });

  it('serves hashed assets with immutable caching', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's Brotli or gzip copy of an asset to a browser that takes it, and the file to one that does not", async () => {
    const url = '/assets/app-def456.js';
    const brotli = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(APP_SOURCE);

    const gzip = await testApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(APP_SOURCE);

    const plain = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_SOURCE);
  });

  it('sends pages in the encoding the browser prefers and takes', async () => {
    const page = (acceptEncoding: string) =>
      testApp.app.inject({ method: 'GET', url: '/shop', headers: { 'accept-encoding': acceptEncoding } });
    const brotli = await page('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toContain('<div id="root">');
    const gzip = await page('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root">');
    const plain = await page('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
  });

  it('compresses a large JSON answer for a client that takes it', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    const document = JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString()) as {
      openapi: string;
    };
    expect(document.openapi).toMatch(/^3\./);
  });

  it('never answers an API path with the page', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('answers a missing built file with a JSON 404, not the page', async () => {
    for (const url of [
      '/assets/index-gone999.js',
      '/assets/missing.css',
      '//assets/x.js',
      '/assets/deep/er.png',
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.body, url).not.toContain('<div id="root">');
      expect(response.json(), url).toMatchObject({ success: false, code: 'not-found' });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});

describe('the media host named for the preconnect', () => {
  it('is named in every page when media has a host of its own, and not otherwise', async () => {
    const page = async (app: TestApp, url: string) => (await app.app.inject({ method: 'GET', url })).body;
    const meta = '<meta name="lootklip-media-origin" content="https://media.lootklip.example">';
    const withHost = await createTestApp(
      { MEDIA_PUBLIC_URL: 'https://media.lootklip.example/lootklip/' },
      undefined,
      undefined,
      clientDir,
    );
    try {
      for (const url of ['/', '/shop', '/product/01ABC']) expect(await page(withHost, url)).toContain(meta);
    } finally {
      await withHost.close();
    }
    expect(await page(testApp, '/')).not.toContain('lootklip-media-origin');
  });
});
