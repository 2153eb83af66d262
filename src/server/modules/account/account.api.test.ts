// Deleting an account through the real app, on PGlite or (with TEST_DATABASE_URL) PostgreSQL
// (docs/decisions/0076-account-deletion.md): only with the account's own password, only the caller's own account;
// everything of the user's goes in one transaction, the counters of what others own stay equal to their rows
// (decision 0041), the media leave storage, the session ends at once and the username is free again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES } from '../../../shared/account-messages.ts';
import { SIGN_IN_PER_ACCOUNT_AND_IP_MAX } from '../../../shared/constants.ts';
import { MediaVariant, MediaVariants } from '../../db/tables/media-objects.ts';
import { sweepUnreferencedMedia } from '../../media/media-sweep.service.ts';
import { createStorage } from '../../storage/create-storage.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { createTestKlip } from '../../test/klip-fixture.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';
import { uploadTestImage } from '../../test/upload-image.ts';

type User = { token: string; uid: string };

let t: TestApp;
const PASSWORD = 'a long passphrase';
const auth = (user: User) => ({ authorization: `Bearer ${user.token}` });
const db = () => t.testDatabase.database.db;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => {
  await t.close();
});

function deleteAccount(user: User | null, payload: Record<string, unknown>, address = '10.76.0.1') {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/v1/account',
    remoteAddress: address,
    headers: user ? auth(user) : {},
    payload,
  });
}

async function createProduct(user: User, name: string, images: string[] = []): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: auth(user),
    payload: { type: 'product', name, price: 450, category: 'Home - Decor', images, ...SELLER_CONTACT },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product.id as string;
}

async function interact(user: User, klipId: string, what: string, payload?: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/interactions/klips/${klipId}/${what}`,
    headers: auth(user),
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

const comment = async (user: User, klipId: string, content: string, parentCommentId?: string) =>
  (
    await interact(user, klipId, 'comments', {
      content,
      ...(parentCommentId ? { metadata: { parentCommentId } } : {}),
    })
  ).comment.id as string;

const count = async (
  table: 'products' | 'klips' | 'offers' | 'lootboxes',
  column: 'owner_id' | 'user_id',
  id: string,
) => {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}
    where ${sql.ref(column)} = ${id}`.execute(db());
  return Number(rows[0]!.n);
};

/** Every storage key of the user's media rows. */
async function storageKeysOf(userId: string): Promise<string[]> {
  const rows = await db()
    .selectFrom('media_objects')
    .select(['variants', 'poster', 'source_key'])
    .where('owner_id', '=', userId)
    .execute();
  return rows.flatMap((row) => [
    ...MediaVariants.parse(row.variants).map((variant) => variant.key),
    ...(row.poster ? [MediaVariant.parse(row.poster).key] : []),
    ...(row.source_key ? [row.source_key] : []),
  ]);
}

/** A klip's counters and the rows they count. */
async function klipTally(klipId: string) {
  const klip = await db()
    .selectFrom('klips')
    .select(['likes', 'comment_count', 'views'])
    .where('id', '=', klipId)
    .executeTakeFirstOrThrow();
  const likeRows = await db()
    .selectFrom('klip_likes')
    .select('user_id')
    .where('klip_id', '=', klipId)
    .execute();
  const comments = await db()
    .selectFrom('klip_comments')
    .select(['id', 'parent_comment_id', 'reply_count'])
    .where('klip_id', '=', klipId)
    .execute();
  for (const parent of comments.filter((row) => row.parent_comment_id === null)) {
    const replies = comments.filter((row) => row.parent_comment_id === parent.id).length;
    expect(parent.reply_count, `reply_count of ${parent.id}`).toBe(replies);
  }
  return {
    likes: klip.likes,
    likeRows: likeRows.length,
    comments: klip.comment_count,
    commentRows: comments.length,
    views: Number(klip.views),
  };
}

