// The demo klips' videos (decision 0042). The seed records each demo klip as a seller's upload
// would leave it: a 'processing' video row whose original is to be at `originals/{id}.mp4`, and the klip
// 'processing'. This job draws that original with ffmpeg's lavfi sources (a portrait picture and a quiet tone: no
// network, no fonts), stores it where an upload stores its original, and queues the real transcode job under its
// dedupe key; the transcode makes the klip active. Drawing happens here, after the server listens, not in the seed:
// the first start serves Home without waiting for sixteen encodes.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Executor } from '../db/transaction.ts';
import type { JobsRepository } from '../jobs/jobs.repository.ts';
import { defineJob, type JobContext } from '../jobs/worker.ts';
import { findFfmpeg } from '../media/ffmpeg.ts';
import { createMediaRepository } from '../media/media.repository.ts';
import {
  giveUpTranscode,
  settleKlips,
  TRANSCODE_VIDEO_JOB,
  TranscodeVideoPayload,
  transcodeDedupeKey,
  type JobLogger,
} from '../media/videos.service.ts';
import type { StorageProvider } from '../storage/storage-provider.ts';
import { DEMO_CREATORS } from './demo-creators.ts';
import { DEMO_KLIPS, type DemoKlip, type DemoKlipPattern } from './demo-klips.ts';

const execFileAsync = promisify(execFile);

export const DEMO_KLIP_VIDEO_JOB = 'seed.demo-klip-video';

/**
 * Where an upload keeps its original until the transcode is done (videos.service.ts); TranscodeVideoPayload checks
 * it.
 */
export function demoKlipSourceKey(mediaId: string): string {
  return `originals/${mediaId}.mp4`;
}

/** Which demo klip (by its title in demo-klips.ts) and the video row its original belongs to. */
export const DemoKlipVideoPayload = z.object({
  mediaId: z.string().min(1),
  sourceKey: z.string().min(1),
  title: z.string().min(1),
});
export type DemoKlipVideoPayload = z.infer<typeof DemoKlipVideoPayload>;

/** Portrait 9:16, small: the transcode scales it to 720x1280 and 480x854 as it does a phone's video. */
const WIDTH = 360;
const HEIGHT = 640;
const FRAME_RATE = 24;
const TONE_VOLUME = 0.05;
const DRAW_TIMEOUT_MS = 2 * 60_000;
const DRAW_TIME_LIMIT_MS = 5 * 60_000;

const hex = (colour: string) => `0x${colour.replace(/^#/, '')}`;

/** The lavfi graph of a pattern; colours from the creator's palette, hues turning once over the clip. */
export function drawPicture(pattern: DemoKlipPattern, seconds: number, palette: [string, string]): string {
  const size = `s=${WIDTH}x${HEIGHT}:r=${FRAME_RATE}`;
  const turn = `hue=H=2*PI*t/${seconds}`;
  const [a, b] = palette.map(hex);
  switch (pattern) {
    case 'testsrc2':
      return `testsrc2=${size}`;
    case 'testsrc':
      return `testsrc=${size}`;
    case 'smptebars':
      return `smptehdbars=${size},${turn}`;
    case 'pal100bars':
      return `pal100bars=${size},hue=H=-2*PI*t/${seconds}`;
    case 'mandelbrot':
      return `mandelbrot=${size}`;
    case 'life':
      return `life=${size}:mold=10:ratio=0.3:life_color=${a}:mold_color=${b}:death_color=0x101010`;
    case 'cellauto':
      return `cellauto=${size}:rule=110`;
    case 'rgbtestsrc':
      return `rgbtestsrc=${size},${turn}`;
    case 'yuvtestsrc':
      return `yuvtestsrc=${size},${turn}`;
    case 'gradients':
      return `gradients=${size}:c0=${a}:c1=${b}:speed=0.03`;
    case 'colorspectrum':
      return `colorspectrum=${size},${turn}`;
    case 'sierpinski':
      return `sierpinski=${size}`;
    case 'colorchart':
      return `colorchart=patch_size=64x64:r=${FRAME_RATE},transpose=1,scale=${WIDTH}:${HEIGHT},setsar=1,${turn}`;
    case 'palette':
      // A block of the second colour drifting over a field of the first, the hue swaying.
      return (
        `color=c=${a}:${size}[field];color=c=${b}:s=160x160:r=${FRAME_RATE}[block];` +
        `[field][block]overlay=x='(W-w)/2+110*sin(t*1.7)':y='(H-h)/2+220*cos(t*1.1)',hue=H=0.6*sin(t)[out0]`
      );
  }
}

