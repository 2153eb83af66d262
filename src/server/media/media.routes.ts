// Serves stored media: GET and HEAD /media/<key> with single byte ranges (206/416), strong ETags, 304, immutable
// caching for content-addressed keys, and headers that stop a browser from treating media as a document. A key
// the storage refuses or cannot find, however it is spelled, is a 404 (decision 0049).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import {
  getContentTypeForKey,
  isValidStorageKey,
  StorageNotFoundError,
  type StorageProvider,
} from '../storage/storage-provider.ts';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';

export interface MediaRoutesOptions {
  storage: StorageProvider;
}

// Only processed outputs are public; originals and anything else in the bucket are not.
const SERVED_PREFIXES = ['img/', 'vid/'];
// img/<sha256>-640.webp, vid/<sha256>.mp4, vid/<sha256>-poster.jpg: the name is the hash of the bytes.
const CONTENT_ADDRESSED_KEY = /^(?:img|vid)\/([0-9a-f]{64})(?:-[a-z0-9]+)?\.[a-z0-9]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, no-cache';
const MEDIA_CSP = "default-src 'none'; sandbox";
const MAX_BUFFERED_READ_BYTES = 512 * 1024;
/** Headers that describe the object; a 404 must not carry them. */
const OBJECT_HEADERS = ['content-type', 'content-length', 'content-range', 'etag', 'cache-control'];

export function isServableMediaKey(key: string): boolean {
  return isValidStorageKey(key) && SERVED_PREFIXES.some((prefix) => key.startsWith(prefix));
}

export type RangeRequest = { start: number; end: number } | 'unsatisfiable' | undefined;

/**
 * Reads a Range header for an object of size bytes. Multiple ranges and malformed headers are ignored (the whole
 * object is sent, as RFC 9110 allows); a well-formed range that starts past the end is unsatisfiable.
 */
export function parseRangeHeader(header: string | undefined, size: number): RangeRequest {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/** The file system's "no permission" for a file: to a visitor it is as missing as any other refused path. */
function isPermissionError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EACCES' || code === 'EPERM';
}

export const mediaRoutes: FastifyPluginAsync<MediaRoutesOptions> = async (app, options) => {
  const { storage } = options;

  async function serveMedia(request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) {
    const key = request.params['*'];
    if (!isServableMediaKey(key)) throw new AppError('not-found', SERVER_MESSAGES.mediaNotFound);
    const object = await storage.stat(key).catch((error: unknown) => {
      if (isPermissionError(error)) return undefined;
      throw error;
    });
    if (!object) throw new AppError('not-found', SERVER_MESSAGES.mediaNotFound);

    const hash = CONTENT_ADDRESSED_KEY.exec(key)?.[1];
    const etag = hash ? `"${hash}"` : object.etag;
    reply.headers({
      'x-content-type-options': 'nosniff',
      'content-security-policy': MEDIA_CSP,
      'accept-ranges': 'bytes',
      etag,
      'cache-control': hash ? IMMUTABLE : REVALIDATE,
    });
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();

    // If-Range: a range asked against an older version gets the whole current object instead.
    const ifRange = request.headers['if-range'];
    const range =
      ifRange && ifRange !== etag ? undefined : parseRangeHeader(request.headers.range, object.size);
    if (range === 'unsatisfiable') {
      reply.header('content-range', `bytes */${object.size}`);
      throw new AppError('range-not-satisfiable', SERVER_MESSAGES.rangeNotSatisfiable);
    }
    reply.header('content-type', getContentTypeForKey(key));
    if (range) {
      reply.code(206);
      reply.header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
      reply.header('content-length', range.end - range.start + 1);
    } else {
      reply.header('content-length', object.size);
    }
    if (request.method === 'HEAD') return reply.send();
    const start = range?.start ?? 0;
    const end = range?.end ?? object.size - 1;
    // Small reads (players' range requests, every image) go as one buffer: far cheaper than a stream per request.
    try {
      if (storage.readRange && end - start + 1 <= MAX_BUFFERED_READ_BYTES) {
        return reply.send(await storage.readRange(key, { start, end }));
      }
      return reply.send(await storage.createReadStream(key, range));
    } catch (error) {
      // Removed or replaced since the stat above: missing, as it would have been a moment later.
      if (error instanceof StorageNotFoundError || isPermissionError(error)) {
        for (const name of OBJECT_HEADERS) reply.removeHeader(name);
        throw new AppError('not-found', SERVER_MESSAGES.mediaNotFound);
      }
      throw error;
    }
  }

  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    // Photos and videos are compressed already; ranges and ETags stay those of the stored bytes.
    compress: false,
    // Not an operation of the API document: the API's answers carry these files' URLs (decision 0083).
    schema: { hide: true },
    handler: serveMedia,
  });
};