describe('DELETE /api/v1/account', () => {
  it('takes everything of the user, keeps the counters of what others own exact, and empties storage', async () => {
    const asha = await signUpTestUser(t.app, 'asha.gone', { address: '10.76.1.1', fullName: 'Asha' });
    const ravi = await signUpTestUser(t.app, 'ravi.stays', { address: '10.76.1.2', fullName: 'Ravi' });
    const meera = await signUpTestUser(t.app, 'meera.stays', { address: '10.76.1.3', fullName: 'Meera' });

    // Asha's own things: a product with photos, a klip (video and its poster), an offer, a Loot Box.
    const ashaProduct = await createProduct(asha, 'Brass Diya', [
      await uploadTestImage(t.app, asha.token),
      await uploadTestImage(t.app, asha.token),
    ]);
    const ashaKlip = await createTestKlip(t, asha, { title: 'Diya glow', productId: ashaProduct });
    const offer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: auth(asha),
      payload: {
        type: 'offer',
        status: 'active',
        metadata: {
          title: 'Diwali',
          description: '',
          discountType: 'percentage',
          discountValue: 10,
          products: [ashaProduct],
        },
      },
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const raviProduct = await createProduct(ravi, 'Copper Lota', [await uploadTestImage(t.app, ravi.token)]);
    const ashaBox = await t.app.inject({
      method: 'POST',
      url: '/api/v1/lootbox',
      headers: auth(asha),
      payload: { items: [{ productId: raviProduct, quantity: 1 }] },
    });
    expect(ashaBox.statusCode, ashaBox.body).toBe(201);
    // Ravi's Loot Box holds Asha's product; his klip gets Asha's likes, comments, replies and a view.
    const raviBox = await t.app.inject({
      method: 'POST',
      url: '/api/v1/lootbox',
      headers: auth(ravi),
      payload: {
        items: [
          { productId: ashaProduct, quantity: 2 },
          { productId: raviProduct, quantity: 1 },
        ],
      },
    });
    expect(raviBox.statusCode, raviBox.body).toBe(201);
    const raviKlip = (await createTestKlip(t, ravi, { title: 'Lota shine' })).id;

    await interact(asha, raviKlip, 'like');
    await interact(meera, raviKlip, 'like');
    await interact(asha, raviKlip, 'view');
    await interact(meera, raviKlip, 'view');
    const ashaComment = await comment(asha, raviKlip, 'Lovely shine!');
    await comment(meera, raviKlip, 'Agreed', ashaComment); // a reply under Asha's comment: it goes with hers
    const meeraComment = await comment(meera, raviKlip, 'Where is it made?');
    await comment(asha, raviKlip, 'Moradabad, I think', meeraComment); // Asha's reply under Meera's: it goes
    await comment(ravi, raviKlip, 'Yes, Moradabad', meeraComment);
    // Comments and a like on Asha's own klip, which goes whole.
    await interact(ravi, ashaKlip.id, 'like');
    await comment(ravi, ashaKlip.id, 'Nice diya');
    // Stars for Ravi's product from Asha and Meera.
    for (const [user, stars] of [
      [asha, 5],
      [meera, 3],
    ] as const) {
      const rated = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/products/${raviProduct}/rating`,
        headers: auth(user),
        payload: { stars },
      });
      expect(rated.statusCode, rated.body).toBe(200);
    }

    const before = await klipTally(raviKlip);
    expect(before).toMatchObject({ likes: 2, likeRows: 2, comments: 5, commentRows: 5, views: 2 });
    const ashaKeys = await storageKeysOf(asha.uid);
    const raviKeys = await storageKeysOf(ravi.uid);
    expect(ashaKeys.length).toBeGreaterThanOrEqual(4);
    let storage = createStorage(t.config);
    for (const key of ashaKeys) expect(await storage.stat(key), key).toBeDefined();

    const deleted = await deleteAccount(asha, { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true });

    // Every row of Asha's is gone.
    for (const [table, column] of [
      ['products', 'owner_id'],
      ['klips', 'owner_id'],
      ['offers', 'owner_id'],
      ['lootboxes', 'user_id'],
    ] as const) {
      expect(await count(table, column, asha.uid), table).toBe(0);
    }
    const remaining = async (
      table:
        | 'klip_comments'
        | 'klip_likes'
        | 'sessions'
        | 'credentials'
        | 'product_ratings'
        | 'user_settings'
        | 'refresh_tokens',
    ) => (await db().selectFrom(table).select('user_id').where('user_id', '=', asha.uid).execute()).length;
    for (const table of [
      'klip_comments',
      'klip_likes',
      'sessions',
      'credentials',
      'product_ratings',
      'user_settings',
      'refresh_tokens',
    ] as const) {
      expect(await remaining(table), table).toBe(0);
    }
    expect(await db().selectFrom('users').select('id').where('id', '=', asha.uid).execute()).toEqual([]);
    expect(
      await db()
        .selectFrom('klip_views')
        .select('klip_id')
        .where('viewer_key', '=', `user:${asha.uid}`)
        .execute(),
    ).toEqual([]);
    expect(
      await db()
        .selectFrom('offer_products')
        .select('offer_id')
        .where('product_id', '=', ashaProduct)
        .execute(),
    ).toEqual([]);

    // Ravi's klip: Asha's like, her comment with Meera's reply under it and her reply under Meera's are gone; every
    // counter equals its rows (klipTally checks each reply_count). Views were counted and stay counted.
    const after = await klipTally(raviKlip);
    expect(after).toEqual({ likes: 1, likeRows: 1, comments: 2, commentRows: 2, views: 2 });
    const stats = (await t.app.inject(`/api/v1/interactions/klips/${raviKlip}/stats`)).json();
    expect(stats).toMatchObject({ likes: 1, comments: 2, views: 2 });
    // Ravi's product keeps only Meera's stars.
    const rating = await db()
      .selectFrom('products')
      .select(['rating_sum', 'rating_count'])
      .where('id', '=', raviProduct)
      .executeTakeFirstOrThrow();
    expect(rating).toEqual({ rating_sum: 3, rating_count: 1 });
    // The list counts match the rows again.
    const counts = await db().selectFrom('product_counts').select(['scope', 'count']).execute();
    const owners = await db().selectFrom('products').select('owner_id').execute();
    expect(Number(counts.find((row) => row.scope === 'all')?.count)).toBe(owners.length);
    expect(Number(counts.find((row) => row.scope === `owner:${asha.uid}`)?.count ?? 0)).toBe(0);

    // Ravi's Loot Box still answers, with Asha's product as no longer available.
    const box = await t.app.inject({
      url: `/api/v1/lootbox/${raviBox.json().lootbox.id}`,
      headers: auth(ravi),
    });
    expect(box.statusCode, box.body).toBe(200);
    const lines = box.json().lootbox.items as Array<{ productId: string; available: boolean }>;
    expect(lines.find((line) => line.productId === ashaProduct)?.available).toBe(false);
    expect(lines.find((line) => line.productId === raviProduct)?.available).toBe(true);

    // The media: gone from the database and storage already; the sweep finds nothing more of hers; Ravi's stay.
    // Asked through a storage of its own: the first one keeps the files it read open for a second (decision 0004).
    await sweepUnreferencedMedia({ db: db(), storage, graceMs: 0 });
    storage = createStorage(t.config);
    // Keys are content-addressed: the test klips are the same clip, so their video files are Ravi's too and stay.
    const onlyHers = ashaKeys.filter((key) => !raviKeys.includes(key));
    expect(onlyHers.length).toBeGreaterThanOrEqual(2);
    for (const key of onlyHers) expect(await storage.stat(key), key).toBeUndefined();
    for (const key of raviKeys) expect(await storage.stat(key), key).toBeDefined();
    expect(
      await db().selectFrom('media_objects').select('id').where('owner_id', 'is', null).execute(),
    ).toEqual([]);

    // Her token stops working at once; her creator page and content answer not found; her username is free.
    expect((await t.app.inject({ url: '/api/v1/settings', headers: auth(asha) })).statusCode).toBe(401);
    expect((await t.app.inject(`/api/v1/users/${asha.uid}/profile`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/v1/products/${ashaProduct}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/v1/klips/${ashaKlip.id}`)).statusCode).toBe(404);
    const again = await signUpTestUser(t.app, 'asha.gone', { address: '10.76.1.4' });
    expect(again.uid).not.toBe(asha.uid);
    // Two klips transcoded by the real job: slow on a busy shared machine.
  }, 240_000);

  it('refuses a wrong password, another user and no session, and deletes nothing', async () => {
    const kiran = await signUpTestUser(t.app, 'kiran.keeps', { address: '10.76.2.1' });
    const dev = await signUpTestUser(t.app, 'dev.other', { address: '10.76.2.2' });
    const product = await createProduct(kiran, 'Clay Pot');

    const wrong = await deleteAccount(kiran, { password: 'not my passphrase' }, '10.76.2.10');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      code: 'auth/wrong-password',
      message: ACCOUNT_MESSAGES.wrongPassword,
    });
    // A password account cannot confirm with its (public) username.
    expect((await deleteAccount(kiran, { username: 'kiran.keeps' }, '10.76.2.10')).statusCode).toBe(403);
    // Dev's session with Kiran's password deletes nothing: the route only ever reaches the caller's own account.
    expect((await deleteAccount(dev, { password: PASSWORD + '!' }, '10.76.2.11')).statusCode).toBe(403);
    expect((await deleteAccount(null, { password: PASSWORD })).statusCode).toBe(401);
    const bad = await deleteAccount(kiran, { password: '' });
    expect(bad.statusCode).toBe(400);
    expect((await deleteAccount(kiran, { password: PASSWORD, extra: 1 })).statusCode).toBe(400);

    expect(await count('products', 'owner_id', kiran.uid)).toBe(1);
    expect((await t.app.inject(`/api/v1/products/${product}`)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/settings', headers: auth(kiran) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/settings', headers: auth(dev) })).statusCode).toBe(200);
    const check = await t.app.inject({ url: '/api/v1/account/deletion', headers: auth(kiran) });
    expect(check.json()).toEqual({ success: true, confirmWith: 'password' });
  });

  it('asks an account without a password (external sign-in only) for its username instead', async () => {
    const oidc = await signUpTestUser(t.app, 'neha.oidc', { address: '10.76.4.1' });
    // As the external provider makes an account: no credentials row.
    await db().deleteFrom('credentials').where('user_id', '=', oidc.uid).execute();
    const check = await t.app.inject({ url: '/api/v1/account/deletion', headers: auth(oidc) });
    expect(check.json()).toEqual({ success: true, confirmWith: 'username' });
    const wrong = await deleteAccount(oidc, { username: 'neha.other' }, '10.76.4.9');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      code: 'auth/wrong-password',
      message: ACCOUNT_MESSAGES.wrongUsername,
    });
    expect((await deleteAccount(oidc, { password: PASSWORD }, '10.76.4.9')).statusCode).toBe(403);
    expect((await deleteAccount(oidc, { username: ' Neha.OIDC ' }, '10.76.4.9')).statusCode).toBe(200);
    expect(await db().selectFrom('users').select('id').where('id', '=', oidc.uid).execute()).toEqual([]);
  });

  it('counts wrong passwords in the sign-in throttle', async () => {
    const lata = await signUpTestUser(t.app, 'lata.guess', { address: '10.76.3.1' });
    const address = '10.76.3.9';
    for (let attempt = 0; attempt < SIGN_IN_PER_ACCOUNT_AND_IP_MAX; attempt += 1) {
      expect((await deleteAccount(lata, { password: `guess ${attempt}` }, address)).statusCode).toBe(403);
    }
    // The next guess, and a sign-in to the account from that address, are refused alike.
    expect((await deleteAccount(lata, { password: PASSWORD }, address)).statusCode).toBe(429);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: address,
      payload: { email: 'lata.guess@example.in', password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(429);
    expect(await db().selectFrom('users').select('id').where('id', '=', lata.uid).execute()).toHaveLength(1);
  });
});
