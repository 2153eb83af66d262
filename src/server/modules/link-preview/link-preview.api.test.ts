// Link previews through the real app over real sockets. A canary server on loopback counts every connection: no
// refused link may reach it. A second loopback server is the one "allowed test host" (its address and port are let
// through by an injected policy, everything else still goes through the real address rules); it serves pages,
// redirects, slow and endless bodies.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LINK_PREVIEW_CACHE_TTL_MS, LINK_PREVIEW_MAX_BYTES } from '../../../shared/constants.ts';
import { SHOPPING_HOSTS } from '../../../shared/domain/shopping-hosts.ts';
import { LINK_PREVIEW_MESSAGES } from '../../../shared/link-preview-messages.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { isPublicAddress } from './address-policy.ts';
import { linkPreviewRoutes } from './link-preview.routes.ts';
import type { ResolveHost } from './safe-fetch.ts';

let t: TestApp;
let canary: http.Server;
let canaryPort: number;
let canaryConnections = 0;
let pages: http.Server;
let pagePort: number;
const pageHits = new Map<string, number>();
let endless: Promise<number>;
let clock = 1_000_000;

// Names the tests use; nothing here reaches a real DNS server.
const FAKE_DNS: Record<string, string[]> = {
  'shop.test': ['127.0.0.1'],
  'internal.test': ['10.1.2.3'],
  'metadata.test': ['169.254.169.254'],
  // A public address next to a private one: refused whole (and never connected to, even by a faulty test host).
  'mixed.test': ['93.184.216.34', '10.0.0.7'],
  'v6-loopback.test': ['::1'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'ula.test': ['fd00::1'],
};
let resolveCalls = 0;
const resolveHost: ResolveHost = async (hostname) => {
  resolveCalls++;
  const addresses = FAKE_DNS[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: net.isIP(address) }));
};

// The allowed test host: exactly 127.0.0.1 on the page server's port, on top of the real rules.
const allowTestHost = () => ({
  resolveHost,
  isAllowedAddress: (address: string) => address === '127.0.0.1' || isPublicAddress(address),
  allowedPorts: [80, 443, pagePort],
});

const PRODUCT_PAGE = `<!doctype html><html><head>
  <title>Kanjivaram Silk Saree | Handloom Weaves</title>
  <meta property="og:title" content="Kanjivaram Silk Saree">
  <meta property="og:description" content="Pure silk with a zari border.">
  <meta property="og:site_name" content="Handloom Weaves">
  <meta property="og:image" content="/images/saree.jpg">
  <link rel="icon" href="/favicon-32.png">
</head><body><h1>Kanjivaram</h1></body></html>`;

function servePage(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
  pageHits.set(url.pathname, (pageHits.get(url.pathname) ?? 0) + 1);
  const html = (body: string, status = 200) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  };
  switch (url.pathname) {
    case '/product':
    case '/cached':
    case '/ttl':
      return html(PRODUCT_PAGE);
    case '/no-icon':
      return html('<title>Plain shop</title>');
    case '/latin1':
      response.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' });
      return response.end(Buffer.from('<title>Caf\u00e9 Chai</title>', 'latin1'));
    case '/plain':
      response.writeHead(200, { 'content-type': 'text/plain' });
      return response.end('<title>not html</title>');
    case '/json':
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end('{"title":"x"}');
    case '/missing':
      return html('<title>Not found</title>', 404);
    case '/redirect':
      response.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      return response.end();
    case '/hop': {
      const left = Number(url.searchParams.get('n'));
      response.writeHead(301, { location: left > 1 ? `/hop?n=${left - 1}` : '/product' });
      return response.end();
    }
    case '/endless': {
      // Never ends: writes as fast as the reader takes it, until the reader hangs up.
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><head><title>Endless catalogue</title></head><body>');
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let written = 0;
      const pump = () => {
        while (!response.destroyed && written < 256 * 1024 * 1024) {
          written += chunk.length;
          if (!response.write(chunk)) break;
        }
      };
      response.on('drain', pump);
      endless = new Promise((resolve) => response.on('close', () => resolve(written)));
      return pump();
    }
    case '/stall':
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><head>'); // and never another byte
      return;
    default:
      return html('<title>other</title>');
  }
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  canary = http.createServer((_request, response) => response.end('canary'));
  canary.on('connection', () => canaryConnections++);
  canaryPort = await listen(canary);
  pages = http.createServer(servePage);
  pagePort = await listen(pages);

  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, (app) => {
    // The route with the app's address rules and ports; only DNS is faked (the app's own route is at the
    // unprefixed path, with real DNS).
    app.register(linkPreviewRoutes, { prefix: '/fake-dns', resolveHost });
    app.register(linkPreviewRoutes, { prefix: '/allowed', ...allowTestHost() });
    app.register(linkPreviewRoutes, { prefix: '/short', ...allowTestHost(), timeoutMs: 300 });
    app.register(linkPreviewRoutes, { prefix: '/clock', ...allowTestHost(), now: () => clock });
  });
});

