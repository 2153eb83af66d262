// The nine Indian shopping hosts whose name and icon ship with the app (docs/product.md "Link preview"), and the
// external platform of a store link (docs/product.md "External platform types"). Pure, so the client and the
// server share it.
import type { Platform } from '../contracts/products.ts';

export interface ShoppingHost {
  /** The registrable domain; its subdomains (www., m., ...) match too. */
  host: string;
  name: string;
  /** docs/product.md "External platform types"; hosts it does not name are 'website'. */
  platform: Platform;
  /** Served from public/shopping-hosts/. */
  icon: string;
}

export const SHOPPING_HOSTS: readonly ShoppingHost[] = [
  { host: 'amazon.in', name: 'Amazon', platform: 'amazon', icon: '/shopping-hosts/amazon.svg' },
  { host: 'flipkart.com', name: 'Flipkart', platform: 'flipkart', icon: '/shopping-hosts/flipkart.svg' },
  { host: 'myntra.com', name: 'Myntra', platform: 'myntra', icon: '/shopping-hosts/myntra.svg' },
  { host: 'ajio.com', name: 'AJIO', platform: 'ajio', icon: '/shopping-hosts/ajio.svg' },
  { host: 'meesho.com', name: 'Meesho', platform: 'meesho', icon: '/shopping-hosts/meesho.svg' },
  { host: 'nykaa.com', name: 'Nykaa', platform: 'website', icon: '/shopping-hosts/nykaa.svg' },
  { host: 'snapdeal.com', name: 'Snapdeal', platform: 'website', icon: '/shopping-hosts/snapdeal.svg' },
  { host: 'tatacliq.com', name: 'Tata CLiQ', platform: 'website', icon: '/shopping-hosts/tatacliq.svg' },
  { host: 'jiomart.com', name: 'JioMart', platform: 'website', icon: '/shopping-hosts/jiomart.svg' },
];

function normalizeHostname(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}

function matchesHost(hostname: string, host: string): boolean {
  return hostname === host || hostname.endsWith(`.${host}`);
}

/** The built-in entry for a hostname (www.flipkart.com, m.myntra.com, ...), or null. */
export function findShoppingHost(hostname: string): ShoppingHost | null {
  const name = normalizeHostname(hostname);
  return SHOPPING_HOSTS.find((entry) => matchesHost(name, entry.host)) ?? null;
}

/** The platform of a store link: one of the spec's named stores, 'website' for any other web link, else 'unknown'. */
export function detectPlatform(url: string): Platform {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return 'unknown';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'unknown';
  const hostname = normalizeHostname(parsed.hostname);
  // Links to the international Amazon store are still Amazon links to a shopper.
  if (matchesHost(hostname, 'amazon.com')) return 'amazon';
  return findShoppingHost(hostname)?.platform ?? 'website';
}

/** What a store link shows in the contact dialog: its platform, a name (the store's, else the host) and an icon. */
export function describeStoreLink(url: string): { platform: Platform; name: string; icon: string | null } {
  const platform = detectPlatform(url);
  if (platform === 'unknown') return { platform, name: 'Link', icon: null };
  const hostname = normalizeHostname(new URL(url.trim()).hostname);
  // amazon.com has no entry of its own: it shows as the Amazon of amazon.in.
  const known =
    findShoppingHost(hostname) ??
    SHOPPING_HOSTS.find((entry) => entry.platform === platform && platform !== 'website');
  return known
    ? { platform, name: known.name, icon: known.icon }
    : { platform, name: hostname.replace(/^www\./, ''), icon: null };
}
