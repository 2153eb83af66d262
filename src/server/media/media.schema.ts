// Shapes of stored media: the variants and poster kept as jsonb in media_objects, the table's row type for Kysely,
// and the camelCase record the rest of the server uses.
import type { ColumnType } from 'kysely';
import { z } from 'zod';

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

/** A processed image as handed back to upload callers (avatar, product images). */
export interface ImageAsset {
  id: string;
  width: number;
  height: number;
  variants: MediaVariant[];
}

export interface MediaObject {
  id: string;
  ownerId: string | null;
  kind: MediaKind;
  status: MediaStatus;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  variants: MediaVariant[];
  poster: MediaVariant | null;
  sourceKey: string | null;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

type JsonColumn<T> = ColumnType<T, string, string>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MediaObjectsTable {
  id: string;
  owner_id: string | null;
  kind: MediaKind;
  status: MediaStatus;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  variants: JsonColumn<MediaVariant[]>;
  poster: ColumnType<MediaVariant | null, string | null, string | null>;
  source_key: string | null;
  failure_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set by the media sweep before it deletes the files (migration 0013): such a row is never used again. */
  deleting_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
