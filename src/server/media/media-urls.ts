// Where the browser fetches a stored key: our own /media route, or MEDIA_PUBLIC_URL (a CDN in front of the bucket).
import type { Config } from '../config.ts';
import type { MediaVariant } from '../db/tables/media-objects.ts';

export const MEDIA_ROUTE_PREFIX = '/media/';

export function buildMediaUrl(key: string, config: Pick<Config, 'MEDIA_PUBLIC_URL'>): string {
  const base = config.MEDIA_PUBLIC_URL
    ? config.MEDIA_PUBLIC_URL.replace(/\/+$/, '') + '/'
    : MEDIA_ROUTE_PREFIX;
  return base + key.split('/').map(encodeURIComponent).join('/');
}

/** What a page needs to show a stored image: a JPEG that works everywhere and a srcset per format. */
export interface ImageUrls {
  url: string;
  srcSet: { avif: string; webp: string; jpeg: string };
}

export function buildImageUrls(
  variants: readonly MediaVariant[],
  config: Pick<Config, 'MEDIA_PUBLIC_URL'>,
): ImageUrls {
  const srcSetOf = (format: MediaVariant['format']) =>
    variants
      .filter((variant) => variant.format === format)
      .sort((a, b) => a.width - b.width)
      .map((variant) => `${buildMediaUrl(variant.key, config)} ${variant.width}w`)
      .join(', ');
  const jpegs = variants.filter((variant) => variant.format === 'jpeg').sort((a, b) => b.width - a.width);
  const largest = jpegs[0] ?? variants[0];
  return {
    url: largest ? buildMediaUrl(largest.key, config) : '',
    srcSet: { avif: srcSetOf('avif'), webp: srcSetOf('webp'), jpeg: srcSetOf('jpeg') },
  };
}

/** The smallest JPEG at least minWidth wide (or the largest there is): avatars and thumbnails. */
export function buildThumbnailUrl(
  variants: readonly MediaVariant[],
  minWidth: number,
  config: Pick<Config, 'MEDIA_PUBLIC_URL'>,
): string | null {
  const jpegs = variants.filter((variant) => variant.format === 'jpeg').sort((a, b) => a.width - b.width);
  const chosen = jpegs.find((variant) => variant.width >= minWidth) ?? jpegs.at(-1);
  return chosen ? buildMediaUrl(chosen.key, config) : null;
}
