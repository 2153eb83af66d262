// The local preview of the picked video and its poster frame (docs/product.md "Klip video upload": the creator may
// pick the poster in the browser, else the server takes one): a slider over the video, and 'Use this frame' draws
// that frame on a canvas, makes it a JPEG and uploads it; its id is the klip's posterId.
import { ImageIcon, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { KLIP_POSTER_JPEG_QUALITY, VIDEO_HEIGHT_PX } from '../../../../shared/constants.ts';
import { KLIP_FORM_MESSAGES } from '../../../../shared/klip-form-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { uploadKlipPoster } from '../api/klip-write.ts';

export type PosterState =
  | { status: 'none' }
  | { status: 'saving' }
  | { status: 'saved'; posterId: string; frameUrl: string; seconds: number };

/** 75.4 -> '1:15' */
export function formatVideoTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The frame the video shows now as a JPEG, no taller than a klip's own rendition. */
function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const scale = Math.min(1, VIDEO_HEIGHT_PX / Math.max(video.videoHeight, video.videoWidth));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(video.videoWidth * scale);
  canvas.height = Math.round(video.videoHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot draw the frame.'));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('This browser cannot draw the frame.'))),
      'image/jpeg',
      KLIP_POSTER_JPEG_QUALITY,
    ),
  );
}

export function PosterPicker({
  videoUrl,
  poster,
  onPosterChange,
}: {
  videoUrl: string;
  poster: PosterState;
  onPosterChange: (poster: PosterState) => void;
}) {
  const id = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState<number | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [unplayable, setUnplayable] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const frameUrl = poster.status === 'saved' ? poster.frameUrl : null;
  // Counts frame uploads; a new video or the picker going away makes the one on its way stale.
  const frameAttempt = useRef(0);
  useEffect(
    () => () => {
      frameAttempt.current += 1;
    },
    [videoUrl],
  );

  useEffect(() => {
    if (!frameUrl) return;
    return () => URL.revokeObjectURL(frameUrl);
  }, [frameUrl]);

  function onScrub(value: number): void {
    setSeconds(value);
    const element = video.current;
    if (!element) return;
    if (!element.paused) element.pause();
    element.currentTime = value;
  }

  async function onUseFrame(): Promise<void> {
    const element = video.current;
    if (!element) return;
    setProblem(null);
    const at = element.currentTime;
    const attempt = ++frameAttempt.current;
    // A frame of a video the seller has since replaced (or of a picker that is gone) is not this klip's poster.
    const stale = () => attempt !== frameAttempt.current;
    onPosterChange({ status: 'saving' });
    try {
      const frame = await captureFrame(element);
      const posterId = await uploadKlipPoster(frame);
      if (stale()) return;
      onPosterChange({ status: 'saved', posterId, frameUrl: URL.createObjectURL(frame), seconds: at });
    } catch (error) {
      if (stale()) return;
      setProblem(KLIP_FORM_MESSAGES.posterFailed(getErrorMessage(error)));
      onPosterChange({ status: 'none' });
    }
  }

  if (unplayable) {
    return <p className="text-sm text-ink-muted">{KLIP_FORM_MESSAGES.noPreview}</p>;
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-6">
      <video
        ref={video}
        src={videoUrl}
        aria-label="Preview of your video"
        controls
        muted
        playsInline
        preload="metadata"
        onLoadedMetadata={(event) => {
          const length = event.currentTarget.duration;
          setDuration(Number.isFinite(length) ? length : null);
        }}
        onTimeUpdate={(event) => setSeconds(event.currentTarget.currentTime)}
        onError={() => setUnplayable(true)}
        className="aspect-[9/16] w-full max-w-56 self-center rounded-2xl bg-stone-950 object-contain sm:self-start"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <label htmlFor={`${id}-frame`} className="text-sm font-semibold text-ink">
          Poster frame
        </label>
        <div className="flex items-center gap-3">
          <input
            id={`${id}-frame`}
            type="range"
            min={0}
            max={duration ?? 0}
            step={0.1}
            value={seconds}
            disabled={duration === null}
            aria-valuetext={formatVideoTime(seconds)}
            aria-describedby={`${id}-hint`}
            onChange={(event) => onScrub(Number(event.target.value))}
            className="h-11 min-w-0 flex-1 accent-brand"
          />
          <span className="w-10 shrink-0 text-right text-sm text-ink-muted tabular-nums">
            {formatVideoTime(seconds)}
          </span>
        </div>
        <button
          type="button"
          disabled={duration === null || poster.status === 'saving'}
          onClick={() => void onUseFrame()}
          className={getButtonClass({ variant: 'secondary', size: 'sm', className: 'self-start' })}
        >
          {poster.status === 'saving' ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <ImageIcon aria-hidden="true" className="size-4" />
          )}
          {poster.status === 'saving' ? 'Saving frame…' : 'Use this frame'}
        </button>
        {poster.status === 'saved' ? (
          <div className="flex items-center gap-3">
            <img
              src={poster.frameUrl}
              alt="Chosen poster frame"
              className="aspect-[9/16] w-14 rounded-lg bg-stone-950 object-cover"
            />
            <p className="text-sm text-ink">{`Poster: the frame at ${formatVideoTime(poster.seconds)}`}</p>
          </div>
        ) : null}
        <div role="alert" className="empty:hidden">
          {problem ? <p className="text-sm text-rani-700 dark:text-rani-400">{problem}</p> : null}
        </div>
        <p id={`${id}-hint`} className="text-xs text-ink-subtle">
          {`${KLIP_FORM_MESSAGES.posterHint} ${KLIP_FORM_MESSAGES.posterAuto}`}
        </p>
      </div>
    </div>
  );
}
