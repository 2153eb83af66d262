import type { ProductImage as ProductImageData } from '../../../../shared/contracts/products.ts';

/** A product photo in the best format the browser takes, sized for where it is shown. */
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
  if (!image) {
    return <div aria-hidden="true" className={`bg-surface-muted ${className ?? ''}`} />;
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
        decoding="async"
        className={className}
      />
    </picture>
  );
}
