// WCAG 2 contrast for the checks axe-core cannot make: text over a gradient (decision 0056), and the colour tokens
// of index.css read as the unit tests of the brand gradient and of high contrast (decision 0073) check them. Shared
// by those tests and the browser check of every text drawn over a gradient.

/** An sRGB colour, channels 0-255, alpha 0-1. */
export type Rgba = { r: number; g: number; b: number; a: number };

/**
 * `#rgb`, `#rrggbb`, `rgb()`/`rgba()`, `color(srgb …)`, `oklab()` or `oklch()`, as the CSS tokens and Chromium's
 * computed styles write them (Tailwind's `bg-white/20` computes to an `oklab(… / 0.2)`); else null.
 */
export function parseCssColor(value: string): Rgba | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return {
      r: parseInt(full.slice(0, 2), 16),
      g: parseInt(full.slice(2, 4), 16),
      b: parseInt(full.slice(4, 6), 16),
      a: 1,
    };
  }
  const call = /^(rgba?|color|oklab|oklch)\(([^)]*)\)$/.exec(text);
  if (!call) return null;
  const [, kind, body = ''] = call;
  const parts = body.split(/[\s,/]+/).filter(Boolean);
  if (kind === 'color' && parts.shift() !== 'srgb') return null;
  const numbers = parts.map((part) => (part.endsWith('%') ? parseFloat(part) / 100 : Number(part)));
  if (numbers.length < 3 || numbers.some(Number.isNaN)) return null;
  const [x = 0, y = 0, z = 0, a = 1] = numbers;
  if (kind === 'rgb' || kind === 'rgba') return { r: x, g: y, b: z, a };
  if (kind === 'color') return { r: x * 255, g: y * 255, b: z * 255, a };
  const hue = (z * Math.PI) / 180;
  return kind === 'oklab'
    ? convertOklab(x, y, z, a)
    : convertOklab(x, y * Math.cos(hue), y * Math.sin(hue), a);
}

/** OKLab to sRGB (Björn Ottosson's matrices), clipped to the sRGB range. */
function convertOklab(lightness: number, a: number, b: number, alpha: number): Rgba {
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const encode = (linear: number) => {
    const clipped = Math.min(1, Math.max(0, linear));
    return 255 * (clipped <= 0.0031308 ? 12.92 * clipped : 1.055 * clipped ** (1 / 2.4) - 0.055);
  };
  return {
    r: encode(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    g: encode(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    b: encode(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
    a: alpha,
  };
}

/** The colours a CSS gradient's value names, in order (`linear-gradient(135deg, rgb(…), rgb(…))`). */
export function listGradientStops(backgroundImage: string): string[] {
  return (
    backgroundImage.match(/#[0-9a-f]{3,6}\b|rgba?\([^)]*\)|[a-z]+\([^()]*\)(?=\s*[,)])|transparent/gi) ?? []
  );
}

/** `top` drawn over `bottom` (an opaque result when `bottom` is opaque), as a browser blends in sRGB. */
export function blendOver(top: Rgba, bottom: Rgba): Rgba {
  const mix = (over: number, under: number) => over * top.a + under * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** The colours a gradient passes through between its stops (sRGB interpolation, as for legacy colour syntax). */
export function sampleGradient(stops: readonly Rgba[], stepsBetween = 20): Rgba[] {
  const samples: Rgba[] = stops.slice(0, 1);
  for (let index = 1; index < stops.length; index += 1) {
    const from = stops[index - 1]!;
    const to = stops[index]!;
    for (let step = 1; step <= stepsBetween; step += 1) {
      const t = step / stepsBetween;
      samples.push({
        r: from.r + (to.r - from.r) * t,
        g: from.g + (to.g - from.g) * t,
        b: from.b + (to.b - from.b) * t,
        a: from.a + (to.a - from.a) * t,
      });
    }
  }
  return samples;
}

function calculateLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two opaque colours, 1 to 21. */
export function calculateContrastRatio(first: Rgba, second: Rgba): number {
  const [light, dark] = [calculateLuminance(first), calculateLuminance(second)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** WCAG 2 AA: 3:1 for large text (24 px, or 18.66 px bold), else 4.5:1. */
export function getRequiredContrast(fontSizePx: number, fontWeight: number): number {
  return fontSizePx >= 24 || (fontSizePx >= 18.66 && fontWeight >= 700) ? 3 : 4.5;
}

// The client project stubs CSS imports (even `?raw`), and its types have no Node: read the file through Node's
// own module loader, typed here for this one call (a path, as jsdom's URL is not Node's).
const nodeProcess = (
  globalThis as unknown as {
    process: { getBuiltinModule(id: 'node:fs'): { readFileSync(file: string, encoding: 'utf8'): string } };
  }
).process;

/** The client's stylesheet, src/client/index.css, as text. */
export function getIndexCss(): string {
  return nodeProcess
    .getBuiltinModule('node:fs')
    .readFileSync(
      decodeURIComponent(import.meta.url.replace(/^file:\/\//, '').replace(/[^/]+\/[^/]+$/, 'index.css')),
      'utf8',
    );
}

/**
 * The custom properties of the block that opens a line of `css` with `opening {` (`@theme`, `:root`, `.dark`,
 * `.dark.contrast`), name to value; throws when there is no such block.
 */
export function getCustomProperties(css: string, opening: string): Map<string, string> {
  const start = css.indexOf(`\n${opening} {`);
  if (start < 0) throw new Error(`index.css has no ${opening} block`);
  const body = css.slice(start, css.indexOf('}', start));
  return new Map([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]));
}

/** A colour token's value in a theme's blocks, the nearest first (`.dark`, then `:root`); throws when it is none. */
export function getTokenColour(name: string, blocks: readonly Map<string, string>[]): Rgba {
  const value = blocks.find((block) => block.has(name))?.get(name);
  const parsed = value ? parseCssColor(value) : null;
  if (!parsed) throw new Error(`${name} is not a colour: ${value}`);
  return parsed;
}
