// Video uploads and their transcode job. An upload is checked (magic bytes, size, probe: picture and duration),
// its original stored under a private key and recorded as 'processing'; the job 'media.transcode-video' turns it
// into the served MP4s (720x1280 and 480x854) and the poster (with its WebP/AVIF/JPEG variants), marks the row
// ready and the klips that use it active (or failed). The job is idempotent: re-running it after a crash at any
// point finishes the work or changes nothing.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { ulid } from 'ulid';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Executor } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { createKlipsRepository } from '../modules/klips/klips.repository.ts';
import { StorageNotFoundError, type StorageProvider } from '../storage/storage-provider.ts';
import { MAX_VIDEO_BYTES } from '../../shared/constants.ts';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import {
  assertVideoWithinLimits,
  FfmpegError,
  findFfmpeg,
  isVideoInputType,
  probeMedia,
  transcodeVideo,
  type FfmpegTools,
  type VideoInputType,
} from './ffmpeg.ts';
import { assertWithinMediaQuota, processImage } from './images.service.ts';
import { assertCompleteBoxes } from './video-boxes.ts';
import { createMediaRepository, type MediaRepository } from './media.repository.ts';
import type { MediaVariant } from '../db/tables/media-objects.ts';
import { withUpload } from './uploads.ts';

export const TRANSCODE_VIDEO_JOB = 'media.transcode-video';

/** One transcode of a video queued or running at a time: a retry while one runs adds nothing. */
export function transcodeDedupeKey(mediaId: string): string {
  return `${TRANSCODE_VIDEO_JOB}:${mediaId}`;
}

/**
 * A klip's status follows its video (docs/product.md "Klip", decision 0040): ready makes the klips that use it
 * active, failed makes them failed with the reason. Only klips still processing change, so running it again (a
 * re-run job, a crash between the video's row and this) changes nothing more.
 */
export async function settleKlips(db: Executor, mediaId: string): Promise<void> {
  const media = await createMediaRepository(db).findMediaObject(mediaId);
  if (!media || media.status === 'processing') return;
  await createKlipsRepository(db).settleProcessingKlipsOfVideo(
    mediaId,
    media.status === 'ready'
      ? { status: 'active' }
      : { status: 'failed', reason: media.failureReason ?? SERVER_MESSAGES.videoProcessingFailed },
  );
}

/** MP4 (and Apple's M4V flavour of it), MOV and WebM, as file-type names them from magic bytes. */
export const ACCEPTED_VIDEO_MIME_TYPES = [
  'video/mp4',
  'video/x-m4v',
  'video/quicktime',
  'video/webm',
] as const satisfies readonly VideoInputType[];

/**
 * The type the client declared for the file part: a video type, or none the browser knew (empty,
 * application/octet-stream). A file sent as text, an image or a document is refused before it is read, whatever
 * its bytes; what is accepted is still decided from the bytes.
 */
export function isDeclaredVideoType(declared: string): boolean {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  return type === '' || type === 'application/octet-stream' || type.startsWith('video/');
}

// Originals are kept under a prefix the media route never serves, and only until the transcode is done.
const ORIGINALS_PREFIX = 'originals/';

export interface VideoUploadDeps {
  storage: StorageProvider;
  media: MediaRepository;
  ffmpeg: FfmpegTools;
  uploadDir?: string | undefined;
  /** Bytes of stored media one user may hold; defaults to MEDIA_QUOTA_BYTES_PER_USER. */
  quotaBytes?: number | undefined;
}

export interface AcceptedVideo {
  mediaId: string;
  sourceKey: string;
  durationMs: number;
}

/**
 * Receives a video, refuses what cannot become a klip, stores the original and records a 'processing' row.
 * The caller enqueues TRANSCODE_VIDEO_JOB with { mediaId, sourceKey }. The owner's media quota (decision 0030) is
 * checked before the body is read (refused at once when used up) and again with the original's size before it is
 * stored: the original counts until its transcode is done, then the MP4 and poster do.
 */
