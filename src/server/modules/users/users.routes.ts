// Users API of docs/product.md "Users": public profiles, the username check, and the signed-in user's own profile,
// avatar and cover. Updates take only the fields of ProfileUpdateSchema, always of the caller's own profile.
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ProductListQuerySchema,
  ProductListResponseSchema,
  type ProductListQuery,
} from '../../../shared/contracts/products.ts';
import { toReader } from '../../../shared/domain/privacy.ts';
import {
  CheckUsernameResponseSchema,
  ProfileResponseSchema,
  ProfileUpdateSchema,
} from '../../../shared/contracts/users.ts';
import type { Config } from '../../config.ts';
import { createImageBatch, type ImageDeps } from '../../media/images.service.ts';
import { uploadScope } from '../../media/uploads.ts';
import type { ProductsService } from '../products/products.service.ts';
import type { UsersService } from './users.service.ts';

export interface UsersRoutesOptions {
  users: UsersService;
  /** A creator's products (the content module's product list), as this reader (or nobody signed in) may see them. */
  products: { list(query: ProductListQuery, readerId: string | null): ReturnType<ProductsService['list']> };
  /** Sets request.userId when a token is sent: the user's privacy choices decide what the reader sees. */
  optionalUser: preHandlerAsyncHookHandler;
  config: Config;
  /** Where avatars and covers are stored. */
  images: ImageDeps;
  requireUser: preHandlerAsyncHookHandler;
}

const Uid = z.object({ uid: z.string().max(64) });
const ProductsQuery = ProductListQuerySchema.omit({ type: true, uid: true }).partial();

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, options) => {
  const { users, products, requireUser, optionalUser } = options;
  const profile = { tags: ['users'], response: { 200: ProfileResponseSchema } };

  app.get(
    '/api/v1/users/check-username/:name',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether a username is free to take',
        params: z.object({ name: z.string().max(100) }),
        response: { 200: CheckUsernameResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await users.checkUsername(request.params.name)) }),
  );

  app.get(
    '/api/v1/users/username/:username',
    {
      onRequest: optionalUser,
      schema: {
        ...profile,
        summary: 'Read a user’s profile by username (or a name given up lately)',
        errors: [404],
        params: z.object({ username: z.string().max(100) }),
      },
    },
    async (request) => ({
      success: true as const,
      data: await users.getByUsername(request.params.username, toReader(request.userId)),
    }),
  );

  const ownProfile = { ...profile, summary: 'Read the signed-in user’s profile', errors: [404] as const };
  app.get('/api/v1/users/profile', { onRequest: requireUser, schema: ownProfile }, async (request) => ({
    success: true as const,
    data: await users.getById(request.userId!),
  }));

  for (const url of ['/api/v1/users/profile/:uid', '/api/v1/users/:uid/profile']) {
    const schema = {
      ...profile,
      summary: 'Read a user’s profile by id',
      errors: [404] as const,
      params: Uid,
    };
    app.get(url, { onRequest: optionalUser, schema }, async (request) => ({
      success: true as const,
      data: await users.getById(request.params.uid, toReader(request.userId)),
    }));
  }

  for (const method of ['POST', 'PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/api/v1/users/profile',
      onRequest: requireUser,
      schema: {
        ...profile,
        summary: 'Change the signed-in user’s profile',
        errors: [404, 409],
        body: ProfileUpdateSchema,
      },
      handler: async (request) => ({
        success: true as const,
        data: await users.update(request.userId!, request.body),
      }),
    });
  }

  app.get(
    '/api/v1/users/:uid/content',
    {
      onRequest: optionalUser,
      schema: {
        tags: ['users'],
        summary: 'List a creator’s products',
        errors: [404],
        params: Uid,
        querystring: ProductsQuery,
        response: { 200: ProductListResponseSchema },
      },
    },
    async (request) => {
      await users.getById(request.params.uid);
      const query = ProductListQuerySchema.parse({
        ...request.query,
        type: 'product',
        uid: request.params.uid,
      });
      return { success: true as const, ...(await products.list(query, request.userId ?? null)) };
    },
  );

  await app.register(
    uploadScope((scope) => {
      const typed = scope.withTypeProvider<ZodTypeProvider>();
      for (const [url, field] of [
        ['/api/v1/users/avatar', 'avatar'],
        ['/api/v1/users/cover', 'cover'],
      ] as const) {
        typed.post(
          url,
          {
            onRequest: requireUser,
            schema: {
              ...profile,
              summary: `Upload the signed-in user’s ${field} image (multipart, one file)`,
              errors: [404],
              consumes: ['multipart/form-data'],
            },
          },
          async (request) => {
            // The quota is checked before the body is read; an image whose profile change fails is not kept. Once
            // the change is made the image is the profile's: a failed read-back must not remove it.
            const batch = createImageBatch(options.images, { ownerId: request.userId! });
            const image = await batch.acceptUpload(request);
            try {
              await users.setImage(request.userId!, field, image.id);
            } catch (error) {
              await batch.discard();
              throw error;
            }
            return { success: true as const, data: await users.getById(request.userId!) };
          },
        );
      }
    }),
  );
};
