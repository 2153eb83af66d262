// WCAG 2 contrast for the checks axe-core cannot make: text over a gradient (decision 0056). Shared by the unit
// test of the brand gradient's tokens and the browser check of every text drawn over a gradient.

/** An sRGB colour, channels 0-255, alpha 0-1. */
export type Rgba = { r: number; g: number; b: number; a: number };

/** `#rgb`, `#rrggbb`, `rgb(r, g, b)` or `rgba(r, g, b, a)`, as browsers and the CSS tokens write them; else null. */
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
  const channels = /^rgba?\(([^)]*)\)$/
    .exec(text)?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (!channels || channels.length < 3 || channels.some(Number.isNaN)) return null;
  const [r = 0, g = 0, b = 0, a = 1] = channels;
  return { r, g, b, a };
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
