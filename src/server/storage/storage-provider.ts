// The one interface media code uses to keep bytes: local disk by default, S3-compatible object storage when
// configured. Keys are plain relative paths such as `img/<sha256>-640.webp`; the database stores keys, never bytes.
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  contentType: string;
  /** A strong, quoted entity tag that changes whenever the bytes change. */
  etag: string;
}

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive (HTTP semantics). */
  end: number;
}

export interface StorageProvider {
  readonly kind: 'local' | 's3';
  /** Stores a file (by path) or a buffer under key; the object appears whole or not at all. */
  put(key: string, source: string | Buffer, options: { contentType: string }): Promise<void>;
  /** Describes the object, or undefined when there is none. */
  stat(key: string): Promise<StoredObject | undefined>;
  /** Streams the object or one inclusive byte range of it; throws StorageNotFoundError when it is missing. */
  createReadStream(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * Reads one inclusive byte range into memory. Optional: providers that can do it much more cheaply than a stream
   * (local disk, from a cached open file) offer it, and the media route uses it for small ranges.
   */
  readRange?(key: string, range: ByteRange): Promise<Buffer>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with prefix (which must end in '/'). */
  deletePrefix?(prefix: string): Promise<void>;
}

export class StorageNotFoundError extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`No stored object at ${key}`);
    this.name = 'StorageNotFoundError';
    this.key = key;
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;
/**
 * The longest file name common file systems hold (NAME_MAX): a limit of the file system, not a tunable, so it stays
 * here; the names we write are under 100 characters.
 */
const MAX_KEY_SEGMENT_LENGTH = 255;

/**
 * True for keys made of safe path segments: no empty, `.` or `..` segment, no leading slash, no backslash or
 * control characters, none longer than a file name can be. Every provider refuses other keys, so a key can never
 * reach outside the media root, and every provider answers them alike (S3 would take a 300-character name that
 * local disk refuses).
 */
export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key
    .split('/')
    .every(
      (segment) =>
        segment.length <= MAX_KEY_SEGMENT_LENGTH && KEY_SEGMENT.test(segment) && !segment.includes('..'),
    );
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

export function assertValidStoragePrefix(prefix: string): void {
  if (!prefix.endsWith('/') || !isValidStorageKey(prefix.slice(0, -1)))
    throw new InvalidStorageKeyError(prefix);
}

const CONTENT_TYPES: Record<string, string> = {
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
};

/** The content type implied by a key's extension; media is always served with the type of what we wrote. */
export function getContentTypeForKey(key: string): string {
  const dot = key.lastIndexOf('.');
  const extension = dot === -1 ? '' : key.slice(dot + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
