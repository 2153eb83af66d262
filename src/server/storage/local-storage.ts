// Media on local disk under DATA_DIR/media. Writes go to a temporary file in the same file system, are flushed,
// then renamed into place, so a reader (or a crash) never sees half an object. Reads of hot files share an open
// file handle for a second (like nginx's open_file_cache), and hot bytes stay in memory in aligned chunks
// (chunk-cache.ts): a media request then costs no file-system call at all, or one read, not stat + open + read +
// close.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createChunkCache } from './chunk-cache.ts';
import {
  assertValidStorageKey,
  assertValidStoragePrefix,
  getContentTypeForKey,
  StorageNotFoundError,
  type ByteRange,
  type StorageProvider,
  type StoredObject,
} from './storage-provider.ts';

// Keys never start with a dot, so this folder can never be addressed by a key.
const TEMP_DIR_NAME = '.tmp';
// How long a cached handle and its stat are trusted. Writes and deletes through this provider evict at once;
// the TTL bounds staleness only for changes made behind its back (another process on the same disk).
const OPEN_FILE_TTL_MS = 1000;
const MAX_OPEN_FILES = 256;
// A player's 64 KiB ranges fall sixteen to a chunk (one in sixteen spans two and is copied together); a photo
// variant is one chunk.
const CHUNK_BYTES = 1024 * 1024;

interface OpenFile {
  fd: number;
  handle: fsp.FileHandle;
  object: StoredObject;
  expiresAt: number;
  readers: number;
  evicted: boolean;
}

export interface LocalStorageOptions {
  /** 0 turns the open-file cache off. */
  openFileTtlMs?: number;
  /** Memory for the hot bytes of small reads (readRange), MEDIA_CACHE_MB in production; off when 0 or unset. */
  memoryCacheBytes?: number;
}

