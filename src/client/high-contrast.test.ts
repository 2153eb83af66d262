// High contrast (decision 0073) is worth its name: in light and dark, every text colour reads at 7:1 (WCAG AAA)
// or more on every surface it is used on, lines at 3:1 (a visible edge), and the focus ring at 3:1 on the page.
// Read from the CSS tokens themselves, as the brand gradient's test does.
import { describe, expect, it } from 'vitest';
import { calculateContrastRatio, parseCssColor, type Rgba } from './test/contrast.ts';

const nodeProcess = (
  globalThis as unknown as {
    process: { getBuiltinModule(id: 'node:fs'): { readFileSync(file: string, encoding: 'utf8'): string } };
  }
).process;
const CSS = nodeProcess
  .getBuiltinModule('node:fs')
  .readFileSync(
    decodeURIComponent(import.meta.url.replace(/^file:\/\//, '').replace(/[^/]+$/, 'index.css')),
    'utf8',
  );

function readBlock(opening: string): Map<string, string> {
  const start = CSS.indexOf(`\n${opening} {`);
  expect(start, `index.css has ${opening}`).toBeGreaterThanOrEqual(0);
  const body = CSS.slice(start, CSS.indexOf('}', start));
  return new Map([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]));
}

const THEMES = {
  light: [readBlock('.contrast'), readBlock(':root')],
  dark: [readBlock('.dark.contrast'), readBlock('.dark'), readBlock(':root')],
};

function colour(name: string, blocks: Map<string, string>[]): Rgba {
  const value = blocks.find((block) => block.has(name))?.get(name);
  const parsed = value ? parseCssColor(value) : null;
  expect(parsed, `${name} is a colour`).not.toBeNull();
  return parsed!;
}

const TEXTS = ['--lk-ink', '--lk-ink-muted', '--lk-ink-subtle', '--lk-brand-ink', '--lk-deal-ink'];
const SURFACES = ['--lk-page', '--lk-surface', '--lk-surface-muted', '--lk-brand-soft'];

describe.each(Object.entries(THEMES))('high contrast, %s theme', (_theme, blocks) => {
  it.each(TEXTS)('%s reads at 7:1 or more on every surface', (text) => {
    for (const surface of SURFACES) {
      const ratio = calculateContrastRatio(colour(text, blocks), colour(surface, blocks));
      expect(ratio, `${text} on ${surface}`).toBeGreaterThanOrEqual(7);
    }
  });

  it('draws lines and the focus ring that stand out from the surfaces', () => {
    for (const surface of SURFACES) {
      expect(
        calculateContrastRatio(colour('--lk-line', blocks), colour(surface, blocks)),
      ).toBeGreaterThanOrEqual(3);
      expect(
        calculateContrastRatio(colour('--lk-focus', blocks), colour(surface, blocks)),
      ).toBeGreaterThanOrEqual(3);
    }
  });

  it('carries white text on the filled brand colour at 7:1 or more', () => {
    const white: Rgba = { r: 255, g: 255, b: 255, a: 1 };
    expect(calculateContrastRatio(white, colour('--lk-brand-fill', blocks))).toBeGreaterThanOrEqual(7);
  });
});
