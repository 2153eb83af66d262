// External store links of a product (spec §3 "External platform types"): which platform a link points to.
import type { Platform } from '../contracts/products.ts';

const PLATFORM_HOSTS: Record<Exclude<Platform, 'website' | 'unknown'>, string> = {
  amazon: 'amazon.in',
  flipkart: 'flipkart.com',
  myntra: 'myntra.com',
  ajio: 'ajio.com',
  meesho: 'meesho.com',
};

function matchesHost(hostname: string, host: string): boolean {
  return hostname === host || hostname.endsWith(`.${host}`);
}

export function describeExternalLink(url: string): { platform: Platform; name: string; icon: string | null } {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.toLowerCase();
  } catch {
    return { platform: 'unknown', name: 'Link', icon: null };
  }
  for (const [platform, host] of Object.entries(PLATFORM_HOSTS) as [Platform, string][]) {
    if (matchesHost(hostname, host) || (platform === 'amazon' && matchesHost(hostname, 'amazon.com'))) {
      return { platform, name: platform[0]!.toUpperCase() + platform.slice(1), icon: null };
    }
  }
  return { platform: 'website', name: hostname.replace(/^www\./, ''), icon: null };
}
