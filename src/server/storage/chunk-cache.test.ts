import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createChunkCache, type ChunkSource } from './chunk-cache.ts';

/** A source over bytes in memory that counts its reads (position:length). */
function sourceOf(bytes: Buffer, id = 'vid/a.mp4\0"v1"') {
  const reads: string[] = [];
  const source: ChunkSource = {
    id,
    size: bytes.length,
    read: async (position, length) => {
      reads.push(`${position}:${length}`);
      return bytes.subarray(position, position + length);
    },
  };
  return { source, reads };
}

describe('createChunkCache', () => {
  const bytes = randomBytes(10_000);

  it('answers any range with exactly its bytes, within a chunk and across several', async () => {
    const cache = createChunkCache({ chunkBytes: 1000, budgetBytes: 100_000 });
    const { source } = sourceOf(bytes);
    for (const [start, end] of [
      [0, 0],
      [0, 999],
      [999, 1000],
      [1500, 4499],
      [9000, 9999],
      [9999, 9999],
      [0, 9999],
    ] as const) {
      expect((await cache.read(source, start, end)).equals(bytes.subarray(start, end + 1))).toBe(true);
    }
  });

  it('reads each chunk once while it stays cached, and once for readers arriving together', async () => {
    const cache = createChunkCache({ chunkBytes: 1000, budgetBytes: 100_000 });
    const { source, reads } = sourceOf(bytes);
    await Promise.all([cache.read(source, 10, 20), cache.read(source, 500, 900), cache.read(source, 0, 999)]);
    await cache.read(source, 100, 1100);
    expect(reads).toEqual(['0:1000', '1000:1000']);
  });

  it('reads the last chunk short, where the file ends', async () => {
    const cache = createChunkCache({ chunkBytes: 3000, budgetBytes: 100_000 });
    const { source, reads } = sourceOf(bytes);
    expect((await cache.read(source, 9500, 9999)).equals(bytes.subarray(9500))).toBe(true);
    expect(reads).toEqual(['9000:1000']);
    expect(cache.bytes).toBe(1000);
  });

  it('keeps within its budget by dropping the least recently used chunk', async () => {
    const cache = createChunkCache({ chunkBytes: 1000, budgetBytes: 3000 });
    const { source, reads } = sourceOf(bytes);
    await cache.read(source, 0, 10); // chunk 0
    await cache.read(source, 1000, 1010); // chunk 1
    await cache.read(source, 2000, 2010); // chunk 2
    await cache.read(source, 0, 10); // chunk 0 used again: chunk 1 is now the oldest
    await cache.read(source, 3000, 3010); // chunk 3 pushes chunk 1 out
    expect(cache.bytes).toBe(3000);
    reads.length = 0;
    await cache.read(source, 0, 10);
    await cache.read(source, 2000, 2010);
    await cache.read(source, 1000, 1010);
    expect(reads).toEqual(['1000:1000']);
  });

  it('never answers a new version of a file from the old one, and drops chunks by prefix', async () => {
    const cache = createChunkCache({ chunkBytes: 1000, budgetBytes: 100_000 });
    const replaced = randomBytes(10_000);
    await cache.read(sourceOf(bytes).source, 0, 99);
    const next = sourceOf(replaced, 'vid/a.mp4\0"v2"');
    expect((await cache.read(next.source, 0, 99)).equals(replaced.subarray(0, 100))).toBe(true);
    expect(next.reads).toEqual(['0:1000']);

    await cache.read(sourceOf(bytes, 'img/b.webp\0"v1"').source, 0, 99);
    cache.drop('vid/a.mp4\0');
    expect(cache.bytes).toBe(1000);
    const again = sourceOf(replaced, 'vid/a.mp4\0"v2"');
    await cache.read(again.source, 0, 99);
    expect(again.reads).toEqual(['0:1000']);
  });

  it('does not keep a failed read: the next reader tries again', async () => {
    const cache = createChunkCache({ chunkBytes: 1000, budgetBytes: 100_000 });
    let failures = 1;
    const source: ChunkSource = {
      id: 'vid/flaky.mp4\0"v1"',
      size: bytes.length,
      read: async (position, length) => {
        if (failures-- > 0) throw new Error('EIO');
        return bytes.subarray(position, position + length);
      },
    };
    await expect(cache.read(source, 0, 10)).rejects.toThrow('EIO');
    expect(cache.bytes).toBe(0);
    expect((await cache.read(source, 0, 10)).equals(bytes.subarray(0, 11))).toBe(true);
  });

  it('reads exactly the range asked for, and keeps nothing, when it has no budget', async () => {
    const cache = createChunkCache({ chunkBytes: 1000, budgetBytes: 0 });
    const { source, reads } = sourceOf(bytes);
    expect((await cache.read(source, 1500, 2499)).equals(bytes.subarray(1500, 2500))).toBe(true);
    await cache.read(source, 1500, 2499);
    expect(reads).toEqual(['1500:1000', '1500:1000']);
    expect(cache.bytes).toBe(0);
  });
});