afterAll(async () => {
  await t?.close();
  for (const server of [canary, pages]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
});

afterEach(() => {
  expect(canaryConnections).toBe(0);
  expect(pageHits.get('/canary')).toBeUndefined();
});

async function preview(url: string, prefix = '/fake-dns') {
  const response = await t.app.inject({
    method: 'GET',
    url: `${prefix}/api/v1/link-preview`,
    query: { url },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

const page = (path: string) => `http://127.0.0.1:${pagePort}${path}`;
const addressRefused = { success: false, message: LINK_PREVIEW_MESSAGES.addressNotAllowed };

describe('GET /api/v1/link-preview: refused targets', () => {
  // Each vector at the canary's port (refused before any connection) and, where it is an address, at port 80,
  // where only the address rule can refuse it: an attempted connection would answer 200 'failed', not 400.
  const literalTricks = [
    '127.0.0.1',
    '127.1',
    '0x7f.1',
    '2130706433',
    '017700000001',
    '0177.0.0.1',
    '127.0.0.1.',
    '%31%32%37.0.0.1',
    '0',
    '0.0.0.0',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[0:0:0:0:0:ffff:7f00:1]',
    '[::127.0.0.1]',
    '[64:ff9b::7f00:1]',
    '[::1]',
    '[::]',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '224.0.0.1',
    '255.255.255.255',
    '[fe80::1]',
    '[fc00::1]',
    '[fec0::1]',
    '[::ffff:10.0.0.1]',
    '[::ffff:a9fe:a9fe]',
  ];

  it.each(literalTricks)('refuses %s at the canary port without connecting', async (host) => {
    const result = await preview(`http://${host}:${canaryPort}/`);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      success: false,
      message: LINK_PREVIEW_MESSAGES.portNotAllowed(canaryPort),
      code: 'link-preview/refused',
    });
  });

  it.each(literalTricks)('refuses %s on port 80 by its address', async (host) => {
    const before = resolveCalls;
    const result = await preview(`http://${host}/latest/meta-data/`);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject(addressRefused);
    expect(resolveCalls).toBe(before); // an IP literal is never looked up
  });

  it.each([
    'localhost',
    'LOCALHOST.',
    'api.localhost',
    'intranet',
    'shop.test',
    'internal.test',
    'metadata.test',
    'mixed.test',
    'v6-loopback.test',
    'mapped.test',
    'ula.test',
  ])('refuses the name %s, which is local or resolves to a non-public address', async (host) => {
    expect(await preview(`http://${host}/`)).toMatchObject({ status: 400, body: addressRefused });
    expect(await preview(`https://${host}:${canaryPort}/`)).toMatchObject({ status: 400 });
  });

  it.each([
    ['http://example.com:8080/', 8080],
    ['http://example.com:22/', 22],
    ['https://example.com:8443/', 8443],
    ['http://127.0.0.1:22/', 22],
    ['http://www.flipkart.com:8080/', 8080],
  ])('refuses %s for its port before any lookup', async (url, port) => {
    const before = resolveCalls;
    const result = await preview(url);
    expect(result).toMatchObject({
      status: 400,
      body: { message: LINK_PREVIEW_MESSAGES.portNotAllowed(port) },
    });
    expect(resolveCalls).toBe(before);
  });

  it.each([
    ['file:///etc/passwd', 'file'],
    [`ftp://127.0.0.1:${0}/`, 'ftp'],
    ['javascript:alert(1)', 'javascript'],
    ['data:text/html,<title>x</title>', 'data'],
    ['gopher://127.0.0.1:70/_GET', 'gopher'],
    ['ws://example.com/', 'ws'],
  ])('refuses the scheme of %s', async (url, scheme) => {
    const result = await preview(url.replace(':0/', `:${canaryPort}/`));
    expect(result).toMatchObject({
      status: 400,
      body: { success: false, message: LINK_PREVIEW_MESSAGES.unsupportedScheme(scheme) },
    });
  });

  it.each([
    ['not a url', LINK_PREVIEW_MESSAGES.invalidUrl],
    ['//example.com/', LINK_PREVIEW_MESSAGES.invalidUrl],
    ['http://', LINK_PREVIEW_MESSAGES.invalidUrl],
    ['http://user:secret@example.com/', LINK_PREVIEW_MESSAGES.credentials],
  ])('refuses %s', async (url, message) => {
    expect(await preview(url)).toMatchObject({ status: 400, body: { success: false, message } });
  });

  it('refuses a missing, empty or overlong url with a message naming the field', async () => {
    for (const url of [
      '/api/v1/link-preview',
      '/api/v1/link-preview?url=',
      `/api/v1/link-preview?url=${'a'.repeat(3000)}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: expect.stringMatching(/url/) });
    }
  });

  it('is public and counted by the global /api rate limit', async () => {
    // The app's own route; a built-in host answers without any lookup.
    const result = await preview('https://www.amazon.in/dp/B0TEST', '');
    expect(result.status).toBe(200);
    expect(result.headers['x-ratelimit-limit']).toBe('100000');
  });
});

describe('GET /api/v1/link-preview: redirects', () => {
  it('follows a redirect within the allowed test host, through a name resolved once and pinned', async () => {
    const before = resolveCalls;
    const result = await preview(page(`/redirect?to=http://shop.test:${pagePort}/product`), '/allowed');
    expect(result.status).toBe(200);
    expect(result.body.data.title).toBe('Kanjivaram Silk Saree');
    // shop.test exists only in the fake resolver: the connection went to the address it answered, checked.
    expect(resolveCalls).toBe(before + 1);
  });

  it.each([
    () => `http://127.0.0.1:${canaryPort}/`,
    () => `http://localhost:${canaryPort}/`,
    () => `http://localhost:${pagePort}/canary`,
    () => `http://[::ffff:127.0.0.1]:${pagePort}/canary`,
    () => `http://[::ffff:7f00:1]:${pagePort}/canary`,
    () => `http://[::1]:${pagePort}/canary`,
    () => `http://127.0.0.2:${pagePort}/canary`,
    () => `http://internal.test:${pagePort}/canary`,
    () => `http://mixed.test:${pagePort}/canary`,
    () => 'http://169.254.169.254/latest/meta-data/',
    () => 'http://10.0.0.1/',
    () => 'file:///etc/passwd',
    () => 'gopher://127.0.0.1:6379/_INFO',
  ])('refuses a redirect from the allowed test host to %s', async (target) => {
    const result = await preview(page(`/redirect?to=${encodeURIComponent(target())}`), '/allowed');
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/^The link redirects elsewhere\. /);
  });

  it('follows 3 redirects and refuses the 4th', async () => {
    const three = await preview(page('/hop?n=3'), '/allowed');
    expect(three.status).toBe(200);
    expect(three.body.data.publisher).toBe('Handloom Weaves');
    const four = await preview(page('/hop?n=4'), '/allowed');
    expect(four).toMatchObject({
      status: 200,
      body: {
        success: false,
        status: 'failed',
        message: LINK_PREVIEW_MESSAGES.tooManyRedirects(3),
        code: 'link-preview/failed',
      },
    });
  });
});

describe('GET /api/v1/link-preview: pages', () => {
  it("answers the spec's shape with absolute image and icon URLs", async () => {
    const result = await preview(page('/product#reviews'), '/allowed');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      success: true,
      status: 'success',
      data: {
        title: 'Kanjivaram Silk Saree',
        description: 'Pure silk with a zari border.',
        logo: { url: page('/images/saree.jpg') },
        favicon: { url: page('/favicon-32.png') },
        publisher: 'Handloom Weaves',
      },
    });
  });

  it('builds the default favicon from the domain and names the host when the page has neither', async () => {
    const result = await preview(page('/no-icon'), '/allowed');
    expect(result.body.data).toEqual({
      title: 'Plain shop',
      description: null,
      logo: { url: null },
      favicon: { url: page('/favicon.ico') },
      publisher: '127.0.0.1',
    });
  });

  it('decodes the charset the page declares', async () => {
    expect((await preview(page('/latin1'), '/allowed')).body.data.title).toBe('Café Chai');
  });

  it.each([
    ['/plain', LINK_PREVIEW_MESSAGES.notHtml],
    ['/json', LINK_PREVIEW_MESSAGES.notHtml],
    ['/missing', LINK_PREVIEW_MESSAGES.upstreamStatus(404)],
  ])(
    'answers that %s cannot be previewed, with 200 (nothing for a browser to log)',
    async (path, message) => {
      expect(await preview(page(path), '/allowed')).toMatchObject({
        status: 200,
        body: { success: false, status: 'failed', message, code: 'link-preview/failed' },
      });
    },
  );

  it('answers that a name that does not resolve cannot be previewed', async () => {
    expect(await preview('https://no-such-shop.test/item')).toMatchObject({
      status: 200,
      body: { message: LINK_PREVIEW_MESSAGES.hostNotFound },
    });
  });

  it('reads at most the size cap of an endless body, then hangs up', async () => {
    const result = await preview(page('/endless'), '/allowed');
    expect(result.status).toBe(200);
    expect(result.body.data.title).toBe('Endless catalogue');
    const written = await endless; // the server sees its reader hang up
    expect(written).toBeGreaterThan(LINK_PREVIEW_MAX_BYTES);
  });

  it('gives up on a body that never ends at the time cap', async () => {
    const result = await preview(page('/stall'), '/short');
    expect(result).toMatchObject({
      status: 200,
      body: { success: false, status: 'failed', message: LINK_PREVIEW_MESSAGES.timeout },
    });
  });

  it('answers the nine built-in hosts from the table, without any lookup or request', async () => {
    const before = resolveCalls;
    for (const entry of SHOPPING_HOSTS) {
      const result = await preview(`https://m.${entry.host}/some/product?id=1`);
      expect(result.status).toBe(200);
      expect(result.body.data).toEqual({
        title: null,
        description: null,
        logo: { url: entry.icon },
        favicon: { url: entry.icon },
        publisher: entry.name,
      });
    }
    expect((await preview('https://www.amazon.in/dp/B0X')).body.data.publisher).toBe('Amazon');
    expect(resolveCalls).toBe(before);
  });
});

describe('GET /api/v1/link-preview: cache', () => {
  it('answers a second request for the same page from the cache, fragments aside', async () => {
    const first = await preview(page('/cached?id=7'), '/allowed');
    const second = await preview(page('/cached?id=7#top'), '/allowed');
    expect(second.body).toEqual(first.body);
    expect(pageHits.get('/cached')).toBe(1);
    await preview(page('/cached?id=8'), '/allowed');
    expect(pageHits.get('/cached')).toBe(2);
  });

  it('remembers a failure too', async () => {
    const hitsBefore = pageHits.get('/json') ?? 0;
    await preview(page('/json?again'), '/allowed');
    const second = await preview(page('/json?again'), '/allowed');
    expect(second.body).toMatchObject({ success: false, status: 'failed' });
    expect(pageHits.get('/json')).toBe(hitsBefore + 1);
  });

  it('fetches again once the entry has expired', async () => {
    await preview(page('/ttl'), '/clock');
    await preview(page('/ttl'), '/clock');
    expect(pageHits.get('/ttl')).toBe(1);
    clock += LINK_PREVIEW_CACHE_TTL_MS + 1;
    await preview(page('/ttl'), '/clock');
    expect(pageHits.get('/ttl')).toBe(2);
  });
});

describe('GET /api/v1/link-preview: random input', () => {
  // Generated names resolve nowhere (the fake resolver); generated addresses are never public on ports 80 and
  // 443, so that no run can reach the internet.
  it('never answers 5xx and never reaches the canary', async () => {
    const urls = fc.oneof(
      fc.string(),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.webUrl().map((url) => url.replace(/^https?:\/\/[^/]+/, `http://127.0.0.1:${canaryPort}`)),
      fc
        .tuple(
          fc.constantFrom('http', 'https', 'ftp', 'file', 'javascript', 'data'),
          fc.ipV4(),
          fc.nat(65535).filter((port) => port !== 80 && port !== 443),
        )
        .map(([scheme, ip, port]) => `${scheme}://${ip}:${port}/`),
      fc
        .ipV6()
        .filter((ip) => !isPublicAddress(ip))
        .map((ip) => `http://[${ip}]/`),
    );
    await fc.assert(
      fc.asyncProperty(urls, async (url) => {
        const response = await t.app.inject({
          method: 'GET',
          url: '/fake-dns/api/v1/link-preview',
          query: { url },
        });
        expect(response.statusCode).toBeLessThan(500);
        const body = response.json();
        expect(body.success).toBe(response.statusCode === 200 && body.status === 'success');
      }),
      { numRuns: 300 },
    );
    const raw = await t.app.inject({ method: 'GET', url: '/api/v1/link-preview?url=%E0%A4&url=x' });
    expect(raw.statusCode).toBe(400);
  });
});
