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

function isPastGrace(graceMs: number): RawBuilder<boolean> {
  return sql<boolean>`media_objects.created_at < now() - ${graceMs} * interval '1 millisecond'`;
}

export interface SweepMediaDeps {
  db: Kysely<DB>;
  storage: StorageProvider;
  signal?: AbortSignal;
  /** How long an unreferenced object is kept; UNREFERENCED_MEDIA_GRACE_MS unless a test says otherwise. */
  graceMs?: number;
}

/** Removes every unreferenced media object older than the grace period; returns how many. Safe to re-run. */
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
 * Locks the row first: a row that starts referencing it (its foreign key takes a share lock on it) now waits
 * for us and then fails, instead of pointing at deleted files. The check for references is a fresh statement
 * after the lock, so it sees a reference committed while we waited. Files go before the row: a crash in
 * between leaves a row the next sweep finishes, never files no row knows.
 */
async function removeMediaObject(deps: SweepMediaDeps, id: string, graceMs: number): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('media_objects')
      .select(['id', 'variants', 'poster', 'source_key'])
      .where('id', '=', id)
      .where(isPastGrace(graceMs))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return false;
    const stillUnreferenced = await trx
      .selectFrom('media_objects')
      .select('id')
      .where('id', '=', id)
      .where(isUnreferenced())
      .executeTakeFirst();
    if (!stillUnreferenced) return false;

    const keys = new Set<string>(MediaVariants.parse(row.variants).map((variant) => variant.key));
    if (row.poster) keys.add(MediaVariant.parse(row.poster).key);
    if (row.source_key) keys.add(row.source_key);
    for (const key of keys) {
      // Keys are content-addressed: the same bytes uploaded twice share files, which the other row still needs.
      if (await isKeyUsedByAnotherRow(trx, key, id)) continue;
      await deps.storage.delete(key);
    }
    await trx.deleteFrom('media_objects').where('id', '=', id).execute();
    return true;
  });
}

async function isKeyUsedByAnotherRow(trx: Kysely<DB>, key: string, id: string): Promise<boolean> {
  const other = await trx
    .selectFrom('media_objects')
    .select('id')
    .where('id', '<>', id)
    .where(
      sql<boolean>`(source_key = ${key} or poster ->> 'key' = ${key}
        or variants @> jsonb_build_array(jsonb_build_object('key', ${key}::text)))`,
    )
    .limit(1)
    .executeTakeFirst();
  return other !== undefined;
}
