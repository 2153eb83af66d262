// Turns an uploaded image into stored, re-encoded width variants (AVIF, WebP, JPEG fallback) under
// content-addressed keys, then writes its media_objects row. Nothing of the upload's own bytes is ever served.
import { createHash } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { ulid } from 'ulid';
import { AppError } from '../errors.ts';
import type { StorageProvider } from '../storage/storage-provider.ts';
import {
  IMAGE_VARIANT_WIDTHS,
  MAX_IMAGE_BYTES,
  MEDIA_QUOTA_BYTES_PER_USER,
  MAX_IMAGE_PIXELS,
  IMAGE_UPLOAD_TYPES,
} from '../../shared/constants.ts';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import type { MediaRepository } from './media.repository.ts';
import type { MediaFormat, MediaVariant } from '../db/tables/media-objects.ts';
import type { ImageAsset } from './media.schema.ts';
import { formatBytes, withUpload, withUploadedPart, type ReceiveUploadOptions } from './uploads.ts';

/** Inputs we decode. GIF (polyglots, animation), SVG (scripts), HEIC (patents, no decoder) are refused. */
export const ACCEPTED_IMAGE_MIME_TYPES = IMAGE_UPLOAD_TYPES;

const OUTPUT_FORMATS: { format: Exclude<MediaFormat, 'mp4'>; ext: string; contentType: string }[] = [
  { format: 'avif', ext: 'avif', contentType: 'image/avif' },
  { format: 'webp', ext: 'webp', contentType: 'image/webp' },
  { format: 'jpeg', ext: 'jpg', contentType: 'image/jpeg' },
];

export interface EncodedImage {
  key: string;
  contentType: string;
  buffer: Buffer;
  variant: MediaVariant;
}

export interface ProcessedImage {
  width: number;
  height: number;
  outputs: EncodedImage[];
}

export interface ImageDeps {
  storage: StorageProvider;
  media: MediaRepository;
  /** Temporary upload folder; defaults to os.tmpdir()/lootklip-uploads. */
  uploadDir?: string | undefined;
  /** Bytes of stored media one user may hold; defaults to MEDIA_QUOTA_BYTES_PER_USER. */
  quotaBytes?: number | undefined;
}

/**
 * Refuses (413, naming the limit) when the owner's stored media plus addingBytes would pass the quota, or when the
 * quota is used up already (addingBytes 0: checked before an upload's body is read). The stored media is every
 * image variant, video and poster, and each video original kept until its transcode is done (its size read from
 * storage: no column holds it). Media with no owner (the demo seed) has none. Two uploads at once may both pass and
 * overshoot by at most their own size.
 */
export async function assertWithinMediaQuota(
  deps: Pick<ImageDeps, 'storage' | 'media' | 'quotaBytes'>,
  ownerId: string | null,
  addingBytes = 0,
): Promise<void> {
  if (!ownerId) return;
  const quotaBytes = deps.quotaBytes ?? MEDIA_QUOTA_BYTES_PER_USER;
  const usage = await deps.media.findOwnerMediaUsage(ownerId);
  // An original gone meanwhile (its transcode finished) takes nothing; its video's variants are counted next time.
  const originals = await Promise.all(usage.originalKeys.map((key) => deps.storage.stat(key)));
  const usedBytes = originals.reduce((sum, original) => sum + (original?.size ?? 0), usage.variantBytes);
  if (usedBytes >= quotaBytes || usedBytes + addingBytes > quotaBytes) {
    throw new AppError('payload-too-large', SERVER_MESSAGES.mediaQuotaExceeded(formatBytes(quotaBytes)), {
      quotaBytes,
      usedBytes,
    });
  }
}

/** The widths to write: the configured ones below the original, plus the original when it is smaller than the largest. */
export function calculateVariantWidths(originalWidth: number): number[] {
  const widths: number[] = IMAGE_VARIANT_WIDTHS.filter((width) => width < originalWidth);
  const largest = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1] ?? originalWidth;
  if (originalWidth <= largest) widths.push(originalWidth);
  return widths;
}

