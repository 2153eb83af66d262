// What the product gallery and its full-screen viewer share: the sliding image, the arrows, the counter and the
// swipe and arrow-key controls.
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import type { ProductImage as ProductImageData } from '../../../../shared/contracts/products.ts';
import { GALLERY_MESSAGES } from '../../../../shared/gallery-messages.ts';
import type { Carousel, CarouselDirection } from '../../../hooks/use-carousel-index.ts';
import { useSwipe } from '../../../hooks/use-swipe.ts';
import { ProductImage } from './product-image.tsx';

/**
 * The shown image. Give it `key={index}` so each change mounts afresh and slides in from the side it came from;
 * during a drag it follows the finger by offsetX, and springs back if the drag was too short to change image.
 */
export function GallerySlide({
  image,
  alt,
  sizes,
  direction,
  offsetX,
  imageClassName,
}: {
  image: ProductImageData | undefined;
  alt: string;
  sizes: string;
  direction: CarouselDirection;
  offsetX: number;
  imageClassName: string;
}) {
  return (
    <div
      className={clsx(
        'size-full',
        direction === 1 && 'animate-gallery-next',
        direction === -1 && 'animate-gallery-previous',
        offsetX === 0 && 'transition-transform duration-200',
      )}
      style={offsetX ? { transform: `translateX(${offsetX}px)` } : undefined}
    >
      <ProductImage image={image} alt={alt} sizes={sizes} eager className={`size-full ${imageClassName}`} />
    </div>
  );
}

const ARROW_CLASS =
  'absolute top-1/2 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full shadow-sm transition-colors';

/** Previous and next. While the carousel is locked they say so (aria-disabled) but keep focus. */
export function GalleryArrows({
  onStep,
  isLocked,
  className,
}: {
  onStep: (step: 1 | -1) => void;
  isLocked: boolean;
  className: string;
}) {
  return (
    <>
      <button
        type="button"
        aria-label={GALLERY_MESSAGES.previous}
        aria-disabled={isLocked || undefined}
        onClick={() => onStep(-1)}
        className={clsx(ARROW_CLASS, 'left-2', className)}
      >
        <ChevronLeft aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        aria-label={GALLERY_MESSAGES.next}
        aria-disabled={isLocked || undefined}
        onClick={() => onStep(1)}
        className={clsx(ARROW_CLASS, 'right-2', className)}
      >
        <ChevronRight aria-hidden="true" className="size-5" />
      </button>
    </>
  );
}

/** 'n / total' as the spec shows it; screen readers hear "Image n of total" when it changes. */
export function GalleryCounter({
  position,
  total,
  className,
}: {
  position: number;
  total: number;
  className: string;
}) {
  return (
    <p className={className}>
      <span aria-hidden="true">{GALLERY_MESSAGES.counter(position, total)}</span>
      <span className="sr-only" aria-live="polite">
        {GALLERY_MESSAGES.position(position, total)}
      </span>
    </p>
  );
}

/** Swipes and arrow keys step the carousel. Arrow keys with a modifier keep their browser meaning (Alt+Left). */
export function useCarouselControls(carousel: Carousel, count: number) {
  const swipe = useSwipe((direction) => carousel.goBy(direction === 'left' ? 1 : -1));
  return {
    offsetX: swipe.offsetX,
    touchHandlers: count > 1 ? swipe.handlers : {},
    onKeyDown: (event: KeyboardEvent) => {
      if (count < 2 || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      event.preventDefault();
      carousel.goBy(event.key === 'ArrowRight' ? 1 : -1);
    },
  };
}
