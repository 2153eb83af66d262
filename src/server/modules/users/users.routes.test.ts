// Every Users route of docs/product.md "Users" through the real app: who may read and write what, the rules of
// docs/product.md "User calls" ("User ID is required"), avatar and cover uploads through the image pipeline, and
// profile updates that cannot reach fields the user does not own.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildMultipartHead,
  MULTIPART_CONTENT_TYPE,
  MULTIPART_TAIL,
} from '../../media/media.test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
let owner: { token: string; uid: string };
let other: { token: string; uid: string };
let png: Buffer;

async function signUp(name: string, address: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    remoteAddress: address,
    payload: {
      email: `${name}@example.in`,
      password: 'a long passphrase',
      username: name,
      fullName: `${name} X`,
    },
  });
  expect(response.statusCode).toBe(201);
  const { data } = response.json();
  return { token: data.idToken as string, uid: data.user.uid as string };
}

const bearer = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });
const profileOf = async (uid: string) => (await t.app.inject(`/api/v1/users/profile/${uid}`)).json().data;
const upload = (url: string, field: string, user?: { token: string }, body = png, type = 'image/png') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(user ? bearer(user) : {}), 'content-type': MULTIPART_CONTENT_TYPE },
    payload: Buffer.concat([buildMultipartHead('picture.png', type, field), body, MULTIPART_TAIL]),
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp('kavya.crafts', '10.3.0.1');
  other = await signUp('dev.reads', '10.3.0.2');
  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3d5a80' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

