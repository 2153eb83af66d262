// docs/product.md "Analytics": on a fast connection the browser opens its connections to the API and the media host
// early. Only when the Network Information API says so (4g, no data saver); without it, nothing.
import { MEDIA_ORIGIN_META_NAME } from '../../shared/constants.ts';

type NetworkInformation = { effectiveType?: string; saveData?: boolean };

/** The page's media host, when it names one of its own (MEDIA_PUBLIC_URL; the server writes the meta tag). */
function readMediaOrigin(): string | undefined {
  return (
    document.querySelector<HTMLMetaElement>(`meta[name="${MEDIA_ORIGIN_META_NAME}"]`)?.content || undefined
  );
}

export function isFastConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return connection?.effectiveType === '4g' && !connection.saveData;
}

/** Adds `<link rel="preconnect">` for each origin other than the page's, once. */
export function preconnectOrigins(urls: (string | undefined)[] = []): void {
  if (!isFastConnection()) return;
  for (const url of [...urls, readMediaOrigin()]) {
    if (!url) continue;
    let origin: string;
    try {
      origin = new URL(url, window.location.href).origin;
    } catch {
      continue;
    }
    if (
      origin === window.location.origin ||
      document.querySelector(`link[rel="preconnect"][href="${origin}"]`)
    ) {
      continue;
    }
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    link.crossOrigin = 'anonymous';
    document.head.append(link);
  }
}
