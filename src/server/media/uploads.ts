// Receives one uploaded file: streams it to a server-named temporary file under a hard byte limit, decides its
// type from its magic bytes (never the client's name or content type), and removes the file on every path.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { AppError } from '../errors.ts';
import { createLockedFile, tryLockFile, type HeldFileLock } from '../file-lock.ts';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';

/** Each process receives its uploads in a folder of its own under this root (see claimUploadDir). */
export const UPLOAD_ROOT = path.join(os.tmpdir(), 'lootklip-uploads');

export interface UploadDirClaim {
  /** This process's folder for temporary upload files. */
  dir: string;
  /** Temporary files of processes that died (kill -9, OOM) removed when the folder was claimed. */
  removedLeftovers: number;
  /** Removes the folder (the process is done with uploads). */
  release(): void;
}

/**
 * Claims a folder for this process's temporary uploads and first removes those of processes that are gone. Each
 * folder `<id>/` has a lock file `<id>.lock` beside it, held by its process for as long as it runs (file-lock.ts):
 * a lock anyone else can take belongs to a dead process, whose folder is then removed. It holds for processes of
 * any PID namespace sharing the temporary directory, and a live process's uploads are never touched.
 */
export function claimUploadDir(
  root: string = UPLOAD_ROOT,
  options: { afterLockFileCreated?: (createdPath: string) => void } = {},
): UploadDirClaim {
  fs.mkdirSync(root, { recursive: true, mode: 0o700 });
  const removedLeftovers = removeLeftoverUploadDirs(root);
  const id = randomUUID();
  // The lock first, the folder after: a folder is never there without its owner's lock. The lock file is created
  // and locked as `<id>.lock.new`, which the sweep skips, and only then named `<id>.lock`: another process's sweep
  // running between our create and our lock would otherwise find it free and take us for dead.
  const lock = createLockedFile(path.join(root, `${id}.lock`), options.afterLockFileCreated);
  const dir = path.join(root, id);
  fs.mkdirSync(dir, { mode: 0o700 });
  return {
    dir,
    removedLeftovers,
    release() {
      fs.rmSync(dir, { recursive: true, force: true });
      lock.release();
    },
  };
}

