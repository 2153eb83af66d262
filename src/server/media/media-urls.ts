// Where the browser fetches a stored key: our own /media route, or MEDIA_PUBLIC_URL (a CDN in front of the bucket).
import type { Config } from '../config.ts';

export const MEDIA_ROUTE_PREFIX = '/media/';

export function buildMediaUrl(key: string, config: Pick<Config, 'MEDIA_PUBLIC_URL'>): string {
  const base = config.MEDIA_PUBLIC_URL
    ? config.MEDIA_PUBLIC_URL.replace(/\/+$/, '') + '/'
    : MEDIA_ROUTE_PREFIX;
  return base + key.split('/').map(encodeURIComponent).join('/');
}
