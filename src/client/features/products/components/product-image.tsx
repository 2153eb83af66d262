import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import type { ProductImage as ProductImageData } from '../../../../shared/contracts/products.ts';
import { GALLERY_MESSAGES } from '../../../../shared/gallery-messages.ts';

/**
 * A product photo in the best format the browser takes, sized for where it is shown. A missing photo, or one
 * that fails to load, leaves a placeholder of the same size instead of a broken-image icon.
 */
export function ProductImage({
  image,
  alt,
  sizes,
  className,
  eager = false,
}: {
  image: ProductImageData | undefined;
  alt: string;
  sizes: string;
  className?: string;
  eager?: boolean;
}) {
  // Keyed by URL, so the next photo shown in the same place gets its own chance to load.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!image || failedUrl === image.url) {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt ? `${alt} (${GALLERY_MESSAGES.imageUnavailable})` : undefined}
        aria-hidden={alt ? undefined : true}
        className={`flex items-center justify-center bg-surface-muted text-ink-subtle ${className ?? ''}`}
      >
        <ImageOff aria-hidden="true" className="size-10 max-w-[40%]" />
      </div>
    );
  }
  return (
    <picture>
      {image.srcSet.avif ? <source type="image/avif" srcSet={image.srcSet.avif} sizes={sizes} /> : null}
      {image.srcSet.webp ? <source type="image/webp" srcSet={image.srcSet.webp} sizes={sizes} /> : null}
      <img
        src={image.url}
        srcSet={image.srcSet.jpeg || undefined}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={eager ? 'eager' : 'lazy'}
        // A photo in view at once is usually the page's largest paint: fetch it before scripts and other images.
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        onError={() => setFailedUrl(image.url)}
        className={className}
      />
    </picture>
  );
}
