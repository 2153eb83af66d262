// One process per data directory: PGlite is not safe to open twice. The lock is the kernel's (see file-lock.ts):
// a live owner refuses every other process, whatever PID namespace or container it runs in, and one that died
// (kill -9) leaves nothing that blocks a restart. The file also names the owner, for the refusal's message only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tryLockFile } from '../file-lock.ts';

export const DATA_DIR_LOCK_FILE = 'lootklip.lock';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, owner: string | undefined) {
    super(
      `Another Lootklip process${owner ? ` (${owner})` : ''} is using the data directory ${dataDir}. ` +
        'Stop it first, or start this one with a different DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, DATA_DIR_LOCK_FILE);
  const lock = tryLockFile(lockPath);
  if (!lock) throw new DataDirLockedError(dataDir, describeOwner(lockPath));
  fs.ftruncateSync(lock.fd);
  fs.writeSync(lock.fd, `${process.pid} ${os.hostname()}\n`, 0);
  return () => lock.release();
}

/**
 * "pid 12 on host web-2" as the owner wrote it; its pid is in its own PID namespace, hence the host (a container's
 * hostname) when that is not ours. Undefined while the owner has not written it yet.
 */
function describeOwner(lockPath: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, 'utf8');
  } catch {
    return undefined;
  }
  const [pid, host] = text.trim().split(' ');
  if (!pid || !/^\d+$/.test(pid)) return undefined;
  return host && host !== os.hostname() ? `pid ${pid} on host ${host}` : `pid ${pid}`;
}
