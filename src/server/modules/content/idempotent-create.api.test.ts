// POST /api/v1/content with an Idempotency-Key (decision 0034), through the real app on PGlite or (with
// TEST_DATABASE_URL) PostgreSQL: a retry answers the first create and creates nothing, concurrent retries create
// once, a key is its sender's own, another body under a used key is refused, a failed create stores nothing, and an
// expired key may be used again.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../../shared/server-messages.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';
import { SELLER_CONTACT } from '../../test/product-body.ts';
import { createIdempotencyKeysRepository } from './idempotency-keys.repository.ts';

let t: TestApp;
let seller: { token: string; uid: string };
let other: { token: string; uid: string };
/** Holds POSTs after they are authenticated and their body read until `size` are held, then lets all go. */
let postBarrier: { size: number; held: Array<() => void> } | undefined;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, (app) => {
    app.addHook('preHandler', async (request) => {
      const barrier = postBarrier;
      if (request.method !== 'POST' || request.url !== '/api/v1/content' || !barrier) return;
      await new Promise<void>((release) => {
        barrier.held.push(release);
        if (barrier.held.length === barrier.size) for (const held of barrier.held) held();
      });
    });
  });
  seller = await signUpTestUser(t.app, 'meera.pottery', { address: '10.14.0.1' });
  other = await signUpTestUser(t.app, 'arjun.prints', { address: '10.14.0.2' });
});
afterAll(() => t.close());

const body = (name: string, fields: Record<string, unknown> = {}) => ({
  type: 'product',
  name,
  price: 450,
  category: 'Home',
  ...SELLER_CONTACT,
  ...fields,
});

function post(user: { token: string }, payload: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/content',
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: payload as Record<string, unknown>,
  });
}

async function countProducts(ownerId: string, name: string): Promise<number> {
  const row = await t.testDatabase.database.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('owner_id', '=', ownerId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('Idempotency-Key on POST /api/v1/content', () => {
  it('answers a retry with the first answer and creates nothing more', async () => {
    const first = await post(seller, body('Terracotta Vase'), 'retry-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await post(seller, body('Terracotta Vase'), 'retry-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await countProducts(seller.uid, 'Terracotta Vase')).toBe(1);
    // Without a key, the same body is a new product each time.
    expect((await post(seller, body('Terracotta Vase'))).statusCode).toBe(201);
    expect(await countProducts(seller.uid, 'Terracotta Vase')).toBe(2);
  });

  it('creates once when eight requests with one key arrive at once', async () => {
    postBarrier = { size: 8, held: [] };
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => post(seller, body('Glazed Bowl'), 'together-1')),
    );
    postBarrier = undefined;
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    const ids = new Set(responses.map((response) => response.json().product.id));
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(
      7,
    );
    expect(await countProducts(seller.uid, 'Glazed Bowl')).toBe(1);
  });

  it('refuses the same key with another body (422), naming the header, and creates nothing', async () => {
    expect((await post(seller, body('Clay Lamp'), 'changed-1')).statusCode).toBe(201);
    const changed = await post(seller, body('Clay Lamp', { price: 999 }), 'changed-1');
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({
      success: false,
      message: SERVER_MESSAGES.idempotencyKeyReused,
      code: 'unprocessable-content',
    });
    expect(await countProducts(seller.uid, 'Clay Lamp')).toBe(1);
  });

  it("keeps each user's keys apart", async () => {
    const mine = await post(seller, body('Block Print Cushion'), 'shared-key');
    const theirs = await post(other, body('Block Print Cushion'), 'shared-key');
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().product.id).not.toBe(mine.json().product.id);
    expect(theirs.json().product.uid).toBe(other.uid);
  });

  it('stores nothing for a create that failed, so its retry runs again', async () => {
    const refused = await post(seller, body('Jute Bag', { images: ['not-an-upload'] }), 'failed-1');
    expect(refused.statusCode).toBe(400);
    const fixed = await post(seller, body('Jute Bag'), 'failed-1');
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await countProducts(seller.uid, 'Jute Bag')).toBe(1);
  });

  it('lets an expired key be used again', async () => {
    expect((await post(seller, body('Cane Basket'), 'expiring-1')).statusCode).toBe(201);
    await t.testDatabase.database.db
      .updateTable('idempotency_keys')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', seller.uid)
      .where('key', '=', 'expiring-1')
      .execute();
    const reused = await post(seller, body('Cane Basket', { price: 600 }), 'expiring-1');
    expect(reused.statusCode).toBe(201);
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
    expect(await countProducts(seller.uid, 'Cane Basket')).toBe(2);
    // The key now answers for its new body.
    const retry = await post(seller, body('Cane Basket', { price: 600 }), 'expiring-1');
    expect(retry.json().product.id).toBe(reused.json().product.id);
  });

  it('housekeeping deletes expired keys and keeps live ones', async () => {
    expect((await post(other, body('Palm Mat'), 'old-1')).statusCode).toBe(201);
    expect((await post(other, body('Palm Fan'), 'live-1')).statusCode).toBe(201);
    const { db } = t.testDatabase.database;
    await db
      .updateTable('idempotency_keys')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', other.uid)
      .where('key', '=', 'old-1')
      .execute();
    expect(await createIdempotencyKeysRepository(db).deleteExpired(1)).toBeGreaterThanOrEqual(1);
    const left = await db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', other.uid)
      .execute();
    expect(left.map((row) => row.key).sort()).toEqual(['live-1', 'shared-key']);
  });

  it('refuses a key that is too long or not visible ASCII, naming the header', async () => {
    for (const key of ['k'.repeat(256), 'clé-1', 'two words']) {
      const response = await post(seller, body('Brass Bell'), key);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/idempotency-key/);
    }
    expect(await countProducts(seller.uid, 'Brass Bell')).toBe(0);
  });
});
