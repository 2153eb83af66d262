// Hostile uploads against the real ffmpeg/ffprobe (docs/architecture.md "Security", decision 0004): files that are
// really an HLS playlist, an ffconcat list, or an AVI carrying a playlist, renamed .mp4 and handed straight to
// probeMedia and transcodeVideo, must never make ffmpeg open another file or address. A canary FIFO notices any open
// (opening a FIFO to read blocks until a writer comes, and our pending writer is that writer), and a loopback
// listener counts connections. Also: each run's memory cap really applies.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FfmpegError,
  findFfmpeg,
  probeMedia,
  transcodeVideo,
  type FfmpegTools,
  type VideoInputType,
} from './ffmpeg.ts';

const execFileAsync = promisify(execFile);

interface Canary {
  path: string;
  /** True once something opened the FIFO to read it. */
  wasOpened(): boolean;
  close(): Promise<void>;
}

/** A FIFO whose every open for reading is seen: our writer's open completes only when a reader arrives. */
async function createCanary(dir: string, name: string): Promise<Canary> {
  const fifoPath = path.join(dir, name);
  await execFileAsync('mkfifo', [fifoPath]);
  let opened = false;
  let closing = false;
  const writer = fsp.open(fifoPath, fs.constants.O_WRONLY).then(async (handle) => {
    if (!closing) {
      opened = true;
      await handle.write('canary').catch(() => {});
    }
    await handle.close();
  });
  return {
    path: fifoPath,
    wasOpened: () => opened,
    async close() {
      closing = !opened;
      // Our own reader releases the pending writer (and its thread) when nothing else did.
      const reader = fs.openSync(fifoPath, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
      await writer;
      fs.closeSync(reader);
    },
  };
}

interface Listener {
  port: number;
  connections(): number;
  close(): Promise<void>;
}

async function createLoopbackListener(): Promise<Listener> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function riffChunk(fourcc: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(fourcc, 0, 'latin1');
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

function riffList(kind: string, body: Buffer): Buffer {
  return riffChunk('LIST', Buffer.concat([Buffer.from(kind, 'latin1'), body]));
}

/**
 * An AVI (file-type says video/vnd.avi) whose one stream is a text stream whose packet is a GAB2 subtitle block
 * holding an HLS playlist: the shape of the 2017 ffmpeg local-file-disclosure exploit.
 */
function buildAviWithPlaylist(playlist: string): Buffer {
  const avih = Buffer.alloc(56);
  [40_000, 0, 0, 0x10, 1, 0, 1, 0, 224, 160].forEach((value, index) => avih.writeUInt32LE(value, index * 4));
  const strh = Buffer.alloc(56);
  strh.write('txts', 0, 'latin1');
  strh.writeUInt32LE(1, 20); // scale
  strh.writeUInt32LE(25, 24); // rate
  strh.writeUInt32LE(1, 32); // length
  const strf = Buffer.alloc(40);
  strf.writeUInt32LE(40, 0);
  const title = Buffer.from('x\0', 'utf16le');
  const gab2Head = Buffer.alloc(7);
  gab2Head.write('GAB2\0', 0, 'latin1');
  gab2Head.writeUInt16LE(2, 5);
  const lengths = (n: number) => {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(n);
    return buffer;
  };
  const body = Buffer.from(playlist, 'latin1');
  const gab2 = Buffer.concat([
    gab2Head,
    lengths(title.length),
    title,
    Buffer.from([4, 0]),
    lengths(body.length),
    body,
  ]);
  const avi = Buffer.concat([
    Buffer.from('AVI ', 'latin1'),
    riffList(
      'hdrl',
      Buffer.concat([
        riffChunk('avih', avih),
        riffList('strl', Buffer.concat([riffChunk('strh', strh), riffChunk('strf', strf)])),
      ]),
    ),
    riffList('movi', riffChunk('00tx', gab2)),
  ]);
  return riffChunk('RIFF', avi);
}

function buildPlaylist(canaryName: string, port: number): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:1',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXTINF:1,',
    canaryName,
    '#EXTINF:1,',
    `http://127.0.0.1:${port}/segment.ts`,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

const HOSTILE_FILES: [string, (canaryName: string, port: number) => Buffer][] = [
  ['an HLS playlist', (canary, port) => Buffer.from(buildPlaylist(canary, port))],
  // A concat list refuses the whole list for one URL line, so the canary is its only reference.
  ['an ffconcat list', (canary) => Buffer.from(`ffconcat version 1.0\nfile ${canary}\nfile ${canary}\n`)],
  ['an AVI carrying a playlist', (canary, port) => buildAviWithPlaylist(buildPlaylist(canary, port))],
];

const CLAIMED_TYPES: VideoInputType[] = ['video/mp4', 'video/webm'];

let tools: FfmpegTools;
let workDir: string;
let canary: Canary;
let listener: Listener;

beforeAll(async () => {
  tools = await findFfmpeg({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
});

beforeEach(async () => {
  workDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'lootklip-hostile-'));
  // HLS accepts only media extensions for segments; .ts is one.
  canary = await createCanary(workDir, 'canary.ts');
  listener = await createLoopbackListener();
});

afterEach(async () => {
  await canary.close();
  await listener.close();
  await fsp.rm(workDir, { recursive: true, force: true });
});

describe('the canary', () => {
  it('notices a plain read', async () => {
    await fsp.readFile(canary.path);
    expect(canary.wasOpened()).toBe(true);
  });
});

describe.each(HOSTILE_FILES)('%s renamed .mp4', (_name, build) => {
  async function writeHostileFile(): Promise<string> {
    const filePath = path.join(workDir, 'upload.mp4');
    await fsp.writeFile(filePath, build('canary.ts', listener.port));
    return filePath;
  }

  it.each(CLAIMED_TYPES)('is refused by probeMedia as %s without opening anything else', async (type) => {
    const filePath = await writeHostileFile();
    await expect(probeMedia(tools, filePath, type)).rejects.toBeInstanceOf(FfmpegError);
    expect(canary.wasOpened()).toBe(false);
    expect(listener.connections()).toBe(0);
  });

  it('is refused by transcodeVideo without opening anything else', async () => {
    const filePath = await writeHostileFile();
    const outDir = await fsp.mkdtemp(path.join(workDir, 'out-'));
    await expect(transcodeVideo(tools, filePath, outDir, 'video/mp4')).rejects.toBeInstanceOf(FfmpegError);
    expect(canary.wasOpened()).toBe(false);
    expect(listener.connections()).toBe(0);
    expect(await fsp.readdir(outDir)).toEqual([]);
  });
});

describe('the memory cap', () => {
  it('applies to each run: a transcode under a too-small cap fails, the same one under the default works', async () => {
    const clip = path.join(workDir, 'clip.mp4');
    // prettier-ignore
    await execFileAsync(tools.ffmpegPath, [
      '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=320x240:rate=10',
      '-c:v', 'libx264', '-preset', 'ultrafast', clip,
    ]);
    // Enough to load and probe, far too little for a 720x1280 encode (which needs some 400 MB).
    const tooSmall = { memoryLimitBytes: 128 * 1024 * 1024 };
    expect((await probeMedia(tools, clip, 'video/mp4', tooSmall)).video).toBeDefined();
    const starved = await fsp.mkdtemp(path.join(workDir, 'starved-'));
    await expect(transcodeVideo(tools, clip, starved, 'video/mp4', tooSmall)).rejects.toBeInstanceOf(
      FfmpegError,
    );
    const fed = await fsp.mkdtemp(path.join(workDir, 'fed-'));
    await expect(transcodeVideo(tools, clip, fed, 'video/mp4')).resolves.toMatchObject({ width: 720 });
  });
});
