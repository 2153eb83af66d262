// Writes on a product its seller keeps from the writer (whoCanSeeMyContent, decision 0071): to them the product is
// not there, as its page says (404 'Product not found'), and nothing of theirs is stored: no rating, no generic
// interaction (a share, a click), no Loot Box line. The real app on PGlite or (TEST_DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';
import { setContentAudience as setAudienceOf } from '../../test/privacy.ts';
import type { Audience } from '../../../shared/domain/privacy.ts';

let t: TestApp;
let seller: { token: string; uid: string };
let shopper: { token: string; uid: string };
let productId: string;

const auth = (user: { token: string } | null) =>
  user ? { authorization: `Bearer ${user.token}` } : ({} as Record<string, string>);

const setContentAudience = (audience: Audience) => setAudienceOf(t.app, seller.token, audience);

const rate = (stars: number) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/products/${productId}/rating`,
    headers: auth(shopper),
    payload: { stars },
  });

const share = (user: { token: string } | null) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/interactions',
    headers: auth(user),
    payload: { contentId: productId, type: 'share' },
  });

async function countRows(table: 'product_ratings' | 'interactions'): Promise<number> {
  const db = t.testDatabase.database.db;
  const column = table === 'product_ratings' ? 'product_id' : 'content_id';
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(column, '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  seller = await signUpTestUser(t.app, 'hidden.writes.seller', { address: '10.72.0.1' });
  shopper = await signUpTestUser(t.app, 'hidden.writes.shopper', { address: '10.72.0.2' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: auth(seller),
    payload: { type: 'product', name: 'Kept Copper Kettle', price: 900, category: 'Home', ...SELLER_CONTACT },
  });
  expect(created.statusCode, created.body).toBe(201);
  productId = created.json().product.id as string;
}, 60_000);
afterAll(() => t?.close());

describe('a product hidden from the writer', () => {
  afterAll(() => setContentAudience('everyone'));

  it('cannot be rated: 404 Product not found, as its page, and no rating is stored', async () => {
    await setContentAudience('nobody');
    const answer = await rate(4);
    expect(answer.statusCode, answer.body).toBe(404);
    expect(answer.json().message).toBe('Product not found');
    const read = await t.app.inject({ url: `/api/v1/products/${productId}/rating`, headers: auth(shopper) });
    expect(read.statusCode).toBe(404);
    expect(await countRows('product_ratings')).toBe(0);
    await setContentAudience('signedIn');
    expect((await rate(4)).statusCode).toBe(200);
    expect(await countRows('product_ratings')).toBe(1);
  });

  it('takes no generic interaction (a share) from a reader it is hidden from', async () => {
    await setContentAudience('signedIn');
    const anonymous = await share(null);
    expect(anonymous.statusCode).toBe(404);
    expect(await countRows('interactions')).toBe(0);
    expect((await share(shopper)).statusCode).toBe(201);
    await setContentAudience('nobody');
    expect((await share(shopper)).statusCode).toBe(404);
    expect((await share(seller)).statusCode).toBe(201);
    expect(await countRows('interactions')).toBe(2);
  });

  it('is not added to a Loot Box, and one added before shows as unavailable', async () => {
    await setContentAudience('nobody');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/lootbox',
      headers: auth(shopper),
      payload: { items: [{ productId, quantity: 1 }] },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toContain(`items.0.productId`);
    await setContentAudience('everyone');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/lootbox',
      headers: auth(shopper),
      payload: { items: [{ productId, quantity: 1 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const lootbox = created.json().lootbox as { id: string };
    expect(created.json().lootbox.items[0]).toMatchObject({ productId, available: true });
    await setContentAudience('nobody');
    const read = await t.app.inject({ url: `/api/v1/lootbox/${lootbox.id}`, headers: auth(shopper) });
    expect(read.json().lootbox.items[0]).toMatchObject({ productId, available: false });
    expect(read.json().lootbox.totalValue).toBe(0);
  });
});
