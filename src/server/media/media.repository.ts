// SQL for media_objects: the rows, the owner's usage, and the sweep's questions (which rows nothing references,
// which files another row still lists). Takes an Executor, so a caller can write the row in the same transaction as
// the row that uses it (a product image, a klip) or the job that transcodes it.
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { DB } from '../db/schema.ts';
import {
  MediaVariant,
  MediaVariants,
  type MediaKind,
  type MediaObjectsTable,
  type MediaStatus,
} from '../db/tables/media-objects.ts';
import type { Executor } from '../db/transaction.ts';
import type { MediaObject } from './media.schema.ts';

export interface CreateMediaObjectInput {
  id: string;
  ownerId: string | null;
  kind: MediaKind;
  status: MediaStatus;
  width?: number | null;
  height?: number | null;
  durationMs?: number | null;
  variants?: MediaVariant[];
  poster?: MediaVariant | null;
  sourceKey?: string | null;
}

export interface MarkVideoReadyInput {
  width: number;
  height: number;
  durationMs: number;
  variants: MediaVariant[];
  poster: MediaVariant;
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;

export function createMediaRepository(db: Executor) {
  return {
    async createMediaObject(input: CreateMediaObjectInput): Promise<MediaObject> {
      const row = await db
        .insertInto('media_objects')
        .values({
          id: input.id,
          owner_id: input.ownerId,
          kind: input.kind,
          status: input.status,
          width: input.width ?? null,
          height: input.height ?? null,
          duration_ms: input.durationMs ?? null,
          variants: JSON.stringify(input.variants ?? []),
          poster: input.poster ? JSON.stringify(input.poster) : null,
          source_key: input.sourceKey ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toMediaObject(row);
    },

    async findMediaObject(id: string): Promise<MediaObject | undefined> {
      const row = await db.selectFrom('media_objects').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toMediaObject(row) : undefined;
    },

    async countMediaObjects(): Promise<number> {
      const { count } = await db
        .selectFrom('media_objects')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /**
     * What the owner's media takes in storage, for the quota: the bytes of every variant and poster, summed here,
     * and the keys of the video originals still kept (until their transcode is done), whose size no column holds:
     * the caller asks storage for it.
     */
    async findOwnerMediaUsage(ownerId: string): Promise<{ variantBytes: number; originalKeys: string[] }> {
      const { bytes, original_keys } = await db
        .selectFrom('media_objects')
        .select([
          sql<string>`coalesce(sum(
            (select coalesce(sum((variant->>'bytes')::bigint), 0) from jsonb_array_elements(variants) as variant)
            + coalesce((poster->>'bytes')::bigint, 0)
          ), 0)`.as('bytes'),
          sql<string[] | null>`array_agg(source_key) filter (where source_key is not null)`.as(
            'original_keys',
          ),
        ])
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      return { variantBytes: Number(bytes), originalKeys: original_keys ?? [] };
    },

    /** Sets a processing video to ready; a row already ready is left as it is (a re-run job changes nothing). */
    async markVideoReady(id: string, input: MarkVideoReadyInput): Promise<boolean> {
      const result = await db
        .updateTable('media_objects')
        .set({
          status: 'ready',
          width: input.width,
          height: input.height,
          duration_ms: input.durationMs,
          variants: JSON.stringify(input.variants),
          poster: JSON.stringify(input.poster),
          source_key: null,
          failure_reason: null,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .where('status', '<>', 'ready')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markVideoFailed(id: string, reason: string): Promise<void> {
      await db
        .updateTable('media_objects')
        .set({ status: 'failed', failure_reason: reason, source_key: null, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '<>', 'ready')
        .execute();
    },

    /**
     * The transcode job gave up (all its attempts failed on a passing fault: ffmpeg missing, storage down). Failed
     * with the reason, but the original is kept (unlike markVideoFailed), so the owner's retry can queue the
     * transcode again (decision 0040). Only a video still processing changes.
     */
    async markVideoGaveUp(id: string, reason: string): Promise<void> {
      await db
        .updateTable('media_objects')
        .set({ status: 'failed', failure_reason: reason, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .execute();
    },

    /** A given-up video whose original is kept goes back to processing for a new transcode (the owner's retry). */
    async reopenGivenUpVideo(id: string): Promise<void> {
      await db
        .updateTable('media_objects')
        .set({ status: 'processing', failure_reason: null, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .where('source_key', 'is not', null)
        .execute();
    },

    async deleteMediaObject(id: string): Promise<void> {
      await db.deleteFrom('media_objects').where('id', '=', id).execute();
    },

    /** The oldest media objects past the grace period that nothing references: the sweep's next batch. */
    async listUnreferencedIds(graceMs: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('media_objects')
        .select('id')
        .where(isPastGrace(graceMs))
        .where(isUnreferenced())
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Locks a row past the grace period (in the caller's transaction), checks again that nothing references it (a
     * fresh statement after the lock, so it sees a reference committed while we waited) and marks it `deleting_at`.
     * Answers the storage keys of its files, or undefined when it is not to be removed.
     */
    async markForDeletion(id: string, graceMs: number): Promise<string[] | undefined> {
      const row = await db
        .selectFrom('media_objects')
        .select(['id', 'variants', 'poster', 'source_key'])
        .where('id', '=', id)
        .where(isPastGrace(graceMs))
        .forUpdate()
        .executeTakeFirst();
      if (!row) return undefined;
      const marked = await db
        .updateTable('media_objects')
        .set({ deleting_at: sql`coalesce(deleting_at, now())` })
        .where('id', '=', id)
        .where(isUnreferenced())
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) === 0) return undefined;
      const keys = new Set<string>(MediaVariants.parse(row.variants).map((variant) => variant.key));
      if (row.poster) keys.add(MediaVariant.parse(row.poster).key);
      if (row.source_key) keys.add(row.source_key);
      return [...keys];
    },

    /**
     * Whether another row lists a key: three questions, each answered by its own index (migration 0013), where an
     * `or` of them would scan the table. No LIMIT: with one the planner prefers a scan that hopes to meet a match
     * early, and a key is shared by a handful of rows at most.
     */
    async isKeyUsedByAnotherRow(key: string, id: string): Promise<boolean> {
      const others = db.selectFrom('media_objects').select('id').where('id', '<>', id);
      const rows = await others
        .where('source_key', '=', key)
        .unionAll(others.where(sql<boolean>`poster ->> 'key' = ${key}`))
        .unionAll(others.where(sql<boolean>`variants @> ${JSON.stringify([{ key }])}::jsonb`))
        .execute();
      return rows.length > 0;
    },

    /**
     * Deletes a row marked for deletion. The reference check once more costs nothing here and keeps a stray
     * reference from failing (product_images) or being nulled (users) by the delete.
     */
    async deleteMarkedMediaObject(id: string): Promise<boolean> {
      const deleted = await db
        .deleteFrom('media_objects')
        .where('id', '=', id)
        .where('deleting_at', 'is not', null)
        .where(isUnreferenced())
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },
  };
}

type MediaReference = {
  [Table in keyof DB]: { table: Table; column: keyof DB[Table] & string };
}[keyof DB];

/**
 * Every column that holds a media_objects id. A table that starts using media adds its columns here and nothing
 * else: the sweep keeps whatever any of them points at.
 */
const MEDIA_REFERENCES = [
  { table: 'product_images', column: 'media_id' },
  { table: 'users', column: 'avatar_media_id' },
  { table: 'users', column: 'cover_media_id' },
  { table: 'klips', column: 'video_media_id' },
  { table: 'klips', column: 'poster_media_id' },
] as const satisfies readonly MediaReference[];

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

function toMediaObject(row: Selectable<MediaObjectsTable>): MediaObject {
  return {
    id: row.id,
    ownerId: row.owner_id,
    kind: row.kind,
    status: row.status,
    width: row.width,
    height: row.height,
    durationMs: row.duration_ms,
    // jsonb comes back parsed from both PGlite and node-postgres; parsing again checks its shape.
    variants: MediaVariants.parse(row.variants),
    poster: row.poster ? MediaVariant.parse(row.poster) : null,
    sourceKey: row.source_key,
    failureReason: row.failure_reason,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