/** Decodes, auto-orients and re-encodes an image file into every variant; stores nothing. */
export async function processImage(filePath: string): Promise<ProcessedImage> {
  const input = sharp(filePath, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  let metadata: Metadata;
  try {
    metadata = await input.metadata();
  } catch (error) {
    throw toImageError(error);
  }
  // Checked from the header before any pixel is decoded, so a decompression bomb costs nothing.
  if (!metadata.width || !metadata.height) throw new AppError('bad-request', SERVER_MESSAGES.imageUnreadable);
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw new AppError('payload-too-large', SERVER_MESSAGES.imageTooManyPixels, {
      maxPixels: MAX_IMAGE_PIXELS,
    });
  }
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;

  // rotate() applies EXIF orientation; sharp writes no metadata (EXIF, GPS, XMP) unless asked to.
  const oriented = input.rotate();
  const outputs: EncodedImage[] = [];
  try {
    for (const targetWidth of calculateVariantWidths(width)) {
      const resized = oriented.clone().resize({ width: targetWidth, withoutEnlargement: true });
      for (const output of OUTPUT_FORMATS) {
        const { data, info } = await encodeImage(resized.clone(), output.format).toBuffer({
          resolveWithObject: true,
        });
        const hash = createHash('sha256').update(data).digest('hex');
        const key = `img/${hash}-${info.width}.${output.ext}`;
        outputs.push({
          key,
          contentType: output.contentType,
          buffer: data,
          variant: { key, width: info.width, height: info.height, format: output.format, bytes: data.length },
        });
      }
    }
  } catch (error) {
    throw toImageError(error);
  }
  return { width, height, outputs };
}

function encodeImage(image: Sharp, format: Exclude<MediaFormat, 'mp4'>): Sharp {
  switch (format) {
    case 'avif':
      return image.avif({ quality: 50, effort: 3 });
    case 'webp':
      return image.webp({ quality: 80 });
    case 'jpeg':
      return image.jpeg({ quality: 82, mozjpeg: true });
  }
}

/**
 * Stores every output, then writes the row. If a put or the row fails, the keys this call stored are deleted
 * and no row exists. Keys that were already there (the same bytes uploaded before) belong to another row and
 * are left alone.
 */
export async function storeImageAsset(
  deps: Pick<ImageDeps, 'storage' | 'media' | 'quotaBytes'>,
  image: ProcessedImage,
  ownerId: string | null,
): Promise<ImageAsset> {
  return (await storeImage(deps, image, ownerId)).asset;
}

/** An image stored by this request, and the keys it wrote (those no earlier image had). */
interface StoredImage {
  asset: ImageAsset;
  storedKeys: string[];
}

async function storeImage(
  deps: Pick<ImageDeps, 'storage' | 'media' | 'quotaBytes'>,
  image: ProcessedImage,
  ownerId: string | null,
): Promise<StoredImage> {
  // The check that counts: with the re-encoded size, just before anything is stored (once per image).
  const outputBytes = image.outputs.reduce((sum, output) => sum + output.buffer.length, 0);
  await assertWithinMediaQuota(deps, ownerId, outputBytes);
  const storedNow: string[] = [];
  try {
    for (const output of image.outputs) {
      if (await deps.storage.stat(output.key)) continue;
      await deps.storage.put(output.key, output.buffer, { contentType: output.contentType });
      storedNow.push(output.key);
    }
    const row = await deps.media.createMediaObject({
      id: ulid(),
      ownerId,
      kind: 'image',
      status: 'ready',
      width: image.width,
      height: image.height,
      variants: image.outputs.map((output) => output.variant),
    });
    return {
      asset: { id: row.id, width: image.width, height: image.height, variants: row.variants },
      storedKeys: storedNow,
    };
  } catch (error) {
    await Promise.allSettled(storedNow.map((key) => deps.storage.delete(key)));
    throw error;
  }
}

