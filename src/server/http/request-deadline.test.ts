// The whole request within REQUEST_TIMEOUT_MS: a handler that never settles is answered 503 in the app's shape, and
// an answer that has started streaming is left to finish.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

let testApp: TestApp;
let endStream: () => void = () => {};

beforeAll(async () => {
  testApp = await createTestApp({ REQUEST_TIMEOUT_MS: '1000' }, (app) => {
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
  });
});
afterAll(() => testApp.close());

/** Fails the test with a clear message when no answer comes long after the request timeout. */
async function ask(url: string) {
  let guard: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    guard = setTimeout(() => reject(new Error(`${url} never answered`)), 20_000);
  });
  try {
    return await Promise.race([testApp.app.inject({ method: 'GET', url }), hung]);
  } finally {
    clearTimeout(guard);
  }
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
    // A request started after the stream's began times out later than the stream's deadline: once it has, that
    // deadline has passed with the stream still open.
    expect((await ask('/test/never-settles')).statusCode).toBe(503);
    endStream();
    const response = await streaming;
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('first part, last part');
  });
});
