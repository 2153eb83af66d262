// Text PostgreSQL refuses (a NUL character; an unpaired UTF-16 surrogate, which has no UTF-8 form and which jsonb
// refuses as an escape) is answered 400 naming the field on every route, in the path, the query or the body,
// before it can reach the database as a 500. Run on PGlite and on PostgreSQL (TEST_DATABASE_URL): they differ.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_BOUNDARY, MULTIPART_CONTENT_TYPE } from '../media/media.test-helpers.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../test/create-test-app.ts';
import { SELLER_CONTACT } from '../test/product-body.ts';
import { findUnstorableText } from './request-text.ts';

let t: TestApp;
let token: string;
let productId: string;

const LONE_SURROGATE_JSON = '\\ud800';

beforeAll(async () => {
  t = await createTestApp();
  token = (await signUpTestUser(t.app, 'meera', { fullName: 'Meera' })).token;
  const create = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      type: 'product',
      name: 'Brass lamp',
      price: 999,
      category: 'Home',
      images: [],
      ...SELLER_CONTACT,
    },
  });
  expect(create.statusCode).toBe(201);
  productId = create.json().product.id as string;
});
afterAll(() => t.close());

type Case = {
  name: string;
  field: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  url: () => string;
  /** Raw JSON text, so that escapes such as \ud800 reach the server as a client would send them. */
  json?: (bad: string) => string;
  signedIn?: boolean;
};

const jsonCases: Case[] = [
  {
    name: 'product create',
    field: 'name',
    method: 'POST',
    url: () => '/api/v1/content',
    json: (bad) => `{"type":"product","name":"Lamp${bad}","price":999,"category":"Home","images":[]}`,
    signedIn: true,
  },
  {
    name: 'product patch',
    field: 'name',
    method: 'PATCH',
    url: () => `/api/v1/products/${productId}`,
    json: (bad) => `{"name":"Lamp${bad}"}`,
    signedIn: true,
  },
  {
    name: 'product patch, a tag',
    field: 'tags.1',
    method: 'PATCH',
    url: () => `/api/v1/products/${productId}`,
    json: (bad) => `{"tags":["brass","old${bad}"]}`,
    signedIn: true,
  },
  {
    name: 'users profile',
    field: 'fullName',
    method: 'PATCH',
    url: () => '/api/v1/users/profile',
    json: (bad) => `{"fullName":"Meera${bad}"}`,
    signedIn: true,
  },
  {
    name: 'settings patch',
    field: 'timezone',
    method: 'PATCH',
    url: () => '/api/v1/settings/appearance',
    json: (bad) => `{"timezone":"Asia/Kolkata${bad}"}`,
    signedIn: true,
  },
  {
    name: 'free-form preferences, a value',
    field: 'note',
    method: 'PATCH',
    url: () => '/api/v1/users/preferences',
    json: (bad) => `{"note":"hello${bad}"}`,
    signedIn: true,
  },
  {
    name: 'free-form preferences, a key',
    field: 'note',
    method: 'PATCH',
    url: () => '/api/v1/users/preferences',
    json: (bad) => `{"note${bad}":"hello"}`,
    signedIn: true,
  },
  {
    name: 'auth register',
    field: 'fullName',
    method: 'POST',
    url: () => '/api/v1/auth/sign-up',
    json: (bad) =>
      `{"email":"nul@example.in","password":"a long passphrase","username":"nulbyte","fullName":"N${bad}"}`,
  },
];

const urlCases: Case[] = [
  {
    name: 'content list search',
    field: 'search',
    method: 'GET',
    url: () => '/api/v1/content?type=product&search=lamp%00',
  },
  { name: 'username lookup', field: 'username', method: 'GET', url: () => '/api/v1/users/username/meera%00' },
  {
    name: 'username check',
    field: 'name',
    method: 'GET',
    url: () => '/api/v1/users/check-username/me%00era',
  },
  { name: 'product detail', field: 'id', method: 'GET', url: () => '/api/v1/products/01ABC%00' },
  { name: 'public profile', field: 'uid', method: 'GET', url: () => '/api/v1/users/01ABC%00/profile' },
  {
    name: "a creator's products",
    field: 'search',
    method: 'GET',
    url: () => '/api/v1/users/01ABC/content?search=%00',
  },
];

function expectRefused(response: { statusCode: number; json(): unknown }, field: string, label: string) {
  expect(response.statusCode, label).toBe(400);
  const body = response.json() as { success: boolean; message: string };
  expect(body.success, label).toBe(false);
  expect(body.message, label).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}\\b`));
}

describe('text PostgreSQL refuses', () => {
  it.each(jsonCases)('answers 400 naming the field for a NUL in the body: $name', async (c) => {
    const response = await t.app.inject({
      method: c.method,
      url: c.url(),
      headers: {
        'content-type': 'application/json',
        ...(c.signedIn ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: c.json!('\\u0000'),
    });
    expectRefused(response, c.field, c.name);
  });

  it.each(jsonCases)(
    'answers 400 naming the field for an unpaired surrogate in the body: $name',
    async (c) => {
      const response = await t.app.inject({
        method: c.method,
        url: c.url(),
        headers: {
          'content-type': 'application/json',
          ...(c.signedIn ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: c.json!(LONE_SURROGATE_JSON),
      });
      expectRefused(response, c.field, c.name);
    },
  );

  it.each(urlCases)('answers 400 naming the field for a NUL in the path or query: $name', async (c) => {
    const response = await t.app.inject({ method: c.method, url: c.url() });
    expectRefused(response, c.field, c.name);
  });

  it('answers 400 naming the field for a NUL in the data of a multipart product patch', async () => {
    const body =
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n` +
      `{"name":"Lamp\\u0000"}\r\n--${MULTIPART_BOUNDARY}--\r\n`;
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${productId}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': MULTIPART_CONTENT_TYPE },
      payload: body,
    });
    expectRefused(response, 'data.name', 'multipart data');
  });

  it('still takes text with characters outside the BMP (a surrogate pair) and stores it as sent', async () => {
    const name = 'Lamp 🪔 deal';
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${productId}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { name },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().product.name).toBe(name);
  });

  it('leaves paths no route matches to the not-found answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such%00thing?q=%00' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'not-found' });
  });

  // The check runs on every body before its schema: its cost must follow the body's size, not the square of its
  // depth (a path copied at every level took seconds for 80 KB of brackets and minutes for 1 MB).
  it('finds text at the bottom of a body nested 100 000 deep, and names its place', () => {
    const depth = 100_000;
    let nested: unknown = ['ok', 'bad\u0000'];
    for (let level = 1; level < depth; level += 1) nested = [nested];
    expect(findUnstorableText(nested)).toBe([...Array<string>(depth - 1).fill('0'), '1'].join('.'));
  });

  it('answers a sign-in body of 200 000 nested brackets with the schema 400', async () => {
    const depth = 200_000;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '['.repeat(depth) + ']'.repeat(depth),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
  });
});
