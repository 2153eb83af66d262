import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHARED_LOOTBOX_IDS_MAX } from '../constants.ts';
import {
  buildKlipShareIntent,
  buildKlipShareLink,
  buildLootboxShareLink,
  formatSharedClaims,
  parseSharedClaims,
  parseSharedIds,
} from './share-links.ts';

describe('shared Loot Box link (docs/product.md "Share link")', () => {
  it('is origin + /shared-lootbox?products={ids} with the tracking parameters and the item count', () => {
    const url = new URL(buildLootboxShareLink('https://lootklip.example', ['p1', 'p2', 'p1']));
    expect(url.origin + url.pathname).toBe('https://lootklip.example/shared-lootbox');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      products: 'p1,p2',
      utm_source: 'lootklip',
      utm_medium: 'lootbox_share',
      utm_campaign: 'lootbox_share',
      utm_content: '2',
      ref: 'lootklip',
    });
  });

  it('reads back the ids it was built with (property)', () => {
    const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
    fc.assert(
      fc.property(fc.uniqueArray(id, { minLength: 1, maxLength: SHARED_LOOTBOX_IDS_MAX }), (ids) => {
        const url = new URL(buildLootboxShareLink('http://localhost:5173', ids));
        expect(parseSharedIds(url.searchParams.get('products'))).toEqual({
          ids,
          invalidCount: 0,
          tooMany: false,
        });
      }),
    );
  });
});

describe('a shared link’s claimed offers (docs/product.md "Shown price")', () => {
  it('carries the offer claimed for an item, for items of the link only, and reads it back', () => {
    const claims = new Map([
      ['p1', 'offerA'],
      ['gone', 'offerB'],
    ]);
    const url = new URL(buildLootboxShareLink('https://lootklip.example', ['p1', 'p2'], claims));
    expect(url.searchParams.get('offers')).toBe('p1:offerA');
    expect(parseSharedClaims(url.searchParams.get('offers'))).toEqual(new Map([['p1', 'offerA']]));
    expect(new URL(buildLootboxShareLink('https://x.example', ['p1'])).searchParams.has('offers')).toBe(
      false,
    );
  });

  it('formats the claims of the given ids only, in their order, and nothing when none has one', () => {
    const claims = new Map([
      ['p2', 'o2'],
      ['p1', 'o1'],
      ['gone', 'o9'],
    ]);
    expect(formatSharedClaims(['p1', 'p3', 'p2'], claims)).toBe('p1:o1,p2:o2');
    expect(formatSharedClaims(['p3'], claims)).toBe('');
    expect(formatSharedClaims([], new Map())).toBe('');
  });

  it('reads back the claims it formats (property)', () => {
    const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(id, id), { selector: ([productId]) => productId, maxLength: 20 }),
        (pairs) => {
          const claims = new Map(pairs);
          expect(parseSharedClaims(formatSharedClaims([...claims.keys()], claims))).toEqual(claims);
        },
      ),
    );
  });

  it('leaves out an entry that is not two ids, and a second one for a product', () => {
    expect(parseSharedClaims('p1:o1, p2 ,p3:o3:x,p4:,:o5,p1:o9,p6:o 6')).toEqual(new Map([['p1', 'o1']]));
    expect(parseSharedClaims(null)).toEqual(new Map());
  });
});

describe('reading a shared link', () => {
  it('trims, drops empty entries and keeps each id once', () => {
    expect(parseSharedIds(' a , b,,a, ')).toEqual({ ids: ['a', 'b'], invalidCount: 0, tooMany: false });
    expect(parseSharedIds(null)).toEqual({ ids: [], invalidCount: 0, tooMany: false });
  });

  it('counts entries that are not ids', () => {
    expect(parseSharedIds('a,<script>,../etc,b c,' + 'x'.repeat(65))).toEqual({
      ids: ['a'],
      invalidCount: 4,
      tooMany: false,
    });
  });

  it('keeps the first 50 ids and says there were too many', () => {
    const ids = Array.from({ length: SHARED_LOOTBOX_IDS_MAX + 1 }, (_, index) => `p${index}`);
    const parsed = parseSharedIds(ids.join(','));
    expect(parsed.ids).toEqual(ids.slice(0, SHARED_LOOTBOX_IDS_MAX));
    expect(parsed.tooMany).toBe(true);
    expect(parseSharedIds(ids.slice(0, SHARED_LOOTBOX_IDS_MAX).join(',')).tooMany).toBe(false);
  });
});

describe('a klip share link (docs/product.md "Klips", "Share link")', () => {
  it('is origin + /klips/{id} with the tracking parameters and where it was shared', () => {
    const url = new URL(buildKlipShareLink('https://lootklip.example', 'k 1', 'copy_link'));
    expect(url.origin + url.pathname).toBe('https://lootklip.example/klips/k%201');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      utm_source: 'lootklip',
      utm_medium: 'klip_share',
      utm_campaign: 'klips',
      utm_content: 'copy_link',
      ref: 'lootklip',
    });
  });

  it('goes to WhatsApp, X and Facebook with the tracked link of each', () => {
    const klip = { origin: 'https://lootklip.example', klipId: 'k1', title: 'Diya haul' };
    const whatsapp = new URL(buildKlipShareIntent('whatsapp', klip));
    expect(whatsapp.origin).toBe('https://wa.me');
    expect(whatsapp.searchParams.get('text')).toBe(
      `Diya haul ${buildKlipShareLink(klip.origin, 'k1', 'whatsapp')}`,
    );
    const x = new URL(buildKlipShareIntent('x', klip));
    expect(x.origin + x.pathname).toBe('https://x.com/intent/post');
    expect(x.searchParams.get('url')).toBe(buildKlipShareLink(klip.origin, 'k1', 'x'));
    expect(x.searchParams.get('text')).toBe('Diya haul');
    const facebook = new URL(buildKlipShareIntent('facebook', klip));
    expect(facebook.hostname).toBe('www.facebook.com');
    expect(new URL(facebook.searchParams.get('u')!).searchParams.get('utm_content')).toBe('facebook');
  });
});
