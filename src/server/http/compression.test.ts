// API answers travel compressed (app.ts): those up to 64 KiB compressed at once, in one piece with their length,
// as a Loot Box of 60 items (about 30 KB) is; larger ones through a stream (decision 0038).
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

let testApp: TestApp;
const answerOf = (bytes: number) => ({
  success: true,
  text: 'loot box line, '.repeat(Math.ceil(bytes / 15)),
});

beforeAll(async () => {
  testApp = await createTestApp({}, (app) => {
    app.get('/api/v1/test/answer-30k', async () => answerOf(30_000));
    app.get('/api/v1/test/answer-100k', async () => answerOf(100_000));
  });
});
afterAll(() => testApp.close());

describe('compression of API answers', () => {
  it('compresses an answer of 30 KB at once, sent with its length, and one of 100 KB as a stream', async () => {
    const small = await testApp.app.inject({
      url: '/api/v1/test/answer-30k',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBe('br');
    expect(Number(small.headers['content-length'])).toBe(small.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(small.rawPayload).toString())).toEqual(answerOf(30_000));

    const large = await testApp.app.inject({
      url: '/api/v1/test/answer-100k',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.headers['content-length']).toBeUndefined();
    expect(JSON.parse(zlib.gunzipSync(large.rawPayload).toString())).toEqual(answerOf(100_000));
  });
});
