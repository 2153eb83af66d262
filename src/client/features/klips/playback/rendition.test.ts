import { describe, expect, it } from 'vitest';
import { pickRendition } from './rendition.ts';

const wide = { displayWidthPx: 375, devicePixelRatio: 2 };

describe('pickRendition', () => {
  it('follows a fixed quality whatever the screen and connection', () => {
    expect(pickRendition({ quality: 'high', connection: { saveData: true }, ...wide })).toBe('hd');
    expect(pickRendition({ quality: 'dataSaver', connection: { effectiveType: '4g' }, ...wide })).toBe('sd');
  });

  it('auto: Save-Data and slow connections take the small rendition', () => {
    expect(
      pickRendition({ quality: 'auto', connection: { saveData: true, effectiveType: '4g' }, ...wide }),
    ).toBe('sd');
    for (const effectiveType of ['slow-2g', '2g', '3g'])
      expect(pickRendition({ quality: 'auto', connection: { effectiveType }, ...wide })).toBe('sd');
    expect(pickRendition({ quality: 'auto', connection: { effectiveType: '4g' }, ...wide })).toBe('hd');
    expect(pickRendition({ quality: 'auto', connection: undefined, ...wide })).toBe('hd');
  });

  it('auto: the small rendition while 480 device pixels fill the player, the large one past that', () => {
    const auto = { quality: 'auto' as const, connection: undefined };
    expect(pickRendition({ ...auto, displayWidthPx: 480, devicePixelRatio: 1 })).toBe('sd');
    expect(pickRendition({ ...auto, displayWidthPx: 350, devicePixelRatio: 1 })).toBe('sd');
    expect(pickRendition({ ...auto, displayWidthPx: 481, devicePixelRatio: 1 })).toBe('hd');
    expect(pickRendition({ ...auto, displayWidthPx: 350, devicePixelRatio: 1.5 })).toBe('hd');
  });
});
