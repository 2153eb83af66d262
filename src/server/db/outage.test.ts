// Runs against real PostgreSQL (TEST_DATABASE_URL) reached through a proxy that the test cuts and restores.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createJobsRepository } from '../jobs/jobs.repository.ts';
import { createStorage } from '../storage/create-storage.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../test/test-database.ts';
import { openDatabase, type Database } from './database.ts';

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL outage', () => {
  let testDatabase: TestDatabase;
  let proxy: TcpProxy;
  let database: Database;
  let app: App;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-outage-'));

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    const target = new URL(testDatabase.url!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    target.host = `127.0.0.1:${proxy.port}`;
    database = await openDatabase({ url: target.toString(), poolSize: 2 });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    app = await createApp({
      config,
      database,
      storage: createStorage(config),
      jobs: createJobsRepository(database.db),
      clientDir: null,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await testDatabase?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 within 5 s while the database is gone, and recovers when it returns', async () => {
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    await proxy.cut();
    const startedAt = performance.now();
    const down = await app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(performance.now() - startedAt).toBeLessThan(5000);

    await proxy.restore();
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode, { timeout: 10_000 })
      .toBe(200);
  });
});
