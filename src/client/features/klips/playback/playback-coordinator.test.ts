import { describe, expect, it, vi } from 'vitest';
import {
  claimPlayback,
  isPlaybackMuted,
  releasePlayback,
  setPlaybackMuted,
  subscribeToPlaybackMuted,
} from './playback-coordinator.ts';

function createVideo(): HTMLVideoElement {
  const video = document.createElement('video');
  let paused = true;
  Object.defineProperty(video, 'paused', { get: () => paused });
  video.pause = vi.fn(() => {
    paused = true;
  });
  Object.assign(video, { start: () => (paused = false) });
  return video;
}

describe('playback coordinator', () => {
  it('pauses the video that played before when another starts', () => {
    const first = createVideo();
    const second = createVideo();
    (first as unknown as { start(): void }).start();
    claimPlayback(first);
    (second as unknown as { start(): void }).start();
    claimPlayback(second);
    expect(first.pause).toHaveBeenCalledTimes(1);
    expect(first.paused).toBe(true);
    expect(second.paused).toBe(false);
    claimPlayback(second);
    expect(second.pause).not.toHaveBeenCalled();
    releasePlayback(second);
  });

  it('shares the muted state and tells its listeners once per change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToPlaybackMuted(listener);
    setPlaybackMuted(true);
    setPlaybackMuted(true);
    expect(isPlaybackMuted()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    setPlaybackMuted(false);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    setPlaybackMuted(true);
    expect(listener).toHaveBeenCalledTimes(2);
    setPlaybackMuted(false);
  });
});
