// Runs against real PostgreSQL (TEST_DATABASE_URL) reached through a proxy that the test cuts, stalls, black-holes,
// heals and restores. Without TEST_DATABASE_URL the suite is skipped: PGlite has no connections to lose.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
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

  /**
   * Its own proxy, pool (two connections unless told) and app over the same database, so a test can leave connections in a
   * black hole without touching the others. Closing the proxy first ends whatever still waits on it.
   */
  async function openAppThroughProxy(options: {
    queryTimeoutMs: number;
    poolSize?: number;
    env?: Record<string, string>;
  }) {
    const target = new URL(testDatabase.url!);
    const ownProxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    target.host = `127.0.0.1:${ownProxy.port}`;
    const ownDatabase = await openDatabase({
      url: target.toString(),
      poolSize: options.poolSize ?? 2,
      queryTimeoutMs: options.queryTimeoutMs,
    });
    const config: Config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      LIST_CACHE_MS: '0',
      ...options.env,
    });
    const ownApp = await createApp({
      config,
      database: ownDatabase,
      storage: createStorage(config),
      jobs: createJobsRepository(ownDatabase.db),
      clientDir: null,
    });
    await ownApp.ready();
    closers.push(async () => {
      await ownProxy.close();
      await ownApp.close();
      await ownDatabase.close();
    });
    /** Fails the test with a clear message if no answer comes long after every timeout involved. */
    async function ask(url: string, hangGuardMs = 20_000) {
      let guard: NodeJS.Timeout | undefined;
      const hung = new Promise<never>((_, reject) => {
        guard = setTimeout(() => reject(new Error(`${url} never answered`)), hangGuardMs);
      });
      try {
        return await Promise.race([ownApp.inject({ method: 'GET', url }), hung]);
      } finally {
        clearTimeout(guard);
      }
    }
    return { proxy: ownProxy, ask };
  }

  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  const LIST = '/api/v1/content?type=product';

  it('answers 503 while its connections are black-holed, and serves again by itself after the heal', async () => {
    // The pool's own timeouts (1 s per query here, 2 s to connect or wait for a slot) answer, not the request's.
    const { proxy: hole, ask } = await openAppThroughProxy({ queryTimeoutMs: 1000 });
    const warm = await Promise.all([ask(LIST), ask(LIST)]);
    expect(warm.map((response) => response.statusCode)).toEqual([200, 200]);

    hole.blackHole();
    const swallowedBefore = hole.swallowedChunks;
    const during = await Promise.all([...Array.from({ length: 6 }, () => ask(LIST)), ask('/readyz')]);
    expect(during.map((response) => response.statusCode)).toEqual(Array(7).fill(503));
    expect(during.slice(0, 6).map((response) => response.json().code)).toEqual(Array(6).fill('unavailable'));
    // Queries went into the hole: the 503s are the timeouts', not a refused connection's.
    expect(hole.swallowedChunks).toBeGreaterThan(swallowedBefore);

    // The connections the hole took stay open and silent: only the pool's dropping them lets it serve again.
    hole.heal();
    await expect.poll(async () => (await ask(LIST)).statusCode, { timeout: 20_000 }).toBe(200);
    expect((await ask('/readyz')).statusCode).toBe(200);
  });

  it('after one request meets a hole nobody noticed, drops the other dead connections before they are used', async () => {
    const { proxy: hole, ask } = await openAppThroughProxy({ queryTimeoutMs: 3000 });
    await Promise.all([ask(LIST), ask(LIST)]);
    expect(hole.openConnections).toBe(2);

    // Both connections die idle, and the network is back before any request used them.
    hole.blackHole();
    hole.heal();
    // The first request meets a dead connection and times out; the second would meet the other one, but it is
    // checked and dropped first, and a new connection serves.
    expect((await ask(LIST)).statusCode).toBe(503);
    expect((await ask(LIST)).statusCode).toBe(200);
  });

  it('answers a handler awaiting a query that never returns with 503 at the request timeout', async () => {
    // The query timeout is far beyond the hang guard, so only the request timeout can answer in time.
    const { proxy: hole, ask } = await openAppThroughProxy({
      queryTimeoutMs: 10 * 60_000,
      env: { REQUEST_TIMEOUT_MS: '1000' },
    });
    expect((await ask(LIST)).statusCode).toBe(200);

    hole.blackHole();
    const swallowedBefore = hole.swallowedChunks;
    const during = await Promise.all([ask(LIST), ask(LIST), ask(LIST)]);
    expect(during.map((response) => response.statusCode)).toEqual([503, 503, 503]);
    expect(during.map((response) => response.json())).toEqual(
      Array(3).fill(expect.objectContaining({ success: false, code: 'unavailable' })),
    );
    expect(during.map((response) => response.headers['retry-after'])).toEqual(['5', '5', '5']);
    expect(hole.swallowedChunks).toBeGreaterThan(swallowedBefore);
  });

  it('frees the pool slot of a readiness probe that gave up', async () => {
    // One connection, and queries other than the probe's never time out here: only the probe's own limit can free
    // the slot, which its connection, black-holed under it, would otherwise keep for good.
    const { proxy: hole, ask } = await openAppThroughProxy({ queryTimeoutMs: 10 * 60_000, poolSize: 1 });
    expect((await ask('/readyz')).statusCode).toBe(200);

    hole.blackHole();
    // More probes than the pool has connections, one after another, each giving up (the first on the black-holed
    // connection, the next on new connections that never open).
    for (let probe = 0; probe < 3; probe++) expect((await ask('/readyz')).statusCode).toBe(503);

    hole.heal();
    await expect.poll(async () => (await ask('/readyz')).statusCode, { timeout: 20_000 }).toBe(200);
  });
});
