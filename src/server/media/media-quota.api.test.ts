// Each user's stored media has a quota (MEDIA_QUOTA_BYTES, default MEDIA_QUOTA_BYTES_PER_USER): an image that
// would pass it is refused with 413 naming the limit before anything is stored, and once it is used up an upload
// is refused before its body is read. Other users are not affected.
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../test/create-test-app.ts';
import { SELLER_CONTACT } from '../test/product-body.ts';
import { processImage } from './images.service.ts';
import {
  buildMultipartBody,
  listFiles,
  MULTIPART_BOUNDARY,
  MULTIPART_CONTENT_TYPE,
} from './media.test-helpers.ts';
import { formatBytes } from './uploads.ts';

let t: TestApp;
let first: Buffer;
let second: Buffer;
let quotaBytes: number;
const tokens: Record<string, string> = {};

const makePng = (width: number, background: string) =>
  sharp({ create: { width, height: width, channels: 3, background } })
    .png()
    .toBuffer();

/** The bytes an image takes once stored: every variant the server makes of it. */
async function measureStoredBytes(image: Buffer): Promise<number> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lootklip-quota-'));
  try {
    const file = path.join(dir, 'image.png');
    await fs.writeFile(file, image);
    const processed = await processImage(file);
    return processed.outputs.reduce((sum, output) => sum + output.buffer.length, 0);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const upload = (user: string, url: string, image: Buffer | string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${tokens[user]}`, 'content-type': MULTIPART_CONTENT_TYPE },
    payload: typeof image === 'string' ? image : buildMultipartBody('photo.png', 'image/png', image),
  });

const snapshot = async () => ({
  rows: (await t.testDatabase.database.db.selectFrom('media_objects').select('id').execute()).length,
  files: (await listFiles(path.join(t.config.dataDir, 'media'))).sort(),
});

beforeAll(async () => {
  first = await makePng(700, '#e07a5f');
  second = await makePng(500, '#3d405b');
  // Room for the first image and not for both.
  quotaBytes = (await measureStoredBytes(first)) + (await measureStoredBytes(second)) - 1;
  t = await createTestApp({ MEDIA_QUOTA_BYTES: String(quotaBytes) });
  for (const [name, address] of [
    ['quota.one', '10.5.0.1'],
    ['quota.two', '10.5.0.2'],
  ] as const) {
    tokens[name] = (await signUpTestUser(t.app, name, { address })).token;
  }
});
afterAll(() => t.close());

describe('media quota per user', () => {
  it('stores an image within the quota and refuses, storing nothing, one that would pass it', async () => {
    expect((await upload('quota.one', '/api/v1/media/images', first)).statusCode).toBe(201);
    const before = await snapshot();
    const refused = await upload('quota.one', '/api/v1/media/images', second);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      success: false,
      message: SERVER_MESSAGES.mediaQuotaExceeded(formatBytes(quotaBytes)),
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a product edit with images the same way, leaving the product and storage as they were', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: { authorization: `Bearer ${tokens['quota.one']}` },
      payload: {
        type: 'product',
        name: 'Quota lamp',
        price: 100,
        category: 'Home',
        images: [],
        ...SELLER_CONTACT,
      },
    });
    expect(created.statusCode).toBe(201);
    const before = await snapshot();
    const dataPart = Buffer.from(
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n`,
    );
    const imagePart = buildMultipartBody('photo.png', 'image/png', second)
      .toString('latin1')
      .replace('name="file"', 'name="images"');
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${created.json().product.id}`,
      headers: { authorization: `Bearer ${tokens['quota.one']}`, 'content-type': MULTIPART_CONTENT_TYPE },
      payload: Buffer.concat([dataPart, Buffer.from(imagePart, 'latin1')]),
    });
    expect(refused.statusCode).toBe(413);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an upload before reading its body once the quota is used up', async () => {
    // Fill the quota to the byte: a tiny image first takes what room is left.
    const used = await t.testDatabase.database.db
      .updateTable('media_objects')
      .set({
        variants: JSON.stringify([
          { key: 'img/filler', width: 1, height: 1, format: 'jpeg', bytes: quotaBytes },
        ]),
      })
      .where('owner_id', 'is not', null)
      .executeTakeFirst();
    expect(Number(used.numUpdatedRows)).toBe(1);
    // A body that is not even multipart: read first, it would be a 400.
    for (const url of ['/api/v1/media/images', '/api/v1/users/avatar', '/api/v1/users/cover']) {
      const refused = await upload('quota.one', url, 'not a multipart body');
      expect(refused.statusCode, url).toBe(413);
      expect(refused.json().message, url).toContain(formatBytes(quotaBytes));
    }
  });

  it("does not count one user's media against another", async () => {
    expect((await upload('quota.two', '/api/v1/users/avatar', first)).statusCode).toBe(200);
  });
});