export function createLocalStorage(rootDir: string, options: LocalStorageOptions = {}): StorageProvider {
  const root = path.resolve(rootDir);
  const tempDir = path.join(root, TEMP_DIR_NAME);
  const openFileTtlMs = options.openFileTtlMs ?? OPEN_FILE_TTL_MS;
  const openFiles = new Map<string, OpenFile>();
  const opening = new Map<string, Promise<OpenFile | undefined>>();
  const chunks = createChunkCache({
    chunkBytes: CHUNK_BYTES,
    budgetBytes: options.memoryCacheBytes ?? 0,
  });

  function resolveKey(key: string): string {
    assertValidStorageKey(key);
    const filePath = path.resolve(root, key);
    // Second guard behind the key check: whatever the key, the path stays inside the root.
    if (!filePath.startsWith(root + path.sep)) throw new StorageNotFoundError(key);
    return filePath;
  }

  function closeWhenUnused(file: OpenFile): void {
    if (file.evicted && file.readers === 0) void file.handle.close().catch(() => {});
  }

  function evict(key: string): void {
    const file = openFiles.get(key);
    if (!file) return;
    openFiles.delete(key);
    file.evicted = true;
    closeWhenUnused(file);
  }

  function evictPrefix(prefix: string): void {
    for (const key of [...openFiles.keys()]) if (key.startsWith(prefix)) evict(key);
  }

  async function openFresh(key: string): Promise<OpenFile | undefined> {
    const filePath = resolveKey(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(filePath, 'r');
    } catch (error) {
      if (isMissingFileError(error)) return undefined;
      throw error;
    }
    const stats = await handle.stat({ bigint: true });
    if (!stats.isFile()) {
      await handle.close();
      return undefined;
    }
    const file: OpenFile = {
      fd: handle.fd,
      handle,
      // Files are only ever replaced by rename, so size plus nanosecond mtime identifies the bytes.
      object: {
        size: Number(stats.size),
        contentType: getContentTypeForKey(key),
        etag: `"${stats.size.toString(36)}-${stats.mtimeNs.toString(36)}"`,
      },
      expiresAt: Date.now() + openFileTtlMs,
      readers: 0,
      evicted: openFileTtlMs <= 0,
    };
    if (!file.evicted) {
      evict(key);
      openFiles.set(key, file);
      if (openFiles.size > MAX_OPEN_FILES) evict(openFiles.keys().next().value as string);
    }
    return file;
  }

  /** Returns an open file with one reader registered; the caller must call release(). */
  async function acquire(key: string): Promise<OpenFile | undefined> {
    const cached = openFiles.get(key);
    if (cached && cached.expiresAt > Date.now()) {
      cached.readers += 1;
      return cached;
    }
    if (cached) evict(key);
    let pending = opening.get(key);
    if (!pending) {
      pending = openFresh(key).finally(() => opening.delete(key));
      opening.set(key, pending);
    }
    const file = await pending;
    if (file) file.readers += 1;
    return file;
  }

  function release(file: OpenFile): void {
    file.readers -= 1;
    closeWhenUnused(file);
  }

  async function writeTempFile(source: string | Buffer): Promise<string> {
    await fsp.mkdir(tempDir, { recursive: true });
    const tempPath = path.join(tempDir, `${randomBytes(12).toString('hex')}.part`);
    try {
      if (typeof source === 'string') {
        await fsp.copyFile(source, tempPath, fs.constants.COPYFILE_FICLONE);
        const handle = await fsp.open(tempPath, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
      } else {
        const handle = await fsp.open(tempPath, 'wx');
        try {
          await handle.writeFile(source);
          await handle.sync();
        } finally {
          await handle.close();
        }
      }
      return tempPath;
    } catch (error) {
      await fsp.rm(tempPath, { force: true });
      throw error;
    }
  }

  return {
    kind: 'local',

    async put(key, source) {
      const filePath = resolveKey(key);
      const tempPath = await writeTempFile(source);
      try {
        await fsp.mkdir(path.dirname(filePath), { recursive: true });
        await fsp.rename(tempPath, filePath);
      } catch (error) {
        await fsp.rm(tempPath, { force: true });
        throw error;
      } finally {
        evict(key);
        chunks.drop(`${key}\0`);
      }
    },

    async stat(key): Promise<StoredObject | undefined> {
      const file = await acquire(key);
      if (!file) return undefined;
      release(file);
      return file.object;
    },

    async readRange(key, range): Promise<Buffer> {
      const file = await acquire(key);
      if (!file) throw new StorageNotFoundError(key);
      try {
        const end = Math.min(range.end, file.object.size - 1);
        if (end < range.start) return Buffer.alloc(0);
        // The etag names this version of the bytes: chunks of a replaced file are never served.
        const source = {
          id: `${key}\0${file.object.etag}`,
          size: file.object.size,
          read: (position: number, length: number) => readFully(file.fd, position, length),
        };
        return await chunks.read(source, range.start, end);
      } finally {
        release(file);
      }
    },

    async createReadStream(key, range?: ByteRange): Promise<Readable> {
      const filePath = resolveKey(key);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(filePath, 'r');
      } catch (error) {
        if (isMissingFileError(error)) throw new StorageNotFoundError(key);
        throw error;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      const filePath = resolveKey(key);
      evict(key);
      chunks.drop(`${key}\0`);
      await fsp.rm(filePath, { force: true });
    },

    async deletePrefix(prefix) {
      assertValidStoragePrefix(prefix);
      evictPrefix(prefix);
      chunks.drop(prefix);
      await fsp.rm(path.join(root, prefix), { recursive: true, force: true });
    },
  };
}

/** Reads length bytes at position; fewer only where the file ends first. */
async function readFully(fd: number, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const bytesRead = await readAt(fd, buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === length ? buffer : buffer.subarray(0, filled);
}

// The callback form skips the FileHandle promise machinery, which shows up at tens of thousands of reads a second.
function readAt(
  fd: number,
  buffer: Buffer,
  offset: number,
  length: number,
  position: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    fs.read(fd, buffer, offset, length, position, (error, bytesRead) =>
      error ? reject(error) : resolve(bytesRead),
    );
  });
}

/**
 * The file system's refusals of a path's shape: nothing there, or nothing it will open there (a name too long, a
 * link that loops, a folder where a file was expected). For a reader the object is missing (a 404), never a failure
 * of the server. No permission (EACCES, EPERM) is not missing: the quota and the video pipeline must see it as the
 * fault it is; only the media route answers it 404 (media.routes.ts).
 */
const REFUSED_PATH_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG', 'ELOOP', 'EINVAL']);

function isMissingFileError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code !== undefined && REFUSED_PATH_CODES.has(code);
}
