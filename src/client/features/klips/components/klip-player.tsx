// A klip's video (docs/product.md "Klip interaction", "Settings"): the rendition picked by content.quality,
// playing while `active` when content.autoplay is on (a play button otherwise), one video at a time, muted and
// started again when the browser refuses autoplay with sound, back to the start and on again when it ends, a tap
// to pause or play, and a view counted once per session after KLIP_VIEW_DEBOUNCE_MS of watching.
import clsx from 'clsx';
import { Play, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { KLIP_VIEW_DEBOUNCE_MS } from '../../../../shared/constants.ts';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { KLIP_PLAYER_MESSAGES } from '../../../../shared/klip-messages.ts';
import { usePlaybackSettings } from '../api/playback-settings.ts';
import { recordKlipView } from '../api/views.ts';
import {
  claimPlayback,
  isPlaybackMuted,
  releasePlayback,
  setPlaybackMuted,
  startPlayback,
  subscribeToPlaybackMuted,
} from '../playback/playback-coordinator.ts';
import { pickRendition, readConnectionHints } from '../playback/rendition.ts';
import { useIsHydrating, useRenderEnvironment } from '../../../lib/render-environment.ts';

export type KlipPlayerProps = {
  klip: Klip;
  /** The klip on screen: it plays (when autoplay is on); otherwise it is paused. */
  active: boolean;
  /** Buffer the video ahead (the klip after the current one), so that it starts at once when it comes. */
  preload?: boolean;
  /** The player's CSS width, for the rendition ('auto' quality). */
  displayWidthPx: number;
  className?: string;
};

export function KlipPlayer({ klip, active, preload = false, displayWidthPx, className }: KlipPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const settings = usePlaybackSettings();
  const muted = useSyncExternalStore(subscribeToPlaybackMuted, isPlaybackMuted, isPlaybackMuted);
  const hydrating = useIsHydrating();
  const environment = useRenderEnvironment();
  // A server-rendered feed's klip on screen starts from the page itself (public/page-start.js, decision 0081) when
  // the server knows the visitor's settings: signed out, autoplay is on.
  const autostart = hydrating && active && environment?.signedInHint === false;
  const [playing, setPlaying] = useState(false);
  // Set by a tap: the viewer paused this klip, so it stays paused even while active.
  const [pausedByViewer, setPausedByViewer] = useState(false);
  // play() refused even muted: the play button shows, and a tap starts it.
  const [blocked, setBlocked] = useState(false);
  // It has played since it came on screen.
  const [started, setStarted] = useState(false);
  // 'auto' is measured once, so that a resize does not restart the video; a chosen quality is followed, also when
  // the settings arrive after the player mounted.
  // A server-rendered player (decision 0080) keeps the server's pick, the one its HTML names: without the
  // browser's hints, a phone's 2x screen.
  const [autoRendition] = useState(() =>
    pickRendition({
      quality: 'auto',
      connection: hydrating ? undefined : readConnectionHints(),
      displayWidthPx,
      devicePixelRatio: hydrating ? 2 : window.devicePixelRatio || 1,
    }),
  );
  const rendition =
    settings.quality === 'auto'
      ? autoRendition
      : pickRendition({
          quality: settings.quality,
          connection: undefined,
          displayWidthPx,
          devicePixelRatio: 1,
        });
  const src = klip.renditions?.[rendition] ?? klip.video ?? undefined;
  const shouldPlay = active && settings.autoplay && !pausedByViewer;

  // A klip that leaves the screen forgets a viewer's pause: coming back to it plays it again.
  const [wasActive, setWasActive] = useState(active);
  if (wasActive !== active) {
    setWasActive(active);
    if (!active) {
      setPausedByViewer(false);
      setStarted(false);
    }
  }

  // (The feed may start the klip before it renders it as active: playing counts from when it is.)
  if (active && playing && !started) setStarted(true);

  // Also on unmuting (KlipMuteButton): a gesture, after which a klip that autoplay refused may start.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // Off screen it pauses, even when the viewer started it by hand (autoplay off).
    if (!active || (!shouldPlay && pausedByViewer)) {
      if (!video.paused) video.pause();
    } else if (shouldPlay && video.paused) void startPlayback(video).then((started) => setBlocked(!started));
  }, [active, shouldPlay, pausedByViewer, src, muted]);

  useEffect(() => {
    const video = videoRef.current;
    // Started by the page before the app ran (muted, as a phone wants before a tap): taken over as it is, with
    // neither a restart nor a second download. Its play and playing events came before React listened.
    if (video && !video.paused) {
      claimPlayback(video);
      if (video.muted) setPlaybackMuted(true);
      if (video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) setPlaying(true);
    }
    return () => {
      if (!video) return;
      releasePlayback(video);
      // Its buffers and decoder go now, not whenever the element is collected: a phone swiping fast needs them.
      video.pause();
      video.removeAttribute('src');
      video.load();
    };
  }, []);

  // The view: KLIP_VIEW_DEBOUNCE_MS after the klip on screen started playing, unless the viewer paused it or moved
  // on before (a short klip starting over at its end, or a stall, does not start the wait again).
  const watching = started && active && !pausedByViewer;
  useEffect(() => {
    if (!watching) return;
    const timer = setTimeout(() => void recordKlipView(klip.id), KLIP_VIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [watching, klip.id]);

  function onTogglePlay(): void {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) {
      setPausedByViewer(false);
      void startPlayback(video).then((started) => setBlocked(!started));
    } else {
      setPausedByViewer(true);
      video.pause();
    }
  }

  return (
    <div className={clsx('relative size-full bg-black', className)}>
      <video
        ref={videoRef}
        src={src}
        poster={klip.thumbnail ?? undefined}
        preload={active || preload ? 'auto' : 'metadata'}
        playsInline
        muted={muted}
        data-autostart={autostart ? '' : undefined}
        className="size-full object-cover"
        onPlay={(event) => claimPlayback(event.currentTarget)}
        onPlaying={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onWaiting={() => setPlaying(false)}
        // Back to the start, and on again while it is the klip on screen (docs/product.md "Klip interaction").
        onEnded={(event) => {
          const video = event.currentTarget;
          video.currentTime = 0;
          setPlaying(false);
          if (active && !pausedByViewer) void startPlayback(video);
        }}
      />
      <button
        type="button"
        aria-label={playing ? KLIP_PLAYER_MESSAGES.pause : KLIP_PLAYER_MESSAGES.play}
        onClick={onTogglePlay}
        className="absolute inset-0 flex items-center justify-center outline-none focus-visible:ring-4 focus-visible:ring-white/60 focus-visible:ring-inset"
      >
        {!playing && (!shouldPlay || blocked) ? (
          <span className="flex size-16 items-center justify-center rounded-full bg-black/50 text-white backdrop-blur-sm">
            <Play aria-hidden="true" className="ml-1 size-8 fill-current" />
          </span>
        ) : null}
      </button>
    </div>
  );
}

/** Sound on or off for every klip (the player's setting is shared, playback/playback-coordinator.ts). */
export function KlipMuteButton() {
  const muted = useSyncExternalStore(subscribeToPlaybackMuted, isPlaybackMuted, isPlaybackMuted);
  return (
    <button
      type="button"
      aria-label={muted ? KLIP_PLAYER_MESSAGES.unmute : KLIP_PLAYER_MESSAGES.mute}
      aria-pressed={muted}
      onClick={() => setPlaybackMuted(!muted)}
      className="inline-flex size-11 items-center justify-center rounded-full bg-black/40 text-white backdrop-blur-sm transition-colors hover:bg-black/60"
    >
      {muted ? (
        <VolumeX aria-hidden="true" className="size-5" />
      ) : (
        <Volume2 aria-hidden="true" className="size-5" />
      )}
    </button>
  );
}
