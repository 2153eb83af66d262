// Only one klip plays at a time (docs/product.md "Klip interaction"): a video that starts playing pauses the one
// that played before. The sound setting is shared too: muting or unmuting one klip does it for every klip, and a
// refused autoplay (which we answer by muting) keeps the next klips muted until the visitor unmutes.
import { isAbortError } from '../../../lib/api-client.ts';

let current: HTMLVideoElement | null = null;
let muted = false;
const listeners = new Set<() => void>();

/** Called when `video` starts playing: any other klip's video pauses. */
export function claimPlayback(video: HTMLVideoElement): void {
  if (current && current !== video && !current.paused) current.pause();
  current = video;
}

export function releasePlayback(video: HTMLVideoElement): void {
  if (current === video) current = null;
}

export function isPlaybackMuted(): boolean {
  return muted;
}

export function setPlaybackMuted(value: boolean): void {
  if (muted === value) return;
  muted = value;
  for (const listener of listeners) listener();
}

export function subscribeToPlaybackMuted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * play(); when the browser refuses to autoplay with sound, mute (for every klip: the policy would refuse the next
 * one too) and start again. A play() cut short by a pause is not an error. Answers whether it was not refused.
 */
export async function startPlayback(video: HTMLVideoElement): Promise<boolean> {
  claimPlayback(video);
  try {
    await video.play();
    return true;
  } catch (error) {
    if (isAbortError(error)) return true;
    // Swiped away before the refusal came: another klip has the claim now, and this one stays still.
    if (current !== video) return false;
    if (video.muted) return false;
    video.muted = true;
    setPlaybackMuted(true);
    try {
      await video.play();
      return true;
    } catch (retryError) {
      return isAbortError(retryError);
    }
  }
}
