import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createJobsRepository } from '../jobs/jobs.repository.ts';
import { createLogger, flushLogger } from '../logger.ts';
import { createStorage } from '../storage/create-storage.ts';
import { readLogLines } from '../test/log-lines.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

let app: App;
let testDatabase: TestDatabase;
let dataDir: string;
let logFile: string;
let log: ReturnType<typeof createLogger>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-access-log-'));
  logFile = path.join(dataDir, 'log.jsonl');
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_REQUESTS: 'true' });
  log = createLogger(config, logFile);
  testDatabase = await createTestDatabase();
  const { database } = testDatabase;
  app = await createApp({
    config,
    database,
    storage: createStorage(config),
    jobs: createJobsRepository(database.db),
    logger: log,
    clientDir: null,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDatabase.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function requestLines(): Array<Record<string, unknown>> {
  return readLogLines(log, logFile).filter((line) => line.msg === 'request');
}

describe('access log', () => {
  it('writes one line per request with its id, method, path, status and time', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/nothing-here?x=1' });
    const lines = requestLines().filter((line) => line.url === '/api/v1/nothing-here?x=1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      reqId: response.headers['x-request-id'],
      method: 'GET',
      status: 404,
      level: 30,
    });
    expect(lines[0]!.ms).toEqual(expect.any(Number));
  });

  it('never writes the value of a secret query parameter: a reset token or a sign-in code (decision 0049)', async () => {
    const token = 'ResetTokenThatTakesTheAccountOver_0123456789ab';
    const code = 'OidcAuthorizationCode-9f8e7d';
    await app.inject({ method: 'GET', url: `/auth/reset-password?token=${token}&from=mail` });
    await app.inject({ method: 'GET', url: `/api/v1/auth/oidc/callback?state=s1&code=${code}` });
    await app.inject({ method: 'GET', url: `/api/v1/nothing?ACCESS_TOKEN=${token}&tok%65n=${token}` });

    const text = (flushLogger(log), fs.readFileSync(logFile, 'utf8'));
    expect(text).not.toContain(token);
    expect(text).not.toContain(code);
    const urls = requestLines().map((line) => line.url);
    expect(urls).toContain('/auth/reset-password?token=[redacted]&from=mail');
    expect(urls).toContain('/api/v1/auth/oidc/callback?state=[redacted]&code=[redacted]');
    expect(urls).toContain('/api/v1/nothing?ACCESS_TOKEN=[redacted]&tok%65n=[redacted]');
  });

  it('leaves out the health and readiness probes', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect([health.statusCode, ready.statusCode]).toEqual([200, 200]);
    await app.inject({ method: 'GET', url: '/api/v1/after-the-probes' });
    const urls = requestLines().map((line) => line.url);
    expect(urls).toContain('/api/v1/after-the-probes');
    expect(urls).not.toContain('/healthz');
    expect(urls).not.toContain('/readyz');
  });

  it('writes the line of a request whose client closed the connection halfway through its body', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const url = '/api/v1/auth/sign-in?cut-off=1';
    const received = new Promise((resolve) => app.server.once('request', resolve));
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`,
    );
    // Routed (the 'request' event comes after Fastify took it), waiting for the rest of its body: hang up.
    await received;
    socket.destroy();

    await expect
      .poll(() => requestLines().filter((line) => line.url === url), { timeout: 10_000, interval: 20 })
      .toHaveLength(1);
    expect(requestLines().find((line) => line.url === url)).toMatchObject({
      method: 'POST',
      status: 499,
      aborted: true,
    });
  });
});

describe('access log: when it is on', () => {
  it('is on in production and off otherwise, unless LOG_REQUESTS says', () => {
    const dir = { DATA_DIR: dataDir, PUBLIC_URL: 'https://lootklip.example' };
    expect(loadConfig({ ...dir, NODE_ENV: 'production' }).LOG_REQUESTS).toBe(true);
    expect(loadConfig({ ...dir }).LOG_REQUESTS).toBe(false);
    expect(loadConfig({ ...dir, LOG_REQUESTS: 'true' }).LOG_REQUESTS).toBe(true);
    expect(loadConfig({ ...dir, NODE_ENV: 'production', LOG_REQUESTS: 'false' }).LOG_REQUESTS).toBe(false);
    expect(() => loadConfig({ ...dir, LOG_REQUESTS: 'yes' })).toThrow(/LOG_REQUESTS/);
  });

  it('writes no line per request when off (`npm start` on a laptop), and the rest of the log as before', async () => {
    const quietFile = path.join(dataDir, 'quiet.jsonl');
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const quietLog = createLogger(config, quietFile);
    const quiet = await createApp({
      config,
      database: testDatabase.database,
      storage: createStorage(config),
      jobs: createJobsRepository(testDatabase.database.db),
      logger: quietLog,
      clientDir: null,
    });
    try {
      await quiet.ready();
      quiet.log.info('a line that is not a request');
      expect((await quiet.inject({ method: 'GET', url: '/api/v1/nothing-here' })).statusCode).toBe(404);
      const lines = readLogLines(quietLog, quietFile);
      expect(lines.map((line) => line.msg)).toContain('a line that is not a request');
      expect(lines.filter((line) => line.msg === 'request')).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});