export async function acceptVideoUpload(
  request: FastifyRequest,
  deps: VideoUploadDeps,
  options: { ownerId: string | null; maxBytes?: number },
): Promise<AcceptedVideo> {
  await assertWithinMediaQuota(deps, options.ownerId);
  return withUpload(
    request,
    {
      maxBytes: options.maxBytes ?? MAX_VIDEO_BYTES,
      acceptedMimeTypes: ACCEPTED_VIDEO_MIME_TYPES,
      unsupportedMessage: SERVER_MESSAGES.unsupportedVideo,
      isDeclaredTypeAccepted: isDeclaredVideoType,
      declaredTypeMessage: SERVER_MESSAGES.videoDeclaredType,
      uploadDir: deps.uploadDir,
    },
    async (upload) => {
      // withUpload let through only ACCEPTED_VIDEO_MIME_TYPES, each a VideoInputType.
      const inputType = upload.mime as VideoInputType;
      if (inputType !== 'video/webm') await assertCompleteBoxes(upload.path);
      let probe;
      try {
        probe = await probeMedia(deps.ffmpeg, upload.path, inputType);
      } catch (error) {
        if (error instanceof FfmpegError) throw new AppError('bad-request', SERVER_MESSAGES.videoUnreadable);
        throw error;
      }
      assertVideoWithinLimits(probe);
      await assertWithinMediaQuota(deps, options.ownerId, upload.bytes);
      const mediaId = ulid();
      const sourceKey = `${ORIGINALS_PREFIX}${mediaId}.${upload.ext}`;
      try {
        await deps.storage.put(sourceKey, upload.path, { contentType: upload.mime });
        await deps.media.createMediaObject({
          id: mediaId,
          ownerId: options.ownerId,
          kind: 'video',
          status: 'processing',
          durationMs: probe.durationMs,
          sourceKey,
        });
      } catch (error) {
        await deps.storage.delete(sourceKey).catch(() => {});
        throw error;
      }
      return { mediaId, sourceKey, durationMs: probe.durationMs };
    },
  );
}

/** The job's payload as the worker checks it before the handler runs. */
export const TranscodeVideoPayload = z.object({
  mediaId: z.string().min(1),
  sourceKey: z.string().startsWith(ORIGINALS_PREFIX),
});
export type TranscodeVideoPayload = z.infer<typeof TranscodeVideoPayload>;

export interface JobLogger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

export interface TranscodeVideoDeps {
  db: Executor;
  storage: StorageProvider;
  config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH'>;
  log: JobLogger;
  /** Scratch space for the original and the outputs; defaults to the OS temp folder. */
  workRoot?: string;
  /** The job's time limit: stops ffmpeg. */
  signal?: AbortSignal;
}

/**
 * Job handler for TRANSCODE_VIDEO_JOB. Throws on failures worth retrying (storage, database, ffmpeg missing);
 * a file ffmpeg cannot read, or one over the limits, marks the row failed and returns, since a retry would fail
 * the same way.
 */
