// Image uploads for signed-in users: one file per request (the product form shows progress per image), answered
// with the stored image's id, size and URLs. Products and profiles refer to images by that id. Video uploads
// (a klip's video, docs/product.md "Klip video upload") answer the video's id while its transcode job is queued;
// a klip refers to it by that id (`videoId`) and follows its processing (decision 0040).
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductImageSchema } from '../../shared/contracts/products.ts';
import { HTTP_MESSAGES } from '../../shared/shell-messages.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { findFfmpeg } from './ffmpeg.ts';
import { acceptImageUpload, type ImageDeps } from './images.service.ts';
import { buildImageUrls } from './media-urls.ts';
import { uploadScope } from './uploads.ts';
import { acceptVideoUpload, TRANSCODE_VIDEO_JOB, transcodeDedupeKey } from './videos.service.ts';

export interface MediaUploadRoutesOptions {
  config: Config;
  images: ImageDeps;
  requireUser: preHandlerAsyncHookHandler;
  /** Where a video upload queues its transcode. */
  jobs: {
    create(job: { type: string; payload: Record<string, unknown>; dedupeKey?: string }): Promise<string>;
  };
}

const VideoUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.string(), status: z.literal('processing'), durationMs: z.number() }),
});

export function mediaUploadRoutes({ config, images, requireUser, jobs }: MediaUploadRoutesOptions) {
  return uploadScope((scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/media/images',
      {
        onRequest: requireUser,
        schema: {
          tags: ['media'],
          summary: 'Upload an image (multipart, one file); it is stored re-encoded in several sizes',
          consumes: ['multipart/form-data'],
          response: { 201: z.object({ success: z.literal(true), data: ProductImageSchema }) },
        },
      },
      async (request, reply) => {
        const ownerId = request.userId;
        if (!ownerId) throw new AppError('unauthorized', HTTP_MESSAGES.unauthorized);
        const image = await acceptImageUpload(request, images, { ownerId });
        const data = {
          id: image.id,
          width: image.width,
          height: image.height,
          ...buildImageUrls(image.variants, config),
        };
        return reply.code(201).send({ success: true as const, data });
      },
    );

    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/media/videos',
      {
        onRequest: requireUser,
        schema: {
          tags: ['media'],
          summary: 'Upload a klip’s video (multipart, one file); it is transcoded afterwards',
          consumes: ['multipart/form-data'],
          response: { 201: VideoUploadResponseSchema },
        },
      },
      async (request, reply) => {
        const ownerId = request.userId;
        if (!ownerId) throw new AppError('unauthorized', HTTP_MESSAGES.unauthorized);
        const ffmpeg = await findFfmpeg(config);
        const video = await acceptVideoUpload(request, { ...images, ffmpeg }, { ownerId });
        // Queued after the row exists; if this fails, the row (no job holds it) is the sweep's after its grace.
        await jobs.create({
          type: TRANSCODE_VIDEO_JOB,
          payload: { mediaId: video.mediaId, sourceKey: video.sourceKey },
          dedupeKey: transcodeDedupeKey(video.mediaId),
        });
        const data = { id: video.mediaId, status: 'processing' as const, durationMs: video.durationMs };
        return reply.code(201).send({ success: true as const, data });
      },
    );
  });
}
