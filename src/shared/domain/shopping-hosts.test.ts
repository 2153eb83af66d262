import { describe, expect, it } from 'vitest';
import { describeStoreLink, detectPlatform, findShoppingHost, SHOPPING_HOSTS } from './shopping-hosts.ts';

describe('shopping hosts', () => {
  it('lists the nine built-in hosts of docs/product.md "Link preview", each with its own icon', () => {
    expect(SHOPPING_HOSTS.map((entry) => entry.host)).toEqual([
      'amazon.in',
      'flipkart.com',
      'myntra.com',
      'ajio.com',
      'meesho.com',
      'nykaa.com',
      'snapdeal.com',
      'tatacliq.com',
      'jiomart.com',
    ]);
    const icons = SHOPPING_HOSTS.map((entry) => entry.icon);
    expect(new Set(icons).size).toBe(9);
    for (const icon of icons) expect(icon).toMatch(/^\/shopping-hosts\/[a-z]+\.svg$/);
  });

  it.each([
    ['amazon.in', 'Amazon'],
    ['www.amazon.in', 'Amazon'],
    ['M.FLIPKART.COM', 'Flipkart'],
    ['www.myntra.com.', 'Myntra'],
    ['shop.tatacliq.com', 'Tata CLiQ'],
    ['www.jiomart.com', 'JioMart'],
  ])('finds %s as %s', (hostname, name) => {
    expect(findShoppingHost(hostname)?.name).toBe(name);
  });

  it.each(['amazon.in.evil.example', 'notflipkart.com', 'flipkart.co', 'myntra', 'example.com', ''])(
    'does not take %s for a built-in host',
    (hostname) => {
      expect(findShoppingHost(hostname)).toBeNull();
    },
  );

  it.each([
    ['https://www.amazon.in/dp/B0ABC', 'amazon'],
    ['https://www.amazon.com/dp/B0ABC', 'amazon'],
    ['https://dl.flipkart.com/s/abc', 'flipkart'],
    ['http://m.myntra.com/saree/123', 'myntra'],
    ['https://www.ajio.com/p/1', 'ajio'],
    ['https://meesho.com/item/1', 'meesho'],
    ['https://www.nykaa.com/lipstick', 'website'],
    ['https://handloom-weaves.in/saree', 'website'],
    [' https://www.myntra.com/saree/123 ', 'myntra'],
    ['https://amazon.in.evil.example/', 'website'],
    ['ftp://amazon.in/file', 'unknown'],
    ['javascript:alert(1)', 'unknown'],
    ['www.amazon.in/dp/1', 'unknown'],
    ['', 'unknown'],
  ])('detects the platform of %s as %s', (url, platform) => {
    expect(detectPlatform(url)).toBe(platform);
  });

  it.each([
    ['https://www.ajio.com/p/1', { platform: 'ajio', name: 'AJIO', icon: '/shopping-hosts/ajio.svg' }],
    [
      'https://www.amazon.com/dp/1',
      { platform: 'amazon', name: 'Amazon', icon: '/shopping-hosts/amazon.svg' },
    ],
    ['https://www.nykaa.com/x', { platform: 'website', name: 'Nykaa', icon: '/shopping-hosts/nykaa.svg' }],
    ['https://www.handloom-weaves.in/saree', { platform: 'website', name: 'handloom-weaves.in', icon: null }],
    ['mailto:a@b.in', { platform: 'unknown', name: 'Link', icon: null }],
  ])('describes the store link %s', (url, described) => {
    expect(describeStoreLink(url)).toEqual(described);
  });
});
