// One contract, two providers: every StorageProvider behaves the same on local disk and on a real
// S3-compatible server (s3rver on loopback).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createStorage } from './create-storage.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { StorageNotFoundError, type StorageProvider } from './storage-provider.ts';

interface Harness {
  storage: StorageProvider;
  stop(): Promise<void>;
}

async function startLocal(): Promise<Harness> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lootklip-storage-'));
  return {
    storage: createLocalStorage(path.join(dir, 'media'), { memoryCacheBytes: 4 * 1024 * 1024 }),
    stop: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

async function startS3(): Promise<Harness> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lootklip-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: 'lootklip-test' }],
  });
  const { port } = await server.run();
  const storage = createS3Storage({
    bucket: 'lootklip-test',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  return {
    storage,
    stop: async () => {
      storage.client.destroy();
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

const providers: [string, () => Promise<Harness>][] = [
  ['local disk', startLocal],
  ['S3 (s3rver)', startS3],
];

describe.each(providers)('StorageProvider contract: %s', (_name, start) => {
  let harness: Harness;
  let storage: StorageProvider;
  let scratch: string;

  beforeAll(async () => {
    harness = await start();
    storage = harness.storage;
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'lootklip-storage-src-'));
  });
  afterAll(async () => {
    await harness?.stop();
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it('stores a buffer and reads it back whole', async () => {
    await storage.put('img/a/buffer.txt', Buffer.from('hello media'), {
      contentType: 'text/plain; charset=utf-8',
    });
    expect(await text(await storage.createReadStream('img/a/buffer.txt'))).toBe('hello media');
  });

  it('stores a file by path and describes it', async () => {
    const source = path.join(scratch, 'source.webp');
    const bytes = Buffer.alloc(100_000, 7);
    await fs.writeFile(source, bytes);
    await storage.put('img/file.webp', source, { contentType: 'image/webp' });
    const stat = await storage.stat('img/file.webp');
    expect(stat).toMatchObject({ size: 100_000, contentType: 'image/webp' });
    expect(stat?.etag).toMatch(/^".+"$/);
    // The caller's file is left alone: put copies, it does not move.
    await expect(fs.stat(source)).resolves.toBeTruthy();
  });

  it('streams an inclusive byte range', async () => {
    await storage.put('vid/range.txt', Buffer.from('0123456789'), {
      contentType: 'text/plain; charset=utf-8',
    });
    expect(await text(await storage.createReadStream('vid/range.txt', { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await storage.createReadStream('vid/range.txt', { start: 9, end: 9 }))).toBe('9');
  });

  it('reads a range into memory where the provider offers it', async (context) => {
    if (!storage.readRange) return context.skip();
    await storage.put('vid/buffered.txt', Buffer.from('abcdefghij'), {
      contentType: 'text/plain; charset=utf-8',
    });
    expect((await storage.readRange('vid/buffered.txt', { start: 3, end: 6 })).toString()).toBe('defg');
    expect((await storage.readRange('vid/buffered.txt', { start: 8, end: 100 })).toString()).toBe('ij');
    await storage.put('vid/buffered.txt', Buffer.from('0123456789'), {
      contentType: 'text/plain; charset=utf-8',
    });
    // A write through the provider is visible at once, even to a file it keeps open.
    expect((await storage.readRange('vid/buffered.txt', { start: 3, end: 6 })).toString()).toBe('3456');
    await storage.delete('vid/buffered.txt');
    await expect(storage.readRange('vid/buffered.txt', { start: 0, end: 1 })).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
  });

  it('reads ranges of a large object exactly, across the boundaries of what it keeps in memory', async (context) => {
    if (!storage.readRange) return context.skip();
    const bytes = randomBytes(2_600_000);
    await storage.put('vid/large.mp4', bytes, { contentType: 'video/mp4' });
    for (const [start, end] of [
      [0, 65_535],
      [1_040_000, 1_105_535],
      [1_048_575, 1_048_576],
      [2_000_000, 2_599_999],
      [2_599_000, 3_000_000],
    ] as const) {
      const expected = bytes.subarray(start, Math.min(end, bytes.length - 1) + 1);
      expect((await storage.readRange('vid/large.mp4', { start, end })).equals(expected)).toBe(true);
    }
  });

  it('replaces an object and changes its etag', async () => {
    await storage.put('img/replace.txt', Buffer.from('first'), { contentType: 'text/plain; charset=utf-8' });
    const before = await storage.stat('img/replace.txt');
    await storage.put('img/replace.txt', Buffer.from('second!'), {
      contentType: 'text/plain; charset=utf-8',
    });
    const after = await storage.stat('img/replace.txt');
    expect(after?.size).toBe(7);
    expect(after?.etag).not.toBe(before?.etag);
  });

  it('answers undefined or StorageNotFoundError for a missing key', async () => {
    expect(await storage.stat('img/missing.webp')).toBeUndefined();
    await expect(storage.createReadStream('img/missing.webp')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('deletes an object, and deleting twice is fine', async () => {
    await storage.put('img/delete-me.txt', Buffer.from('x'), { contentType: 'text/plain; charset=utf-8' });
    await storage.delete('img/delete-me.txt');
    await storage.delete('img/delete-me.txt');
    expect(await storage.stat('img/delete-me.txt')).toBeUndefined();
  });

  it('deletes everything under a prefix and nothing else', async () => {
    for (const key of ['tmp/job-1/a.txt', 'tmp/job-1/b/c.txt', 'tmp/job-10/keep.txt']) {
      await storage.put(key, Buffer.from(key), { contentType: 'text/plain; charset=utf-8' });
    }
    await storage.deletePrefix?.('tmp/job-1/');
    expect(await storage.stat('tmp/job-1/a.txt')).toBeUndefined();
    expect(await storage.stat('tmp/job-1/b/c.txt')).toBeUndefined();
    expect(await storage.stat('tmp/job-10/keep.txt')).toBeDefined();
  });

  it.each([
    '../escape.txt',
    '/etc/passwd',
    'img/../../x',
    'img//x',
    'img/./x',
    '',
    'img\\x',
    'a/.hidden',
    'img/x\u0000',
    // Longer than a file name can be: local disk would refuse it (ENAMETOOLONG), S3 would not.
    `img/${'a'.repeat(256)}`,
  ])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(
      /Invalid storage key/,
    );
    await expect(storage.stat(key)).rejects.toThrow(/Invalid storage key/);
    await expect(storage.createReadStream(key)).rejects.toThrow(/Invalid storage key/);
  });
});

describe('createStorage', () => {
  it('uses local disk under DATA_DIR/media without S3_BUCKET, and S3 with it', () => {
    expect(createStorage(loadConfig({ DATA_DIR: os.tmpdir() })).kind).toBe('local');
    const s3 = createStorage(
      loadConfig({
        DATA_DIR: os.tmpdir(),
        S3_BUCKET: 'b',
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }),
    );
    expect(s3.kind).toBe('s3');
  });

  it('answers an unreachable S3 endpoint with a quick "unavailable" error', async () => {
    const storage = createS3Storage({
      bucket: 'b',
      region: 'us-east-1',
      // Port 9 (discard) is closed on loopback, so the connection is refused at once.
      endpoint: 'http://127.0.0.1:9',
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
    await expect(storage.stat('img/x.webp')).rejects.toMatchObject({ code: 'unavailable' });
  });
});
