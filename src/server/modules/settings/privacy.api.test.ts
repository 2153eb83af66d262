// Privacy settings enforced by the server (decision 0071), through the real app on PGlite or (with
// TEST_DATABASE_URL) PostgreSQL, each rule read by three readers: nobody signed in, another signed-in user, and the
// owner. whoCanSeeMyContent cuts product and klip lists, detail reads and interactions; whoCanContactMe empties the
// contact methods of the products and the profile; the choices live on the user row alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Klip } from '../../../shared/contracts/klips.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { createTestKlip } from '../../test/klip-fixture.ts';

let t: TestApp;
let seller: { token: string; uid: string };
let shopper: { token: string; uid: string };
let productId: string;
let klip: Klip;
let offerId: string;

type ReaderName = 'anonymous' | 'shopper' | 'owner';
const READERS: ReaderName[] = ['anonymous', 'shopper', 'owner'];

function headersOf(reader: ReaderName): Record<string, string> {
  if (reader === 'anonymous') return {};
  return { authorization: `Bearer ${(reader === 'owner' ? seller : shopper).token}` };
}

const get = (url: string, reader: ReaderName) =>
  t.app.inject({ method: 'GET', url, headers: headersOf(reader) });

async function setPrivacy(changes: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/settings/privacy',
    headers: headersOf('owner'),
    payload: changes,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The ids of a list's items, as this reader gets them. */
async function listIds(url: string, reader: ReaderName): Promise<string[]> {
  const response = await get(url, reader);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as { id: string }[]).map((item) => item.id);
}

beforeAll(async () => {
  // The list cache as in production: a change of audience must clear it, not wait for it to expire.
  t = await createTestApp({ RATE_LIMIT_MAX: '100000', LIST_CACHE_MS: '60000' });
  seller = await signUpTestUser(t.app, 'private.seller', {
    address: '10.71.0.1',
    fullName: 'Private Seller',
  });
  shopper = await signUpTestUser(t.app, 'curious.shopper', {
    address: '10.71.0.2',
    fullName: 'Curious Shopper',
  });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: headersOf('owner'),
    payload: {
      type: 'product',
      name: 'Hidden Brass Lamp',
      price: 450,
      category: 'Home',
      contactInfo: { whatsapp: '9876543210', phone: '9876500000', email: 'lamp@example.in' },
      externalLinks: [{ url: 'https://www.amazon.in/dp/B0LAMP' }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  productId = created.json().product.id as string;
  await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/users/profile',
    headers: headersOf('owner'),
    payload: { contactInfo: { whatsapp: '9876543210', email: 'seller@example.in' } },
  });
  klip = await createTestKlip(t, seller, { title: 'Lamp at dusk', productId });
  const offer = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: headersOf('owner'),
    payload: {
      type: 'offer',
      status: 'active',
      metadata: {
        title: 'Lamp Week',
        description: 'Lamps',
        discountType: 'percentage',
        discountValue: 10,
        products: [productId],
      },
    },
  });
  expect(offer.statusCode, offer.body).toBe(201);
  offerId = offer.json().offer.id as string;
}, 60_000);
afterAll(() => t?.close());

describe('the privacy settings', () => {
  it('live on the user row alone: the answer reads them back from there, the settings object keeps no copy', async () => {
    const answer = await setPrivacy({
      whoCanSeeMyContent: 'signedIn',
      whoCanContactMe: 'nobody',
      activityVisibility: false,
    });
    expect(answer.settings.privacy).toEqual({
      whoCanSeeMyContent: 'signedIn',
      whoCanContactMe: 'nobody',
      activityVisibility: false,
    });
    const db = t.testDatabase.database.db;
    const row = await db
      .selectFrom('users')
      .select(['content_audience', 'contact_audience', 'activity_visible'])
      .where('id', '=', seller.uid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      content_audience: 'signedIn',
      contact_audience: 'nobody',
      activity_visible: false,
    });
    const stored = await db
      .selectFrom('user_settings')
      .select('app_settings')
      .where('user_id', '=', seller.uid)
      .executeTakeFirst();
    expect(Object.keys((stored?.app_settings.privacy as object | undefined) ?? {})).toEqual([]);
    const read = await get('/api/v1/settings', 'owner');
    expect(read.json().settings.privacy.whoCanContactMe).toBe('nobody');
    await setPrivacy({
      whoCanSeeMyContent: 'everyone',
      whoCanContactMe: 'everyone',
      activityVisibility: true,
    });
  });

  it('refuses a value outside the audiences, naming the field, and changes nothing', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings/privacy',
      headers: headersOf('owner'),
      payload: { whoCanSeeMyContent: 'followers' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('whoCanSeeMyContent');
    expect((await get('/api/v1/settings', 'owner')).json().settings.privacy.whoCanSeeMyContent).toBe(
      'everyone',
    );
  });
});

