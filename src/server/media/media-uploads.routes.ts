// Image uploads for signed-in users: one file per request (the product form shows progress per image), answered
// with the stored image's id, size and URLs. Products and profiles refer to images by that id.
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ProductImageSchema } from '../../shared/contracts/products.ts';
import { HTTP_MESSAGES } from '../../shared/messages.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import type { StorageProvider } from '../storage/storage-provider.ts';
import { acceptImageUpload } from './images.ts';
import { buildImageUrls } from './media-urls.ts';
import type { MediaRepository } from './media.repository.ts';
import { uploadScope } from './uploads.ts';

export interface MediaUploadRoutesOptions {
  config: Config;
  storage: StorageProvider;
  media: MediaRepository;
  requireUser: preHandlerAsyncHookHandler;
}

export function mediaUploadRoutes({ config, storage, media, requireUser }: MediaUploadRoutesOptions) {
  return uploadScope((scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/media/images',
      {
        onRequest: requireUser,
        schema: {
          tags: ['media'],
          consumes: ['multipart/form-data'],
          response: { 201: z.object({ success: z.literal(true), data: ProductImageSchema }) },
        },
      },
      async (request, reply) => {
        const ownerId = request.userId;
        if (!ownerId) throw new AppError('unauthorized', HTTP_MESSAGES.unauthorized);
        const image = await acceptImageUpload(
          request,
          { storage, media, quotaBytes: config.MEDIA_QUOTA_BYTES },
          { ownerId },
        );
        const data = {
          id: image.id,
          width: image.width,
          height: image.height,
          ...buildImageUrls(image.variants, config),
        };
        return reply.code(201).send({ success: true as const, data });
      },
    );
  });
}
