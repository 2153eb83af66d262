// Images stored for a change are removed again only when the change did not commit. Here the change commits and
// the read-back after it fails (the repositories below fail every read once the write is made): the images stay,
// rows and files, and the product or profile still refers to them; the request fails with the read's own error.
import fs from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { createOfferSchedule } from '../modules/offers/offer-schedule.ts';
import { createProductsRepository } from '../modules/products/products.repository.ts';
import { productsRoutes } from '../modules/products/products.routes.ts';
import { createProductsService } from '../modules/products/products.service.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { usersRoutes } from '../modules/users/users.routes.ts';
import { createUsersService } from '../modules/users/users.service.ts';
import { createStorage } from '../storage/create-storage.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../test/create-test-app.ts';
import { SELLER_CONTACT } from '../test/product-body.ts';
import { createMediaRepository } from './media.repository.ts';
import { buildMultipartHead, MULTIPART_BOUNDARY, MULTIPART_CONTENT_TYPE } from './media.test-helpers.ts';

const READ_BACK_FAILED = 'read-back failed (test)';

let t: TestApp;
let app: FastifyInstance;
let seller: { token: string; uid: string };
/** Set by a repository's write; from then on its reads fail. */
let written = false;

const failedRead = () => Promise.reject(new Error(READ_BACK_FAILED));

const makePng = (background: string) =>
  sharp({ create: { width: 40, height: 40, channels: 3, background } })
    .png()
    .toBuffer();

beforeAll(async () => {
  // The real app signs the seller up and creates the product; the routes under test run on a second app over the
  // same database and storage, with repositories that fail their reads after a write.
  t = await createTestApp();
  seller = await signUpTestUser(t.app, 'meera.makes', { address: '10.6.0.1' });
  const { db } = t.testDatabase.database;
  const products = createProductsService({
    db,
    config: t.config,
    clearContentLists: () => {},
    offerSchedule: createOfferSchedule(db),
    createRepository: (executor) => {
      const repository = createProductsRepository(executor);
      return {
        ...repository,
        findById: (id) => (written ? failedRead() : repository.findById(id)),
        update: async (...args) => {
          await repository.update(...args);
          written = true;
        },
      };
    },
  });
  const usersRepository = createUsersRepository(db);
  const users = createUsersService({
    db,
    config: t.config,
    users: {
      ...usersRepository,
      findById: (id) => (written ? failedRead() : usersRepository.findById(id)),
      setImage: async (...args) => {
        written = await usersRepository.setImage(...args);
        return written;
      },
    },
  });
  const images = { storage: createStorage(t.config), media: createMediaRepository(db) };
  const requireUser = async (request: { userId?: string }) => {
    request.userId = seller.uid;
  };
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, _request, reply) =>
    reply
      .status(error instanceof AppError ? error.status : 500)
      .send({ success: false, message: (error as Error).message }),
  );
  await app.register(productsRoutes, { products, images, requireUser, optionalUser: requireUser });
  await app.register(usersRoutes, {
    users,
    products: { list: (query) => products.list(query) },
    config: t.config,
    images,
    requireUser,
    optionalUser: requireUser,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const database = () => t.testDatabase.database.db;

/** Each of the media rows exists, and each of its variants' files is in storage. */
async function expectStored(mediaIds: string[]) {
  for (const id of mediaIds) {
    const row = await database()
      .selectFrom('media_objects')
      .select('variants')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row, id).toBeDefined();
    for (const variant of row!.variants) {
      await expect(fs.stat(path.join(t.config.dataDir, 'media', variant.key))).resolves.toBeTruthy();
    }
  }
}

describe('a change that committed keeps its images when the read-back fails', () => {
  it('product edit: the new images stay, rows and files, in the product', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: { authorization: `Bearer ${seller.token}` },
      payload: {
        type: 'product',
        name: 'Jute Basket',
        price: 450,
        category: 'Home',
        images: [],
        ...SELLER_CONTACT,
      },
    });
    expect(created.statusCode).toBe(201);
    const productId = created.json().product.id as string;
    written = false;
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/v1/products/${productId}`,
      headers: { 'content-type': MULTIPART_CONTENT_TYPE },
      payload: Buffer.concat([
        Buffer.from(
          `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"price":500}\r\n`,
        ),
        buildMultipartHead('one.png', 'image/png', 'images'),
        await makePng('#2a9d8f'),
        Buffer.from('\r\n'),
        buildMultipartHead('two.png', 'image/png', 'images'),
        await makePng('#e9c46a'),
        Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`),
      ]),
    });
    expect(written).toBe(true);
    // The read's own error, not one from removing images a saved product refers to.
    expect(response.json()).toMatchObject({ message: READ_BACK_FAILED });
    written = false;
    const product = (await t.app.inject(`/api/v1/products/${productId}`)).json().product;
    expect(product.price).toBe(500);
    expect(product.images).toHaveLength(2);
    await expectStored(product.images.map((image: { id: string }) => image.id));
  });

  it('avatar: the new image stays, row and files, and is still the avatar', async () => {
    written = false;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/users/avatar',
      headers: { 'content-type': MULTIPART_CONTENT_TYPE },
      payload: Buffer.concat([
        buildMultipartHead('me.png', 'image/png'),
        await makePng('#f4a261'),
        Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`),
      ]),
    });
    expect(written).toBe(true);
    expect(response.json()).toMatchObject({ message: READ_BACK_FAILED });
    written = false;
    const user = await database()
      .selectFrom('users')
      .select('avatar_media_id')
      .where('id', '=', seller.uid)
      .executeTakeFirstOrThrow();
    expect(user.avatar_media_id).not.toBeNull();
    await expectStored([user.avatar_media_id!]);
  });
});
