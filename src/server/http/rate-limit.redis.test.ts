// Two API instances sharing one Redis (TEST_REDIS_URL) share one rate-limit budget per client address.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

describe.skipIf(!TEST_REDIS_URL)('rate limit shared through Redis', () => {
  const clients: Redis[] = [];
  const apps: TestApp[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) {
      const redis = new Redis(TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
      clients.push(redis);
      apps.push(await createTestApp({ RATE_LIMIT_MAX: '6', REDIS_URL: TEST_REDIS_URL! }, undefined, redis));
    }
  });

  afterAll(async () => {
    await Promise.all(apps.map((testApp) => testApp.close()));
    clients.forEach((client) => client.disconnect());
  });

  it('lets no more requests through two instances than the limit of one', async () => {
    // A fresh address per run, so earlier runs' counters in the same Redis do not matter.
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await apps[i % 2]!.app.inject({
        method: 'GET',
        url: '/api/v1/shared',
        remoteAddress: address,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status !== 429)).toHaveLength(6);
    expect(statuses.slice(6).every((status) => status === 429)).toBe(true);
  });

  it('shares one budget between the spellings of a route', async () => {
    const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const spellings = ['/api/v1/content', '//api/v1/content', '/%61pi/v1/content', '/api//v1/%63ontent/'];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await apps[i % 2]!.app.inject({
        method: 'GET',
        url: `${spellings[i % spellings.length]}?type=categoryList`,
        remoteAddress: address,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429, 429, 429]);
  });
});
