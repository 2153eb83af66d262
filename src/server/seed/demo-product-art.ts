// Product "photos" for the demo catalogue, drawn as SVG and rendered by sharp: a studio backdrop, a soft contact
// shadow and the product with gradients for volume. View 0 is the front shot; view 1 an angled close-up on a
// second backdrop, so a gallery never shows the same picture twice.

export type ProductKind =
  | 'phone'
  | 'laptop'
  | 'headphones'
  | 'shirt'
  | 'dress'
  | 'kids'
  | 'chair'
  | 'vase'
  | 'kettle'
  | 'bottle'
  | 'lipstick'
  | 'pump'
  | 'dumbbell'
  | 'jersey'
  | 'flask'
  | 'book'
  | 'boardgame'
  | 'teddy'
  | 'puzzle';

/** Shapes on a 400 x 400 stage centred at (200, 200); `m` is the main colour, `a` the accent. */
const SHAPES: Record<ProductKind, string> = {
  phone: `<rect x="135" y="60" width="130" height="270" rx="22" fill="url(#m)"/>
    <rect x="145" y="78" width="110" height="234" rx="12" fill="url(#a)" opacity=".9"/>
    <circle cx="200" cy="70" r="4" fill="#0b0b0b"/>`,
  laptop: `<rect x="95" y="100" width="210" height="140" rx="10" fill="url(#m)"/>
    <rect x="105" y="110" width="190" height="120" rx="4" fill="url(#a)"/>
    <path d="M70 248 H330 L312 268 H88 Z" fill="url(#m)"/>`,
  headphones: `<path d="M120 210 C120 110 280 110 280 210" fill="none" stroke="url(#m)" stroke-width="22" stroke-linecap="round"/>
    <rect x="98" y="195" width="52" height="92" rx="24" fill="url(#m)"/><rect x="250" y="195" width="52" height="92" rx="24" fill="url(#m)"/>
    <rect x="110" y="210" width="28" height="62" rx="14" fill="url(#a)"/><rect x="262" y="210" width="28" height="62" rx="14" fill="url(#a)"/>`,
  shirt: `<path d="M150 80 L110 100 L70 150 L105 175 L125 150 L125 320 H275 L275 150 L295 175 L330 150 L290 100 L250 80 C240 100 160 100 150 80 Z" fill="url(#m)"/>
    <path d="M175 85 L200 120 L225 85" fill="none" stroke="url(#a)" stroke-width="6"/>
    <circle cx="200" cy="160" r="4" fill="url(#a)"/><circle cx="200" cy="195" r="4" fill="url(#a)"/><circle cx="200" cy="230" r="4" fill="url(#a)"/>`,
  dress: `<path d="M170 70 H230 L240 140 L300 330 H100 L160 140 Z" fill="url(#m)"/>
    <path d="M160 140 H240" stroke="url(#a)" stroke-width="10"/>
    <path d="M120 280 Q200 300 280 280" fill="none" stroke="url(#a)" stroke-width="6" stroke-dasharray="10 8"/>`,
  kids: `<path d="M160 110 L125 125 L100 165 L128 180 L140 165 L140 290 H260 L260 165 L272 180 L300 165 L275 125 L240 110 C230 125 170 125 160 110 Z" fill="url(#m)"/>
    <circle cx="200" cy="205" r="34" fill="url(#a)"/><circle cx="188" cy="198" r="5" fill="#fff"/>`,
  chair: `<rect x="130" y="70" width="140" height="130" rx="18" fill="url(#m)"/>
    <rect x="115" y="195" width="170" height="40" rx="12" fill="url(#a)"/>
    <rect x="125" y="232" width="14" height="95" rx="5" fill="url(#m)"/><rect x="261" y="232" width="14" height="95" rx="5" fill="url(#m)"/>`,
  vase: `<path d="M175 80 H225 L222 110 C290 150 290 280 240 320 H160 C110 280 110 150 178 110 Z" fill="url(#m)"/>
    <path d="M140 210 Q200 240 260 210" fill="none" stroke="url(#a)" stroke-width="8"/>
    <path d="M200 80 C190 40 160 30 150 20 M200 80 C215 45 245 38 255 30" stroke="#15803d" stroke-width="6" fill="none"/>`,
  kettle: `<ellipse cx="200" cy="240" rx="105" ry="85" fill="url(#m)"/>
    <path d="M300 220 L350 170 L355 180 L315 245 Z" fill="url(#m)"/>
    <path d="M150 160 C150 100 250 100 250 160" fill="none" stroke="url(#a)" stroke-width="14"/>
    <ellipse cx="200" cy="160" rx="70" ry="14" fill="url(#a)"/>`,
  bottle: `<rect x="160" y="130" width="80" height="190" rx="18" fill="url(#m)"/>
    <rect x="182" y="90" width="36" height="45" rx="6" fill="#1f2937"/><ellipse cx="200" cy="88" rx="22" ry="14" fill="#111827"/>
    <rect x="170" y="190" width="60" height="70" rx="6" fill="url(#a)"/>`,
  lipstick: `<rect x="165" y="200" width="70" height="130" rx="8" fill="url(#a)"/>
    <rect x="172" y="150" width="56" height="55" rx="6" fill="#d4d4d8"/>
    <path d="M178 150 V95 L222 75 V150 Z" fill="url(#m)"/>`,
  pump: `<rect x="150" y="140" width="100" height="185" rx="26" fill="url(#m)"/>
    <rect x="185" y="100" width="30" height="45" fill="#e5e7eb"/><path d="M180 100 H250 V88 H180 Z" fill="#e5e7eb"/>
    <rect x="165" y="200" width="70" height="80" rx="8" fill="url(#a)"/>`,
  dumbbell: `<rect x="120" y="190" width="160" height="20" rx="8" fill="#a1a1aa"/>
    <rect x="70" y="140" width="60" height="120" rx="14" fill="url(#m)"/><rect x="270" y="140" width="60" height="120" rx="14" fill="url(#m)"/>
    <rect x="84" y="150" width="10" height="100" rx="4" fill="url(#a)"/><rect x="306" y="150" width="10" height="100" rx="4" fill="url(#a)"/>`,
  jersey: `<path d="M155 75 L105 100 L80 170 L120 180 L130 160 L130 320 H270 L270 160 L280 180 L320 170 L295 100 L245 75 C235 95 165 95 155 75 Z" fill="url(#m)"/>
    <path d="M130 200 H270" stroke="url(#a)" stroke-width="14"/><text x="200" y="280" font-family="sans-serif" font-size="56" font-weight="800" text-anchor="middle" fill="url(#a)">7</text>`,
  flask: `<rect x="160" y="110" width="80" height="215" rx="30" fill="url(#m)"/>
    <rect x="170" y="70" width="60" height="45" rx="12" fill="url(#a)"/>
    <rect x="160" y="180" width="80" height="16" fill="url(#a)" opacity=".7"/>`,
  book: `<path d="M115 75 H285 V325 H125 Q105 325 105 305 V85 Q105 75 115 75 Z" fill="url(#m)"/>
    <rect x="105" y="300" width="180" height="25" fill="#f8fafc"/><rect x="130" y="120" width="130" height="10" rx="5" fill="url(#a)"/>
    <rect x="130" y="145" width="95" height="8" rx="4" fill="url(#a)" opacity=".8"/><circle cx="195" cy="225" r="38" fill="url(#a)" opacity=".85"/>`,
  boardgame: `<rect x="85" y="110" width="230" height="190" rx="12" fill="url(#m)"/>
    <rect x="105" y="130" width="190" height="150" rx="6" fill="url(#a)"/>
    <path d="M105 180 H295 M105 230 H295 M168 130 V280 M232 130 V280" stroke="url(#m)" stroke-width="5"/>
    <circle cx="136" cy="155" r="10" fill="#ef4444"/><circle cx="264" cy="255" r="10" fill="#2563eb"/>`,
  teddy: `<circle cx="150" cy="105" r="30" fill="url(#m)"/><circle cx="250" cy="105" r="30" fill="url(#m)"/>
    <circle cx="200" cy="150" r="70" fill="url(#m)"/><ellipse cx="200" cy="265" rx="85" ry="70" fill="url(#m)"/>
    <ellipse cx="200" cy="172" rx="28" ry="20" fill="url(#a)"/><circle cx="176" cy="138" r="7" fill="#1f2937"/><circle cx="224" cy="138" r="7" fill="#1f2937"/>
    <ellipse cx="200" cy="270" rx="45" ry="38" fill="url(#a)"/>`,
  puzzle: `<path d="M100 110 H180 C175 90 225 90 220 110 H300 V190 C320 185 320 235 300 230 V310 H100 V230 C120 235 120 185 100 190 Z" fill="url(#m)"/>
    <path d="M200 110 V310 M100 210 H300" stroke="url(#a)" stroke-width="5"/>`,
};

