// Finds ffmpeg/ffprobe (FFMPEG_PATH/FFPROBE_PATH, then the PATH: Debian's security-maintained build, then, as a
// development fallback only, the 2018 static binaries of the @ffmpeg-installer/@ffprobe-installer devDependencies,
// absent from a production install: decision 0059),
// probes videos and transcodes them to the format klips are served in: H.264/AAC MP4 in two renditions, 720x1280
// and 480x854, index at the front, plus a JPEG poster.
//
// Every upload is hostile (docs/architecture.md "Security", decision 0004): each input is read with the demuxer
// forced from the type its magic bytes gave (so a playlist, concat list or AVI named .mp4 is never parsed as what it
// really is), only the `file` protocol (so nothing inside it can make ffmpeg open a URL), and each run has a time and
// a memory cap.
import { execFile, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import {
  MAX_VIDEO_SECONDS,
  MAX_VIDEO_SIDE_PX,
  VIDEO_HEIGHT_PX,
  VIDEO_SD_HEIGHT_PX,
  VIDEO_SD_WIDTH_PX,
  VIDEO_WIDTH_PX,
} from '../../shared/constants.ts';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';

const execFileAsync = promisify(execFile);
const require = createRequire(import.meta.url);

const VERSION_TIMEOUT_MS = 10_000;
const PROBE_TIMEOUT_MS = 30_000;
// Generous: a 3-minute phone video takes well under a minute on one core with the veryfast preset.
const TRANSCODE_TIMEOUT_MS = 15 * 60_000;
/**
 * The data-segment cap (RLIMIT_DATA: heap and private writable mappings) of every ffprobe/ffmpeg run. A 1080p
 * H.264 transcode uses about 300 MB; a crafted file that makes a decoder allocate without end is stopped here.
 * RLIMIT_DATA rather than the address-space cap: it ignores reserved-but-unused address space (thread arenas).
 */
export const FFMPEG_MEMORY_LIMIT_BYTES = 1536 * 1024 * 1024;
// x264 starts 1.5 threads per core, each with frames in flight: a fixed number keeps the memory a transcode
// needs (about 400 MB at 12 threads, 720x1280) the same on any machine, well inside the cap.
const ENCODER_THREADS = 4;
const PROBE_OUTPUT_MAX_BYTES = 4 * 1024 * 1024;
// Container durations are rounded; a clip of exactly 3:00 must not be refused for being 3:00.04.
const DURATION_TOLERANCE_SECONDS = 0.5;

export type FfmpegSource = 'env' | 'path' | 'npm';

export interface FfmpegTools {
  ffmpegPath: string;
  ffprobePath: string;
  /** Where ffmpeg came from; ffprobe is looked up in the same order on its own. */
  source: FfmpegSource;
  /** ffmpeg's version string, e.g. "5.1.9-0+deb12u1". */
  version: string;
}

/** ffmpeg failed on the input: the file's fault, so retrying will not help. */
export class FfmpegError extends Error {
  readonly stderr: string;
  constructor(message: string, stderr: string) {
    super(message);
    this.name = 'FfmpegError';
    this.stderr = stderr;
  }
}

const found = new Map<string, Promise<FfmpegTools>>();

export function findFfmpeg(config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH'>): Promise<FfmpegTools> {
  const cacheKey = `${config.FFMPEG_PATH ?? ''}\u0000${config.FFPROBE_PATH ?? ''}`;
  let tools = found.get(cacheKey);
  if (!tools) {
    tools = resolveTools(config);
    // A failed lookup is retried next time (someone may install ffmpeg meanwhile).
    tools.catch(() => found.delete(cacheKey));
    found.set(cacheKey, tools);
  }
  return tools;
}

async function resolveTools(config: Pick<Config, 'FFMPEG_PATH' | 'FFPROBE_PATH'>): Promise<FfmpegTools> {
  const ffmpeg = await resolveBinary('ffmpeg', config.FFMPEG_PATH, '@ffmpeg-installer/ffmpeg');
  const ffprobe = await resolveBinary('ffprobe', config.FFPROBE_PATH, '@ffprobe-installer/ffprobe');
  return {
    ffmpegPath: ffmpeg.path,
    ffprobePath: ffprobe.path,
    source: ffmpeg.source,
    version: ffmpeg.version,
  };
}

/** One tool: its env path (must work), else the PATH, else the npm development fallback, else a clear error. */
export async function resolveBinary(
  name: 'ffmpeg' | 'ffprobe',
  envPath: string | undefined,
  npmPackage: string,
): Promise<{ path: string; source: FfmpegSource; version: string }> {
  if (envPath) {
    // An explicit path that does not work is a configuration error, not something to paper over.
    const version = await readVersion(envPath);
    if (!version)
      throw new Error(`${name.toUpperCase()}_PATH=${envPath} does not run (tried "${envPath} -version")`);
    return { path: envPath, source: 'env', version };
  }
  // Spawning the bare name lets the OS search the PATH.
  const onPath = await readVersion(name);
  if (onPath) return { path: name, source: 'path', version: onPath };
  const npmPath = findNpmBinary(npmPackage);
  const npmVersion = npmPath ? await readVersion(npmPath) : undefined;
  if (npmPath && npmVersion) return { path: npmPath, source: 'npm', version: npmVersion };
  throw new Error(
    `${name} not found: install Debian's ffmpeg package (apt-get install ffmpeg) or set ${name.toUpperCase()}_PATH;` +
      ` in development, npm install also brings ${npmPackage} (a devDependency, left out of production installs)`,
  );
}

function findNpmBinary(npmPackage: string): string | undefined {
  try {
    // Absent from a production install (devDependencies); they also throw on platforms they ship no binary for.
    return (require(npmPackage) as { path: string }).path;
  } catch {
    return undefined;
  }
}

async function readVersion(binary: string): Promise<string | undefined> {
  try {
    const { stdout } = await execFileAsync(binary, ['-version'], { timeout: VERSION_TIMEOUT_MS });
    return /version (\S+)/.exec(stdout)?.[1] ?? 'unknown';
  } catch {
    return undefined;
  }
}

/** The video types uploads accept (ACCEPTED_VIDEO_MIME_TYPES), as file-type names them from magic bytes. */
export type VideoInputType = 'video/mp4' | 'video/x-m4v' | 'video/quicktime' | 'video/webm';

const DEMUXERS: Record<VideoInputType, string> = {
  'video/mp4': 'mov',
  'video/x-m4v': 'mov',
  'video/quicktime': 'mov',
  // WebM is a subset of Matroska; ffmpeg reads both with its matroska demuxer.
  'video/webm': 'matroska',
};

export function isVideoInputType(type: string | undefined): type is VideoInputType {
  return type !== undefined && Object.hasOwn(DEMUXERS, type);
}

/**
 * The options placed before every input: the demuxer the detected type calls for, never ffmpeg's own guess, and
 * only local files. Also used for the lavfi source, which is a demuxer, not a protocol.
 */
function getInputOptions(demuxer: string): string[] {
  return ['-protocol_whitelist', 'file', '-f', demuxer];
}

export interface RunLimits {
  /** Kills the run when it fires (a job's time limit). */
  signal?: AbortSignal | undefined;
  /** The run's memory cap; FFMPEG_MEMORY_LIMIT_BYTES unless a test wants to see the cap act. */
  memoryLimitBytes?: number;
}

export interface ProbeResult {
  formatName: string;
  durationMs: number;
  video?: { codec: string; width: number; height: number };
  /** Picture tracks, not counting cover art (an attached picture). */
  videoStreams: number;
  audio?: { codec: string };
}

interface FfprobeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    duration?: string;
    disposition?: { attached_pic?: number };
  }[];
}

