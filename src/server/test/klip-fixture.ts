// A klip for tests that need one as shoppers see it: a 1 s portrait video (small, so that the two renditions stay
// quick on a shared machine) stored as the upload route stores one (the original and a 'processing' media row), the
// klip created through POST /api/v1/content, and transcoded by the real job unless told not to. Answered as its
// owner reads it.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ulid } from 'ulid';
import { expect } from 'vitest';
import type { Klip } from '../../shared/contracts/klips.ts';
import { findFfmpeg } from '../media/ffmpeg.ts';
import { createMediaRepository } from '../media/media.repository.ts';
import { transcodeVideoJob } from '../media/videos.service.ts';
import { createStorage } from '../storage/create-storage.ts';
import type { TestApp } from './create-test-app.ts';

export async function createTestKlip(
  t: TestApp,
  seller: { token: string; uid: string },
  {
    title,
    description = '',
    productId = null,
    transcode = true,
  }: { title: string; description?: string; productId?: string | null; transcode?: boolean },
): Promise<Klip> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-test-klip-'));
  try {
    const clip = path.join(workDir, 'clip.mp4');
    const tools = await findFfmpeg({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
    // prettier-ignore
    await promisify(execFile)(tools.ffmpegPath, [
      '-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=duration=1:size=180x320:rate=15',
      '-c:v', 'libx264', '-preset', 'ultrafast', clip,
    ]);
    const storage = createStorage(t.config);
    const db = t.testDatabase.database.db;
    const mediaId = ulid();
    const sourceKey = `originals/${mediaId}.mp4`;
    await storage.put(sourceKey, clip, { contentType: 'video/mp4' });
    await createMediaRepository(db).createMediaObject({
      id: mediaId,
      ownerId: seller.uid,
      kind: 'video',
      status: 'processing',
      durationMs: 1000,
      sourceKey,
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content',
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { type: 'klip', title, description, videoId: mediaId, productId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().klip as Klip;
    if (transcode) {
      const log = { info: () => {}, warn: () => {} };
      await transcodeVideoJob({ mediaId, sourceKey }, { db, storage, config: t.config, log });
    }
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/klips/${id}`,
      headers: { authorization: `Bearer ${seller.token}` },
    });
    return read.json().klip as Klip;
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