describe('whoCanSeeMyContent', () => {
  const shop = '/api/v1/content?type=product&limit=50';
  const creatorProducts = () => `/api/v1/users/${seller.uid}/content`;
  const creatorProductsByContent = () => `/api/v1/content?type=product&uid=${seller.uid}`;
  const klips = '/api/v1/content?type=klip&limit=50';

  /** What each reader sees of the seller's product and klip. */
  async function seen(reader: ReaderName) {
    return {
      detail: (await get(`/api/v1/products/${productId}`, reader)).statusCode,
      shop: (await listIds(shop, reader)).includes(productId),
      creator: (await listIds(creatorProducts(), reader)).includes(productId),
      creatorByContent: (await listIds(creatorProductsByContent(), reader)).includes(productId),
      byContentId: (await listIds(`/api/v1/content?type=product&contentId=${productId}`, reader)).length,
      klips: (await listIds(klips, reader)).includes(klip.id),
      klip: (await get(`/api/v1/klips/${klip.id}`, reader)).statusCode,
      shared: (await get(`/api/v1/products/shared?products=${productId}`, reader)).json().missing,
      deals: (await listIds(`${shop}&source=activeOffers`, reader)).includes(productId),
      offers: (await listIds('/api/v1/content?type=offer&status=active', reader)).includes(offerId),
      offer: (await get(`/api/v1/offers/${offerId}`, reader)).statusCode,
    };
  }
  const visible = {
    detail: 200,
    shop: true,
    creator: true,
    creatorByContent: true,
    byContentId: 1,
    klips: true,
    klip: 200,
    shared: [],
    deals: true,
    offers: true,
    offer: 200,
  };
  const hidden = {
    detail: 404,
    shop: false,
    creator: false,
    creatorByContent: false,
    byContentId: 0,
    klips: false,
    klip: 404,
    deals: false,
    offers: false,
    offer: 404,
  };

  afterAll(() => setPrivacy({ whoCanSeeMyContent: 'everyone' }));

  it('everyone: every reader sees the products and klips (and the pages are cached)', async () => {
    for (const reader of READERS) expect(await seen(reader), reader).toEqual(visible);
  });

  it('signedIn: hidden from readers not signed in, at once although their pages were cached', async () => {
    await setPrivacy({ whoCanSeeMyContent: 'signedIn' });
    expect(await seen('anonymous')).toEqual({ ...hidden, shared: [productId] });
    expect(await seen('shopper')).toEqual(visible);
    expect(await seen('owner')).toEqual(visible);
  });

  it('nobody: only the owner sees them, on their own pages', async () => {
    await setPrivacy({ whoCanSeeMyContent: 'nobody' });
    expect(await seen('anonymous')).toEqual({ ...hidden, shared: [productId] });
    expect(await seen('shopper')).toEqual({ ...hidden, shared: [productId] });
    const owner = await seen('owner');
    expect(owner).toMatchObject({
      detail: 200,
      creator: true,
      creatorByContent: true,
      byContentId: 1,
      klip: 200,
    });
    expect(owner.shared).toEqual([]);
  });

  it('nobody: a hidden klip cannot be liked or commented on (as if it were not there)', async () => {
    await setPrivacy({ whoCanSeeMyContent: 'nobody' });
    const like = await t.app.inject({
      method: 'POST',
      url: `/api/v1/interactions/klips/${klip.id}/like`,
      headers: headersOf('shopper'),
    });
    expect(like.statusCode).toBe(404);
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/v1/interactions/klips/${klip.id}/comments`,
      headers: headersOf('shopper'),
      payload: { content: 'Lovely lamp' },
    });
    expect(comment.statusCode).toBe(404);
    const comments = await get(`/api/v1/interactions/klips/${klip.id}/comments`, 'shopper');
    expect(comments.statusCode).toBe(404);
    expect((await get(`/api/v1/interactions/klips/${klip.id}/comments`, 'owner')).statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/v1/interactions/klips/${klip.id}/like`,
      headers: headersOf('owner'),
    });
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe('whoCanContactMe', () => {
  const contactsOf = async (reader: ReaderName) => {
    const product = (await get(`/api/v1/products/${productId}`, reader)).json().product;
    const profile = (await get(`/api/v1/users/${seller.uid}/profile`, reader)).json().data;
    return {
      product: product.metadata.contactInfo,
      productHidden: product.contactsHidden ?? false,
      links: product.metadata.externalLinks.length,
      profile: profile.metadata.contactInfo,
      profileHidden: profile.contactsHidden ?? false,
    };
  };
  const shown = {
    product: { whatsapp: '9876543210', phone: '9876500000', email: 'lamp@example.in' },
    productHidden: false,
    links: 1,
    profile: { whatsapp: '9876543210', phone: '', email: 'seller@example.in' },
    profileHidden: false,
  };
  const emptied = {
    product: { whatsapp: '', phone: '', email: '' },
    productHidden: true,
    links: 1,
    profile: { whatsapp: '', phone: '', email: '' },
    profileHidden: true,
  };

  afterAll(() => setPrivacy({ whoCanContactMe: 'everyone' }));

  it('everyone: every reader gets the contact methods', async () => {
    for (const reader of READERS) expect(await contactsOf(reader), reader).toEqual(shown);
  });

  it('signedIn: readers not signed in get none, and the flag that says so', async () => {
    await setPrivacy({ whoCanContactMe: 'signedIn' });
    expect(await contactsOf('anonymous')).toEqual(emptied);
    expect(await contactsOf('shopper')).toEqual(shown);
    expect(await contactsOf('owner')).toEqual(shown);
  });

  it('nobody: only the owner gets them; store links are a shop, kept', async () => {
    await setPrivacy({ whoCanContactMe: 'nobody' });
    expect(await contactsOf('anonymous')).toEqual(emptied);
    expect(await contactsOf('shopper')).toEqual(emptied);
    expect(await contactsOf('owner')).toEqual(shown);
    const shared = await get(`/api/v1/products/shared?products=${productId}`, 'shopper');
    expect(shared.json().products[0].metadata.contactInfo).toEqual(emptied.product);
  });
});
