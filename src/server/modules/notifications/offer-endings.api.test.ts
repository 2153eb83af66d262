// Offers ending soon on products in the user's Loot Box (docs/product.md "Notifications"; decision 0077): recorded
// when the user reads their activity, once per offer, only within NOTIFICATION_OFFER_ENDING_WITHIN_MS of the end.
// The real app on PGlite or (TEST_DATABASE_URL) PostgreSQL, on a clock the test moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListNotificationsResponse } from '../../../shared/contracts/notifications.ts';
import { NOTIFICATION_OFFER_ENDING_WITHIN_MS } from '../../../shared/constants.ts';
import { NOTIFICATION_MESSAGES } from '../../../shared/notifications-messages.ts';
import { setContentAudience } from '../../test/privacy.ts';
import type { Audience } from '../../../shared/domain/privacy.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';

type User = { token: string; uid: string };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let seller: User;
let shopper: User;
let clock = Date.now();
const auth = (user: User) => ({ authorization: `Bearer ${user.token}` });

async function createProduct(name: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: auth(seller),
    payload: { type: 'product', name, price: 700, category: 'Home', ...SELLER_CONTACT },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product.id as string;
}

async function createOffer(title: string, productId: string, endsIn: number): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: auth(seller),
    payload: {
      type: 'offer',
      status: 'active',
      metadata: {
        title,
        description: '',
        discountType: 'percentage',
        discountValue: 10,
        products: [productId],
        startDate: new Date(clock - HOUR).toISOString(),
        endDate: new Date(clock + endsIn).toISOString(),
      },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().offer.id as string;
}

/** The shopper's offer-ending groups, as the list answers them (reading the list is what records them). */
async function offerEndings(): Promise<ListNotificationsResponse['items']> {
  const response = await t.app.inject({ url: '/api/v1/notifications', headers: auth(shopper) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListNotificationsResponse>().items.filter((group) => group.kind === 'offer_ending');
}

let lamp: string;
let rug: string;
let lampOffer: string;
let rugOffer: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, undefined, undefined, null, () => clock);
  seller = await signUpTestUser(t.app, 'ending.seller', { address: '10.77.0.1' });
  shopper = await signUpTestUser(t.app, 'ending.shopper', { address: '10.77.0.2' });
  lamp = await createProduct('Brass Lamp');
  rug = await createProduct('Dhurrie Rug');
  lampOffer = await createOffer('Lamp Last Call', lamp, 12 * HOUR);
  rugOffer = await createOffer('Rug Month', rug, 3 * DAY);
  const lootbox = await t.app.inject({
    method: 'POST',
    url: '/api/v1/lootbox',
    headers: auth(shopper),
    payload: {
      items: [
        { productId: lamp, quantity: 1 },
        { productId: rug, quantity: 2 },
      ],
    },
  });
  expect(lootbox.statusCode, lootbox.body).toBe(201);
}, 60_000);
afterAll(() => t?.close());

describe('offers ending soon on Loot Box products', () => {
  it('are recorded once, when the user reads, only for an offer ending within the window', async () => {
    expect(12 * HOUR).toBeLessThan(NOTIFICATION_OFFER_ENDING_WITHIN_MS);
    const first = await offerEndings();
    expect(first).toEqual([
      expect.objectContaining({
        id: `offer_ending:${lampOffer}`,
        offerId: lampOffer,
        productId: lamp,
        count: 1,
        unread: true,
        summary: NOTIFICATION_MESSAGES.offerEnding('Lamp Last Call', 'Brass Lamp'),
      }),
    ]);
    // Past the scan's pause (5 minutes per user): the second look scans again and records nothing new.
    clock += 10 * 60 * 1000;
    expect(await offerEndings()).toEqual(first);
    const count = await t.app.inject({ url: '/api/v1/notifications/unread-count', headers: auth(shopper) });
    expect(count.json().unreadCount).toBe(1);
    const rows = await t.testDatabase.database.db
      .selectFrom('notifications')
      .select('offer_id')
      .where('recipient_id', '=', shopper.uid)
      .execute();
    expect(rows).toEqual([{ offer_id: lampOffer }]);
  });

  it('records the longer offer once it too comes within the window', async () => {
    clock += 2.5 * DAY;
    expect((await offerEndings()).map((group) => group.offerId)).toEqual([rugOffer, lampOffer]);
  });

  it('says nothing of an offer on a product its seller now keeps from the user (decision 0071)', async () => {
    const kettle = await createProduct('Copper Kettle');
    const kettleOffer = await createOffer('Kettle Hours', kettle, 6 * HOUR);
    const current = await t.app.inject({ url: '/api/v1/lootbox', headers: auth(shopper) });
    const lootbox = current.json().lootboxes[0] as { id: string; items: { productId: string }[] };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/lootbox/${lootbox.id}`,
      headers: auth(shopper),
      payload: {
        items: [
          ...lootbox.items.map((item) => ({ ...item, quantity: 1 })),
          { productId: kettle, quantity: 1 },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const setAudience = (audience: Audience) => setContentAudience(t.app, seller.token, audience);
    await setAudience('nobody');
    clock += 10 * 60 * 1000;
    expect((await offerEndings()).map((group) => group.offerId)).not.toContain(kettleOffer);
    await setAudience('everyone');
    clock += 10 * 60 * 1000;
    expect((await offerEndings()).map((group) => group.offerId)).toContain(kettleOffer);
  });
});