export async function transcodeVideoJob(
  payload: TranscodeVideoPayload,
  deps: TranscodeVideoDeps,
): Promise<void> {
  const media = createMediaRepository(deps.db);
  const log = deps.log;
  const row = await media.findMediaObject(payload.mediaId);
  if (!row || row.status !== 'processing') {
    // Done before (a crash after marking ready), failed for good, or deleted meanwhile: only the original may be left.
    await deps.storage.delete(payload.sourceKey);
    await settleKlips(deps.db, payload.mediaId);
    log.info({ mediaId: payload.mediaId, status: row?.status ?? 'missing' }, 'transcode skipped');
    return;
  }

  const tools = await findFfmpeg(deps.config);
  const workDir = await fsp.mkdtemp(path.join(deps.workRoot ?? os.tmpdir(), 'lootklip-transcode-'));
  try {
    const inputPath = path.join(workDir, 'original');
    try {
      await pipeline(await deps.storage.createReadStream(payload.sourceKey), fs.createWriteStream(inputPath));
    } catch (error) {
      if (!(error instanceof StorageNotFoundError)) throw error;
      await media.markVideoFailed(payload.mediaId, SERVER_MESSAGES.videoProcessingFailed);
      await settleKlips(deps.db, payload.mediaId);
      log.warn(
        { mediaId: payload.mediaId, sourceKey: payload.sourceKey },
        'transcode source missing; marked failed',
      );
      return;
    }

    let result;
    try {
      // The type is decided again from the bytes (as at upload) and fixes the demuxer ffmpeg may use.
      const detected = (await fileTypeFromFile(inputPath))?.mime;
      if (!isVideoInputType(detected)) throw new FfmpegError(`not an accepted video type: ${detected}`, '');
      result = await transcodeVideo(tools, inputPath, workDir, detected, { signal: deps.signal });
    } catch (error) {
      if (!(error instanceof FfmpegError) && !(error instanceof AppError)) throw error;
      const reason = error instanceof AppError ? error.message : SERVER_MESSAGES.videoProcessingFailed;
      await media.markVideoFailed(payload.mediaId, reason);
      await settleKlips(deps.db, payload.mediaId);
      await deps.storage.delete(payload.sourceKey);
      log.warn(
        { mediaId: payload.mediaId, error: error.message, stderr: (error as FfmpegError).stderr },
        'transcode failed',
      );
      return;
    }

    // Content-addressed keys make the puts idempotent: a re-run writes the same key or a fresh one, never a mix.
    const store = (filePath: string, toKey: (hash: string) => string) =>
      storeContentAddressed(deps.storage, filePath, 'mp4', 'video/mp4', toKey);
    const hd = await store(result.videoPath, (hash) => `vid/${hash}.mp4`);
    const sd = await store(result.sdVideoPath, (hash) => `vid/${hash}.mp4`);
    const poster = await storeContentAddressed(
      deps.storage,
      result.posterPath,
      'jpeg',
      'image/jpeg',
      (hash) => `vid/${hash}-poster.jpg`,
    );
    // The poster in the image variants every picture has (WebP, AVIF, JPEG by width), kept with the video's own
    // variants: the klip's srcSet, counted in the quota and removed with the video (decision 0040).
    const posterImage = await processImage(result.posterPath);
    for (const output of posterImage.outputs) {
      if (!(await deps.storage.stat(output.key)))
        await deps.storage.put(output.key, output.buffer, { contentType: output.contentType });
    }
    const variant: MediaVariant = { ...hd, width: result.width, height: result.height };
    const variants: MediaVariant[] = [
      variant,
      { ...sd, width: result.sdWidth, height: result.sdHeight },
      ...posterImage.outputs.map((output) => output.variant),
    ];
    await media.markVideoReady(payload.mediaId, {
      width: result.width,
      height: result.height,
      durationMs: result.durationMs,
      variants,
      poster: { ...poster, width: result.width, height: result.height },
    });
    await settleKlips(deps.db, payload.mediaId);
    await deps.storage.delete(payload.sourceKey);
    log.info({ mediaId: payload.mediaId, key: variant.key, bytes: variant.bytes }, 'video transcoded');
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The give-up hook of TRANSCODE_VIDEO_JOB (worker.ts onGiveUp): the last attempt failed on a fault a retry might
 * get past, so the video is failed with a reason its owner can read and act on, its original kept, and the klips
 * still processing with it follow (settleKlips). The owner's retry (POST /api/v1/klips/{id}/retry) queues the
 * transcode again. A video done or failed meanwhile is left as it is.
 */
export async function giveUpTranscode(
  payload: TranscodeVideoPayload,
  deps: Pick<TranscodeVideoDeps, 'db' | 'log'>,
  error: string,
): Promise<void> {
  await createMediaRepository(deps.db).markVideoGaveUp(
    payload.mediaId,
    SERVER_MESSAGES.videoProcessingGaveUp,
  );
  await settleKlips(deps.db, payload.mediaId);
  deps.log.warn({ mediaId: payload.mediaId, error }, 'transcode gave up; video and its klips marked failed');
}

async function storeContentAddressed(
  storage: StorageProvider,
  filePath: string,
  format: MediaVariant['format'],
  contentType: string,
  toKey: (hash: string) => string,
): Promise<{ key: string; format: MediaVariant['format']; bytes: number }> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(filePath)) hash.update(chunk as Buffer);
  const key = toKey(hash.digest('hex'));
  const { size } = await fsp.stat(filePath);
  if (!(await storage.stat(key))) await storage.put(key, filePath, { contentType });
  return { key, format, bytes: size };
}
