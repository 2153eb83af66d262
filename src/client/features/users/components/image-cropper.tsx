// The crop step of an avatar or cover (decision 0074): the picked image under a frame of the wanted shape, moved by
// dragging or the arrow keys and zoomed with a slider, then drawn to a canvas at the frame's shape. Loaded only
// when a user picks an image (profile-image-picker.tsx imports it lazily).
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { PROFILE_MESSAGES } from '../../../../shared/profile-messages.ts';
import { getButtonClass } from '../../../components/ui/button-styles.ts';

/** Where the image sits: zoom 1 covers the frame; x and y run from -1 (left or top edge) to 1. */
export type CropView = { zoom: number; x: number; y: number };

const MAX_ZOOM = 3;
const KEY_STEP = 0.1;
const clamp = (value: number) => Math.min(1, Math.max(-1, value));

/** The image's box in percent of the frame: its size and its top-left corner. */
export function getImageBox(imageAspect: number, frameAspect: number, view: CropView) {
  const width = 100 * view.zoom * Math.max(1, imageAspect / frameAspect);
  const height = 100 * view.zoom * Math.max(1, frameAspect / imageAspect);
  return {
    width,
    height,
    left: ((100 - width) / 2) * (1 - view.x),
    top: ((100 - height) / 2) * (1 - view.y),
  };
}

/** The part of the image (in its pixels) that the frame shows. */
export function getSourceRect(size: { width: number; height: number }, frameAspect: number, view: CropView) {
  const box = getImageBox(size.width / size.height, frameAspect, view);
  return {
    x: ((0 - box.left) / box.width) * size.width,
    y: ((0 - box.top) / box.height) * size.height,
    width: (100 / box.width) * size.width,
    height: (100 / box.height) * size.height,
  };
}

export default function ImageCropper({
  file,
  aspect,
  outputWidth,
  title,
  onCancel,
  onCrop,
}: {
  file: Blob;
  /** Width over height of the result: 1 for an avatar, 3 for a cover. */
  aspect: number;
  outputWidth: number;
  title: string;
  onCancel: () => void;
  onCrop: (image: Blob) => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [view, setView] = useState<CropView>({ zoom: 1, x: 0, y: 0 });
  const frame = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const drag = useRef<{ x: number; y: number; view: CropView } | null>(null);
  const hintId = useId();
  const zoomId = useId();

  // Read as a data URL: nothing to revoke, so a remount (StrictMode's) cannot break the image.
  useEffect(() => {
    const reader = new FileReader();
    reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);

  const box = size ? getImageBox(size.width / size.height, aspect, view) : null;

  /** How far one pixel of dragging moves x (or y): the free room on each side, in pixels. */
  function move(dx: number, dy: number, from: CropView): CropView {
    const element = frame.current;
    if (!element || !box) return from;
    const roomX = (((box.width - 100) / 100) * element.clientWidth) / 2;
    const roomY = (((box.height - 100) / 100) * element.clientHeight) / 2;
    return {
      ...from,
      x: roomX > 0 ? clamp(from.x + dx / roomX) : 0,
      y: roomY > 0 ? clamp(from.y + dy / roomY) : 0,
    };
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, view };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const start = drag.current;
    if (start) setView(move(event.clientX - start.x, event.clientY - start.y, start.view));
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [KEY_STEP, 0],
      ArrowRight: [-KEY_STEP, 0],
      ArrowUp: [0, KEY_STEP],
      ArrowDown: [0, -KEY_STEP],
    };
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    setView((current) => ({ ...current, x: clamp(current.x + step[0]), y: clamp(current.y + step[1]) }));
  }

  function crop() {
    const element = image.current;
    if (!element || !size) return;
    const source = getSourceRect(size, aspect, view);
    const width = Math.round(Math.min(outputWidth, source.width));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = Math.round(width / aspect);
    const context = canvas.getContext('2d');
    if (!context) return;
    context.drawImage(
      element,
      source.x,
      source.y,
      source.width,
      source.height,
      0,
      0,
      canvas.width,
      canvas.height,
    );
    canvas.toBlob((blob) => blob && onCrop(blob), 'image/jpeg', 0.9);
  }

  return (
    <div className="flex flex-col gap-4">
      <p id={hintId} className="text-sm text-ink-muted">
        {PROFILE_MESSAGES.cropHint}
      </p>
      <div
        ref={frame}
        role="group"
        aria-label={title}
        aria-describedby={hintId}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
        className="relative w-full cursor-grab touch-none overflow-hidden rounded-2xl bg-surface-muted outline-offset-2 focus-visible:outline-2 focus-visible:outline-focus active:cursor-grabbing"
        style={{ aspectRatio: String(aspect) }}
      >
        {url ? (
          <img
            ref={image}
            src={url}
            alt=""
            draggable={false}
            onLoad={(event) =>
              setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
            }
            className="absolute max-w-none select-none"
            style={
              box
                ? {
                    width: `${box.width}%`,
                    height: `${box.height}%`,
                    left: `${box.left}%`,
                    top: `${box.top}%`,
                  }
                : { visibility: 'hidden' }
            }
          />
        ) : null}
        {aspect === 1 ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 rounded-full ring-[999px] ring-stone-950/40"
          />
        ) : null}
      </div>
      <div className="flex items-center gap-3">
        <label htmlFor={zoomId} className="text-sm font-semibold text-ink">
          {PROFILE_MESSAGES.zoomLabel}
        </label>
        <input
          id={zoomId}
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={0.05}
          value={view.zoom}
          onChange={(event) => setView((current) => ({ ...current, zoom: Number(event.target.value) }))}
          className="w-full accent-brand"
        />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={getButtonClass({ variant: 'secondary' })} onClick={onCancel}>
          {PROFILE_MESSAGES.cancel}
        </button>
        <button type="button" className={getButtonClass()} onClick={crop} disabled={!size}>
          {PROFILE_MESSAGES.useImage}
        </button>
      </div>
    </div>
  );
}
