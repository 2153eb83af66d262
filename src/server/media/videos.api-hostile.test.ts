// Hostile and malformed video uploads through the real route, POST /api/v1/media/videos, of the real app (decisions
// 0004, 0040). Every file is made at run time (the real ffmpeg, sharp, zip) and refused with a 4xx whose message
// names its problem; after each, nothing is left: no file under the data or upload folders, no media row, no job.
// Also a body past 200 MB (streamed, never held in memory), and, against a real HTTP server, an upload whose client
// goes away mid-body and one that trickles past the request timeout.
// ffmpeg-hostile.test.ts covers what ffmpeg itself may open; videos.test.ts the accepted path and the job.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS, MAX_VIDEO_SIDE_PX } from '../../shared/constants.ts';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../test/create-test-app.ts';
import { findFfmpeg, type FfmpegTools } from './ffmpeg.ts';
import {
  buildMultipartBody,
  buildMultipartHead,
  listFiles,
  MULTIPART_BOUNDARY,
  MULTIPART_CONTENT_TYPE,
  MULTIPART_TAIL,
  waitFor,
} from './media.test-helpers.ts';
import { claimProcessUploadDir, formatBytes } from './uploads.ts';

const execFileAsync = promisify(execFile);
const ROUTE = '/api/v1/media/videos';

let t: TestApp;
let tools: FfmpegTools;
let workDir: string;
let seller: { token: string; uid: string };
/** A 1 s 16x16 H.264/AAC MP4 with its index at the end (as cameras write it). */
let clip: Buffer;
/** The same with the index first (+faststart): a cut in the media data leaves the index whole. */
let fastClip: Buffer;