function imageUploadOptions(deps: ImageDeps, maxBytes = MAX_IMAGE_BYTES): ReceiveUploadOptions {
  return {
    maxBytes,
    acceptedMimeTypes: ACCEPTED_IMAGE_MIME_TYPES,
    unsupportedMessage: SERVER_MESSAGES.unsupportedImage,
    uploadDir: deps.uploadDir,
  };
}

/**
 * The whole path for an image upload route: check the quota (before the body is read), receive, check, re-encode,
 * store, record. The image is kept: a row that refers to it comes later (a product, a profile), and one that never
 * does is left to the sweep of unreferenced media.
 */
export async function acceptImageUpload(
  request: FastifyRequest,
  deps: ImageDeps,
  options: { ownerId: string | null; maxBytes?: number },
): Promise<ImageAsset> {
  await assertWithinMediaQuota(deps, options.ownerId);
  return withUpload(request, imageUploadOptions(deps, options.maxBytes), async (upload) =>
    storeImageAsset(deps, await processImage(upload.path), options.ownerId),
  );
}

/**
 * The images one request stores for a change that may still fail (a product edit with several images, an avatar):
 * when the change fails, discard() removes every image the batch stored, rows and files, so nothing is left that
 * no row refers to. Call it only when the change did not commit: once it has, the images are the product's or the
 * profile's (a failed read-back afterwards is no reason to remove them).
 */
export interface ImageBatch {
  /** One image part of a multipart body that carries several (PATCH /api/v1/products/{id}). */
  acceptPart(part: MultipartFile): Promise<ImageAsset>;
  /** The request's one file (avatar, cover). */
  acceptUpload(request: FastifyRequest): Promise<ImageAsset>;
  discard(): Promise<void>;
}

export function createImageBatch(deps: ImageDeps, options: { ownerId: string | null }): ImageBatch {
  const stored: StoredImage[] = [];
  let quotaChecked = false;
  /**
   * Before the first file's bytes are read, refuses an owner whose quota is used up already: once per request,
   * not per image (each image is checked again, with its size, before it is stored).
   */
  const refuseWhenQuotaUsedUp = async () => {
    if (quotaChecked) return;
    await assertWithinMediaQuota(deps, options.ownerId);
    quotaChecked = true;
  };
  const store = async (filePath: string) => {
    const image = await storeImage(deps, await processImage(filePath), options.ownerId);
    stored.push(image);
    return image.asset;
  };
  return {
    async acceptPart(part) {
      await refuseWhenQuotaUsedUp();
      return withUploadedPart(part, imageUploadOptions(deps), (upload) => store(upload.path));
    },
    async acceptUpload(request) {
      await refuseWhenQuotaUsedUp();
      return withUpload(request, imageUploadOptions(deps), (upload) => store(upload.path));
    },
    async discard() {
      const images = stored.splice(0);
      // Rows first: a row never refers to a file that is gone. One case this cannot see: another upload of the
      // same bytes that, in the meantime, found these keys stored and wrote its row over them without storing
      // them again. Its files are deleted here, and nothing brings them back (the sweep of unreferenced media
      // removes rows no one refers to; it restores no file): that image answers 404 until the same bytes are
      // uploaded once more, which stores the keys anew. Checking for other rows' references before deleting a
      // key would close this.
      for (const image of images) await deps.media.deleteMediaObject(image.asset.id);
      await Promise.allSettled(
        images.flatMap((image) => image.storedKeys.map((key) => deps.storage.delete(key))),
      );
    },
  };
}

function toImageError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const message = (error as Error | undefined)?.message ?? '';
  if (/pixel limit/i.test(message)) {
    return new AppError('payload-too-large', SERVER_MESSAGES.imageTooManyPixels, {
      maxPixels: MAX_IMAGE_PIXELS,
    });
  }
  // Anything libvips cannot decode (truncated, corrupt, lying header) is the file's fault, not ours.
  return new AppError('bad-request', SERVER_MESSAGES.imageUnreadable, { cause: message.slice(0, 200) });
}
