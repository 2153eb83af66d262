// The browser's own checks of a picked klip video (docs/product.md "Klip video upload"): type, size and length,
// each refused with a sentence naming the file and the problem before a byte is sent. The server checks again.
import {
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
  VIDEO_METADATA_TIMEOUT_MS,
  VIDEO_UPLOAD_EXTENSIONS,
  VIDEO_UPLOAD_TYPES,
} from '../../../shared/constants.ts';
import { KLIP_FORM_MESSAGES } from '../../../shared/klip-form-messages.ts';

export const MAX_VIDEO_MB = MAX_VIDEO_BYTES / (1024 * 1024);
export const MAX_VIDEO_MINUTES = MAX_VIDEO_SECONDS / 60;
/** For the file input: the types, and the extensions for pickers that match by name. */
export const VIDEO_ACCEPT = [
  ...VIDEO_UPLOAD_TYPES,
  ...VIDEO_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`),
].join(',');

function hasAcceptedType(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return (VIDEO_UPLOAD_TYPES as readonly string[]).includes(file.type);
  // Some pickers hand over no type at all: the name's extension is all there is.
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return (VIDEO_UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

/** Why this file cannot be a klip's video by its type or size, or null. */
export function findVideoFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!hasAcceptedType(file)) return KLIP_FORM_MESSAGES.videoType(file.name);
  if (file.size === 0) return KLIP_FORM_MESSAGES.videoEmpty(file.name);
  if (file.size > MAX_VIDEO_BYTES) return KLIP_FORM_MESSAGES.videoTooBig(file.name, MAX_VIDEO_MB);
  return null;
}

/** Why a video of this length (seconds; null when the browser could not tell) cannot be a klip, or null. */
export function findVideoDurationProblem(name: string, seconds: number | null): string | null {
  if (seconds !== null && seconds > MAX_VIDEO_SECONDS) {
    return KLIP_FORM_MESSAGES.videoTooLong(name, MAX_VIDEO_MINUTES);
  }
  return null;
}

/**
 * The video's length in seconds from a <video> element's metadata, or null when this browser cannot read it (a
 * codec it does not play, a stream without a duration): then the server's check is the one that counts.
 */
export function readVideoDuration(url: string): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const finish = (seconds: number | null) => {
      clearTimeout(timer);
      video.onloadedmetadata = null;
      video.onerror = null;
      video.removeAttribute('src');
      resolve(seconds);
    };
    const timer = setTimeout(() => finish(null), VIDEO_METADATA_TIMEOUT_MS);
    video.onloadedmetadata = () => finish(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => finish(null);
    video.preload = 'metadata';
    video.muted = true;
    video.src = url;
  });
}
