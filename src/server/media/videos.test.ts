// Videos with the real ffmpeg: finding the binaries, transcoding a generated clip to 720x1280 H.264/AAC with the
// index first, the upload checks, and the idempotent transcode job against PGlite and local storage.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import { findFfmpeg, probeMedia, transcodeVideo, type FfmpegTools } from './ffmpeg.ts';
import {
  buildMultipartBody,
  createMediaTestContext,
  listFiles,
  MULTIPART_CONTENT_TYPE,
  type MediaTestContext,
} from './media.test-helpers.ts';
import { logFfmpeg } from '../runtime.ts';
import { formatBytes } from './uploads.ts';
import { transcodeVideoJob, type JobLogger } from './videos.service.ts';

const execFileAsync = promisify(execFile);
const silentLog: JobLogger = { info: () => {}, warn: () => {} };

let workDir: string;
let tools: FfmpegTools;
let clipPath: string;

/** Lists the top-level MP4 boxes in order, e.g. ['ftyp', 'moov', 'free', 'mdat']. */
async function listTopLevelBoxes(filePath: string): Promise<string[]> {
  const data = await fs.readFile(filePath);
  const boxes: string[] = [];
  let offset = 0;
  while (offset + 8 <= data.length) {
    let size = data.readUInt32BE(offset);
    boxes.push(data.toString('latin1', offset + 4, offset + 8));
    if (size === 1) size = Number(data.readBigUInt64BE(offset + 8));
    if (size === 0) break;
    offset += size;
  }
  return boxes;
}

async function makeClip(name: string, args: string[]): Promise<string> {
  const out = path.join(workDir, name);
  await execFileAsync(tools.ffmpegPath, ['-hide_banner', '-v', 'error', '-y', ...args, out]);
  return out;
}

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lootklip-video-test-'));
  tools = await findFfmpeg({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
  // Landscape 2 s with a tone, so the letterbox and the audio path are both exercised.
  clipPath = await makeClip('clip.mp4', [
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=640x360:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-shortest',
  ]);
});

afterAll(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

describe('findFfmpeg', () => {
  it('prefers FFMPEG_PATH/FFPROBE_PATH, and finds a working ffmpeg without them', async () => {
    expect(tools.version).not.toBe('');
    expect(['path', 'npm']).toContain(tools.source);
    const npmFfmpeg = (await import('@ffmpeg-installer/ffmpeg')).default.path;
    const npmFfprobe = (await import('@ffprobe-installer/ffprobe')).default.path;
    const fromEnv = await findFfmpeg({ FFMPEG_PATH: npmFfmpeg, FFPROBE_PATH: npmFfprobe });
    expect(fromEnv).toMatchObject({ ffmpegPath: npmFfmpeg, ffprobePath: npmFfprobe, source: 'env' });
    await expect(findFfmpeg({ FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: undefined })).rejects.toThrow(
      /FFMPEG_PATH=\/nonexistent\/ffmpeg does not run/,
    );
  });
});

describe('logFfmpeg at start', () => {
  function recordLog() {
    const lines: { level: string; message: string }[] = [];
    const log = {
      info: (_object: object, message?: string) => void lines.push({ level: 'info', message: message ?? '' }),
      warn: (_object: object, message?: string) => void lines.push({ level: 'warn', message: message ?? '' }),
    } as unknown as Parameters<typeof logFfmpeg>[1];
    return { lines, log };
  }

  it("warns when the lookup lands on the npm package's old build", async () => {
    const { lines, log } = recordLog();
    // The lookup lands there only on a machine without ffmpeg on the PATH; this one has it, so say where it landed.
    const npmTools = async () => ({
      ffmpegPath: (await import('@ffmpeg-installer/ffmpeg')).default.path,
      ffprobePath: (await import('@ffprobe-installer/ffprobe')).default.path,
      source: 'npm' as const,
      version: 'N-47683',
    });
    await logFfmpeg({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined }, log, npmTools);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn' });
    expect(lines[0]!.message).toMatch(/old static ffmpeg \(development only\)/);
  });

  it('says which ffmpeg it found, without a warning, for the system one', async () => {
    const { lines, log } = recordLog();
    await logFfmpeg({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined }, log);
    const expected = tools.source === 'npm' ? 'warn' : 'info';
    expect(lines.map((line) => line.level)).toEqual([expected]);
  });
});

describe('transcodeVideo', () => {
  // The npm static build is what a fresh machine has; the system one is what most of us run. Both must work.
  const sources = [
    ['the ffmpeg found first', async () => tools],
    [
      'the npm static ffmpeg',
      async () =>
        findFfmpeg({
          FFMPEG_PATH: (await import('@ffmpeg-installer/ffmpeg')).default.path,
          FFPROBE_PATH: (await import('@ffprobe-installer/ffprobe')).default.path,
        }),
    ],
  ] as const;

  it.each(sources)(
    'makes a 720x1280 H.264/AAC faststart MP4 and a poster with %s',
    async (_name, getTools) => {
      const using = await getTools();
      const outDir = await fs.mkdtemp(path.join(workDir, 'out-'));
      const result = await transcodeVideo(using, clipPath, outDir, 'video/mp4');
      expect(result).toMatchObject({ width: 720, height: 1280 });
      expect(result.durationMs).toBeGreaterThan(1800);
      expect(result.durationMs).toBeLessThan(2300);

      const { stdout } = await execFileAsync(tools.ffprobePath, [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_streams',
        result.videoPath,
      ]);
      const streams = JSON.parse(stdout).streams as {
        codec_type: string;
        codec_name: string;
        width?: number;
        height?: number;
        pix_fmt?: string;
      }[];
      expect(streams.find((stream) => stream.codec_type === 'video')).toMatchObject({
        codec_name: 'h264',
        width: 720,
        height: 1280,
        pix_fmt: 'yuv420p',
      });
      expect(streams.find((stream) => stream.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });

      const boxes = await listTopLevelBoxes(result.videoPath);
      expect(boxes).toContain('moov');
      expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));

      // The small rendition: the same letterboxed frame at 480x854, H.264/AAC, index first too.
      const sd = await probeMedia(tools, result.sdVideoPath, 'video/mp4');
      expect(sd.video).toMatchObject({ codec: 'h264', width: 480, height: 854 });
      expect(sd.audio).toMatchObject({ codec: 'aac' });
      const sdBoxes = await listTopLevelBoxes(result.sdVideoPath);
      expect(sdBoxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
      expect(sdBoxes.indexOf('moov')).toBeLessThan(sdBoxes.indexOf('mdat'));

      const poster = await sharp(result.posterPath).metadata();
      expect(poster).toMatchObject({ format: 'jpeg', width: 720, height: 1280 });
    },
  );

  it('adds a silent AAC track to a video without sound', async () => {
    const silent = await makeClip('silent.webm', [
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=360x640:rate=10',
      '-c:v',
      'libvpx',
      '-b:v',
      '200k',
    ]);
    const outDir = await fs.mkdtemp(path.join(workDir, 'out-'));
    // The silent track comes from the lavfi source, which must work under the file-only protocol whitelist.
    const result = await transcodeVideo(tools, silent, outDir, 'video/webm');
    const probe = await probeMedia(tools, result.videoPath, 'video/mp4');
    expect(probe.video).toMatchObject({ codec: 'h264', width: 720, height: 1280 });
    expect(probe.audio).toMatchObject({ codec: 'aac' });
  });
});