/**
 * Draws the klip's original as an H.264/AAC MP4. A source this ffmpeg lacks (gradients came in 4.4, colorspectrum
 * in 5.0) falls back to testsrc2, which every supported ffmpeg has.
 */
export async function drawDemoKlipVideo(
  config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH'>,
  klip: DemoKlip,
  palette: [string, string],
  outPath: string,
  signal?: AbortSignal,
): Promise<void> {
  const tools = await findFfmpeg(config);
  const { seconds, toneHz } = klip.video;
  const draw = (picture: string) =>
    // prettier-ignore
    execFileAsync(tools.ffmpegPath, [
      '-hide_banner', '-nostdin', '-v', 'error', '-y',
      '-f', 'lavfi', '-i', picture,
      '-f', 'lavfi', '-i', `sine=frequency=${toneHz}:sample_rate=44100,volume=${TONE_VOLUME}`,
      '-t', String(seconds), '-map', '0:v:0', '-map', '1:a:0',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '26', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', '-shortest',
      outPath,
    ], { timeout: DRAW_TIMEOUT_MS, killSignal: 'SIGKILL', ...(signal ? { signal } : {}) });
  try {
    await draw(drawPicture(klip.video.pattern, seconds, palette));
  } catch (error) {
    if (signal?.aborted) throw error;
    await draw(drawPicture('testsrc2', seconds, palette));
  }
}

export interface DemoKlipVideoDeps {
  db: Executor;
  storage: StorageProvider;
  jobs: Pick<JobsRepository, 'create'>;
  config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH'>;
  log: JobLogger;
}

/**
 * Job handler for DEMO_KLIP_VIDEO_JOB; safe to run again at any point. A video no longer processing (transcoded,
 * failed, deleted) is left alone; an original already stored is not drawn again; the transcode is queued under its
 * dedupe key, so twice is once. The transcode is due when this job was (its run_at): queued after it, it still comes
 * before the next demo klip's drawing, so klips become playable one by one rather than all at the end.
 */
export async function demoKlipVideoJob(
  payload: DemoKlipVideoPayload,
  deps: DemoKlipVideoDeps,
  context: Pick<JobContext, 'signal'> & { job: { run_at: Date | string } },
): Promise<void> {
  const media = createMediaRepository(deps.db);
  const row = await media.findMediaObject(payload.mediaId);
  if (!row || row.status !== 'processing') {
    deps.log.info({ mediaId: payload.mediaId, status: row?.status ?? 'missing' }, 'demo klip video skipped');
    return;
  }
  const klip = DEMO_KLIPS.find((candidate) => candidate.title === payload.title);
  const creator = DEMO_CREATORS.find((candidate) => candidate.username === klip?.creator);
  if (!klip || !creator) {
    await media.markVideoFailed(payload.mediaId, `No demo klip titled ${payload.title}`);
    await settleKlips(deps.db, payload.mediaId);
    return;
  }
  const transcode = TranscodeVideoPayload.parse({ mediaId: payload.mediaId, sourceKey: payload.sourceKey });
  if (!(await deps.storage.stat(transcode.sourceKey))) {
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lootklip-demo-klip-'));
    try {
      const file = path.join(workDir, 'original.mp4');
      await drawDemoKlipVideo(deps.config, klip, creator.palette, file, context.signal);
      await deps.storage.put(transcode.sourceKey, file, { contentType: 'video/mp4' });
    } finally {
      await fs.rm(workDir, { recursive: true, force: true });
    }
  }
  await deps.jobs.create({
    type: TRANSCODE_VIDEO_JOB,
    payload: transcode,
    dedupeKey: transcodeDedupeKey(transcode.mediaId),
    runAt: new Date(context.job.run_at),
  });
  deps.log.info(
    { mediaId: payload.mediaId, title: payload.title },
    'demo klip video drawn; transcode queued',
  );
}

/** The job as the runtime registers it (runtime.ts createJobHandlers). */
export function defineDemoKlipVideoJob(deps: DemoKlipVideoDeps) {
  return defineJob({
    schema: DemoKlipVideoPayload,
    timeLimitMs: DRAW_TIME_LIMIT_MS,
    handle: (payload, context) => demoKlipVideoJob(payload, deps, context),
    // Drawing failed for good: the klip says so, as an upload's transcode would (decision 0040), rather than
    // staying processing.
    onGiveUp: (payload, { error }) =>
      giveUpTranscode({ mediaId: payload.mediaId, sourceKey: payload.sourceKey }, deps, error),
  });
}
