// High contrast (decision 0073) is worth its name: in light and dark, every text colour reads at 7:1 (WCAG AAA)
// or more on every surface it is used on, lines at 3:1 (a visible edge), and the focus ring at 3:1 on the page.
// Read from the CSS tokens themselves, as the brand gradient's test does.
import { describe, expect, it } from 'vitest';
import {
  calculateContrastRatio,
  getCustomProperties,
  getIndexCss,
  getTokenColour,
  type Rgba,
} from './test/contrast.ts';

const CSS = getIndexCss();
const THEMES = {
  light: [getCustomProperties(CSS, '.contrast'), getCustomProperties(CSS, ':root')],
  dark: [
    getCustomProperties(CSS, '.dark.contrast'),
    getCustomProperties(CSS, '.dark'),
    getCustomProperties(CSS, ':root'),
  ],
};
const TEXTS = ['--lk-ink', '--lk-ink-muted', '--lk-ink-subtle', '--lk-brand-ink', '--lk-deal-ink'];
const SURFACES = ['--lk-page', '--lk-surface', '--lk-surface-muted', '--lk-brand-soft'];

describe.each(Object.entries(THEMES))('high contrast, %s theme', (_theme, blocks) => {
  it.each(TEXTS)('%s reads at 7:1 or more on every surface', (text) => {
    for (const surface of SURFACES) {
      const ratio = calculateContrastRatio(getTokenColour(text, blocks), getTokenColour(surface, blocks));
      expect(ratio, `${text} on ${surface}`).toBeGreaterThanOrEqual(7);
    }
  });

  it('draws lines and the focus ring that stand out from the surfaces', () => {
    for (const surface of SURFACES) {
      expect(
        calculateContrastRatio(getTokenColour('--lk-line', blocks), getTokenColour(surface, blocks)),
      ).toBeGreaterThanOrEqual(3);
      expect(
        calculateContrastRatio(getTokenColour('--lk-focus', blocks), getTokenColour(surface, blocks)),
      ).toBeGreaterThanOrEqual(3);
    }
  });

  it('carries white text on the filled brand colour at 7:1 or more', () => {
    const white: Rgba = { r: 255, g: 255, b: 255, a: 1 };
    expect(calculateContrastRatio(white, getTokenColour('--lk-brand-fill', blocks))).toBeGreaterThanOrEqual(
      7,
    );
  });
});
