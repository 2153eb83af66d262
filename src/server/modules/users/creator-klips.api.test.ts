// A creator's klips as their pages show them (docs/product.md "User profile"): the profile's stats
// count the creator's active klips and the likes on them, as shoppers' likes and the creator's deletes move them,
// and GET /api/v1/content?type=klip&uid={uid} pages through that creator's active klips alone. Real klips: the
// video stored as an upload stores it, the klip created through POST /api/v1/content, the real transcode job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Klip } from '../../../shared/contracts/klips.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { createTestKlip } from '../../test/klip-fixture.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';

type User = { token: string; uid: string };

let t: TestApp;
let creator: User;
let rival: User;
let fans: User[];
let productId: string;

const auth = (user: User) => ({ authorization: `Bearer ${user.token}` });

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000', LIST_CACHE_MS: '0' });
  creator = await signUpTestUser(t.app, 'tara.klips', { address: '10.16.0.1', fullName: 'Tara Menon' });
  rival = await signUpTestUser(t.app, 'dev.klips', { address: '10.16.0.2' });
  fans = [
    await signUpTestUser(t.app, 'fan.one', { address: '10.16.0.3' }),
    await signUpTestUser(t.app, 'fan.two', { address: '10.16.0.4' }),
    await signUpTestUser(t.app, 'fan.three', { address: '10.16.0.5' }),
  ];
  const product = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: auth(creator),
    payload: { type: 'product', category: 'Home', name: 'Brass Lamp', price: 900, ...SELLER_CONTACT },
  });
  expect(product.statusCode, product.body).toBe(201);
  productId = product.json().product.id;
}, 180_000);
afterAll(async () => {
  await t.close();
});

/** A klip of the owner's; the creator's feature their product. */
function createKlip(owner: User, title: string, transcode = true): Promise<Klip> {
  const featured = owner === creator ? productId : null;
  return createTestKlip(t, owner, { title, productId: featured, transcode });
}

async function like(user: User, klipId: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/interactions/klips/${klipId}/like`,
    headers: auth(user),
  });
}

async function statsOf(user: User, username: string) {
  const byId = (await t.app.inject(`/api/v1/users/profile/${user.uid}`)).json().data.stats;
  // The creator hover card and /shopstar/{name} read the profile by username: the same numbers.
  const byName = (await t.app.inject(`/api/v1/users/username/${username}`)).json().data.stats;
  expect(byName).toEqual(byId);
  return byId as { productCount: number; klipCount: number; totalLikes: number };
}

async function listKlips(query: string) {
  const response = await t.app.inject(`/api/v1/content?type=klip${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Klip[]; lastEvaluatedKey: string | null; hasMore: boolean };
}

describe("a creator's klips", () => {
  let first: Klip;
  let second: Klip;
  let third: Klip;
  let processing: Klip;

  beforeAll(async () => {
    first = await createKlip(creator, 'Polishing brass');
    second = await createKlip(creator, 'Lamp at dusk');
    processing = await createKlip(creator, 'Still transcoding', false);
    third = await createKlip(creator, 'Wick trimming');
    await createKlip(rival, 'Rival klip');
  }, 300_000);

  it('counts the active klips and the likes on them, as likes come and go and klips are deleted', async () => {
    expect(await statsOf(creator, 'tara.klips')).toEqual({ productCount: 1, klipCount: 3, totalLikes: 0 });

    for (const fan of fans) expect((await like(fan, first.id)).json()).toMatchObject({ liked: true });
    expect((await like(fans[0]!, second.id)).json()).toMatchObject({ liked: true, likes: 1 });
    // A like taken back counts for nothing; a processing klip cannot be liked.
    expect((await like(fans[1]!, second.id)).json()).toMatchObject({ liked: true, likes: 2 });
    expect((await like(fans[1]!, second.id)).json()).toMatchObject({ liked: false, likes: 1 });
    expect((await like(fans[0]!, processing.id)).statusCode).toBe(404);
    const rivalKlip = (await listKlips(`&uid=${rival.uid}`)).items[0]!;
    expect((await like(fans[2]!, rivalKlip.id)).statusCode).toBe(200);

    expect(await statsOf(creator, 'tara.klips')).toEqual({ productCount: 1, klipCount: 3, totalLikes: 4 });
    expect(await statsOf(rival, 'dev.klips')).toEqual({ productCount: 0, klipCount: 1, totalLikes: 1 });

    // The stats agree with the klips' own counters.
    const own = (await listKlips(`&uid=${creator.uid}&limit=50`)).items;
    expect(own.reduce((sum, klip) => sum + klip.likes, 0)).toBe(4);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/klips/${first.id}`,
      headers: auth(creator),
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await statsOf(creator, 'tara.klips')).toEqual({ productCount: 1, klipCount: 2, totalLikes: 1 });
  }, 120_000);

  it("pages through the creator's active klips alone, newest first, with uid", async () => {
    const page1 = await listKlips(`&uid=${creator.uid}&limit=1`);
    expect(page1.items.map((klip) => klip.title)).toEqual(['Wick trimming']);
    expect(page1.hasMore).toBe(true);
    const page2 = await listKlips(
      `&uid=${creator.uid}&limit=1&lastEvaluatedKey=${encodeURIComponent(page1.lastEvaluatedKey!)}`,
    );
    expect(page2.items.map((klip) => klip.title)).toEqual(['Lamp at dusk']);
    expect(page2.hasMore).toBe(false);
    expect(page2.lastEvaluatedKey).toBeNull();
    for (const klip of [...page1.items, ...page2.items]) {
      expect(klip).toMatchObject({ uid: creator.uid, status: 'active', userName: 'tara.klips', productId });
      expect(klip.video).toMatch(/^\/media\//);
    }
    expect(page1.items[0]!.id).toBe(third.id);
    expect(page2.items[0]!.likes).toBe(1);
    // Not the processing klip, nor anyone else's; nobody's for a uid with no klips.
    const all = await listKlips(`&uid=${creator.uid}&limit=50`);
    expect(all.items.map((klip) => klip.id)).not.toContain(processing.id);
    expect(all.items).toHaveLength(2);
    expect((await listKlips(`&uid=${fans[0]!.uid}`)).items).toEqual([]);
  });
});
