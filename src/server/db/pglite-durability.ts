// Durable commits on the embedded database (decision 0032). PGlite starts Postgres with fsync off (-F), and its
// Node file system (Emscripten's NODEFS) turns every fsync into a no-op: a commit reaches the kernel's page cache,
// which survives kill -9 but not an OS crash or a power cut. With durable commits, Postgres runs with fsync on and
// syncs its WAL with fsync() (fdatasync() never reaches the file system in Emscripten), and NODEFS's fsync calls
// the real one: each commit waits for its WAL on disk, each checkpoint for its data files, as in any Postgres.
import fs from 'node:fs';
import { PGlite, type Extensions } from '@electric-sql/pglite';

/** The part of Emscripten's NODEFS this needs: the stream operations every file of the data directory uses. */
interface NodeFsStreamOps {
  fsync?: (stream: { nfd?: number }) => number;
}

/** EIO as Emscripten's fsync() passes it on to the C library. */
const WASI_ERRNO_IO = 29;

/** PGlite's own start parameters, with fsync on and the WAL synced through fsync(). */
function getDurableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'wal_sync_method=fsync',
  ];
}

/**
 * Makes NODEFS's fsync the kernel's. Counts the calls in onSync (tests). Throws when this PGlite has no NODEFS
 * to hook (an upgrade changed its internals): durable commits then cannot be promised, so the start fails.
 */
function installRealFsync(client: PGlite, onSync: () => void = () => {}): void {
  const nodeFs = (client.Module as unknown as { NODEFS?: { stream_ops?: NodeFsStreamOps } }).NODEFS;
  const streamOps = nodeFs?.stream_ops;
  if (!streamOps) {
    throw new Error(
      'This PGlite has no NODEFS to make durable: set PGLITE_DURABLE_COMMITS=false to run without durable commits',
    );
  }
  streamOps.fsync = (stream) => {
    if (stream.nfd === undefined) return 0;
    try {
      fs.fsyncSync(stream.nfd);
    } catch {
      // An errno back to Postgres, as a failed fsync(2) would be (it then stops rather than lose a commit); a
      // JavaScript exception here would tear through the WebAssembly call instead.
      return WASI_ERRNO_IO;
    }
    onSync();
    return 0;
  };
}

/**
 * Opens PGlite in pgDataDir (in memory when undefined: nothing to make durable), with durable commits unless
 * turned off. The hook comes after start-up, so what start-up wrote (crash recovery included) is checkpointed.
 */
export async function createPGliteClient(
  pgDataDir: string | undefined,
  options: {
    extensions: Extensions;
    durableCommits: boolean;
    onSync?: () => void;
    loadDataDir?: Blob | undefined;
  },
): Promise<PGlite> {
  const durable = pgDataDir !== undefined && options.durableCommits;
  const client = await PGlite.create(pgDataDir, {
    extensions: options.extensions,
    ...(options.loadDataDir && { loadDataDir: options.loadDataDir }),
    ...(durable && { startParams: getDurableStartParams() }),
  });
  if (!durable) return client;
  try {
    installRealFsync(client, options.onSync);
    await client.exec('CHECKPOINT');
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return client;
}
