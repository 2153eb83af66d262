// An exclusive lock on a file that the kernel holds for this process and drops when the process dies, however it
// dies (kill -9, OOM, power cut of a container): an open-file-description lock (fcntl F_OFD_SETLK on Linux,
// flock on macOS, LockFileEx on Windows) through fs-native-extensions (decision 0032). Unlike a pid in a file, it
// holds across PID namespaces and containers that share the directory, and a dead owner never blocks anyone.
import fs from 'node:fs';
import { tryLock } from 'fs-native-extensions';

export interface HeldFileLock {
  /** The lock file's descriptor, open for as long as the lock is held. */
  fd: number;
  /** Removes the file while the lock is still held, then drops the lock. */
  release(): void;
}

/**
 * Takes the lock on path (created when missing) without waiting: undefined when another open file holds it.
 * A lock file is removed by its holder on release, so the file we locked may have been unlinked between our
 * open and our lock; the lock counts only when path still names the file we hold, else we try again.
 */
export function tryLockFile(filePath: string): HeldFileLock | undefined {
  for (;;) {
    // libuv opens with O_CLOEXEC: child processes (ffmpeg) never inherit the descriptor, so never the lock.
    const fd = fs.openSync(filePath, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
    let granted = false;
    try {
      granted = tryLock(fd);
    } finally {
      if (!granted) fs.closeSync(fd);
    }
    if (!granted) return undefined;
    if (isSameFile(fd, filePath)) return holdLock(fd, filePath);
    fs.closeSync(fd);
  }
}

/**
 * Creates filePath already locked by us: the file is made and locked under `<filePath>.new`, then renamed into
 * place (a rename keeps the file, so our lock with it). Whoever looks for lock files by their name never sees one
 * of ours that is created but not yet locked, so never takes its free lock as a sign that its owner died.
 * afterCreate runs between the create and the lock (tests put a sweep there).
 */
export function createLockedFile(
  filePath: string,
  afterCreate?: (createdPath: string) => void,
): HeldFileLock {
  const newPath = `${filePath}.new`;
  const fd = fs.openSync(newPath, fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
  try {
    afterCreate?.(newPath);
    if (!tryLock(fd)) throw new Error(`Could not lock the new file ${newPath}`);
    fs.renameSync(newPath, filePath);
  } catch (error) {
    fs.rmSync(newPath, { force: true });
    fs.closeSync(fd);
    throw error;
  }
  return holdLock(fd, filePath);
}

/** The lock held on fd: releasing it removes the file while still holding the lock, then lets go. */
function holdLock(fd: number, filePath: string): HeldFileLock {
  let released = false;
  return {
    fd,
    release() {
      if (released) return;
      released = true;
      fs.rmSync(filePath, { force: true });
      fs.closeSync(fd);
    },
  };
}

function isSameFile(fd: number, filePath: string): boolean {
  const held = fs.fstatSync(fd);
  try {
    const named = fs.statSync(filePath);
    return named.ino === held.ino && named.dev === held.dev;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
