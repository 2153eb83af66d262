// The product form's photos: pick several at once (or drop them on a desktop), watch each upload, retry or
// remove one, and put them in order with buttons or, on a desktop, by dragging. The first photo is the cover.
import clsx from 'clsx';
import { ChevronLeft, ChevronRight, ImagePlus, RotateCw, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { IMAGE_UPLOAD_TYPES, MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from '../../../../shared/constants.ts';
import type { ImageSlot, ProductImages } from '../hooks/use-product-images.ts';
import { ProductImage } from './product-image.tsx';

const MAX_IMAGE_MB = MAX_IMAGE_BYTES / (1024 * 1024);
export const IMAGE_RULES = `Up to ${MAX_PRODUCT_IMAGES} photos: JPEG, PNG, WebP or AVIF, at most ${MAX_IMAGE_MB} MB each. The first photo is the cover.`;

const SMALL_BUTTON_CLASS =
  'inline-flex size-9 items-center justify-center rounded-full border border-line bg-surface text-ink-muted transition-colors hover:text-ink aria-disabled:cursor-default aria-disabled:opacity-40';

function isFileDrag(event: DragEvent): boolean {
  return event.dataTransfer.types.includes('Files');
}

export function ProductFormImages({ images, error }: { images: ProductImages; error?: string | undefined }) {
  const { slots } = images;
  const hintId = useId();
  const errorId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const [filesOver, setFilesOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  // Where focus goes once a removal has rendered: the neighbour's remove button, or the picker.
  const focusAfterRemove = useRef<string | null>(null);

  useEffect(() => {
    const target = focusAfterRemove.current;
    if (target === null) return;
    focusAfterRemove.current = null;
    (removeButtons.current.get(target) ?? input.current)?.focus();
  });

  function onMove(from: number, to: number): void {
    if (to < 0 || to >= slots.length || from === to) return;
    images.onMove(from, to);
    setAnnouncement(
      to === 0
        ? 'Photo moved to position 1. It is now the cover.'
        : `Photo moved to position ${to + 1} of ${slots.length}.`,
    );
  }

  function onRemove(index: number, slot: ImageSlot): void {
    focusAfterRemove.current = slots[index + 1]?.key ?? slots[index - 1]?.key ?? '';
    images.onRemove(slot.key);
    setAnnouncement(`Photo ${index + 1} removed.`);
  }

  function onDropFiles(event: DragEvent): void {
    if (!isFileDrag(event)) return;
    event.preventDefault();
    setFilesOver(false);
    images.onAddFiles(Array.from(event.dataTransfer.files));
  }

  function onEndDrag(): void {
    setDragFrom(null);
    setDropAt(null);
  }

  const failed = slots.flatMap((slot, index) => (slot.status === 'failed' ? [{ slot, index }] : []));
  const empty = slots.length === 0;
  return (
    <div
      className={clsx(
        'flex flex-col gap-3 rounded-2xl',
        filesOver && 'outline-2 outline-brand outline-dashed',
      )}
      onDragOver={(event) => {
        if (!isFileDrag(event)) return;
        event.preventDefault();
        setFilesOver(true);
      }}
      onDragLeave={() => setFilesOver(false)}
      onDrop={onDropFiles}
    >
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-5" aria-label="Photos">
        {slots.map((slot, index) => (
          <li
            key={slot.key}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', slot.key);
              setDragFrom(index);
            }}
            onDragOver={(event) => {
              if (dragFrom === null) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setDropAt(index);
            }}
            onDrop={(event) => {
              if (dragFrom === null) return;
              event.preventDefault();
              event.stopPropagation();
              onMove(dragFrom, index);
              onEndDrag();
            }}
            onDragEnd={onEndDrag}
            className={clsx(
              'flex flex-col gap-1.5 rounded-xl',
              dragFrom === index && 'opacity-50',
              dropAt === index && dragFrom !== index && 'ring-2 ring-brand ring-offset-2 ring-offset-surface',
            )}
          >
            <div className="relative aspect-square overflow-hidden rounded-xl border border-line bg-surface-muted md:cursor-grab">
              {slot.previewUrl ? (
                <img
                  src={slot.previewUrl}
                  alt={`Photo ${index + 1}`}
                  draggable={false}
                  className="size-full object-cover"
                />
              ) : (
                <ProductImage
                  image={slot.image ?? undefined}
                  alt={`Photo ${index + 1}`}
                  sizes="160px"
                  className="size-full object-cover"
                />
              )}
              {index === 0 ? (
                <span className="absolute bottom-1.5 left-1.5 rounded-full bg-stone-950/70 px-2 py-0.5 text-[11px] font-semibold text-white">
                  Cover
                </span>
              ) : null}
              <SlotStatus slot={slot} index={index} onRetry={() => images.onRetry(slot.key)} />
              <button
                type="button"
                ref={(element) => {
                  if (element) removeButtons.current.set(slot.key, element);
                  else removeButtons.current.delete(slot.key);
                }}
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => onRemove(index, slot)}
                className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full bg-stone-950/65 text-white hover:bg-stone-950/80"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
            {slots.length > 1 ? (
              <div className="flex justify-center gap-2">
                {/* aria-disabled, not disabled: focus stays on the button after a move to the end. */}
                <button
                  type="button"
                  aria-label={`Move photo ${index + 1} left`}
                  aria-disabled={index === 0}
                  onClick={() => onMove(index, index - 1)}
                  className={SMALL_BUTTON_CLASS}
                >
                  <ChevronLeft aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  aria-label={`Move photo ${index + 1} right`}
                  aria-disabled={index === slots.length - 1}
                  onClick={() => onMove(index, index + 1)}
                  className={SMALL_BUTTON_CLASS}
                >
                  <ChevronRight aria-hidden="true" className="size-4" />
                </button>
              </div>
            ) : null}
          </li>
        ))}
        {slots.length < MAX_PRODUCT_IMAGES ? (
          <li key="add" className={clsx(empty && 'col-span-full')}>
            <label
              className={clsx(
                'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-line bg-surface-muted/50 text-center text-ink-muted transition-colors hover:border-brand hover:text-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
                empty ? 'px-4 py-10' : 'aspect-square',
              )}
            >
              <input
                ref={input}
                type="file"
                name="images"
                multiple
                accept={IMAGE_UPLOAD_TYPES.join(',')}
                aria-label="Add photos"
                aria-describedby={error ? `${errorId} ${hintId}` : hintId}
                aria-invalid={error ? true : undefined}
                className="sr-only"
                onChange={(event) => {
                  images.onAddFiles(Array.from(event.target.files ?? []));
                  // Picking the same file again (after removing it) must fire change again.
                  event.target.value = '';
                }}
              />
              <ImagePlus aria-hidden="true" className={empty ? 'size-8 text-brand' : 'size-6'} />
              <span className="text-sm font-semibold text-ink">Add photos</span>
              {empty ? (
                <span className="text-sm">Take a photo or choose from your gallery</span>
              ) : (
                <span className="text-xs">{`${slots.length} / ${MAX_PRODUCT_IMAGES}`}</span>
              )}
            </label>
          </li>
        ) : null}
      </ul>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-rani-700 dark:text-rani-400">
          {error}
        </p>
      ) : null}
      {/* Always mounted, so that every new refusal or failure is announced. */}
      <div role="alert" className="empty:hidden">
        {images.problems.length || failed.length ? (
          <ul className="flex flex-col gap-1 rounded-xl border border-rani-600/30 bg-rani-600/10 px-3 py-2.5 text-sm text-rani-700 dark:text-rani-400">
            {images.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
            {failed.map(({ slot, index }) => (
              <li key={slot.key}>{`Photo ${index + 1} did not upload: ${slot.error}`}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <p id={hintId} className="text-xs text-ink-subtle">
        {IMAGE_RULES}
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function SlotStatus({ slot, index, onRetry }: { slot: ImageSlot; index: number; onRetry: () => void }) {
  if (slot.status === 'uploading') {
    const percent = Math.round(slot.progress * 100);
    return (
      <div className="absolute inset-0 flex flex-col justify-end bg-stone-950/35 p-2">
        <span className="mb-1 text-xs font-semibold text-white tabular-nums">{`${percent}%`}</span>
        <div
          role="progressbar"
          aria-label={`Uploading photo ${index + 1}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 overflow-hidden rounded-full bg-white/35"
        >
          <div className="h-full rounded-full bg-white transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }
  if (slot.status === 'failed') {
    return (
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 bg-stone-950/70 p-2 text-center text-white">
        <span className="text-xs font-semibold">Upload failed</span>
        <button
          type="button"
          onClick={onRetry}
          aria-label={`Retry photo ${index + 1}`}
          className="inline-flex h-8 items-center gap-1 rounded-full bg-white px-3 text-xs font-semibold text-stone-900"
        >
          <RotateCw aria-hidden="true" className="size-3.5" />
          Retry
        </button>
      </div>
    );
  }
  return null;
}
