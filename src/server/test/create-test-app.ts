// Builds the real app for API tests: a fresh database, local storage in a temp dir, no listening port.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { createApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createJobsRepository } from '../jobs/jobs.repository.ts';
import { createStorage } from '../storage/create-storage.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: App;
  config: Config;
  testDatabase: TestDatabase;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  addRoutes?: (app: App) => void,
  redis?: Redis,
  clientDir: string | null = null,
  /** The app's clock (AppDeps.now): tests that wait for an offer to start or end move it instead. */
  now?: () => number,
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // No shedding on the event loop's delay: a test's answer must not depend on how busy the shared machine is
    // (src/server/http/overload.test.ts turns it on).
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    // No free-space reserve either (no timer): a machine with little free in its temp dir must not make every
    // write answer 507 (src/server/http/storage-full.test.ts sets one).
    STORAGE_MIN_FREE_MB: '0',
    // Production starts only with PUBLIC_URL (decision 0049): the address inject's requests name.
    ...(env.NODE_ENV === 'production' && { PUBLIC_URL: 'http://localhost:80' }),
    ...env,
  });
  const testDatabase = await createTestDatabase();
  const { database } = testDatabase;
  const app = await createApp({
    config,
    database,
    storage: createStorage(config),
    jobs: createJobsRepository(database.db),
    redis,
    clientDir,
    now,
  });
  addRoutes?.(app);
  await app.ready();
  return {
    app,
    config,
    testDatabase,
    async close() {
      await app.close();
      await testDatabase.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new account signed up through the real route, as a test's user. Each test file's users sign up from their own
 * `address`, so that the per-address sign-up limit never decides a test.
 */
export async function signUpTestUser(
  app: App,
  name: string,
  options: { address?: string; fullName?: string } = {},
): Promise<{ token: string; uid: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    ...(options.address ? { remoteAddress: options.address } : {}),
    payload: {
      email: `${name}@example.in`,
      password: 'a long passphrase',
      username: name,
      fullName: options.fullName ?? name,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`sign-up of ${name}: ${response.statusCode} ${response.body}`);
  const { data } = response.json();
  return { token: data.idToken as string, uid: data.user.uid as string };
}
