// Product photos (docs/product.md "Product detail", "Gallery", "Zoom and thumbnails"): the main image with
// arrows, swipe and arrow keys, and thumbnails in 5 columns. Under 768 px a tap opens the full-screen viewer;
// wider, the image zooms 1.8x under the mouse (the product's "zoom mode"; it offers a hover-cycle mode as the
// alternative).
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { PRODUCT_MAIN_IMAGE_SIZES, THUMBNAIL_COLUMNS, ZOOM_SCALE } from '../../../../shared/constants.ts';
import type { ProductImage as ProductImageData } from '../../../../shared/contracts/products.ts';
import { GALLERY_MESSAGES } from '../../../../shared/gallery-messages.ts';
import { useCarouselIndex } from '../../../hooks/use-carousel-index.ts';
import { useGuardedToggle } from '../../../hooks/use-guarded-toggle.ts';
import { useIsMobile } from '../../../hooks/use-media-query.ts';
import { GalleryArrows, GalleryCounter, GallerySlide, useCarouselControls } from './gallery-parts.tsx';
import { ProductImage } from './product-image.tsx';
import { ProductImageViewer } from './product-image-viewer.tsx';

const THUMBNAIL_SIZES = '(min-width: 768px) 120px, 20vw';

export function ProductGallery({ images, name }: { images: ProductImageData[]; name: string }) {
  const count = images.length;
  const carousel = useCarouselIndex(count);
  const isMobile = useIsMobile();
  const [viewerOpen, setViewerOpen] = useGuardedToggle();
  const opener = useRef<HTMLButtonElement>(null);
  const controls = useCarouselControls(carousel, count);
  const position = carousel.index + 1;

  const slide = (
    <GallerySlide
      key={carousel.index}
      image={images[carousel.index]}
      alt={GALLERY_MESSAGES.imageAlt(name, position, Math.max(count, 1))}
      sizes={PRODUCT_MAIN_IMAGE_SIZES}
      direction={carousel.direction}
      offsetX={controls.offsetX}
      imageClassName="object-cover"
    />
  );

  return (
    <>
      <section aria-label={GALLERY_MESSAGES.region(name)} onKeyDown={controls.onKeyDown} className="min-w-0">
        {/* touch-manipulation: see useSwipe */}
        <div
          {...controls.touchHandlers}
          // overscroll-x-none: a long swipe changes the photo, it does not also take the browser back.
          className="relative aspect-square touch-manipulation overflow-hidden overscroll-x-none rounded-3xl bg-surface-muted"
        >
          {count === 0 ? (
            slide
          ) : isMobile ? (
            <button
              ref={opener}
              type="button"
              aria-haspopup="dialog"
              aria-label={GALLERY_MESSAGES.openViewer}
              onClick={() => setViewerOpen(true)}
              className="block size-full"
            >
              {slide}
            </button>
          ) : (
            <ZoomOnHover>{slide}</ZoomOnHover>
          )}
          {count > 1 ? (
            <>
              <GalleryArrows
                onStep={carousel.goBy}
                isLocked={carousel.isLocked}
                className="bg-surface/85 text-ink hover:bg-surface"
              />
              <GalleryCounter
                position={position}
                total={count}
                className="pointer-events-none absolute right-3 bottom-3 rounded-full bg-stone-950/60 px-2.5 py-0.5 text-xs font-semibold text-white"
              />
            </>
          ) : null}
        </div>
        {count > 1 ? (
          <ul
            className="mt-3 grid gap-2"
            style={{ gridTemplateColumns: `repeat(${THUMBNAIL_COLUMNS}, minmax(0, 1fr))` }}
          >
            {images.map((image, imageIndex) => (
              <li key={image.id}>
                <button
                  type="button"
                  aria-label={GALLERY_MESSAGES.showImage(imageIndex + 1)}
                  aria-current={imageIndex === carousel.index || undefined}
                  onClick={() => carousel.goTo(imageIndex)}
                  className={`block w-full overflow-hidden rounded-xl border-2 transition-colors ${imageIndex === carousel.index ? 'border-brand' : 'border-transparent opacity-80 hover:opacity-100'}`}
                >
                  <ProductImage
                    image={image}
                    alt=""
                    sizes={THUMBNAIL_SIZES}
                    className="aspect-square size-full object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {/* Only a phone-sized screen opens it, but it stays open when the phone turns sideways and gets wider. */}
      {count > 0 ? (
        <ProductImageViewer
          open={viewerOpen}
          onOpenChange={setViewerOpen}
          images={images}
          name={name}
          carousel={carousel}
          returnFocusTo={opener}
        />
      ) : null}
    </>
  );
}

/** Zoom mode: while a mouse or pen hovers, the image is shown ZOOM_SCALE times larger around the pointer. */
function ZoomOnHover({ children }: { children: ReactNode }) {
  // The origin outlives the hover, so zooming out shrinks back towards where the pointer left.
  const [zoom, setZoom] = useState({ isZoomed: false, origin: '50% 50%' });

  function onPointerMove(event: PointerEvent<HTMLDivElement>): void {
    if (event.pointerType === 'touch') return; // no hover on touch: a finger swipes instead
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setZoom({ isZoomed: true, origin: `${x}% ${y}%` });
  }

  return (
    <div
      data-testid="gallery-zoom"
      onPointerMove={onPointerMove}
      onPointerLeave={() => setZoom((current) => ({ ...current, isZoomed: false }))}
      className="size-full cursor-zoom-in overflow-hidden"
    >
      <div
        className="size-full transition-transform duration-200 ease-out"
        style={{
          transform: zoom.isZoomed ? `scale(${ZOOM_SCALE})` : undefined,
          transformOrigin: zoom.origin,
        }}
      >
        {children}
      </div>
    </div>
  );
}