function removeLeftoverUploadDirs(root: string): number {
  let removed = 0;
  for (const name of fs.readdirSync(root)) {
    // `<id>.lock` only: `<id>.lock.new` is a lock file still being made (claimUploadDir), its owner alive.
    if (!name.endsWith('.lock')) continue;
    let lock: HeldFileLock | undefined;
    try {
      lock = tryLockFile(path.join(root, name));
    } catch (error) {
      // Gone meanwhile (another process swept it) or not ours to open: nothing to do here.
      if (['ENOENT', 'EACCES', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) continue;
      throw error;
    }
    if (!lock) continue; // its process is alive
    const dir = path.join(root, name.slice(0, -'.lock'.length));
    try {
      removed += fs.readdirSync(dir).length;
    } catch {
      // Its process died before it made the folder.
    }
    fs.rmSync(dir, { recursive: true, force: true });
    lock.release();
  }
  return removed;
}

let processClaim: UploadDirClaim | undefined;

/** This process's upload folder, claimed at its first use (the runtime claims it at start). */
export function claimProcessUploadDir(): UploadDirClaim {
  processClaim ??= claimUploadDir();
  return processClaim;
}

export function releaseProcessUploadDir(): void {
  processClaim?.release();
  processClaim = undefined;
}

/**
 * Routes that take a file register inside this scope: multipart parsing, and the hooks the multipart plugin adds
 * to every request it covers, stay off all other routes. Each upload's own byte limit is enforced in receiveFile.
 */
export function uploadScope(
  routes: (scope: FastifyInstance) => Promise<void> | void,
  limits: { files: number; fields: number; parts: number; fieldSize?: number } = {
    files: 1,
    fields: 20,
    parts: 21,
  },
): FastifyPluginAsync {
  return async (scope) => {
    // No whole-request deadline (http/request-deadline.ts): once the body is in, the probe and the storage of up to
    // 200 MB are bounded by their own limits, and a 503 sent while they go on would make every retry a duplicate.
    // Node's requestTimeout still bounds receiving the body. A route may set its own requestDeadlineMs.
    scope.addHook('onRoute', (routeOptions) => {
      routeOptions.config = {
        ...routeOptions.config,
        requestDeadlineMs: routeOptions.config?.requestDeadlineMs ?? false,
      };
    });
    await scope.register(multipart, { limits });
    await routes(scope);
  };
}

export interface ReceivedUpload {
  /** Server-generated path of the temporary file; removed when the handler settles. */
  path: string;
  bytes: number;
  /** Type decided from the file's magic bytes. */
  mime: string;
  ext: string;
}

export interface ReceiveUploadOptions {
  maxBytes: number;
  /** Accepted types as file-type reports them (image/jpeg, video/quicktime, ...). */
  acceptedMimeTypes: readonly string[];
  /** Shown on 415: names what is accepted. */
  unsupportedMessage: string;
  /**
   * The type the client declared for the part (its Content-Type) may be refused before a byte is stored: a 415
   * with declaredTypeMessage. Without it the declared type is ignored; the bytes decide either way.
   */
  isDeclaredTypeAccepted?: (declared: string) => boolean;
  declaredTypeMessage?: (declared: string) => string;
  /** Where temporary files go (default: this process's upload folder); tests give their own folder. */
  uploadDir?: string | undefined;
}

/**
 * Receives the request's one file and runs handle with it. The temporary file is removed when handle settles,
 * when the upload is refused, and when the client goes away mid-upload.
 */
export async function withUpload<T>(
  request: FastifyRequest,
  options: ReceiveUploadOptions,
  handle: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  // busboy stops at fileSize and marks the part truncated; the counter in receivePart is the limit we rely on. Two
  // files are let through busboy so that the second is seen (and refused) rather than silently dropped.
  const limits = { fileSize: options.maxBytes, files: 2, fields: 20, parts: 22 };
  const parts = request.parts({ limits })[Symbol.asyncIterator]();
  const next = async () => {
    try {
      return await parts.next();
    } catch (error) {
      throw toUploadError(error, options.maxBytes);
    }
  };
  let part: MultipartFile | undefined;
  for (let step = await next(); !step.done; step = await next()) {
    if (step.value.type === 'file') {
      part = step.value;
      break;
    }
  }
  if (!part) throw new AppError('bad-request', SERVER_MESSAGES.noFile);
  if (options.isDeclaredTypeAccepted && !options.isDeclaredTypeAccepted(part.mimetype ?? '')) {
    // The rest of the body is drained by the multipart plugin when the request ends.
    part.file.resume();
    throw new AppError(
      'unsupported-media-type',
      options.declaredTypeMessage?.(part.mimetype) ?? options.unsupportedMessage,
      { declared: part.mimetype },
    );
  }
  return withUploadedPart(part, options, handle, async () => {
    // The rest of the body, before anything is stored: fields pass, a second file is refused.
    for (let step = await next(); !step.done; step = await next()) {
      if (step.value.type === 'file') {
        step.value.file.resume();
        throw new AppError('bad-request', SERVER_MESSAGES.oneFileOnly);
      }
    }
  });
}

/**
 * The parts of a multipart body, for a route that reads several; a body that is not multipart as it claims (no
 * boundary, cut off, broken part headers) is the client's fault: a 400, or a 413 past a limit, never a 500.
 */
export async function* readMultipartParts(
  request: FastifyRequest,
  maxBytes: number,
): AsyncGenerator<Multipart, void, undefined> {
  try {
    for await (const part of request.parts()) yield part;
  } catch (error) {
    throw toUploadError(error, maxBytes);
  }
}

/** The same for one file part of a multipart body the caller reads part by part. */
export async function withUploadedPart<T>(
  part: MultipartFile,
  options: ReceiveUploadOptions,
  handle: (upload: ReceivedUpload) => Promise<T>,
  /** Runs once the file is received, before its type is checked and handle runs (withUpload reads the rest). */
  afterReceive?: () => Promise<void>,
): Promise<T> {
  const uploadDir = options.uploadDir ?? claimProcessUploadDir().dir;
  await fsp.mkdir(uploadDir, { recursive: true, mode: 0o700 });
  const tempPath = path.join(uploadDir, `${randomUUID()}.upload`);
  try {
    const bytes = await receivePart(part, tempPath, options.maxBytes);
    await afterReceive?.();
    const type = await fileTypeFromFile(tempPath);
    if (!type || !options.acceptedMimeTypes.includes(type.mime)) {
      throw new AppError('unsupported-media-type', options.unsupportedMessage, {
        detected: type?.mime ?? null,
      });
    }
    return await handle({ path: tempPath, bytes, mime: type.mime, ext: type.ext });
  } finally {
    await fsp.rm(tempPath, { force: true });
  }
}

async function receivePart(part: MultipartFile, tempPath: string, maxBytes: number): Promise<number> {
  const counter = createByteCounter(maxBytes);
  try {
    await pipeline(part.file, counter, fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    throw toUploadError(error, maxBytes);
  }
  if (part.file.truncated) throw createTooLargeError(maxBytes);
  if (counter.bytes === 0) throw new AppError('bad-request', SERVER_MESSAGES.noFile);
  return counter.bytes;
}

function createByteCounter(maxBytes: number): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      counter.bytes += chunk.length;
      if (counter.bytes > maxBytes) callback(createTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

function createTooLargeError(maxBytes: number): AppError {
  return new AppError('payload-too-large', SERVER_MESSAGES.payloadTooLarge(formatBytes(maxBytes)), {
    maxBytes,
  });
}

export function toUploadError(error: unknown, maxBytes: number): Error {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return createTooLargeError(maxBytes);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('bad-request', SERVER_MESSAGES.noFile);
  // The client went away or sent a broken multipart body.
  return new AppError('bad-request', SERVER_MESSAGES.uploadAborted, {
    cause: code ?? (error as Error)?.message,
  });
}

/** 10485760 -> "10 MB", the way limits are shown to people. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1 && value % 1024 === 0) {
    value /= 1024;
    unit += 1;
  }
  return `${value} ${units[unit]}`;
}