function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const raw = (value >> shift) & 0xff;
    const next = amount >= 0 ? raw + (255 - raw) * amount : raw * (1 + amount);
    return Math.round(Math.min(255, Math.max(0, next)));
  };
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

export function drawProductSvg(
  kind: ProductKind,
  [main, accent]: [string, string],
  view: 0 | 1,
  size = 640,
): string {
  const backdrop =
    view === 0 ? [shade(accent, 0.85), shade(accent, 0.6)] : [shade(main, 0.88), shade(main, 0.7)];
  const transform =
    view === 0 ? 'translate(0 0)' : 'translate(200 215) rotate(-12) scale(1.18) translate(-200 -200)';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400">
  <defs>
    <radialGradient id="bg" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="${backdrop[0]}"/><stop offset="1" stop-color="${backdrop[1]}"/></radialGradient>
    <linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(main, 0.25)}"/><stop offset=".55" stop-color="${main}"/><stop offset="1" stop-color="${shade(main, -0.35)}"/></linearGradient>
    <linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(accent, 0.3)}"/><stop offset="1" stop-color="${shade(accent, -0.2)}"/></linearGradient>
    <radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity=".28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="400" height="400" fill="url(#bg)"/>
  <ellipse cx="200" cy="338" rx="130" ry="18" fill="url(#shadow)"/>
  <g transform="${transform}">${SHAPES[kind]}</g>
</svg>`;
}
