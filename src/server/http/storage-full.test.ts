// A full disk (storage-full.ts, decision 0050): writes answer 507 naming the cause while DATA_DIR's file system is
// below its reserve, reads and /healthz go on, /readyz says not ready, and writes come back by themselves once
// space is freed. On a real small file system (a tmpfs this file mounts; root only, skipped elsewhere saying why).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_AFTER_SECONDS } from '../../shared/constants.ts';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import { openDatabase } from '../db/database.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerStorageFullGuard, watchFreeSpace } from './storage-full.ts';
import { createTestApp, signUpTestUser } from '../test/create-test-app.ts';
import { healthRoutes } from './health.routes.ts';
import { SELLER_CONTACT } from '../test/product-body.ts';

// Room for an embedded database (about 41 MB with its first WAL file) besides the API test's files.
const MOUNT_MB = 80;
const RESERVE_MB = 8;

const isRoot = process.getuid?.() === 0;

/** A tmpfs of MOUNT_MB; as root (CI) a mount that fails fails the tests. */
function mountSmallFileSystem(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${MOUNT_MB}M`, 'tmpfs', dir], { stdio: 'pipe' });
    return dir;
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Fills the file system until `leaveBytes` are free; removing the returned file frees it again. */
function fillUntil(dir: string, leaveBytes: number): string {
  const ballast = path.join(dir, 'ballast');
  const chunk = Buffer.alloc(256 * 1024);
  const fd = fs.openSync(ballast, 'w');
  try {
    for (;;) {
      const stats = fs.statfsSync(dir);
      if (stats.bavail * stats.bsize <= leaveBytes) break;
      fs.writeSync(fd, chunk);
    }
  } finally {
    fs.closeSync(fd);
  }
  return ballast;
}

describe.skipIf(!isRoot)(`a full disk${isRoot ? '' : ' (skipped: mounting a tmpfs needs root)'}`, () => {
  let mountDir: string | undefined;
  beforeAll(() => {
    mountDir = mountSmallFileSystem();
  });
  afterAll(() => {
    if (!mountDir) return;
    try {
      // Lazily: a database that PANICked keeps its files open until the process ends.
      execFileSync('umount', ['--lazy', mountDir], { stdio: 'pipe' });
      fs.rmSync(mountDir, { recursive: true, force: true });
    } catch (error) {
      console.warn(`Could not unmount ${mountDir}: ${(error as Error).message.split('\n')[0]}`);
    }
  });

  it('answers writes 507 with Retry-After, keeps reads and /healthz, is not ready, and writes again once space is freed', async () => {
    const dataDir = path.join(mountDir!, 'data');
    fs.mkdirSync(dataDir);
    const t = await createTestApp({ DATA_DIR: dataDir, STORAGE_MIN_FREE_MB: String(RESERVE_MB) });
    try {
      const { token } = await signUpTestUser(t.app, 'fulldisk', { address: '10.9.0.1' });
      const create = (name: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/content',
          headers: { authorization: `Bearer ${token}` },
          payload: { type: 'product', category: 'Home', name, price: 900, ...SELLER_CONTACT },
        });
      expect((await create('Before the disk filled')).statusCode).toBe(201);

      const ballast = fillUntil(mountDir!, (RESERVE_MB / 2) * 1024 * 1024);
      // The free space is checked once a second.
      await expect
        .poll(async () => (await t.app.inject('/readyz')).statusCode, { timeout: 10_000 })
        .toBe(503);
      const notReady = await t.app.inject('/readyz');
      expect(notReady.json()).toEqual({ success: false, message: SERVER_MESSAGES.storageFull });

      const refused = await create('On a full disk');
      expect(refused.statusCode).toBe(507);
      expect(refused.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(refused.json()).toEqual({
        success: false,
        message: SERVER_MESSAGES.storageFull,
        code: 'storage-full',
      });
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
      expect((await t.app.inject('/api/v1/content?type=product')).statusCode).toBe(200);

      fs.rmSync(ballast);
      await expect
        .poll(async () => (await t.app.inject('/readyz')).statusCode, { timeout: 10_000 })
        .toBe(200);
      expect((await create('After space came back')).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('checks the free space again at once when a write meets a full disk, not a timer tick later', async () => {
    const dataDir = path.join(mountDir!, 'recheck');
    fs.mkdirSync(dataDir);
    const freeSpace = await watchFreeSpace(dataDir, RESERVE_MB * 1024 * 1024);
    // No timer from here on: only the failing write can find out.
    freeSpace.stop();
    const app = Fastify();
    registerErrorHandler(app);
    registerStorageFullGuard(app, freeSpace);
    app.post('/api/test/enospc', async () => {
      throw Object.assign(new Error('No space left on device'), { code: 'ENOSPC' });
    });
    const ballast = fillUntil(mountDir!, (RESERVE_MB / 2) * 1024 * 1024);
    try {
      expect(freeSpace.isFull()).toBe(false);
      expect((await app.inject({ method: 'POST', url: '/api/test/enospc' })).statusCode).toBe(507);
      expect(freeSpace.isFull()).toBe(true);
    } finally {
      await app.close();
      fs.rmSync(ballast);
    }
  });

  it("leaves test apps' writes alone on a nearly full disk: their reserve is off unless a test sets one", async () => {
    const dataDir = path.join(mountDir!, 'default');
    fs.mkdirSync(dataDir);
    const ballast = fillUntil(mountDir!, (RESERVE_MB / 2) * 1024 * 1024);
    const t = await createTestApp({ DATA_DIR: dataDir });
    try {
      const { token } = await signUpTestUser(t.app, 'nearlyfull', { address: '10.9.0.2' });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/content',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          type: 'product',
          category: 'Home',
          name: 'On a small disk',
          price: 900,
          ...SELLER_CONTACT,
        },
      });
      expect(created.statusCode).toBe(201);
      expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    } finally {
      await t.close();
      fs.rmSync(ballast);
    }
  });

  it('fails fast instead of spinning once embedded Postgres has PANICked for want of a WAL file, and /healthz says not alive', async () => {
    // Past the reserve (a disk filled by something else): the next WAL segment cannot be written, which is a PANIC;
    // a query after it used to spin on the event loop for good.
    const dataDir = path.join(mountDir!, 'panic');
    fs.mkdirSync(dataDir);
    const database = await openDatabase({ dataDir });
    const health = Fastify();
    health.setValidatorCompiler(validatorCompiler);
    health.setSerializerCompiler(serializerCompiler);
    await health.register(healthRoutes, { database });
    let ballast: string | undefined;
    try {
      expect((await health.inject('/healthz')).statusCode).toBe(200);
      // A worker in the process LISTENs; stopping it after the PANIC must not reach the instance either.
      const listening = await database.listen('filler_changed', { onNotify: () => {} });
      await sql`create table filler (v text)`.execute(database.db);
      ballast = fillUntil(mountDir!, 1024 * 1024);
      let panic: unknown;
      for (let attempt = 0; attempt < 10 && !panic; attempt += 1) {
        try {
          await sql`insert into filler values ('a')`.execute(database.db);
          await sql`select pg_switch_wal()`.execute(database.db);
        } catch (error) {
          if ((error as { severity?: string }).severity === 'PANIC') panic = error;
        }
      }
      expect(panic).toBeDefined();
      await expect(sql`select 1`.execute(database.db)).rejects.toMatchObject({ code: '57P01' });
      await expect(database.ping()).rejects.toMatchObject({ code: '57P01' });
      // Liveness: the process cannot recover without a restart, so an orchestrator should restart it.
      const alive = await health.inject('/healthz');
      expect(alive.statusCode).toBe(503);
      expect(alive.json()).toEqual({ success: false, message: SERVER_MESSAGES.unavailable });
      await expect(database.withSession((session) => session.query('select 1'))).rejects.toMatchObject({
        code: '57P01',
      });
      await listening.close();
    } finally {
      await health.close();
      await database.close();
      if (ballast) fs.rmSync(ballast);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a write that meets a full disk anyway', () => {
  it("answers 507 naming the cause for Postgres's disk_full and the file system's ENOSPC", async () => {
    const t = await createTestApp({}, (app) => {
      app.post('/api/test/full/:code', async (request) => {
        const { code } = request.params as { code: string };
        throw Object.assign(new Error('could not extend file: No space left on device'), { code });
      });
    });
    try {
      for (const code of ['53100', 'ENOSPC']) {
        const response = await t.app.inject({ method: 'POST', url: `/api/test/full/${code}` });
        expect(response.statusCode).toBe(507);
        expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
        expect(response.json()).toMatchObject({ message: SERVER_MESSAGES.storageFull, code: 'storage-full' });
      }
    } finally {
      await t.close();
    }
  });
});