describe('video uploads and the transcode job', () => {
  let context: MediaTestContext;
  beforeAll(async () => {
    context = await createMediaTestContext();
  });
  afterAll(async () => {
    await context.close();
  });
  beforeEach(async () => {
    await context.reset();
  });

  async function uploadVideo(content: Buffer, filename = 'klip.mp4', type = 'video/mp4') {
    return context.app.inject({
      method: 'POST',
      url: '/test/videos',
      headers: { 'content-type': MULTIPART_CONTENT_TYPE },
      payload: buildMultipartBody(filename, type, content),
    });
  }

  function jobDeps(storage = context.storage) {
    return {
      db: context.database.db,
      storage,
      config: { FFMPEG_PATH: undefined, FFPROBE_PATH: undefined },
      log: silentLog,
    };
  }

  it('stores the original as processing, then the job makes it ready and removes the original', async () => {
    const response = await uploadVideo(await fs.readFile(clipPath), 'holiday.mov', 'video/quicktime');
    expect(response.statusCode, response.body).toBe(200);
    const { mediaId, sourceKey } = response.json().data;
    expect(sourceKey).toBe(`originals/${mediaId}.mp4`);
    expect(await context.media.findMediaObject(mediaId)).toMatchObject({
      kind: 'video',
      status: 'processing',
      sourceKey,
    });
    // Originals are never served.
    expect((await context.app.inject({ method: 'GET', url: `/media/${sourceKey}` })).statusCode).toBe(404);

    await transcodeVideoJob({ mediaId, sourceKey }, jobDeps());
    const ready = await context.media.findMediaObject(mediaId);
    expect(ready).toMatchObject({ status: 'ready', width: 720, height: 1280, sourceKey: null });
    // Two renditions, then the poster's image variants (WebP, AVIF, JPEG).
    const mp4s = ready!.variants.filter((variant) => variant.format === 'mp4');
    expect(mp4s.map(({ width, height }) => [width, height])).toEqual([
      [720, 1280],
      [480, 854],
    ]);
    for (const variant of mp4s) expect(variant.key).toMatch(/^vid\/[0-9a-f]{64}\.mp4$/);
    expect(new Set(ready!.variants.map((variant) => variant.format))).toEqual(
      new Set(['mp4', 'avif', 'webp', 'jpeg']),
    );
    expect(ready?.poster?.key).toMatch(/^vid\/[0-9a-f]{64}-poster\.jpg$/);
    expect(await context.storage.stat(sourceKey)).toBeUndefined();
    expect((await listFiles(context.mediaDir)).sort()).toEqual(
      [...new Set([...ready!.variants.map((variant) => variant.key), ready!.poster!.key])].sort(),
    );

    const served = await context.app.inject({
      method: 'GET',
      url: `/media/${ready!.variants[0]!.key}`,
      headers: { range: 'bytes=0-7' },
    });
    expect(served.statusCode).toBe(206);
    expect(served.headers['content-type']).toBe('video/mp4');

    // Running the job again (a retry after a crash that came after the work) changes nothing.
    await transcodeVideoJob({ mediaId, sourceKey }, jobDeps());
    expect(await context.media.findMediaObject(mediaId)).toEqual(ready);
  });

  it('finishes on a re-run when a crash came after marking ready but before removing the original', async () => {
    const { mediaId, sourceKey } = (await uploadVideo(await fs.readFile(clipPath))).json().data;
    const crashing = {
      ...context.storage,
      delete: async () => {
        throw new Error('crashed');
      },
    };
    await expect(transcodeVideoJob({ mediaId, sourceKey }, jobDeps(crashing))).rejects.toThrow('crashed');
    expect(await context.storage.stat(sourceKey)).toBeDefined();
    await transcodeVideoJob({ mediaId, sourceKey }, jobDeps());
    expect(await context.storage.stat(sourceKey)).toBeUndefined();
    expect((await context.media.findMediaObject(mediaId))?.status).toBe('ready');
  });

  it('marks the row failed, without throwing, when the stored original cannot be decoded', async () => {
    const { mediaId, sourceKey } = (await uploadVideo(await fs.readFile(clipPath))).json().data;
    const original = await fs.readFile(clipPath);
    // Keep the container header (so it is still "an MP4") but destroy the media data.
    await context.storage.put(
      sourceKey,
      Buffer.concat([original.subarray(0, 64), Buffer.alloc(4096, 0x5a)]),
      { contentType: 'video/mp4' },
    );
    await transcodeVideoJob({ mediaId, sourceKey }, jobDeps());
    expect(await context.media.findMediaObject(mediaId)).toMatchObject({ status: 'failed', sourceKey: null });
    expect(await listFiles(context.mediaDir)).toEqual([]);
  });

  it('marks the row failed when the stored original is not a video by its bytes (a playlist), without ffmpeg', async () => {
    const { mediaId, sourceKey } = (await uploadVideo(await fs.readFile(clipPath))).json().data;
    const playlist = '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n/etc/passwd\n#EXT-X-ENDLIST\n';
    await context.storage.put(sourceKey, Buffer.from(playlist), { contentType: 'video/mp4' });
    await transcodeVideoJob({ mediaId, sourceKey }, jobDeps());
    expect(await context.media.findMediaObject(mediaId)).toMatchObject({ status: 'failed', sourceKey: null });
    expect(await listFiles(context.mediaDir)).toEqual([]);
  });

  it('refuses a video over 3 minutes with a clear message and leaves nothing behind', async () => {
    const long = await makeClip('long.mp4', [
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=32x32:r=1:d=185',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
    ]);
    const response = await uploadVideo(await fs.readFile(long));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(SERVER_MESSAGES.videoTooLong('3 minutes'));
    expect(await listFiles(context.uploadDir)).toEqual([]);
    expect(await listFiles(context.mediaDir)).toEqual([]);
    expect(await context.media.countMediaObjects()).toBe(0);
  });

  it('refuses a file that is not MP4, MOV or WebM by its bytes, whatever its name', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const response = await uploadVideo(gif, 'klip.mp4', 'video/mp4');
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(SERVER_MESSAGES.unsupportedVideo);
    expect(await listFiles(context.uploadDir)).toEqual([]);
    expect(await context.media.countMediaObjects()).toBe(0);
  });
});

