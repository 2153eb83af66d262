// The periodic sweep of media no row references (docs/decisions/0027-jobs-for-real-work.md): an upload whose form was
// never saved, the images of a deleted item. Past a grace period, such a media_objects row loses its stored files,
// then the row.
import { runInTransaction, type Executor } from '../db/transaction.ts';
import type { StorageProvider } from '../storage/storage-provider.ts';
import { UNREFERENCED_MEDIA_GRACE_MS } from '../../shared/constants.ts';
import { createMediaRepository } from './media.repository.ts';

export const SWEEP_MEDIA_JOB = 'media.sweep-unreferenced';

const SWEEP_BATCH_SIZE = 100;

export interface SweepMediaDeps {
  db: Executor;
  storage: StorageProvider;
  signal?: AbortSignal;
  /** How long an unreferenced object is kept; UNREFERENCED_MEDIA_GRACE_MS unless a test says otherwise. */
  graceMs?: number;
}

/**
 * Removes every unreferenced media object older than the grace period; returns how many. Safe to re-run, and it
 * finishes rows an earlier run marked but did not get to delete (a crash between the files and the row).
 */
export async function sweepUnreferencedMedia(deps: SweepMediaDeps): Promise<number> {
  const graceMs = deps.graceMs ?? UNREFERENCED_MEDIA_GRACE_MS;
  let removed = 0;
  for (;;) {
    deps.signal?.throwIfAborted();
    const candidates = await createMediaRepository(deps.db).listUnreferencedIds(graceMs, SWEEP_BATCH_SIZE);
    for (const id of candidates) {
      deps.signal?.throwIfAborted();
      if (await removeMediaObject(deps, id, graceMs)) removed += 1;
    }
    if (candidates.length < SWEEP_BATCH_SIZE) return removed;
  }
}

/**
 * Removes these media objects now (a deleted klip's video and poster), each only if nothing references it any
 * more and no transcode job holds it; what is left is the sweep's after the grace period. Same steps as the sweep.
 */
export async function removeMediaObjectsNow(
  deps: Pick<SweepMediaDeps, 'db' | 'storage'>,
  ids: readonly string[],
): Promise<number> {
  let removed = 0;
  for (const id of ids) if (await removeMediaObject(deps, id, 0)) removed += 1;
  return removed;
}

/**
 * Three steps, so that no transaction is open while storage (disk or S3) works: on PGlite a transaction holds the
 * only connection, and every request would wait on each delete.
 * 1. A short transaction locks the row, checks again that nothing references it (a fresh statement after the
 *    lock, so it sees a reference committed while we waited) and marks it `deleting_at`. From then on nothing
 *    hands it out (findOwnedImageIds, the avatar and cover setters), and a row that started referencing it
 *    while we held the lock failed that check, since they lock it too.
 * 2. The files go, outside any transaction.
 * 3. The row goes, in a statement of its own. A crash before that leaves a marked, unreferenced row that the next
 *    sweep finishes; never files no row knows.
 */
async function removeMediaObject(deps: SweepMediaDeps, id: string, graceMs: number): Promise<boolean> {
  const keys = await runInTransaction(deps.db, (tx) =>
    createMediaRepository(tx).markForDeletion(id, graceMs),
  );
  if (!keys) return false;
  const media = createMediaRepository(deps.db);
  for (const key of keys) {
    deps.signal?.throwIfAborted();
    // Keys are content-addressed: the same bytes uploaded twice share files, which the other row still needs.
    if (await media.isKeyUsedByAnotherRow(key, id)) continue;
    await deps.storage.delete(key);
  }
  return media.deleteMarkedMediaObject(id);
}
