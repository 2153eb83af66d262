// The brand gradient carries white text (primary buttons, Claim, Loot now, Home's hero, the sign-in panel, avatars):
// white must read at 4.5:1 on every colour it passes through, in both themes (decision 0056). axe-core cannot
// measure a gradient, so this reads the stops from the CSS tokens themselves.
import { describe, expect, it } from 'vitest';
import {
  calculateContrastRatio,
  getCustomProperties,
  getIndexCss,
  listGradientStops,
  parseCssColor,
  sampleGradient,
  type Rgba,
} from './test/contrast.ts';

const CSS = getIndexCss();
const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

const THEMES = {
  light: [getCustomProperties(CSS, ':root'), getCustomProperties(CSS, '@theme')],
  dark: [
    getCustomProperties(CSS, '.dark'),
    getCustomProperties(CSS, ':root'),
    getCustomProperties(CSS, '@theme'),
  ],
};

/** A value with its var() references followed through the theme's blocks, nearest first. */
function resolve(value: string, blocks: Map<string, string>[]): string {
  return value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => {
    const found = blocks.find((block) => block.has(name))?.get(name);
    expect(found, `${name} is defined`).toBeDefined();
    return resolve(found!, blocks);
  });
}

const gradient = /@utility brand-gradient \{\s*background-image:\s*([^;]+);/.exec(CSS)?.[1] ?? '';

describe.each(Object.entries(THEMES))('the brand gradient, %s theme', (_theme, blocks) => {
  const stops = listGradientStops(resolve(gradient, blocks)).map(parseCssColor);

  it('runs between opaque colours the test can read', () => {
    expect(stops.length).toBeGreaterThanOrEqual(2);
    for (const stop of stops) expect(stop?.a).toBe(1);
  });

  it('carries white text at 4.5:1 or more on every colour it passes through', () => {
    const ratios = sampleGradient(stops as Rgba[]).map((colour) => calculateContrastRatio(WHITE, colour));
    expect(Math.min(...ratios)).toBeGreaterThanOrEqual(4.5);
  });

  it('stays saffron into pink: an orange start and a pink end', () => {
    const [from, to] = [stops[0]!, stops.at(-1)!];
    expect(from.r).toBeGreaterThan(from.g);
    expect(from.g).toBeGreaterThan(from.b);
    expect(to.r).toBeGreaterThan(to.b);
    expect(to.b).toBeGreaterThan(to.g);
  });
});
