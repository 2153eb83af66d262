// Notifications fanned out through Redis (TEST_REDIS_URL; decision 0078): two app instances on one database and one
// Redis; a like taken by instance A reaches the klip owner's live stream open on instance B.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../app.ts';
import { createJobsRepository } from '../../jobs/jobs.repository.ts';
import { REDIS_OPTIONS } from '../../runtime.ts';
import { createStorage } from '../../storage/create-storage.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../../test/create-test-app.ts';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

describe.skipIf(!TEST_REDIS_URL)('notifications across two instances through Redis', () => {
  const clients: Redis[] = [];
  let a: TestApp;
  let b: App;

  beforeAll(async () => {
    // As the server connects (runtime.ts): without an offline queue, which the hub's subscriber copies.
    const redisA = new Redis(TEST_REDIS_URL!, REDIS_OPTIONS);
    const redisB = new Redis(TEST_REDIS_URL!, REDIS_OPTIONS);
    clients.push(redisA, redisB);
    await Promise.all(clients.map((client) => client.status === 'ready' || once(client, 'ready')));
    a = await createTestApp({ REDIS_URL: TEST_REDIS_URL!, RATE_LIMIT_MAX: '100000' }, undefined, redisA);
    // Instance B: the same database and data directory (its signing keys), its own process state and Redis
    // connection.
    const { config } = a;
    const { database } = a.testDatabase;
    b = await createApp({
      config,
      database,
      storage: createStorage(config),
      jobs: createJobsRepository(database.db),
      redis: redisB,
      clientDir: null,
    });
    await b.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);

  afterAll(async () => {
    b.server.closeAllConnections();
    await b.close();
    await a.close();
    clients.forEach((client) => client.disconnect());
  });

  it("a like on instance A reaches the owner's stream on instance B", async () => {
    const run = ulid().toLowerCase().slice(-8);
    const owner = await signUpTestUser(a.app, `owner.${run}`, { address: '10.27.0.1' });
    const fan = await signUpTestUser(a.app, `fan.${run}`, { address: '10.27.0.2' });
    const klipId = ulid();
    await a.testDatabase.database.db
      .insertInto('klips')
      .values({ id: klipId, owner_id: owner.uid, status: 'active', title: 'Two instances' })
      .execute();
    const port = (b.server.address() as AddressInfo).port;
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/notifications/stream`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}: ${text}`);
        text += value;
      }
    };
    try {
      await readUntil('data: {"unreadCount":0}');
      const liked = await a.app.inject({
        method: 'POST',
        url: `/api/v1/interactions/klips/${klipId}/like`,
        headers: { authorization: `Bearer ${fan.token}` },
      });
      expect(liked.statusCode).toBe(200);
      await readUntil('data: {"unreadCount":1}');
    } finally {
      await reader.cancel();
    }
  });
});
