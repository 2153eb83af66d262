// The media route over app.inject: content type, ranges, ETags, 304, 416, caching and the sandboxing headers,
// on a bare Fastify app with the media plugin and a test-only image upload route.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMultipartBody,
  createMediaTestContext,
  MULTIPART_CONTENT_TYPE,
  type MediaTestContext,
} from './media.test-helpers.ts';
import { parseRangeHeader } from './media.routes.ts';

describe('parseRangeHeader', () => {
  it.each([
    [undefined, 100, undefined],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-1000', 100, { start: 0, end: 99 }],
    ['bytes=50-1000', 100, { start: 50, end: 99 }],
    ['bytes=99-99', 100, { start: 99, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=100-200', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    ['bytes=9-0', 100, undefined],
    ['bytes=0-1,5-6', 100, undefined],
    ['items=0-1', 100, undefined],
    ['bytes=-', 100, undefined],
  ] as const)('%s of %i bytes -> %j', (header, size, expected) => {
    expect(parseRangeHeader(header, size)).toEqual(expected);
  });
});

describe('GET/HEAD /media/*', () => {
  let context: MediaTestContext;
  let key: string;
  let bytes: Buffer;

  // Keys removed from storage between the route's stat and its read, as a concurrent delete would.
  const vanishing = new Set<string>();
  // Keys whose files the process may not read (a permissions mistake): tests run as root, which reads them anyway.
  const denied = new Set<string>();
  const deny = (key: string) =>
    Object.assign(new Error(`EACCES: permission denied, stat '${key}'`), { code: 'EACCES' });

  beforeAll(async () => {
    context = await createMediaTestContext({
      wrapStorage: (storage) => ({
        ...storage,
        async stat(key) {
          if (denied.has(key)) throw deny(key);
          return storage.stat(key);
        },
        async readRange(key, range) {
          if (vanishing.has(key)) await storage.delete(key);
          return storage.readRange!(key, range);
        },
        async createReadStream(key, range) {
          if (vanishing.has(key)) await storage.delete(key);
          return storage.createReadStream(key, range);
        },
      }),
    });
    const png = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#3a7' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="200" height="120"><circle cx="60" cy="60" r="50" fill="#fff"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const response = await context.app.inject({
      method: 'POST',
      url: '/test/images',
      headers: { 'content-type': MULTIPART_CONTENT_TYPE },
      payload: buildMultipartBody('p.png', 'image/png', png),
    });
    expect(response.statusCode, response.body).toBe(200);
    const webp = response
      .json()
      .data.variants.find((variant: { format: string }) => variant.format === 'webp');
    key = webp.key;
    bytes = (await context.app.inject({ method: 'GET', url: `/media/${key}` })).rawPayload;
    expect(bytes.length).toBe(webp.bytes);
    expect(bytes.length).toBeGreaterThan(200);
  });
  afterAll(async () => {
    await context.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'GET', url, headers });

  it('serves the whole object with its type, length, strong ETag, immutable caching and sandbox headers', async () => {
    const response = await get(`/media/${key}`);
    expect(response.statusCode).toBe(200);
    const hash = /^img\/([0-9a-f]{64})-/.exec(key)![1];
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(bytes.length),
      'accept-ranges': 'bytes',
      etag: `"${hash}"`,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(response.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const response = await context.app.inject({ method: 'HEAD', url: `/media/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.rawPayload.length).toBe(0);
  });

  it('serves a single range as 206 with Content-Range', async () => {
    const response = await get(`/media/${key}`, { range: 'bytes=10-109' });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 10-109/${bytes.length}`);
    expect(response.headers['content-length']).toBe('100');
    expect(response.rawPayload.equals(bytes.subarray(10, 110))).toBe(true);

    const suffix = await get(`/media/${key}`, { range: 'bytes=-16' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 16))).toBe(true);
  });

  it('answers an unsatisfiable range with 416 and Content-Range: bytes */size', async () => {
    const response = await get(`/media/${key}`, { range: `bytes=${bytes.length}-` });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('sends the whole object for multiple ranges, and for If-Range with another ETag', async () => {
    const multiple = await get(`/media/${key}`, { range: 'bytes=0-1,5-6' });
    expect(multiple.statusCode).toBe(200);
    expect(multiple.rawPayload.length).toBe(bytes.length);
    const stale = await get(`/media/${key}`, { range: 'bytes=0-1', 'if-range': '"stale"' });
    expect(stale.statusCode).toBe(200);
    const current = await get(`/media/${key}`, {
      range: 'bytes=0-1',
      'if-range': stale.headers.etag as string,
    });
    expect(current.statusCode).toBe(206);
  });

  it('answers If-None-Match with 304 and no body when the ETag matches', async () => {
    const etag = (await get(`/media/${key}`)).headers.etag as string;
    const notModified = await get(`/media/${key}`, { 'if-none-match': `"other", ${etag}` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect((await get(`/media/${key}`, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
  });

  it('uses the provider ETag and revalidation for keys that are not content-addressed', async () => {
    await context.storage.put('img/plain.jpg', Buffer.from('not really a jpeg'), {
      contentType: 'image/jpeg',
    });
    const response = await get('/media/img/plain.jpg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.headers.etag).toBe((await context.storage.stat('img/plain.jpg'))?.etag);
  });

  it.each([
    '/media/img/..%2F..%2F..%2Fetc%2Fpasswd',
    '/media/%2e%2e/%2e%2e/etc/passwd',
    '/media/img/%2e%2e/%2e%2e/package.json',
    '/media/..%5C..%5Cpackage.json',
    '/media//etc/passwd',
    '/media/originals/anything.mp4',
    '/media/.tmp/x.part',
    '/media/img/missing.webp',
    '/media/',
    // Names the file system refuses (ENAMETOOLONG past 255 bytes): missing media, never a 500.
    `/media/img/${'a'.repeat(256)}`,
    `/media/img/${'a'.repeat(251)}.webp`,
    `/media/vid/${'b'.repeat(300)}.mp4`,
    `/media/img/${'c'.repeat(255)}/x.webp`,
  ])('answers 404 for %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers 404, not 500, when the file system refuses a media path (a symbolic link that loops)', async () => {
    await fs.symlink('loop.webp', path.join(context.rootDir, 'media', 'img', 'loop.webp'));
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await context.app.inject({ method, url: '/media/img/loop.webp' });
      expect(response.statusCode).toBe(404);
    }
  });

  it('answers 404, not 500, for a media file the process may not read', async () => {
    await context.storage.put('img/denied.webp', Buffer.from('not yours'), { contentType: 'image/webp' });
    denied.add('img/denied.webp');
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await context.app.inject({ method, url: '/media/img/denied.webp' });
      expect(response.statusCode).toBe(404);
    }
  });

  it('answers 404 with no object headers when the object goes between its stat and its read', async () => {
    await context.storage.put('vid/going.mp4', Buffer.alloc(600 * 1024, 1), { contentType: 'video/mp4' });
    await context.storage.put('img/going.webp', Buffer.from('gone soon'), { contentType: 'image/webp' });
    vanishing.add('vid/going.mp4').add('img/going.webp');
    for (const url of ['/media/vid/going.mp4', '/media/img/going.webp']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-range']).toBeUndefined();
      expect(response.json()).toMatchObject({ success: false, code: 'not-found' });
    }
  });
});
