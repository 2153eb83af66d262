// The whole request within REQUEST_TIMEOUT_MS: a handler that never settles is answered 503 in the app's shape, an
// answer that has started (streaming, or still in its onSend hooks) is left to finish, and the upload routes, whose
// work after the body must not be cut (a retry would duplicate it), have no such deadline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createJobsRepository } from '../jobs/jobs.repository.ts';
import { createLogger } from '../logger.ts';
import { uploadScope } from '../media/uploads.ts';
import { createStorage } from '../storage/create-storage.ts';
import { readLogLines } from '../test/log-lines.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

let app: App;
let testDatabase: TestDatabase;
let dataDir: string;
let logFile: string;
let log: ReturnType<typeof createLogger>;
let endStream: () => void = () => {};
let finishOnSend: () => void = () => {};
let finishUpload: () => void = () => {};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-deadline-'));
  logFile = path.join(dataDir, 'log.jsonl');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    REQUEST_TIMEOUT_MS: '1000',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
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
  app.get('/test/never-settles', () => new Promise<never>(() => {}));
  app.get('/test/streams', (_request, reply) => {
    const body = new Readable({ read() {} });
    body.push('first part, ');
    endStream = () => {
      body.push('last part');
      body.push(null);
    };
    return reply.type('text/plain').send(body);
  });
  app.get(
    '/test/slow-on-send',
    {
      // A hook of the route's own, after the global ones: the headers are not out while it runs.
      onSend: async (_request, _reply, payload) => {
        await new Promise<void>((resolve) => (finishOnSend = resolve));
        return payload;
      },
    },
    async () => ({ success: true, answer: 'its own' }),
  );
  await app.register(
    uploadScope((scope) => {
      // Stands for the work after an upload is in: probing it, storing up to 200 MB, making its row.
      scope.post('/test/slow-upload', async () => {
        await new Promise<void>((resolve) => (finishUpload = resolve));
        return { success: true, answer: 'stored' };
      });
    }),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDatabase.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const logLines = () => readLogLines(log, logFile);

/** Fails the test with a clear message when no answer comes long after the request timeout. */
async function ask(url: string, method: 'GET' | 'POST' = 'GET') {
  let guard: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    guard = setTimeout(() => reject(new Error(`${url} never answered`)), 20_000);
  });
  try {
    return await Promise.race([app.inject({ method, url }), hung]);
  } finally {
    clearTimeout(guard);
  }
}

/** A request started after another times out after it: once this one has, the other's deadline has passed. */
async function waitPastDeadlineOfEarlierRequests() {
  expect((await ask('/test/never-settles')).statusCode).toBe(503);
}

describe('request deadline', () => {
  it('answers a handler that never settles with 503 and Retry-After, in the error shape', async () => {
    const response = await ask('/test/never-settles');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.json()).toEqual({
      success: false,
      message: 'Service temporarily unavailable. Please try again shortly.',
      code: 'unavailable',
    });
  });

  it('lets an answer that started before the deadline finish after it', async () => {
    const streaming = ask('/test/streams');
    await waitPastDeadlineOfEarlierRequests();
    endStream();
    const response = await streaming;
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('first part, last part');
  });

  it('lets an answer still in its onSend hooks at the deadline go out once, as it was', async () => {
    const answering = ask('/test/slow-on-send');
    await waitPastDeadlineOfEarlierRequests();
    finishOnSend();
    const response = await answering;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, answer: 'its own' });
    const lines = logLines().filter((line) => line.reqId === response.headers['x-request-id']);
    // No second answer begun (ERR_HTTP_HEADERS_SENT, "Reply was already sent"), and no timeout taken for one.
    expect(lines.filter((line) => (line.level as number) >= 40)).toEqual([]);
  });

  it('gives an upload route whose work outlives the deadline its real answer, not 503', async () => {
    const uploading = ask('/test/slow-upload', 'POST');
    await waitPastDeadlineOfEarlierRequests();
    finishUpload();
    const response = await uploading;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, answer: 'stored' });
  });
});