async function ffmpeg(name: string, args: string[]): Promise<Buffer> {
  const out = path.join(workDir, name);
  await execFileAsync(tools.ffmpegPath, ['-hide_banner', '-v', 'error', '-y', ...args, out], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return fs.readFile(out);
}

const lavfi = (source: string) => ['-f', 'lavfi', '-i', source];
const tinyVideo = (seconds = 1, size = '16x16', rate = 5) =>
  lavfi(`testsrc=duration=${seconds}:size=${size}:rate=${rate}`);
const tone = (seconds = 1) => lavfi(`sine=frequency=440:duration=${seconds}`);
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

/** Finds the first box of this type at the top level or inside moov/trak/mdia, and returns its offset. */
function findBox(data: Buffer, type: string, from = 0, to = data.length): number {
  let offset = from;
  while (offset + 8 <= to) {
    const size = data.readUInt32BE(offset);
    const name = data.toString('latin1', offset + 4, offset + 8);
    if (name === type) return offset;
    if (['moov', 'trak', 'mdia'].includes(name)) {
      const inner = findBox(data, type, offset + 8, offset + size);
      if (inner >= 0) return inner;
    }
    if (size < 8) return -1;
    offset += size;
  }
  return -1;
}

/** The clip with its movie header (mvhd, version 0) claiming this duration in its own timescale's units. */
function withMovieDuration(data: Buffer, seconds: number): Buffer {
  const copy = Buffer.from(data);
  const mvhd = findBox(copy, 'mvhd');
  const timescale = copy.readUInt32BE(mvhd + 20);
  copy.writeUInt32BE(Math.min(0xffffffff, seconds * timescale), mvhd + 24);
  for (let tkhd = findBox(copy, 'tkhd'); tkhd >= 0; tkhd = -1) copy.writeUInt32BE(0xffffffff, tkhd + 28);
  return copy;
}

/** The clip with the size field of its first box of this type overwritten. */
function withBoxSize(data: Buffer, type: string, size: number): Buffer {
  const copy = Buffer.from(data);
  copy.writeUInt32BE(size, findBox(copy, type));
  return copy;
}

interface HostileCase {
  name: string;
  body: () => Promise<Buffer> | Buffer;
  status: number;
  message: string;
  /** The file part's declared type; video/mp4 unless the case is about it. */
  contentType?: string;
  filename?: string;
}

const TOO_LARGE = SERVER_MESSAGES.payloadTooLarge(formatBytes(MAX_VIDEO_BYTES));
const TOO_LONG = SERVER_MESSAGES.videoTooLong(`${MAX_VIDEO_SECONDS / 60} minutes`);
const TOO_BIG_PICTURE = SERVER_MESSAGES.videoTooLarge(String(MAX_VIDEO_SIDE_PX));
const UNSUPPORTED = SERVER_MESSAGES.unsupportedVideo;

const multipartOf = (c: Pick<HostileCase, 'filename' | 'contentType'>, content: Buffer) =>
  buildMultipartBody(c.filename ?? 'klip.mp4', c.contentType ?? 'video/mp4', content);

function hostileCases(): HostileCase[] {
  const image = (format: 'png' | 'jpeg' | 'gif' | 'webp' | 'avif') => () =>
    sharp({ create: { width: 32, height: 32, channels: 3, background: '#884422' } })
      .toFormat(format)
      .toBuffer();
  const text = (content: string) => () => Buffer.from(content);
  const cuts: HostileCase[] = [4, 11, 24, 64, 300, 0.5, -40].map((at) => ({
    name: `a truncated MP4 (index last), cut at ${at}`,
    body: () => clip.subarray(0, at > 0 && at < 1 ? Math.floor(clip.length * at) : at),
    // Four bytes are not even the ftyp box's header: not an MP4 by its bytes.
    status: at === 4 ? 415 : 400,
    message: at === 4 ? UNSUPPORTED : SERVER_MESSAGES.videoCutOff,
  }));
  const fastCuts: HostileCase[] = [0.5, 0.9, -1].map((at) => ({
    name: `a truncated MP4 (index first), cut at ${at}`,
    body: () => fastClip.subarray(0, at > 0 ? Math.floor(fastClip.length * at) : at),
    status: 400,
    message: SERVER_MESSAGES.videoCutOff,
  }));
  return [
    { name: 'zero bytes', body: () => Buffer.alloc(0), status: 400, message: SERVER_MESSAGES.noFile },
    ...cuts,
    ...fastCuts,
    { name: 'a PNG named .mp4', body: image('png'), status: 415, message: UNSUPPORTED },
    { name: 'a JPEG named .mp4', body: image('jpeg'), status: 415, message: UNSUPPORTED },
    { name: 'a GIF named .mp4', body: image('gif'), status: 415, message: UNSUPPORTED },
    { name: 'a WebP named .mp4', body: image('webp'), status: 415, message: UNSUPPORTED },
    {
      name: 'an AVIF named .mp4 (an ftyp box, not a video)',
      body: image('avif'),
      status: 415,
      message: UNSUPPORTED,
    },
    { name: 'a text file named .mp4', body: text('just some words\n'), status: 415, message: UNSUPPORTED },
    {
      name: 'an HTML page named .mp4',
      body: text('<!doctype html><html><script>alert(1)</script></html>'),
      status: 415,
      message: UNSUPPORTED,
    },
    { name: 'JSON named .mp4', body: text('{"views": 1000000}'), status: 415, message: UNSUPPORTED },
    {
      name: 'an SVG named .mp4',
      body: text('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'an HLS playlist named .mp4',
      body: text('#EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n'),
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'a ZIP named .mp4',
      body: async () => {
        await fs.writeFile(path.join(workDir, 'inside.txt'), 'zip me');
        await execFileAsync('zip', [
          '-q',
          '-j',
          path.join(workDir, 'a.zip'),
          path.join(workDir, 'inside.txt'),
        ]);
        return fs.readFile(path.join(workDir, 'a.zip'));
      },
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'a PDF',
      body: text('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      filename: 'klip.pdf',
      contentType: 'application/octet-stream',
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'gzip named .mp4',
      body: () => Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 3, 0]),
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'a program (ELF) named .mp4',
      body: async () => (await fs.readFile('/bin/true')).subarray(0, 4096),
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'an MP3 (sound only)',
      body: () => ffmpeg('a.mp3', [...tone(), '-c:a', 'libmp3lame']),
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'a WAV (sound only)',
      body: () => ffmpeg('a.wav', [...tone()]),
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'a FLAC (sound only)',
      body: () => ffmpeg('a.flac', [...tone()]),
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'an Ogg Vorbis (sound only)',
      body: () => ffmpeg('a.ogg', [...tone(), '-c:a', 'libvorbis']),
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'an M4A (sound only, MP4 family)',
      body: () => ffmpeg('a.m4a', [...tone(), '-c:a', 'aac']),
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'an MP4 with sound only',
      body: () => ffmpeg('sound.mp4', [...tone(), '-c:a', 'aac', '-f', 'mp4', '-brand', 'isom']),
      status: 400,
      message: SERVER_MESSAGES.videoNoPicture,
    },
    {
      name: 'a WebM with sound only',
      body: () => ffmpeg('sound.webm', [...tone(), '-c:a', 'libopus']),
      status: 400,
      message: SERVER_MESSAGES.videoNoPicture,
    },
    {
      name: 'an AVI',
      body: () => ffmpeg('a.avi', [...tinyVideo(), '-c:v', 'mpeg4']),
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'a Matroska (MKV)',
      body: () => ffmpeg('a.mkv', [...tinyVideo(), ...h264]),
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'an FLV',
      body: () => ffmpeg('a.flv', [...tinyVideo(), '-c:v', 'flv']),
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'an MPEG-TS',
      body: () => ffmpeg('a.ts', [...tinyVideo(), ...h264]),
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'a 4-hour video (16x16 at 1 fps)',
      body: () => ffmpeg('long.mp4', [...lavfi('color=c=gray:size=16x16:rate=1:duration=14400'), ...h264]),
      status: 413,
      message: TOO_LONG,
    },
    {
      name: 'a 1 s video whose movie header claims 4 hours',
      body: () => withMovieDuration(clip, 4 * 3600),
      status: 413,
      message: TOO_LONG,
    },
    {
      name: 'an 8K (7680x4320) frame',
      body: () => ffmpeg('8k.mp4', [...lavfi('color=c=black:size=7680x4320:rate=1:duration=1'), ...h264]),
      status: 413,
      message: TOO_BIG_PICTURE,
    },
    {
      name: 'a 4112x16 strip',
      body: () => ffmpeg('wide.mp4', [...lavfi('color=c=red:size=4112x16:rate=1:duration=1'), ...h264]),
      status: 413,
      message: TOO_BIG_PICTURE,
    },
    {
      name: 'a 16x4112 strip (WebM)',
      body: () =>
        ffmpeg('tall.webm', [
          ...lavfi('color=c=red:size=16x4112:rate=1:duration=1'),
          '-c:v',
          'libvpx',
          '-deadline',
          'realtime',
        ]),
      status: 413,
      message: TOO_BIG_PICTURE,
    },
    {
      name: 'a MOV with a box smaller than its header',
      body: () => withBoxSize(clip, 'free', 3),
      status: 400,
      message: SERVER_MESSAGES.videoBadBox,
    },
    {
      name: 'a MOV whose index box claims 2 GB',
      body: () => withBoxSize(clip, 'moov', 0x7fff_ffff),
      status: 400,
      message: SERVER_MESSAGES.videoCutOff,
    },
    {
      name: 'an MP4 whose media box has a 64-bit size of 2^60',
      body: () => {
        const mdat = findBox(clip, 'mdat');
        const large = Buffer.alloc(16);
        large.writeUInt32BE(1, 0);
        large.write('mdat', 4, 'latin1');
        large.writeBigUInt64BE(2n ** 60n, 8);
        return Buffer.concat([clip.subarray(0, mdat), large, clip.subarray(mdat + 8)]);
      },
      status: 400,
      message: SERVER_MESSAGES.videoCutOff,
    },
    {
      name: 'an MP4 whose boxes after ftyp are random bytes',
      body: () => {
        const ftypSize = clip.readUInt32BE(0);
        const noise = Buffer.alloc(clip.length - ftypSize);
        for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + 13) % 251;
        return Buffer.concat([clip.subarray(0, ftypSize), noise]);
      },
      status: 400,
      message: SERVER_MESSAGES.videoBadBox,
    },
    {
      name: 'an MP4 with only its ftyp box',
      body: () => clip.subarray(0, clip.readUInt32BE(0)),
      status: 400,
      message: SERVER_MESSAGES.videoUnreadable,
    },
    {
      name: 'an MP4 whose index and media are zeroed (boxes intact)',
      body: () => {
        const copy = Buffer.from(clip);
        const moov = findBox(copy, 'moov');
        copy.fill(0, moov + 8, moov + copy.readUInt32BE(moov));
        return copy;
      },
      status: 400,
      message: SERVER_MESSAGES.videoUnreadable,
    },
    {
      name: 'an MP4 sent as text/plain',
      body: () => clip,
      contentType: 'text/plain',
      status: 415,
      message: SERVER_MESSAGES.videoDeclaredType('text/plain'),
    },
    {
      name: 'an MP4 sent as image/png',
      body: () => clip,
      contentType: 'image/png',
      status: 415,
      message: SERVER_MESSAGES.videoDeclaredType('image/png'),
    },
    {
      name: 'an MP4 sent as application/pdf',
      body: () => clip,
      contentType: 'application/pdf',
      status: 415,
      message: SERVER_MESSAGES.videoDeclaredType('application/pdf'),
    },
    { name: 'text sent as video/mp4', body: text('not a video at all\n'), status: 415, message: UNSUPPORTED },
    {
      name: 'WebM garbage (an EBML header, then noise)',
      body: () => {
        const header = Buffer.from(
          '1a45dfa3a34286810142f7810142f2810442f381084282847765626d4287810442858102',
          'hex',
        );
        return Buffer.concat([header, Buffer.alloc(4096, 0x5a)]);
      },
      status: 400,
      message: SERVER_MESSAGES.videoUnreadable,
    },
    {
      name: 'a video with two picture tracks',
      body: () =>
        ffmpeg('two.mp4', [
          ...tinyVideo(),
          ...lavfi('testsrc2=duration=1:size=16x16:rate=5'),
          '-map',
          '0',
          '-map',
          '1',
          ...h264,
        ]),
      status: 400,
      message: SERVER_MESSAGES.videoTooManyPictures,
    },
    {
      name: 'a video of no length (its headers claim 0 s)',
      body: () => {
        // Every duration field (movie, each track, each track's media) and every sample table: none anywhere.
        const copy = Buffer.from(clip);
        const offsets = (type: string) => {
          const found: number[] = [];
          for (let at = copy.indexOf(type); at >= 4; at = copy.indexOf(type, at + 4)) found.push(at - 4);
          return found;
        };
        for (const at of offsets('mvhd')) copy.writeUInt32BE(0, at + 24);
        for (const at of offsets('mdhd')) copy.writeUInt32BE(0, at + 24);
        for (const at of offsets('tkhd')) copy.writeUInt32BE(0, at + 28);
        for (const at of offsets('stts')) copy.writeUInt32BE(0, at + 12);
        return copy;
      },
      status: 400,
      message: SERVER_MESSAGES.videoNoLength,
    },
    {
      name: 'a polyglot: an MP4 with a ZIP glued on',
      body: async () => Buffer.concat([clip, await fs.readFile(path.join(workDir, 'a.zip'))]),
      status: 400,
      message: SERVER_MESSAGES.videoBadBox,
    },
    {
      name: 'a polyglot: an MP4 with an HTML page glued on',
      body: () => Buffer.concat([clip, Buffer.from('<html><script>alert(1)</script></html>')]),
      status: 400,
      message: SERVER_MESSAGES.videoBadBox,
    },
    {
      name: 'a polyglot: a PNG with an MP4 after it',
      body: async () => Buffer.concat([await image('png')(), clip]),
      status: 415,
      message: UNSUPPORTED,
    },
    {
      name: 'a polyglot: two MP4s glued together',
      body: () => Buffer.concat([fastClip, clip.subarray(0, Math.floor(clip.length / 2))]),
      status: 400,
      message: SERVER_MESSAGES.videoCutOff,
    },
  ];
}

