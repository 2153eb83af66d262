// Multipart bodies through the real app: a broken one is a 400 on every route that takes files (and a 4xx on
// routes that take none), never a 500; the owner of a product is checked before any of its body is read; and a
// request that fails after storing images leaves none of them behind, in storage or in media_objects.
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTestUser, type TestApp } from '../test/create-test-app.ts';
import { SELLER_CONTACT } from '../test/product-body.ts';
import { listFiles, MULTIPART_BOUNDARY, MULTIPART_CONTENT_TYPE } from './media.test-helpers.ts';

let t: TestApp;
let owner: string;
let stranger: string;
let productId: string;
let png: Buffer;

/** A small PNG of its own colour: distinct bytes, so that it is stored under keys of its own. */
const makePng = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();

const signUp = async (name: string, address: string) =>
  (await signUpTestUser(t.app, name, { address })).token;

type Part = { name: string; value: string } | { name: string; file: Buffer; filename?: string };

function buildBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'file' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename ?? 'photo.png'}"\r\n` +
          'Content-Type: image/png\r\n'
        : `Content-Disposition: form-data; name="${part.name}"\r\n`;
    chunks.push(Buffer.from(`--${MULTIPART_BOUNDARY}\r\n${head}\r\n`));
    chunks.push('file' in part ? part.file : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const mediaDir = () => path.join(t.config.dataDir, 'media');
const countMediaRows = async () =>
  Number(
    (
      await t.testDatabase.database.db
        .selectFrom('media_objects')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

/** Bodies that are not multipart as their content type says: each must be refused as the client's fault. */
const BROKEN_BODIES: Array<{ name: string; contentType: string; payload: Buffer | string }> = [
  { name: 'no boundary', contentType: 'multipart/form-data', payload: 'hello' },
  { name: 'garbage', contentType: MULTIPART_CONTENT_TYPE, payload: 'not a multipart body at all' },
  {
    name: 'cut off inside a part',
    contentType: MULTIPART_CONTENT_TYPE,
    payload: `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"price":1`,
  },
  {
    name: 'part without headers end',
    contentType: MULTIPART_CONTENT_TYPE,
    payload: `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="data"`,
  },
  {
    name: 'a header line without a colon',
    contentType: MULTIPART_CONTENT_TYPE,
    payload: `--${MULTIPART_BOUNDARY}\r\nnonsense\r\n\r\nvalue\r\n--${MULTIPART_BOUNDARY}--\r\n`,
  },
  {
    name: 'cut off after the boundary',
    contentType: MULTIPART_CONTENT_TYPE,
    payload: `--${MULTIPART_BOUNDARY}`,
  },
];

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp('kavya.crafts', '10.4.0.1');
  stranger = await signUp('rohan.deals', '10.4.0.2');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: { authorization: `Bearer ${owner}` },
    payload: {
      type: 'product',
      name: 'Clay pot',
      price: 299,
      category: 'Home',
      images: [],
      ...SELLER_CONTACT,
    },
  });
  expect(created.statusCode).toBe(201);
  productId = created.json().product.id as string;
  png = await makePng('#e07a5f');
});
afterAll(() => t.close());

