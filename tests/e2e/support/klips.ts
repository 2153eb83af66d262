// Klips for browser tests, made the way a seller makes one: a real video (ffmpeg's test pattern) uploaded to
// POST /media/videos, the klip created with it, then waited on until its transcode job has made it active.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFfmpeg } from '../../../src/server/media/ffmpeg.ts';
import type { TestApi } from './api.ts';

const execFileAsync = promisify(execFile);
const ACTIVE_DEADLINE_MS = 60_000;
const POLL_INTERVAL_MS = 250;

/** A short portrait MP4 with sound (ffmpeg's moving test pattern and a tone), as bytes. */
export async function createTestVideo({
  seconds = 2,
  width = 180,
  height = 320,
}: { seconds?: number; width?: number; height?: number } = {}): Promise<Buffer> {
  const tools = await findFfmpeg({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lootklip-e2e-video-'));
  const file = path.join(dir, 'klip.mp4');
  try {
    // prettier-ignore
    await execFileAsync(tools.ffmpegPath, [
      '-hide_banner', '-v', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=${width}x${height}:rate=15`,
      '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
    ]);
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Uploads a video (multipart, field `file`) and returns the media id. */
export async function uploadVideo(api: TestApi, token: string, video: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), 'klip.mp4');
  const answer = await api('/media/videos', { method: 'POST', body: form, token });
  return answer.data.id as string;
}

export type TestKlip = { id: string; title: string; productId: string | null };

/** Creates a klip from `video` (a fresh 2 s one when not given) and waits until it is active. */
export async function createKlip(
  api: TestApi,
  token: string,
  {
    title,
    description = '',
    tags = [],
    productId = null,
    video,
  }: { title: string; description?: string; tags?: string[]; productId?: string | null; video?: Buffer },
): Promise<TestKlip> {
  const videoId = await uploadVideo(api, token, video ?? (await createTestVideo()));
  const created = await api('/content', {
    method: 'POST',
    token,
    json: { type: 'klip', title, description, tags, productId, videoId },
  });
  const id = created.klip.id as string;
  await waitForActiveKlip(api, token, id);
  return { id, title, productId };
}

/** Polls GET /klips/{id} until the klip is active; throws with its failure reason when it failed. */
export async function waitForActiveKlip(api: TestApi, token: string, id: string): Promise<void> {
  const deadline = Date.now() + ACTIVE_DEADLINE_MS;
  while (Date.now() < deadline) {
    const { klip } = await api(`/klips/${id}`, { token });
    if (klip.status === 'active') return;
    if (klip.status === 'failed') throw new Error(`klip ${id} failed: ${klip.failureReason}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  throw new Error(`klip ${id} was not active within ${ACTIVE_DEADLINE_MS} ms`);
}
