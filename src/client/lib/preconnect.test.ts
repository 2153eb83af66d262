import { afterEach, describe, expect, it } from 'vitest';
import { preconnectOrigins } from './preconnect.ts';

// jsdom has no Network Information API: each test gives the page the connection it describes.
function setConnection(connection: { effectiveType: string; saveData: boolean } | undefined): void {
  if (connection) Object.defineProperty(navigator, 'connection', { configurable: true, value: connection });
  else Reflect.deleteProperty(navigator, 'connection');
}

const preconnects = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].map((link) => link.href);

afterEach(() => {
  setConnection(undefined);
  for (const link of document.head.querySelectorAll(
    'link[rel="preconnect"], meta[name="lootklip-media-origin"]',
  )) {
    link.remove();
  }
});

describe('preconnect on fast connections', () => {
  it('adds the API and media origins that differ from the page, once each, on 4g', () => {
    setConnection({ effectiveType: '4g', saveData: false });
    const meta = Object.assign(document.createElement('meta'), {
      name: 'lootklip-media-origin',
      content: 'https://media.lootklip.example/',
    });
    document.head.append(meta);
    preconnectOrigins(['https://api.lootklip.example/api/v1', '/api/v1']);
    preconnectOrigins(['https://api.lootklip.example/api/v1']);
    expect(preconnects()).toEqual(['https://api.lootklip.example/', 'https://media.lootklip.example/']);
  });

  it.each([
    ['without the Network Information API', undefined],
    ['on 3g', { effectiveType: '3g', saveData: false }],
    ['with the data saver on', { effectiveType: '4g', saveData: true }],
  ])('does nothing %s', (_name, connection) => {
    setConnection(connection);
    preconnectOrigins(['https://api.lootklip.example/api/v1']);
    expect(preconnects()).toEqual([]);
  });
});
