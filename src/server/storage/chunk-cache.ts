// Hot media bytes in memory: fixed-size, aligned chunks of stored files, least recently used dropped first once
// the cache holds more than its byte budget. A range read from memory skips the trip to libuv's thread pool that
// even a cached open file costs, which is most of what a 64 KiB video range costs Node (bench:media).

export interface ChunkSource {
  /** Who the bytes belong to: the storage key and the version of its bytes (the etag), so a new version never hits. */
  id: string;
  size: number;
  /** Reads length bytes at position; may return fewer only at the end of the file. */
  read(position: number, length: number): Promise<Buffer>;
}

export interface ChunkCache {
  /** The inclusive range [start, end] of source (end within the file), from cached chunks where it can; a cache
   * with no budget reads exactly the range. */
  read(source: ChunkSource, start: number, end: number): Promise<Buffer>;
  /** Drops every chunk whose id starts with prefix. */
  drop(prefix: string): void;
  readonly bytes: number;
}

export function createChunkCache(options: { chunkBytes: number; budgetBytes: number }): ChunkCache {
  const { chunkBytes, budgetBytes } = options;
  // Insertion order is recency: a hit moves its entry to the end, eviction takes from the front.
  const chunks = new Map<string, { length: number; bytes: Promise<Buffer> }>();
  let bytes = 0;

  function remove(name: string): void {
    const entry = chunks.get(name);
    if (!entry) return;
    chunks.delete(name);
    bytes -= entry.length;
  }

  function chunk(source: ChunkSource, index: number): Promise<Buffer> {
    const name = `${source.id}\0${index}`;
    const cached = chunks.get(name);
    if (cached) {
      chunks.delete(name);
      chunks.set(name, cached);
      return cached.bytes;
    }
    const position = index * chunkBytes;
    const length = Math.min(chunkBytes, source.size - position);
    // Stored while pending, so that readers arriving together share one read; a failed read is not kept.
    const entry = { length, bytes: source.read(position, length) };
    entry.bytes.catch(() => {
      if (chunks.get(name) === entry) remove(name);
    });
    chunks.set(name, entry);
    bytes += length;
    for (const oldest of chunks.keys()) {
      if (bytes <= budgetBytes) break;
      remove(oldest);
    }
    return entry.bytes;
  }

  return {
    get bytes() {
      return bytes;
    },

    async read(source, start, end) {
      if (budgetBytes === 0) return source.read(start, end - start + 1);
      const first = Math.floor(start / chunkBytes);
      const last = Math.floor(end / chunkBytes);
      if (first === last) {
        const base = first * chunkBytes;
        return (await chunk(source, first)).subarray(start - base, end - base + 1);
      }
      const parts = await Promise.all(
        Array.from({ length: last - first + 1 }, (_, offset) => chunk(source, first + offset)),
      );
      return Buffer.concat(
        parts.map((part, offset) => {
          const base = (first + offset) * chunkBytes;
          return part.subarray(Math.max(0, start - base), end - base + 1);
        }),
      );
    },

    drop(prefix) {
      for (const name of [...chunks.keys()]) if (name.startsWith(prefix)) remove(name);
    },
  };
}
