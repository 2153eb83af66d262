// Sign-in throttling on two API instances sharing one Redis (TEST_REDIS_URL): failures count across instances,
// a correct password takes its attempt back in Redis too, the owner is never locked out, and a slowed account's
// turns are shared, so guesses sent to both instances at once do not overlap (decision 0048).
import { Redis } from 'ioredis';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIGN_IN_PER_ACCOUNT_AND_IP_MAX,
  SIGN_IN_PER_ACCOUNT_MAX,
  SIGN_IN_SLOW_ACCOUNT_DELAY_MS,
} from '../../shared/constants.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

describe.skipIf(!TEST_REDIS_URL)('sign-in throttling shared through Redis', () => {
  const clients: Redis[] = [];
  const apps: TestApp[] = [];
  // Fresh names and addresses per run, so earlier runs' counters in the same Redis do not matter.
  const run = ulid().toLowerCase();
  const octet = () => Math.floor(Math.random() * 250);
  const addressBase = `10.${octet()}.${octet()}`;

  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) {
      const redis = new Redis(TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
      clients.push(redis);
      apps.push(await createTestApp({ REDIS_URL: TEST_REDIS_URL! }, undefined, redis));
    }
  });

  afterAll(async () => {
    await Promise.all(apps.map((testApp) => testApp.close()));
    clients.forEach((client) => client.disconnect());
  });

  /** One account, made on both instances' databases (each test app has its own). */
  async function createAccount(name: string) {
    const account = {
      email: `${name}.${run}@example.in`,
      password: 'correct horse battery',
      username: `${name}.${run.slice(-8)}`,
      fullName: name,
    };
    for (const [index, testApp] of apps.entries()) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-up',
        remoteAddress: `${addressBase}.${200 + index}`,
        payload: account,
      });
      expect(response.statusCode).toBe(201);
    }
    return account;
  }

  const signIn = (instance: number, address: string, email: string, password: string) =>
    apps[instance]!.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: address,
      payload: { email, password },
    });

  it('limits an address across instances, refunds correct sign-ins, and never locks the owner out', async () => {
    const account = await createAccount('shared');
    const address = `${addressBase}.1`;
    // Correct sign-ins alternate between instances and are all let through: they do not count.
    for (let attempt = 0; attempt < SIGN_IN_PER_ACCOUNT_AND_IP_MAX + 2; attempt += 1) {
      expect((await signIn(attempt % 2, address, account.email, account.password)).statusCode).toBe(200);
    }
    // Failures from one address count on both instances together.
    const failures: number[] = [];
    for (let attempt = 0; attempt < SIGN_IN_PER_ACCOUNT_AND_IP_MAX * 2; attempt += 1) {
      failures.push((await signIn(attempt % 2, address, account.email, `guess ${attempt}`)).statusCode);
    }
    expect(failures.filter((status) => status === 401)).toHaveLength(SIGN_IN_PER_ACCOUNT_AND_IP_MAX);
    expect(failures.slice(SIGN_IN_PER_ACCOUNT_AND_IP_MAX).every((status) => status === 429)).toBe(true);

    // A stranger takes the account to its threshold of failures from many addresses, on both instances.
    for (let attempt = 0; attempt < SIGN_IN_PER_ACCOUNT_MAX - SIGN_IN_PER_ACCOUNT_AND_IP_MAX; attempt += 1) {
      const from = `${addressBase}.${10 + Math.floor(attempt / SIGN_IN_PER_ACCOUNT_AND_IP_MAX)}`;
      expect((await signIn(attempt % 2, from, account.email, `stranger ${attempt}`)).statusCode).toBe(401);
    }
    expect((await signIn(1, `${addressBase}.99`, account.email, account.password)).statusCode).toBe(200);
    expect((await signIn(0, address, account.email, account.password)).statusCode).toBe(429);
  });

  it('spaces a slowed account’s guesses on both instances one after another', async () => {
    const account = await createAccount('turns');
    await Promise.all(
      Array.from({ length: SIGN_IN_PER_ACCOUNT_MAX / SIGN_IN_PER_ACCOUNT_AND_IP_MAX }, async (_, index) => {
        for (let attempt = 0; attempt < SIGN_IN_PER_ACCOUNT_AND_IP_MAX; attempt += 1) {
          const from = `${addressBase}.${120 + index}`;
          expect((await signIn(attempt % 2, from, account.email, `stranger ${attempt}`)).statusCode).toBe(
            401,
          );
        }
      }),
    );
    const started = performance.now();
    const guesses = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        signIn(index % 2, `${addressBase}.${140 + index}`, account.email, `at once ${index}`),
      ),
    );
    expect(guesses.map((response) => response.statusCode)).toEqual([401, 401, 401, 401]);
    // Four turns, a spacing apart, handed out by one store: in memory each instance would give out its own.
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * SIGN_IN_SLOW_ACCOUNT_DELAY_MS - 50);
  });
});