describe('malformed multipart', () => {
  const uploadRoutes = () => [
    { method: 'POST' as const, url: '/api/v1/media/images' },
    { method: 'POST' as const, url: '/api/v1/users/avatar' },
    { method: 'POST' as const, url: '/api/v1/users/cover' },
    { method: 'PATCH' as const, url: `/api/v1/products/${productId}` },
  ];

  it.each(BROKEN_BODIES)('answers 400 on every upload route: $name', async ({ contentType, payload }) => {
    for (const route of uploadRoutes()) {
      const response = await t.app.inject({
        ...route,
        headers: { authorization: `Bearer ${owner}`, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(400);
      expect(response.json(), `${route.method} ${route.url}`).toMatchObject({ success: false });
    }
  });

  it.each(BROKEN_BODIES)('answers 4xx, never 5xx, on routes that take no files: $name', async (body) => {
    for (const route of [
      { method: 'POST' as const, url: '/api/v1/content' },
      { method: 'PATCH' as const, url: '/api/v1/users/profile' },
      { method: 'PATCH' as const, url: '/api/v1/settings/appearance' },
      { method: 'POST' as const, url: '/api/v1/auth/sign-in' },
    ]) {
      const response = await t.app.inject({
        ...route,
        headers: { authorization: `Bearer ${owner}`, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
      expect(response.json(), `${route.method} ${route.url}`).toMatchObject({ success: false });
    }
  });
});

describe('who may send a multipart product edit', () => {
  it('refuses a stranger with 403 before reading the body, whatever it holds', async () => {
    // Were the body read first, these would be 400s about the body (or a stored image) instead.
    const bodies: Array<{ contentType: string; payload: Buffer | string }> = [
      { contentType: MULTIPART_CONTENT_TYPE, payload: buildBody([{ name: 'data', value: '{not json' }]) },
      { contentType: MULTIPART_CONTENT_TYPE, payload: buildBody([{ name: 'images', file: png }]) },
      ...BROKEN_BODIES,
    ];
    for (const body of bodies) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/products/${productId}`,
        headers: { authorization: `Bearer ${stranger}`, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('answers 404 for a product that does not exist before reading the body', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/products/01NOSUCHPRODUCT0000000000',
      headers: { authorization: `Bearer ${owner}`, 'content-type': MULTIPART_CONTENT_TYPE },
      payload: 'garbage',
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('uploads that are not kept', () => {
  /** What storage and media_objects hold now, to compare after a request. */
  const snapshot = async () => ({
    rows: await countMediaRows(),
    files: (await listFiles(mediaDir())).sort(),
  });

  it('leaves nothing behind when the third image of a product edit is bad', async () => {
    const before = await snapshot();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${productId}`,
      headers: { authorization: `Bearer ${owner}`, 'content-type': MULTIPART_CONTENT_TYPE },
      payload: buildBody([
        { name: 'data', value: '{"price":350}' },
        { name: 'images', file: await makePng('#3d405b') },
        { name: 'images', file: await makePng('#81b29a') },
        { name: 'images', file: Buffer.from('%PDF-1.4 not an image') },
      ]),
    });
    expect(response.statusCode).toBe(415);
    expect(await snapshot()).toEqual(before);
    const product = (await t.app.inject(`/api/v1/products/${productId}`)).json().product;
    expect(product).toMatchObject({ price: 299, images: [] });
  });

  it('leaves nothing behind when the product update after the images fails', async () => {
    // An unknown kept image id is refused by the update itself, after the new image is stored.
    const before = await snapshot();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${productId}`,
      headers: { authorization: `Bearer ${owner}`, 'content-type': MULTIPART_CONTENT_TYPE },
      payload: buildBody([
        { name: 'data', value: '{"images":["01NOSUCHIMAGE000000000000"]}' },
        { name: 'images', file: await makePng('#f2cc8f') },
      ]),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await snapshot()).toEqual(before);
  });

  it('leaves nothing behind when the profile change after an avatar upload fails', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      remoteAddress: '10.4.0.3',
      payload: {
        email: 'gone@example.in',
        password: 'a long passphrase',
        username: 'gone.soon',
        fullName: 'Gone',
      },
    });
    const { idToken } = response.json().data as { idToken: string };
    // The database refuses this account's avatar change, after the upload is stored.
    const { db } = t.testDatabase.database;
    await sql`create function refuse_avatar() returns trigger language plpgsql as $$
      begin raise exception 'avatar refused by the test'; end $$`.execute(db);
    await sql`create trigger refuse_avatar before update of avatar_media_id on users for each row
      when (new.username = 'gone.soon') execute function refuse_avatar()`.execute(db);
    const before = await snapshot();
    const avatar = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/avatar',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': MULTIPART_CONTENT_TYPE },
      payload: buildBody([{ name: 'file', file: await makePng('#9b5de5') }]),
    });
    expect(avatar.statusCode).toBe(500);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps what a successful edit stored (the checks above are about failures only)', async () => {
    const before = await snapshot();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${productId}`,
      headers: { authorization: `Bearer ${owner}`, 'content-type': MULTIPART_CONTENT_TYPE },
      payload: buildBody([
        { name: 'data', value: '{}' },
        { name: 'images', file: await makePng('#264653') },
      ]),
    });
    expect(response.statusCode).toBe(200);
    const after = await snapshot();
    expect(after.rows).toBe(before.rows + 1);
    expect(after.files.length).toBeGreaterThan(before.files.length);
  });
});
