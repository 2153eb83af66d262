// Row type of media_objects (migrations/0002_create_media_objects.sql, 0013_mark_media_deleting.sql) as Kysely
// sees it, and the shapes of its jsonb columns: the stored renditions, checked with zod when a row is read.
import type { ColumnType } from 'kysely';
import { z } from 'zod';
import type { Json, Timestamp } from './column-types.ts';

export const MediaKind = z.enum(['image', 'video']);
export type MediaKind = z.infer<typeof MediaKind>;

export const MediaStatus = z.enum(['ready', 'processing', 'failed']);
export type MediaStatus = z.infer<typeof MediaStatus>;

export const MediaFormat = z.enum(['avif', 'webp', 'jpeg', 'mp4']);
export type MediaFormat = z.infer<typeof MediaFormat>;

/** One stored rendition: an image width in one format, or the transcoded video. */
export const MediaVariant = z.object({
  key: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  format: MediaFormat,
  bytes: z.number().int().nonnegative(),
});
export type MediaVariant = z.infer<typeof MediaVariant>;

export const MediaVariants = z.array(MediaVariant);

export interface MediaObjectsTable {
  id: string;
  owner_id: string | null;
  kind: MediaKind;
  status: MediaStatus;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  variants: Json<MediaVariant[]>;
  poster: ColumnType<MediaVariant | null, string | null, string | null>;
  source_key: string | null;
  failure_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set by the media sweep before it deletes the files (migration 0013): such a row is never used again. */
  deleting_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
