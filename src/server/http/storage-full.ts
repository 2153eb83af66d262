// A full disk answers writes 507 at once, before they reach the database (docs/product.md "Storage full",
// decision 0050): embedded Postgres that cannot create its next WAL file stops with a PANIC and the next query spins
// on the event loop for good, so writes stop while DATA_DIR's file system still has a reserve, and resume by
// themselves when space comes back.
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { RETRY_AFTER_SECONDS, STORAGE_CHECK_INTERVAL_MS } from '../../shared/constants.ts';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';

export interface FreeSpace {
  /** True while the data directory's file system has less free than its reserve (as of the last check). */
  isFull(): boolean;
  /** Checks again now (after an error that says the disk is full): the next request sees the answer. */
  check(): Promise<void>;
  stop(): void;
}

/** Watches the free space of dir's file system every STORAGE_CHECK_INTERVAL_MS; minFreeBytes 0 turns it off. */
export async function watchFreeSpace(dir: string, minFreeBytes: number): Promise<FreeSpace> {
  let full = false;
  let checking: Promise<void> | undefined;
  const check = () => {
    checking ??= fs.promises
      .statfs(dir)
      .then(
        (stats) => {
          full = stats.bavail * stats.bsize < minFreeBytes;
        },
        // A file system that cannot be asked decides nothing: the writes themselves then say what fails.
        () => {},
      )
      .finally(() => (checking = undefined));
    return checking;
  };
  if (minFreeBytes === 0) return { isFull: () => false, check: async () => {}, stop() {} };
  await check();
  const timer = setInterval(() => void check(), STORAGE_CHECK_INTERVAL_MS).unref();
  return { isFull: () => full, check, stop: () => clearInterval(timer) };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Postgres's disk_full (class 53, insufficient resources) and the file system's own: no space, or quota spent. */
export function isStorageFullError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return code === '53100' || code === 'ENOSPC' || code === 'EDQUOT';
}

/** 507 in the app's error shape, with Retry-After: the space may come back without anyone touching the server. */
export function answerStorageFull(reply: FastifyReply) {
  reply.code(507).header('retry-after', String(RETRY_AFTER_SECONDS));
  return { success: false as const, message: SERVER_MESSAGES.storageFull, code: 'storage-full' };
}

/**
 * Registered right after load shedding: an API write on a full disk costs nothing further. Reads go on. A write
 * that met a full disk anyway checks the free space again at once, so the next writes are refused from then on.
 */
export function registerStorageFullGuard(app: FastifyInstance, freeSpace: FreeSpace): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (READS.has(request.method) || !request.url.startsWith('/api/') || !freeSpace.isFull()) return done();
    reply.send(answerStorageFull(reply));
  });
  app.addHook('onError', async (_request, _reply, error) => {
    if (isStorageFullError(error)) await freeSpace.check();
  });
  app.addHook('onClose', (_instance, done) => {
    freeSpace.stop();
    done();
  });
}
