// The periodic sweep of media no row references (docs/decisions/0027-jobs-for-real-work.md): an upload whose form was
// never saved, the images of a deleted item. Past a grace period, such a media_objects row loses its stored files,
// then the row.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { StorageProvider } from '../storage/storage-provider.ts';
import { UNREFERENCED_MEDIA_GRACE_MS } from '../../shared/constants.ts';
import { MediaVariant, MediaVariants } from './media.schema.ts';

export const SWEEP_MEDIA_JOB = 'media.sweep-unreferenced';

type MediaReference = {
  [Table in keyof DB]: { table: Table; column: keyof DB[Table] & string };
}[keyof DB];

/**
 * Every column that holds a media_objects id. A table that starts using media (klips, offers) adds its columns
 * here and nothing else: the sweep keeps whatever any of them points at.
 */
export const MEDIA_REFERENCES = [
  { table: 'product_images', column: 'media_id' },
  { table: 'users', column: 'avatar_media_id' },
  { table: 'users', column: 'cover_media_id' },
  { table: 'klips', column: 'video_media_id' },
  { table: 'klips', column: 'poster_media_id' },
] as const satisfies readonly MediaReference[];

const SWEEP_BATCH_SIZE = 100;

function isUnreferenced(): RawBuilder<boolean> {
  return sql<boolean>`${sql.join(
    MEDIA_REFERENCES.map(
      ({ table, column }) =>
        sql`not exists (select 1 from ${sql.table(table)} where ${sql.ref(`${table}.${column}`)} = media_objects.id)`,
    ),
    sql` and `,
  )}`;
}

/**
 * Old enough to be given up on, and not in a job's hands: a video whose transcode is queued or running (retrying,
 * say) is left to it, or a late transcode would store files no row knows. A video left processing by a job that
 * gave up is swept like any other.
 */
function isPastGrace(graceMs: number): RawBuilder<boolean> {
  return sql<boolean>`media_objects.created_at < now() - ${graceMs} * interval '1 millisecond'
    and not (media_objects.status = 'processing' and exists (select 1 from jobs
      where jobs.status in ('queued', 'running') and jobs.payload->>'mediaId' = media_objects.id))`;
}

export interface SweepMediaDeps {
  db: Kysely<DB>;
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
    const candidates = await deps.db
      .selectFrom('media_objects')
      .select('id')
      .where(isPastGrace(graceMs))
      .where(isUnreferenced())
      .orderBy('created_at')
      .limit(SWEEP_BATCH_SIZE)
      .execute();
    for (const { id } of candidates) {
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
  const row = await markForDeletion(deps.db, id, graceMs);
  if (!row) return false;

  const keys = new Set<string>(MediaVariants.parse(row.variants).map((variant) => variant.key));
  if (row.poster) keys.add(MediaVariant.parse(row.poster).key);
  if (row.source_key) keys.add(row.source_key);
  for (const key of keys) {
    deps.signal?.throwIfAborted();
    // Keys are content-addressed: the same bytes uploaded twice share files, which the other row still needs.
    if (await isKeyUsedByAnotherRow(deps.db, key, id)) continue;
    await deps.storage.delete(key);
  }
  // The reference check once more costs nothing here and keeps a stray reference from failing (product_images)
  // or being nulled (users) by the delete.
  const deleted = await deps.db
    .deleteFrom('media_objects')
    .where('id', '=', id)
    .where('deleting_at', 'is not', null)
    .where(isUnreferenced())
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

async function markForDeletion(db: Kysely<DB>, id: string, graceMs: number) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('media_objects')
      .select(['id', 'variants', 'poster', 'source_key'])
      .where('id', '=', id)
      .where(isPastGrace(graceMs))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return undefined;
    const marked = await trx
      .updateTable('media_objects')
      .set({ deleting_at: sql`coalesce(deleting_at, now())` })
      .where('id', '=', id)
      .where(isUnreferenced())
      .executeTakeFirst();
    return Number(marked.numUpdatedRows) > 0 ? row : undefined;
  });
}

async function isKeyUsedByAnotherRow(db: Kysely<DB>, key: string, id: string): Promise<boolean> {
  const others = await listRowsUsingKey(db, key, id).execute();
  return others.length > 0;
}

/**
 * The other rows that list a key: three questions, each answered by its own index (migration 0013), where an `or`
 * of them would scan the table. No LIMIT: with one the planner prefers a scan that hopes to meet a match early,
 * and a key is shared by a handful of rows at most.
 */
export function listRowsUsingKey(db: Kysely<DB>, key: string, id: string) {
  const others = db.selectFrom('media_objects').select('id').where('id', '<>', id);
  return others
    .where('source_key', '=', key)
    .unionAll(others.where(sql<boolean>`poster ->> 'key' = ${key}`))
    .unionAll(others.where(sql<boolean>`variants @> ${JSON.stringify([{ key }])}::jsonb`));
}
