// A photo uploaded through the real route by a test's user, for tests that need a product or profile with photos.
// Each call draws a colour no earlier call in the test file drew: its own content-addressed files, its own row.
import sharp from 'sharp';
import { expect } from 'vitest';
import { buildMultipartBody, MULTIPART_CONTENT_TYPE } from '../media/media.test-helpers.ts';
import type { App } from '../app.ts';

let drawn = 0;

/** Uploads a new 64 px PNG as the user of `token` and answers the media id (the upload must answer 201). */
export async function uploadTestImage(app: App, token: string): Promise<string> {
  drawn += 1;
  const png = await sharp({
    create: {
      width: 64,
      height: 64,
      channels: 3,
      background: { r: drawn % 256, g: Math.floor(drawn / 256) % 256, b: 120 },
    },
  })
    .png()
    .toBuffer();
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/media/images',
    headers: { authorization: `Bearer ${token}`, 'content-type': MULTIPART_CONTENT_TYPE },
    payload: buildMultipartBody('photo.png', 'image/png', png),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}
