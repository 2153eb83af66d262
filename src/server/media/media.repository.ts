// SQL for media_objects. Takes the Kysely handle or a transaction, so a caller can write the row in the same
// transaction as the row that uses it (a product image, a klip) or the job that transcodes it.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../db/schema.ts';
import {
  MediaVariant,
  MediaVariants,
  type MediaKind,
  type MediaObject,
  type MediaObjectsTable,
  type MediaStatus,
} from './media.schema.ts';

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

export function createMediaRepository(db: Kysely<DB>) {
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
  };
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
