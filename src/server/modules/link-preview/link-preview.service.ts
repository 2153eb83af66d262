// Link previews of external store links (docs/product.md "Link preview"): built-in hosts answer from the table
// that ships with the app; any other page is fetched safely, read for its metadata and cached.
import {
  LINK_PREVIEW_ALLOWED_PORTS,
  LINK_PREVIEW_CACHE_MAX_ENTRIES,
  LINK_PREVIEW_CACHE_TTL_MS,
  LINK_PREVIEW_FAILURE_TTL_MS,
  LINK_PREVIEW_MAX_BYTES,
  LINK_PREVIEW_MAX_REDIRECTS,
  LINK_PREVIEW_TIMEOUT_MS,
} from '../../../shared/constants.ts';
import type { LinkPreview } from '../../../shared/contracts/link-preview.ts';
import { findShoppingHost, type ShoppingHost } from '../../../shared/domain/shopping-hosts.ts';
import { LINK_PREVIEW_MESSAGES } from '../../../shared/link-preview-messages.ts';
import { isPublicAddress } from './address-policy.ts';
import { parseHtmlMetadata } from './html-metadata.ts';
import { createLruCache } from '../../cache/lru-cache.ts';
import {
  checkUrl,
  fetchHtmlPage,
  LinkPreviewError,
  resolveHostWithDns,
  type SafeFetchOptions,
} from './safe-fetch.ts';

export interface LinkPreviewOptions extends SafeFetchOptions {
  cacheMaxEntries: number;
  cacheTtlMs: number;
  failureTtlMs: number;
  now: () => number;
}

export const DEFAULT_LINK_PREVIEW_OPTIONS: LinkPreviewOptions = {
  resolveHost: resolveHostWithDns,
  isAllowedAddress: isPublicAddress,
  allowedPorts: LINK_PREVIEW_ALLOWED_PORTS,
  timeoutMs: LINK_PREVIEW_TIMEOUT_MS,
  maxBytes: LINK_PREVIEW_MAX_BYTES,
  maxRedirects: LINK_PREVIEW_MAX_REDIRECTS,
  cacheMaxEntries: LINK_PREVIEW_CACHE_MAX_ENTRIES,
  cacheTtlMs: LINK_PREVIEW_CACHE_TTL_MS,
  failureTtlMs: LINK_PREVIEW_FAILURE_TTL_MS,
  now: Date.now,
};

/** The default icon (docs/product.md "Link preview"): a favicon URL built from the site's domain. */
export function buildDefaultFavicon(url: string): string {
  return new URL('/favicon.ico', url).href;
}

function describeBuiltInHost(entry: ShoppingHost): LinkPreview {
  return {
    title: null,
    description: null,
    logo: { url: entry.icon },
    favicon: { url: entry.icon },
    publisher: entry.name,
  };
}

export function createLinkPreviewService(overrides: Partial<LinkPreviewOptions> = {}) {
  const given = Object.entries(overrides).filter(([, value]) => value !== undefined);
  const options: LinkPreviewOptions = { ...DEFAULT_LINK_PREVIEW_OPTIONS, ...Object.fromEntries(given) };
  const cache = createLruCache<Promise<LinkPreview>>(options.cacheMaxEntries, options.now);

  async function fetchPreview(url: URL): Promise<LinkPreview> {
    const page = await fetchHtmlPage(url, options);
    const metadata = parseHtmlMetadata(page.html, page.url);
    return {
      title: metadata.title,
      description: metadata.description,
      logo: { url: metadata.image },
      favicon: { url: metadata.icon ?? buildDefaultFavicon(page.url) },
      publisher: metadata.siteName ?? new URL(page.url).hostname.replace(/^www\./, ''),
    };
  }

  /** Throws LinkPreviewError: 'refused' for a link we never fetch, 'failed' when the website gave no page. */
  async function getLinkPreview(rawUrl: string): Promise<LinkPreview> {
    let url: URL;
    try {
      url = new URL(rawUrl.trim());
    } catch {
      throw new LinkPreviewError('refused', LINK_PREVIEW_MESSAGES.invalidUrl);
    }
    url.hash = '';
    checkUrl(url, options.allowedPorts); // refuses bad schemes and names before the cache or the network sees them
    const builtIn = findShoppingHost(url.hostname);
    if (builtIn) return describeBuiltInHost(builtIn);

    const cached = cache.get(url.href);
    if (cached) return cached;
    // The promise is cached, so concurrent requests for one link share one fetch.
    const pending = fetchPreview(url);
    cache.set(url.href, pending, options.cacheTtlMs);
    pending.catch(() => cache.set(url.href, pending, options.failureTtlMs));
    return pending;
  }

  return { getLinkPreview };
}

export type LinkPreviewService = ReturnType<typeof createLinkPreviewService>;