/** What an upload may leave: files under the data folder and this process's upload folder, media rows, jobs. */
async function snapshot() {
  const db = t.testDatabase.database.db;
  const count = async (table: 'media_objects' | 'jobs') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    dataFiles: (await listFiles(t.config.dataDir)).sort(),
    uploadFiles: await listFiles(claimProcessUploadDir().dir),
    mediaRows: await count('media_objects'),
    jobs: await count('jobs'),
  };
}

function post(payload: Buffer | Readable, contentType = MULTIPART_CONTENT_TYPE) {
  return t.app.inject({
    method: 'POST',
    url: ROUTE,
    headers: { authorization: `Bearer ${seller.token}`, 'content-type': contentType },
    payload,
  });
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  seller = await signUpTestUser(t.app, 'hostile.uploads', { address: '10.15.9.1' });
  tools = await findFfmpeg({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lootklip-hostile-api-'));
  clip = await ffmpeg('clip.mp4', [...tinyVideo(), ...tone(), ...h264, '-c:a', 'aac', '-shortest']);
  fastClip = await ffmpeg('fast.mp4', [
    ...tinyVideo(),
    ...tone(),
    ...h264,
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
  ]);
}, 180_000);

afterAll(async () => {
  await t.close();
  await fs.rm(workDir, { recursive: true, force: true });
});

describe('the fixtures', () => {
  it('the clip they are cut from is accepted, and is removed again with its row and job', async () => {
    const before = await snapshot();
    for (const good of [clip, fastClip]) {
      const response = await post(buildMultipartBody('klip.mp4', 'video/mp4', good));
      expect(response.statusCode, response.body).toBe(201);
    }
    // Browsers that do not know the type send none, or application/octet-stream: the bytes decide.
    const untyped = await post(buildMultipartBody('klip.bin', 'application/octet-stream', clip));
    expect(untyped.statusCode, untyped.body).toBe(201);
    // Zeros after the last box, as some cameras pad their files: still a whole video.
    const padded = await post(
      buildMultipartBody('klip.mp4', 'video/mp4', Buffer.concat([clip, Buffer.alloc(4096)])),
    );
    expect(padded.statusCode, padded.body).toBe(201);
    const after = await snapshot();
    expect(after.mediaRows - before.mediaRows).toBe(4);
    expect(after.jobs - before.jobs).toBe(4);
    expect(after.uploadFiles).toEqual([]);
    const db = t.testDatabase.database.db;
    await db.deleteFrom('jobs').execute();
    await db.deleteFrom('media_objects').execute();
    await fs.rm(path.join(t.config.dataDir, 'media'), { recursive: true, force: true });
  });
});

describe('hostile files through POST /api/v1/media/videos', () => {
  const cases = hostileCases();

  it('has at least 50 of them', () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
  });

  it.each(cases.map((c) => [c.name, c] as const))(
    'refuses %s, naming the problem, leaving nothing',
    async (_name, c) => {
      const before = await snapshot();
      const response = await post(multipartOf(c, await c.body()));
      expect(response.statusCode, response.body).toBe(c.status);
      expect(response.json().message).toBe(c.message);
      expect(await snapshot()).toEqual(before);
    },
    60_000,
  );
});