describe('the media quota for videos', () => {
  let context: MediaTestContext;
  let clip: Buffer;
  beforeAll(async () => {
    clip = await fs.readFile(clipPath);
    // Room for one original and one byte more.
    context = await createMediaTestContext({ owner: { id: 'quota-owner', quotaBytes: clip.length + 1 } });
  });
  afterAll(async () => {
    await context.close();
  });

  const upload = (url: string, content: Buffer, filename: string, type: string) =>
    context.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': MULTIPART_CONTENT_TYPE },
      payload: buildMultipartBody(filename, type, content),
    });

  it('counts a stored video original and refuses a video or image that would pass the quota', async () => {
    const first = await upload('/test/videos', clip, 'klip.mp4', 'video/mp4');
    expect(first.statusCode, first.body).toBe(200);
    const stored = (await listFiles(context.mediaDir)).sort();
    expect(stored).toEqual([first.json().data.sourceKey]);

    const second = await upload('/test/videos', clip, 'again.mp4', 'video/mp4');
    expect(second.statusCode).toBe(413);
    expect(second.json().message).toBe(SERVER_MESSAGES.mediaQuotaExceeded(formatBytes(clip.length + 1)));
    // The original alone fills the quota for images too.
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    expect((await upload('/test/images', png, 'p.png', 'image/png')).statusCode).toBe(413);
    expect((await listFiles(context.mediaDir)).sort()).toEqual(stored);
    expect(await listFiles(context.uploadDir)).toEqual([]);
    expect(await context.media.countMediaObjects()).toBe(1);
  });
});
