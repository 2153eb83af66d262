// Runs against real PostgreSQL (TEST_DATABASE_URL) reached through a proxy that the test cuts, stalls and restores.
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

  /** A hang guard, far beyond the readiness check's own limit: reaching it fails the test with a clear message. */
  async function askReadiness(): Promise<number> {
    let guard: NodeJS.Timeout | undefined;
    const hung = new Promise<never>((_, reject) => {
      guard = setTimeout(
        () => reject(new Error('/readyz never answered while the database was away')),
        30_000,
      );
    });
    try {
      return (await Promise.race([app.inject({ method: 'GET', url: '/readyz' }), hung])).statusCode;
    } finally {
      clearTimeout(guard);
    }
  }

  // How fast the 503 comes is a figure, printed by bench/outage.ts; here the proof is the order of events.
  it('answers 503 while the database refuses connections, and recovers when it returns', async () => {
    expect(await askReadiness()).toBe(200);

    await proxy.cut();
    expect(await askReadiness()).toBe(503);

    await proxy.restore();
    await expect.poll(askReadiness, { timeout: 10_000 }).toBe(200);
  });

  it('answers 503 instead of hanging while the database keeps its connections and never answers', async () => {
    expect(await askReadiness()).toBe(200);

    proxy.stall();
    const swallowedBefore = proxy.swallowedChunks;
    expect(await askReadiness()).toBe(503);
    // The check's query reached the proxy and no answer ever came back, so the 503 came from our own limit (not
    // from a refused or broken connection, which the first test covers).
    expect(proxy.swallowedChunks).toBeGreaterThan(swallowedBefore);

    await proxy.restore();
    await expect.poll(askReadiness, { timeout: 10_000 }).toBe(200);
  });
});
