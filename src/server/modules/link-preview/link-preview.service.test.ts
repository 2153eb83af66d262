// The service as the app builds it, with no options: the real resolver, address rules and ports.
import { describe, expect, it } from 'vitest';
import { LINK_PREVIEW_MESSAGES } from '../../../shared/link-preview-messages.ts';
import { isPublicAddress } from './address-policy.ts';
import { buildDefaultFavicon, createLinkPreviewService } from './link-preview.service.ts';
import { resolveHostWithDns } from './safe-fetch.ts';

describe('link preview service defaults', () => {
  it('resolves every address of a name, none of which is public for localhost', async () => {
    const addresses = await resolveHostWithDns('localhost');
    expect(addresses.length).toBeGreaterThan(0);
    for (const { address } of addresses) expect(isPublicAddress(address)).toBe(false);
  });

  it('refuses loopback, metadata and other ports before any connection', async () => {
    const service = createLinkPreviewService();
    await expect(service.getLinkPreview('http://0x7f.1/')).rejects.toMatchObject({
      kind: 'refused',
      message: LINK_PREVIEW_MESSAGES.addressNotAllowed,
    });
    await expect(service.getLinkPreview('http://169.254.169.254/latest/meta-data/')).rejects.toMatchObject({
      kind: 'refused',
    });
    await expect(service.getLinkPreview('http://[::ffff:7f00:1]:443/')).rejects.toMatchObject({
      kind: 'refused',
    });
    await expect(service.getLinkPreview('https://example.com:8443/')).rejects.toMatchObject({
      kind: 'refused',
      message: LINK_PREVIEW_MESSAGES.portNotAllowed(8443),
    });
  });

  it('answers a built-in host from the table', async () => {
    const preview = await createLinkPreviewService().getLinkPreview('https://www.flipkart.com/item/p/itm1');
    expect(preview).toEqual({
      title: null,
      description: null,
      logo: { url: '/shopping-hosts/flipkart.svg' },
      favicon: { url: '/shopping-hosts/flipkart.svg' },
      publisher: 'Flipkart',
    });
  });

  it('builds the default favicon from the domain', () => {
    expect(buildDefaultFavicon('https://shop.example.in/a/b?c=1')).toBe(
      'https://shop.example.in/favicon.ico',
    );
  });
});