describe('reading profiles', () => {
  it('answers the fields of docs/product.md "User profile" by uid, by username and for the signed-in user', async () => {
    const byId = await t.app.inject(`/api/v1/users/profile/${owner.uid}`);
    expect(byId.statusCode).toBe(200);
    const profile = byId.json().data;
    expect(profile).toEqual({
      uid: owner.uid,
      username: 'kavya.crafts',
      fullName: 'kavya.crafts X',
      displayName: 'kavya.crafts X',
      avatar: null,
      photoURL: null,
      avatarUpdatedAt: null,
      coverImage: null,
      bio: '',
      stats: { productCount: 0, klipCount: 0, totalLikes: 0 },
      metadata: { contactInfo: { whatsapp: '', phone: '', email: '' } },
      createdAt: expect.any(String),
    });
    expect(profile).not.toHaveProperty('email');
    expect((await t.app.inject(`/api/v1/users/${owner.uid}/profile`)).json().data).toEqual(profile);
    expect((await t.app.inject('/api/v1/users/username/%20Kavya.Crafts')).json().data).toEqual(profile);
    const own = await t.app.inject({ url: '/api/v1/users/profile', headers: bearer(owner) });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual(profile);
    expect(own.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 for its own profile without a good token, 404 for nobody, 400 without an id', async () => {
    expect((await t.app.inject('/api/v1/users/profile')).statusCode).toBe(401);
    const forged = await t.app.inject({
      url: '/api/v1/users/profile',
      headers: { authorization: `Bearer ${owner.token.slice(0, -3)}abc` },
    });
    expect(forged.statusCode).toBe(401);
    expect((await t.app.inject('/api/v1/users/profile/nobody')).statusCode).toBe(404);
    expect((await t.app.inject('/api/v1/users/username/nobody.here')).statusCode).toBe(404);
    const blankId = await t.app.inject('/api/v1/users/profile/%20');
    expect(blankId.statusCode).toBe(400);
    expect(blankId.json()).toMatchObject({ success: false, message: 'User ID is required' });
    const blankName = await t.app.inject('/api/v1/users/username/%20');
    expect(blankName.statusCode).toBe(400);
    expect((await t.app.inject('/api/v1/users/%20/content')).json().message).toBe('User ID is required');
  });

  it('answers a creator’s content in the list shape, empty for a new creator, 404 for nobody', async () => {
    const content = await t.app.inject(`/api/v1/users/${other.uid}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.json()).toMatchObject({ success: true, items: [] });
    expect((await t.app.inject('/api/v1/users/nobody/content')).statusCode).toBe(404);
  });
});

describe('changing a profile', () => {
  it('takes POST, PATCH and PUT from the owner only, and answers the new profile', async () => {
    for (const method of ['POST', 'PATCH', 'PUT'] as const) {
      for (const payload of [{ bio: 'x' }, { bio: 'x'.repeat(600) }]) {
        const anonymous = await t.app.inject({ method, url: '/api/v1/users/profile', payload });
        expect(anonymous.statusCode).toBe(401);
      }
      const response = await t.app.inject({
        method,
        url: '/api/v1/users/profile',
        headers: bearer(owner),
        payload: {
          bio: `Baskets, by ${method}`,
          contactInfo: { whatsapp: '+91 98765 43210', email: 'k@example.in' },
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        bio: `Baskets, by ${method}`,
        metadata: { contactInfo: { whatsapp: '919876543210', email: 'k@example.in' } },
      });
    }
    expect((await profileOf(other.uid)).bio).toBe('');
  });

  it("counts a creator's active klips and the likes on them", async () => {
    const { db } = t.testDatabase.database;
    const klip = (
      id: string,
      ownerId: string,
      status: 'processing' | 'active' | 'failed',
      likes: number,
    ) => ({
      id,
      owner_id: ownerId,
      status,
      title: `Klip ${id}`,
      likes,
    });
    await db
      .insertInto('klips')
      .values([
        klip('k1', owner.uid, 'active', 3),
        klip('k2', owner.uid, 'active', 2),
        klip('k3', owner.uid, 'processing', 7),
        klip('k4', owner.uid, 'failed', 11),
        klip('k5', other.uid, 'active', 13),
      ])
      .execute();
    try {
      expect((await profileOf(owner.uid)).stats).toEqual({ productCount: 0, klipCount: 2, totalLikes: 5 });
      expect((await profileOf(other.uid)).stats).toEqual({ productCount: 0, klipCount: 1, totalLikes: 13 });
    } finally {
      await db.deleteFrom('klips').execute();
    }
  });

  it('changes nothing a user does not own, whatever the body carries', async () => {
    const before = await profileOf(other.uid);
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/profile',
      headers: bearer(other),
      payload: {
        uid: owner.uid,
        id: owner.uid,
        userId: owner.uid,
        email: 'taken.over@example.in',
        stats: { productCount: 999, klipCount: 999, totalLikes: 999 },
        createdAt: '2000-01-01T00:00:00.000Z',
        avatar: 'https://evil.example/a.png',
        displayName: 'Dev',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(await profileOf(other.uid)).toEqual({ ...before, displayName: 'Dev' });
    expect((await profileOf(owner.uid)).displayName).toBe('kavya.crafts X');
    const { db } = t.testDatabase.database;
    const row = await db
      .selectFrom('users')
      .select(['email'])
      .where('id', '=', other.uid)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('dev.reads@example.in');
  });

  it('keeps bios as the text sent, and refuses bad fields naming them', async () => {
    const bio = '<img src=x onerror=alert(1)> javascript:alert(1) \u202Eevil\u200B';
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/profile',
      headers: bearer(other),
      payload: { bio },
    });
    expect(saved.json().data.bio).toBe(bio);
    for (const [payload, field] of [
      [{ bio: 'x'.repeat(501) }, 'bio'],
      [{ fullName: '' }, 'fullName'],
      [{ contactInfo: { whatsapp: 'call me' } }, 'contactInfo.whatsapp'],
    ] as const) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/profile',
        headers: bearer(other),
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    }
  });
});

describe('avatar and cover', () => {
  it('need a signed-in user', async () => {
    expect((await upload('/api/v1/users/avatar', 'avatar')).statusCode).toBe(401);
    expect((await upload('/api/v1/users/cover', 'coverImage')).statusCode).toBe(401);
  });

  it('go through the image pipeline onto the caller’s own profile only', async () => {
    const avatar = await upload('/api/v1/users/avatar', 'avatar', owner);
    expect(avatar.statusCode).toBe(200);
    const withAvatar = avatar.json().data;
    expect(withAvatar.avatar).toMatch(/^\/media\/img\/[0-9a-f]{64}-\d+\.\w+$/);
    expect(withAvatar.photoURL).toBe(withAvatar.avatar);
    expect(Date.parse(withAvatar.avatarUpdatedAt)).not.toBeNaN();
    expect((await t.app.inject(withAvatar.avatar)).statusCode).toBe(200);

    const cover = await upload('/api/v1/users/cover', 'coverImage', owner);
    expect(cover.statusCode).toBe(200);
    expect(cover.json().data.coverImage).toMatch(/^\/media\/img\/[0-9a-f]{64}-\d+\.\w+$/);
    expect(cover.json().data.avatar).toBe(withAvatar.avatar);

    expect(await profileOf(other.uid)).toMatchObject({ avatar: null, coverImage: null });
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: '10.3.0.9',
      payload: { email: 'kavya.crafts@example.in', password: 'a long passphrase' },
    });
    expect(session.json().data.user.avatar).toMatch(/^\/media\/img\/[0-9a-f]{64}-\d+\.\w+$/);
  });

  it('refuse what is not an image and leave the profile as it was', async () => {
    const before = await profileOf(other.uid);
    const response = await upload(
      '/api/v1/users/avatar',
      'avatar',
      other,
      Buffer.from('%PDF-1.4 not a picture'),
      'image/png',
    );
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await profileOf(other.uid)).toEqual(before);
  });
});
