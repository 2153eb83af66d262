// The media records the rest of the server uses: a media_objects row in camelCase, and a processed image as upload
// callers get it. The stored shapes (kind, status, variants) are the table's, in db/tables/media-objects.ts.
import type { MediaKind, MediaStatus, MediaVariant } from '../db/tables/media-objects.ts';

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