describe('malformed requests', () => {
  const requests: [string, () => { payload: Buffer; contentType?: string }, number, string][] = [
    [
      'a body with a text field and no file',
      () => ({
        payload: Buffer.from(
          `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nhello\r\n--${MULTIPART_BOUNDARY}--\r\n`,
        ),
      }),
      400,
      SERVER_MESSAGES.noFile,
    ],
    [
      'a JSON body',
      () => ({ payload: Buffer.from('{"file":"x"}'), contentType: 'application/json' }),
      400,
      SERVER_MESSAGES.noFile,
    ],
    [
      'a multipart body cut off mid-file (no closing boundary)',
      () => ({
        payload: Buffer.concat([buildMultipartHead('klip.mp4', 'video/mp4'), clip.subarray(0, 500)]),
      }),
      400,
      SERVER_MESSAGES.uploadAborted,
    ],
    [
      'two files in one upload',
      () => ({
        payload: Buffer.concat([
          buildMultipartHead('one.mp4', 'video/mp4'),
          clip,
          Buffer.from('\r\n'),
          buildMultipartHead('two.mp4', 'video/mp4'),
          clip,
          MULTIPART_TAIL,
        ]),
      }),
      400,
      SERVER_MESSAGES.oneFileOnly,
    ],
  ];

  it.each(requests)('refuses %s, leaving nothing', async (_name, build, status, message) => {
    const before = await snapshot();
    const { payload, contentType } = build();
    const response = await post(payload, contentType);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('stops a video over 200 MB at the limit, streamed (never held in memory), leaving nothing', async () => {
    const before = await snapshot();
    const chunk = Buffer.alloc(1024 * 1024, 0);
    const head = Buffer.concat([buildMultipartHead('big.mp4', 'video/mp4'), clip]);
    let sent = 0;
    const total = MAX_VIDEO_BYTES + 10 * chunk.length;
    const body = Readable.from(
      (function* () {
        yield head;
        while (sent < total) {
          sent += chunk.length;
          yield chunk;
        }
        yield MULTIPART_TAIL;
      })(),
    );
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().message).toBe(TOO_LARGE);
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});

describe('uploads that never finish, against a real HTTP server', () => {
  let port: number;
  let slow: TestApp;
  let uploader: { token: string };
  beforeAll(async () => {
    // A short request timeout (the default is 30 s); long enough for a sign-up's password hashing on a busy machine.
    slow = await createTestApp({ RATE_LIMIT_MAX: '100000', REQUEST_TIMEOUT_MS: '3000' });
    uploader = await signUpTestUser(slow.app, 'slow.uploads', { address: '10.15.9.2' });
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    port = (slow.app.server.address() as net.AddressInfo).port;
  }, 180_000);
  afterAll(() => slow.close());

  /** The same as snapshot(), for the slow app. */
  async function slowSnapshot() {
    const db = slow.testDatabase.database.db;
    const count = async (table: 'media_objects' | 'jobs') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      dataFiles: (await listFiles(slow.config.dataDir)).sort(),
      uploadFiles: await listFiles(claimProcessUploadDir().dir),
      mediaRows: await count('media_objects'),
      jobs: await count('jobs'),
    };
  }

  /** Opens a socket, sends the request head and the multipart head, and returns it. */
  async function startUpload(): Promise<net.Socket> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${ROUTE} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${uploader.token}\r\n` +
        `Content-Type: ${MULTIPART_CONTENT_TYPE}\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write(buildMultipartHead('klip.mp4', 'video/mp4'));
    socket.write(clip);
    return socket;
  }

  const uploadFiles = async () => listFiles(claimProcessUploadDir().dir);

  it('removes what an upload wrote when its client goes away mid-body', async () => {
    const before = await slowSnapshot();
    const socket = await startUpload();
    socket.write(Buffer.alloc(256 * 1024, 1));
    await waitFor(async () => (await uploadFiles()).length > 0, {
      what: 'the upload to reach its temporary file',
    });
    socket.destroy();
    await waitFor(async () => (await uploadFiles()).length === 0, { what: 'the temporary file to go' });
    expect(await slowSnapshot()).toEqual(before);
  });

  it('cuts off an upload that trickles past the request timeout, and removes what it wrote', async () => {
    const before = await slowSnapshot();
    const socket = await startUpload();
    let closed = false;
    let answer = '';
    socket.on('data', (data: Buffer) => (answer += data.toString('latin1')));
    socket.on('close', () => (closed = true));
    socket.on('error', () => {});
    const trickle = setInterval(() => {
      if (!closed) socket.write(Buffer.alloc(64, 2));
    }, 50);
    try {
      await waitFor(async () => (await uploadFiles()).length > 0, {
        what: 'the upload to reach its temporary file',
      });
      // REQUEST_TIMEOUT_MS is 3000 here; the server ends it however long the client keeps sending.
      await waitFor(async () => closed, { timeoutMs: 15_000, what: 'the server to cut the slow upload off' });
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    await waitFor(async () => (await uploadFiles()).length === 0, { what: 'the temporary file to go' });
    expect(await slowSnapshot()).toEqual(before);
  }, 30_000);
});
