// The full-screen photo viewer of phones (docs/product.md "Product detail"): one photo at a time with the counter
// 'n / total', arrows, swipe and the hint 'Swipe to navigate'. It shares the gallery's carousel, so it opens on
// the photo being shown and the gallery shows the last photo seen when it closes.
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import type { ProductImage as ProductImageData } from '../../../../shared/contracts/products.ts';
import { GALLERY_MESSAGES } from '../../../../shared/gallery-messages.ts';
import type { Carousel } from '../../../hooks/use-carousel-index.ts';
import { GalleryArrows, GalleryCounter, GallerySlide, useCarouselControls } from './gallery-parts.tsx';

export function ProductImageViewer({
  open,
  onOpenChange,
  images,
  name,
  carousel,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  images: ProductImageData[];
  name: string;
  carousel: Carousel;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const count = images.length;
  const position = carousel.index + 1;
  const controls = useCarouselControls(carousel, count);

  // Radix Dialog gives the modal part: focus trap, Escape and aria-modal; its Overlay locks the body's scroll.
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade fixed inset-0 z-50 bg-stone-950" />
        <Dialog.Content
          // A single photo has no hint to describe the dialog with.
          {...(count > 1 ? {} : { 'aria-describedby': undefined })}
          onKeyDown={controls.onKeyDown}
          onCloseAutoFocus={(event) => {
            // The opener is a plain button, not a Dialog.Trigger, so Radix would not know where to go back to.
            if (!returnFocusTo.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          className="animate-fade fixed inset-0 z-50 flex flex-col bg-stone-950 text-white outline-none"
        >
          <div className="flex items-center justify-between gap-3 px-4 pt-[max(env(safe-area-inset-top),0.75rem)] pb-2">
            <Dialog.Title className="sr-only">{name}</Dialog.Title>
            <GalleryCounter
              position={position}
              total={count}
              className="rounded-full bg-white/10 px-3 py-1 text-sm font-semibold tabular-nums"
            />
            <Dialog.Close
              aria-label={GALLERY_MESSAGES.close}
              className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 transition-colors hover:bg-white/20"
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <div
            {...controls.touchHandlers}
            className="relative min-h-0 flex-1 touch-manipulation overflow-hidden overscroll-x-none"
          >
            <GallerySlide
              key={carousel.index}
              image={images[carousel.index]}
              alt={GALLERY_MESSAGES.imageAlt(name, position, count)}
              sizes="100vw"
              direction={carousel.direction}
              offsetX={controls.offsetX}
              imageClassName="object-contain"
            />
            {count > 1 ? (
              <GalleryArrows
                onStep={carousel.goBy}
                isLocked={carousel.isLocked}
                className="bg-stone-950/50 text-white hover:bg-stone-950/70"
              />
            ) : null}
          </div>
          {count > 1 ? (
            <Dialog.Description className="px-4 pt-2 pb-[max(env(safe-area-inset-bottom),1rem)] text-center text-sm text-white/70">
              {GALLERY_MESSAGES.swipeHint}
            </Dialog.Description>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
