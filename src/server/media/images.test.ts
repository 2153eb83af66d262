// Image uploads end to end on a bare Fastify app: real multipart, real sharp, real local storage and PGlite.
// Every refusal is checked for its status, its message, and that nothing was left behind.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../shared/constants.ts';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import { calculateVariantWidths } from './images.service.ts';
import {
  buildMultipartBody,
  buildMultipartHead,
  createMediaTestContext,
  listFiles,
  MULTIPART_BOUNDARY,
  MULTIPART_CONTENT_TYPE,
  MULTIPART_TAIL,
  waitFor,
  type MediaTestContext,
} from './media.test-helpers.ts';

function uploadImage(
  context: MediaTestContext,
  content: Buffer,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
) {
  return context.app.inject({
    method: 'POST',
    url: '/test/images',
    headers: { 'content-type': MULTIPART_CONTENT_TYPE },
    payload: buildMultipartBody(filename, contentType, content),
  });
}

async function expectNothingLeft(context: MediaTestContext) {
  expect(await listFiles(context.uploadDir)).toEqual([]);
  // The provider's own temp folder may exist but must be empty too.
  expect(await listFiles(context.mediaDir)).toEqual([]);
  expect(await context.media.countMediaObjects()).toBe(0);
}

function makeNoise(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1)
    pixels[index] = (index * 7919 + (index >> 5) * 31) & 0xff;
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1-bit grayscale PNG of 20000x20000 (400 megapixels) that compresses to about 50 KB: a pixel bomb. */
function makePixelBombPng(): Buffer {
  const size = 20_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const raw = Buffer.alloc(size * (1 + size / 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image uploads', () => {
  let context: MediaTestContext;
  beforeAll(async () => {
    context = await createMediaTestContext();
  });
  afterAll(async () => {
    await context.close();
  });
  // One app and database for the file (PGlite takes a second to start); each test starts from empty storage.
  beforeEach(async () => {
    await context.reset();
  });

  it('auto-orients, strips metadata and stores AVIF, WebP and JPEG variants under content hashes', async () => {
    // 400x300 pixels with EXIF orientation 6 (rotate 90°): displayed as 300x400. GPS and copyright must not survive.
    const photo = await sharp(makeNoise(400, 300), { raw: { width: 400, height: 300, channels: 3 } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Copyright: 'secret-owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' },
      })
      .toBuffer();
    const input = await sharp(photo).metadata();
    expect(input.orientation).toBe(6);
    expect(photo.includes('secret-owner')).toBe(true);

    const response = await uploadImage(context, photo);
    expect(response.statusCode, response.body).toBe(200);
    const asset = response.json().data;
    expect(asset).toMatchObject({ width: 300, height: 400 });
    expect(asset.variants.map((variant: { format: string }) => variant.format).sort()).toEqual([
      'avif',
      'jpeg',
      'webp',
    ]);

    for (const variant of asset.variants) {
      expect(variant.key).toMatch(/^img\/[0-9a-f]{64}-300\.(avif|webp|jpg)$/);
      expect(variant).toMatchObject({ width: 300, height: 400 });
      const stored = await context.app.inject({ method: 'GET', url: `/media/${variant.key}` });
      expect(stored.statusCode).toBe(200);
      expect(stored.rawPayload.length).toBe(variant.bytes);
      const metadata = await sharp(stored.rawPayload).metadata();
      expect(metadata).toMatchObject({ width: 300, height: 400 });
      expect(metadata.exif).toBeUndefined();
      expect(stored.rawPayload.includes('secret-owner')).toBe(false);
    }
    const row = await context.media.findMediaObject(asset.id);
    expect(row).toMatchObject({ kind: 'image', status: 'ready', width: 300, height: 400 });
    expect(row?.variants).toEqual(asset.variants);
    expect(await listFiles(context.uploadDir)).toEqual([]);
  });

  it('writes each configured width below the original and never upscales', async () => {
    const png = await sharp(makeNoise(1500, 750), { raw: { width: 1500, height: 750, channels: 3 } })
      .png()
      .toBuffer();
    const response = await uploadImage(context, png, 'wide.png', 'image/png');
    expect(response.statusCode, response.body).toBe(200);
    const widths = [
      ...new Set(response.json().data.variants.map((variant: { width: number }) => variant.width)),
    ];
    expect(widths).toEqual([320, 640, 1080]);
    expect(calculateVariantWidths(500)).toEqual([320, 500]);
    expect(calculateVariantWidths(100)).toEqual([100]);
    expect(calculateVariantWidths(1080)).toEqual([320, 640, 1080]);
  });

  it('accepts WebP and AVIF input by their bytes, whatever the name says', async () => {
    const base = sharp(makeNoise(64, 64), { raw: { width: 64, height: 64, channels: 3 } });
    for (const input of [await base.clone().webp().toBuffer(), await base.clone().avif().toBuffer()]) {
      const response = await uploadImage(context, input, 'misnamed.gif', 'application/octet-stream');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ width: 64, height: 64 });
    }
  });

  it('re-uses the keys of an identical image and keeps them when the second upload fails', async () => {
    const png = await sharp(makeNoise(80, 80), { raw: { width: 80, height: 80, channels: 3 } })
      .png()
      .toBuffer();
    const first = (await uploadImage(context, png, 'a.png', 'image/png')).json().data;
    const second = (await uploadImage(context, png, 'b.png', 'image/png')).json().data;
    expect(second.id).not.toBe(first.id);
    expect(second.variants).toEqual(first.variants);
    expect(await context.media.countMediaObjects()).toBe(2);
  });

  const refusals: [string, () => Promise<Buffer> | Buffer, string, string, number, string][] = [
    [
      'a text file named .jpg',
      () => Buffer.from('just some text, not a photo\n'.repeat(20)),
      'photo.jpg',
      'image/jpeg',
      415,
      SERVER_MESSAGES.unsupportedImage,
    ],
    [
      'an SVG with a script',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
        ),
      'logo.svg',
      'image/svg+xml',
      415,
      SERVER_MESSAGES.unsupportedImage,
    ],
    [
      'a GIF+HTML polyglot',
      async () =>
        Buffer.concat([
          await sharp(makeNoise(8, 8), { raw: { width: 8, height: 8, channels: 3 } })
            .gif()
            .toBuffer(),
          Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
        ]),
      'cat.jpg',
      'image/jpeg',
      415,
      SERVER_MESSAGES.unsupportedImage,
    ],
    [
      'a HEIC photo',
      () => Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(2000)]),
      'IMG_0001.HEIC',
      'image/heic',
      415,
      SERVER_MESSAGES.unsupportedImage,
    ],
    [
      'a truncated PNG',
      async () => {
        const png = await sharp(makeNoise(300, 300), { raw: { width: 300, height: 300, channels: 3 } })
          .png()
          .toBuffer();
        return png.subarray(0, Math.floor(png.length / 2));
      },
      'half.png',
      'image/png',
      400,
      SERVER_MESSAGES.imageUnreadable,
    ],
    [
      'a 20000x20000 pixel bomb',
      makePixelBombPng,
      'bomb.png',
      'image/png',
      413,
      SERVER_MESSAGES.imageTooManyPixels,
    ],
    [
      'a file over the size limit',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(MAX_IMAGE_BYTES)]),
      'huge.jpg',
      'image/jpeg',
      413,
      SERVER_MESSAGES.payloadTooLarge('10 MB'),
    ],
  ];

  it.each(refusals)(
    'refuses %s with a clear message and leaves nothing behind',
    async (_name, make, filename, type, status, message) => {
      const response = await uploadImage(context, await make(), filename, type);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ success: false, message });
      await expectNothingLeft(context);
    },
  );

  it('answers 400 when the request carries no file', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/test/images',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SERVER_MESSAGES.noFile);
    await expectNothingLeft(context);
  });

  it('removes a half-finished temporary file when the client aborts mid-upload', async () => {
    await context.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = context.app.server.address() as AddressInfo;
    const head = buildMultipartHead('big.jpg', 'image/jpeg');
    const total = head.length + 4 * 1024 * 1024 + MULTIPART_TAIL.length;
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/test/images',
      headers: { 'content-type': MULTIPART_CONTENT_TYPE, 'content-length': total },
    });
    const closed = new Promise<void>((resolve) => request.on('close', resolve));
    request.on('error', () => {});
    request.write(head);
    request.write(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2 * 1024 * 1024)]));
    // The upload is under way once its temporary file holds bytes; only then is the abort meaningful.
    await waitFor(async () => (await listFiles(context.uploadDir)).length === 1, {
      what: 'the temporary upload file',
    });
    expect(path.extname((await listFiles(context.uploadDir))[0]!)).toBe('.upload');
    request.destroy();
    await closed;
    await waitFor(async () => (await listFiles(context.uploadDir)).length === 0, {
      what: 'the temporary file to be removed',
    });
    await expectNothingLeft(context);
  });
});