export async function probeMedia(
  tools: Pick<FfmpegTools, 'ffprobePath'>,
  filePath: string,
  inputType: VideoInputType,
  limits: RunLimits = {},
): Promise<ProbeResult> {
  // prettier-ignore
  const { stdout } = await runTool(tools.ffprobePath, [
    '-v', 'error',
    ...getInputOptions(DEMUXERS[inputType]),
    '-print_format', 'json', '-show_format', '-show_streams',
    filePath,
  ], { ...limits, timeoutMs: PROBE_TIMEOUT_MS, what: 'ffprobe' });
  const output = JSON.parse(stdout) as FfprobeOutput;
  const streams = output.streams ?? [];
  const pictures = streams.filter(
    (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1,
  );
  const video = pictures.find((stream) => stream.width && stream.height);
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  const durations = [output.format?.duration, ...streams.map((stream) => stream.duration)]
    .map((value) => Number(value))
    .filter((value) => Number.isFinite(value) && value > 0);
  return {
    formatName: output.format?.format_name ?? 'unknown',
    videoStreams: pictures.length,
    durationMs: Math.round(Math.max(0, ...durations) * 1000),
    ...(video
      ? { video: { codec: video.codec_name ?? 'unknown', width: video.width!, height: video.height! } }
      : {}),
    ...(audio ? { audio: { codec: audio.codec_name ?? 'unknown' } } : {}),
  };
}

/**
 * Refuses a probed input that has no picture (sound only), more than one picture track, no length, a picture
 * larger than MAX_VIDEO_SIDE_PX on a side (8K), or runs longer than MAX_VIDEO_SECONDS; each with its own message.
 */
export function assertVideoWithinLimits(probe: ProbeResult): void {
  // Sound and no picture: an audio file in a video container. Neither: nothing ffprobe could read.
  if (!probe.video)
    throw new AppError(
      'bad-request',
      probe.audio ? SERVER_MESSAGES.videoNoPicture : SERVER_MESSAGES.videoUnreadable,
    );
  if (probe.videoStreams > 1) throw new AppError('bad-request', SERVER_MESSAGES.videoTooManyPictures);
  if (probe.durationMs <= 0) throw new AppError('bad-request', SERVER_MESSAGES.videoNoLength);
  if (Math.max(probe.video.width, probe.video.height) > MAX_VIDEO_SIDE_PX) {
    throw new AppError('payload-too-large', SERVER_MESSAGES.videoTooLarge(String(MAX_VIDEO_SIDE_PX)), {
      maxSidePx: MAX_VIDEO_SIDE_PX,
    });
  }
  if (probe.durationMs > (MAX_VIDEO_SECONDS + DURATION_TOLERANCE_SECONDS) * 1000) {
    throw new AppError('payload-too-large', SERVER_MESSAGES.videoTooLong(formatDuration(MAX_VIDEO_SECONDS)), {
      maxSeconds: MAX_VIDEO_SECONDS,
    });
  }
}

function formatDuration(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} seconds`;
}

export interface TranscodeResult {
  /** The 720x1280 rendition. */
  videoPath: string;
  /** The 480x854 rendition. */
  sdVideoPath: string;
  posterPath: string;
  width: number;
  height: number;
  sdWidth: number;
  sdHeight: number;
  durationMs: number;
}

/**
 * Fits the picture inside 720x1280 and pads the rest with black (letterbox), rather than cropping: a creator's
 * framing (a product, a price on screen) is never cut off, and a 9:16 phone video fills the frame exactly
 * (decision 0040). The 480x854 rendition is the same frame scaled down, made in the same run (one decode).
 * A video without sound gets a silent AAC track so every klip has the same shape for players.
 */
export async function transcodeVideo(
  tools: FfmpegTools,
  inputPath: string,
  outDir: string,
  inputType: VideoInputType,
  limits: RunLimits = {},
): Promise<TranscodeResult> {
  const probe = await probeMedia(tools, inputPath, inputType, limits);
  assertVideoWithinLimits(probe);
  const videoPath = path.join(outDir, 'video.mp4');
  const sdVideoPath = path.join(outDir, 'video-sd.mp4');
  const posterPath = path.join(outDir, 'poster.jpg');
  const W = VIDEO_WIDTH_PX;
  const H = VIDEO_HEIGHT_PX;
  const filter =
    `[0:v:0]scale=${W}:${H}:force_original_aspect_ratio=decrease,` +
    `pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1,format=yuv420p,split=2[hd][sdin];` +
    `[sdin]scale=${VIDEO_SD_WIDTH_PX}:${VIDEO_SD_HEIGHT_PX},setsar=1[sd]`;
  const inputs = [...getInputOptions(DEMUXERS[inputType]), '-i', inputPath];
  let audio = '0:a:0';
  const shortest: string[] = [];
  if (!probe.audio) {
    inputs.push(...getInputOptions('lavfi'), '-i', 'anullsrc=channel_layout=stereo:sample_rate=44100');
    audio = '1:a:0';
    shortest.push('-shortest');
  }
  // prettier-ignore
  const encode = (crf: string) => [
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', crf, '-profile:v', 'high', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '44100',
    '-threads', String(ENCODER_THREADS),
    '-t', String(MAX_VIDEO_SECONDS),
    '-map_metadata', '-1', '-max_muxing_queue_size', '1024',
    '-movflags', '+faststart',
    ...shortest,
  ];
  // prettier-ignore
  await runFfmpeg(tools, [
    ...inputs,
    '-filter_complex', filter,
    '-map', '[hd]', '-map', audio, ...encode('23'), videoPath,
    '-map', '[sd]', '-map', audio, ...encode('25'), sdVideoPath,
  ], limits);
  const output = await probeMedia(tools, videoPath, 'video/mp4', limits);
  // The poster is taken from the transcoded video, so it matches what plays; 1 s in skips black lead-in frames.
  const posterAtSeconds = Math.min(1, output.durationMs / 2000);
  // prettier-ignore
  await runFfmpeg(tools, [
    '-ss', posterAtSeconds.toFixed(3),
    ...getInputOptions(DEMUXERS['video/mp4']), '-i', videoPath,
    '-frames:v', '1', '-q:v', '3', '-f', 'image2',
    posterPath,
  ], limits);
  return {
    videoPath,
    sdVideoPath,
    posterPath,
    width: W,
    height: H,
    sdWidth: VIDEO_SD_WIDTH_PX,
    sdHeight: VIDEO_SD_HEIGHT_PX,
    durationMs: output.durationMs,
  };
}

async function runFfmpeg(tools: FfmpegTools, args: string[], limits: RunLimits): Promise<void> {
  await runTool(tools.ffmpegPath, ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], {
    ...limits,
    timeoutMs: TRANSCODE_TIMEOUT_MS,
    what: 'ffmpeg',
  });
}

/**
 * Runs ffmpeg or ffprobe under its caps: killed at timeoutMs or when the signal fires, and started through
 * `sh -c 'ulimit -d'` so its memory is capped by the kernel (the shell execs the tool: same process, same limit).
 * Any failure other than a missing binary is the input's fault: FfmpegError.
 */
function runTool(
  binary: string,
  args: string[],
  options: RunLimits & { timeoutMs: number; what: 'ffmpeg' | 'ffprobe' },
): Promise<{ stdout: string }> {
  const memoryLimitKb = Math.floor((options.memoryLimitBytes ?? FFMPEG_MEMORY_LIMIT_BYTES) / 1024);
  return new Promise((resolve, reject) => {
    // "$0" is the first argument after the script, "$@" the rest: the binary and its arguments, never parsed.
    const child = spawn(
      '/bin/sh',
      ['-c', 'ulimit -d "$0" && exec "$@"', String(memoryLimitKb), binary, ...args],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: options.timeoutMs,
        killSignal: 'SIGKILL',
        ...(options.signal ? { signal: options.signal } : {}),
      },
    );
    let stdout = '';
    let stdoutTooLong = false;
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stdout.length + chunk.length > PROBE_OUTPUT_MAX_BYTES) stdoutTooLong = true;
      else stdout += chunk;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // Only the tail matters for a diagnosis; keep memory bounded on chatty failures.
      stderr = (stderr + chunk).slice(-8000);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.name === 'AbortError') reject(options.signal?.reason ?? error);
      else reject(error);
    });
    child.on('close', (code, signal) => {
      if (options.signal?.aborted) reject(options.signal.reason);
      // 127: the shell found no such binary, or the loader could not start it under the cap. A setup problem,
      // not the file's fault, so the job retries.
      else if (code === 127)
        reject(new Error(`${options.what} could not start (${binary}): ${stderr.slice(-300)}`));
      else if (code !== 0 || stdoutTooLong)
        reject(new FfmpegError(`${options.what} exited with ${signal ?? code}`, stderr));
      else resolve({ stdout });
    });
  });
}