describe('the media quota for images', () => {
  it('is read once before the first file and once per image before it is stored, not twice per image', async () => {
    let usageReads = 0;
    const context = await createMediaTestContext({
      owner: { id: 'batch-owner', quotaBytes: 1024 * 1024 * 1024 },
      wrapMedia: (media) => ({
        ...media,
        async findOwnerMediaUsage(ownerId) {
          usageReads += 1;
          return media.findOwnerMediaUsage(ownerId);
        },
      }),
    });
    try {
      const parts = await Promise.all(
        ['#111', '#222', '#333'].map((background) =>
          sharp({ create: { width: 24, height: 24, channels: 3, background } })
            .png()
            .toBuffer(),
        ),
      );
      const response = await context.app.inject({
        method: 'POST',
        url: '/test/image-batch',
        headers: { 'content-type': MULTIPART_CONTENT_TYPE },
        payload: Buffer.concat([
          ...parts.flatMap((part, index) => [
            buildMultipartHead(`p${index}.png`, 'image/png', `file${index}`),
            part,
            Buffer.from('\r\n'),
          ]),
          Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`),
        ]),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toHaveLength(3);
      expect(usageReads).toBe(1 + 3);
    } finally {
      await context.close();
    }
  });
});

describe('image storage failures', () => {
  it('deletes the keys it stored and writes no row when storing fails part-way', async () => {
    let puts = 0;
    const context = await createMediaTestContext({
      wrapStorage: (storage) => ({
        ...storage,
        async put(key, source, options) {
          puts += 1;
          if (puts === 4) throw new Error('disk full');
          return storage.put(key, source, options);
        },
      }),
    });
    try {
      const png = await sharp(makeNoise(700, 400), { raw: { width: 700, height: 400, channels: 3 } })
        .png()
        .toBuffer();
      const response = await uploadImage(context, png, 'p.png', 'image/png');
      expect(response.statusCode).toBe(500);
      expect(puts).toBe(4);
      await expectNothingLeft(context);
    } finally {
      await context.close();
    }
  });

  it('deletes the keys it stored when the row cannot be written, but keeps keys another row owns', async () => {
    let failRows = false;
    const context = await createMediaTestContext({
      wrapMedia: (media) => ({
        ...media,
        async createMediaObject(input) {
          if (failRows) throw new Error('database down');
          return media.createMediaObject(input);
        },
      }),
    });
    try {
      const base = sharp(makeNoise(90, 90), { raw: { width: 90, height: 90, channels: 3 } });
      const kept = (
        await uploadImage(context, await base.clone().png().toBuffer(), 'a.png', 'image/png')
      ).json().data;
      failRows = true;
      // The same picture again shares every key with the first row: none of them may be deleted.
      expect(
        (await uploadImage(context, await base.clone().png().toBuffer(), 'a.png', 'image/png')).statusCode,
      ).toBe(500);
      // A new picture owns its keys alone: all of them must go.
      const other = await sharp(makeNoise(91, 90), { raw: { width: 91, height: 90, channels: 3 } })
        .png()
        .toBuffer();
      expect((await uploadImage(context, other, 'b.png', 'image/png')).statusCode).toBe(500);
      const files = (await listFiles(context.mediaDir)).sort();
      expect(files).toEqual(kept.variants.map((variant: { key: string }) => variant.key).sort());
      expect(await context.media.countMediaObjects()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
