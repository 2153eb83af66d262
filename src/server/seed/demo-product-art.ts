// Product "photos" for the demo catalogue, drawn as SVG and rendered by sharp (librsvg): seamless studio paper with a
// vignette, a soft contact shadow and the product shaded with gradients. View 0 is the front shot, view 1 an angled
// close-up, view 2 a lifestyle shot (table or hanger) in the alternate colourway, so a gallery never repeats itself.

export const PRODUCT_KINDS = [
  'phone',
  'laptop',
  'headphones',
  'earbuds',
  'charger',
  'shirt',
  'kurta',
  'dress',
  'saree',
  'kidstee',
  'chair',
  'sofa',
  'vase',
  'lamp',
  'kettle',
  'pan',
  'serum',
  'jar',
  'lipstick',
  'palette',
  'pump',
  'tube',
  'dumbbell',
  'yogamat',
  'bat',
  'jersey',
  'shorts',
  'bottle',
  'cap',
  'bag',
  'novel',
  'nonfiction',
  'textbook',
  'boardgame',
  'teddy',
  'car',
  'puzzle',
  'cube',
] as const;

export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** What to draw for a product: the kind of object and its colours. */
export interface ProductArt {
  kind: ProductKind;
  /** Body colour (#rrggbb). */
  color: string;
  /** Trim, label, screen or print colour (#rrggbb). */
  accent: string;
  /** Body colour of the alternate colourway in view 2; the accent when absent. */
  alt?: string;
  /** A few words printed on a book cover, game box or bottle label. */
  label?: string;
}

export type ProductView = 0 | 1 | 2;

interface Paint {
  main: string;
  accent: string;
  label: string;
  seed: number;
}

interface Shape {
  svg: string;
  /** Half width of the contact shadow at the floor line (y 330). */
  shadow: number;
  /** Centre of the close-up in view 1. */
  focus: [number, number];
  /** Garments hang on a hanger in the lifestyle view instead of standing on a table. */
  hangs?: boolean;
  /** Enlarges small objects so every tile is filled about as much. */
  zoom?: number;
}

const FLOOR = 330;

function toRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function mix(from: string, to: string, amount: number): string {
  const a = toRgb(from);
  const b = toRgb(to);
  return `#${a
    .map((channel, i) => Math.round(channel + (b[i]! - channel) * amount))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** Lighter towards white for a positive amount, darker towards black for a negative one. */
function shade(hex: string, amount: number): string {
  return amount >= 0 ? mix(hex, '#ffffff', amount) : mix(hex, '#000000', -amount);
}

function hashText(text: string): number {
  let hash = 2_166_136_261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

type Stop = [offset: number, color: string, opacity?: number];

function linear(id: string, stops: Stop[], x2 = 1, y2 = 0): string {
  const body = stops
    .map(([offset, color, opacity]) =>
      opacity === undefined
        ? `<stop offset="${offset}" stop-color="${color}"/>`
        : `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`,
    )
    .join('');
  return `<linearGradient id="${id}" x2="${x2}" y2="${y2}">${body}</linearGradient>`;
}

function radial(id: string, stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
  const body = stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity ?? 1}"/>`,
    )
    .join('');
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${body}</radialGradient>`;
}

/** The shared gradients: H = lit cylinder (left to right), V = top to bottom, D = diagonal, R = lit sphere. */
function paintDefs({ main, accent }: Paint): string {
  const cylinder = (id: string, c: string) =>
    linear(id, [
      [0, shade(c, -0.3)],
      [0.22, shade(c, 0.28)],
      [0.5, c],
      [1, shade(c, -0.42)],
    ]);
  return [
    cylinder('mH', main),
    linear(
      'mV',
      [
        [0, shade(main, 0.18)],
        [1, shade(main, -0.28)],
      ],
      0,
      1,
    ),
    linear(
      'mD',
      [
        [0, shade(main, 0.3)],
        [0.55, main],
        [1, shade(main, -0.38)],
      ],
      1,
      1,
    ),
    radial(
      'mR',
      [
        [0, shade(main, 0.3)],
        [1, shade(main, -0.3)],
      ],
      0.38,
      0.32,
      0.75,
    ),
    cylinder('aH', accent),
    linear(
      'aV',
      [
        [0, shade(accent, 0.2)],
        [1, shade(accent, -0.25)],
      ],
      0,
      1,
    ),
    linear(
      'aD',
      [
        [0, shade(accent, 0.3)],
        [0.55, accent],
        [1, shade(accent, -0.35)],
      ],
      1,
      1,
    ),
    linear('sH', [
      [0, '#71717a'],
      [0.25, '#fafafa'],
      [0.55, '#c4c4cc'],
      [1, '#52525b'],
    ]),
    linear('gold', [
      [0, '#92632a'],
      [0.3, '#f6d98b'],
      [0.6, '#c9973f'],
      [1, '#7a4f1d'],
    ]),
    linear('wood', [
      [0, '#c08a55'],
      [0.4, '#dcaa72'],
      [1, '#8f5d32'],
    ]),
    linear(
      'kD',
      [
        [0, '#4b5059'],
        [1, '#121418'],
      ],
      1,
      1,
    ),
    linear('edge', [
      [0, '#000', 0.24],
      [0.2, '#000', 0],
      [0.78, '#000', 0],
      [1, '#000', 0.28],
    ]),
    linear(
      'gloss',
      [
        [0, '#fff', 0.55],
        [1, '#fff', 0],
      ],
      1,
      1,
    ),
    linear(
      'scr',
      [
        [0, shade(accent, 0.25)],
        [0.5, accent],
        [1, mix(accent, main, 0.55)],
      ],
      0.6,
      1,
    ),
    radial('sh', [
      [0, '#000', 0.36],
      [0.55, '#000', 0.14],
      [1, '#000', 0],
    ]),
  ].join('');
}

const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;

/** A garment: fabric gradient, darker edges for roundness, then details on top. */
function garment(d: string, fill: string): string {
  return path(d, fill) + path(d, 'url(#edge)');
}

function wrapTitle(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= maxChars)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function textLines(
  lines: string[],
  x: number,
  y: number,
  size: number,
  fill: string,
  anchor: 'start' | 'middle' = 'start',
  weight = 800,
): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * Math.round(size * 1.15)}" font-family="sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${escapeXml(line)}</text>`,
    )
    .join('');
}

/** Title lines for covers, boxes and labels: the largest size at which every word fits the width in maxLines. */
function title(
  text: string,
  x: number,
  y: number,
  width: number,
  maxSize: number,
  fill: string,
  anchor: 'start' | 'middle' = 'start',
  maxLines = 3,
): string {
  const charWidth = 0.62;
  for (let size = maxSize; size > 8; size--) {
    const lines = wrapTitle(text, Math.floor(width / (size * charWidth)));
    const longest = Math.max(...lines.map((line) => line.length));
    if (lines.length <= maxLines && longest * size * charWidth <= width) {
      return textLines(lines, x, y, size, fill, anchor);
    }
  }
  return textLines(wrapTitle(text, 14).slice(0, maxLines), x, y, 8, fill, anchor);
}

function leaf(x: number, y: number, angle: number, length: number, color: string): string {
  const w = length * 0.32;
  return `<g transform="translate(${x} ${y}) rotate(${angle})">${path(
    `M0 0 Q${w} ${-length * 0.5} 0 ${-length} Q${-w} ${-length * 0.5} 0 0Z`,
    color,
  )}<path d="M0 0 L0 ${-length * 0.92}" stroke="#fff" stroke-opacity=".25" stroke-width="1.2"/></g>`;
}

function jigsawEdge(x: number, y: number, length: number, vertical: boolean, flip: boolean): string {
  const a = length * 0.41;
  const sweep = flip ? 1 : 0;
  return vertical
    ? `M${x} ${y}v${a}a8.5 8.5 0 1 ${sweep} 0 ${length - 2 * a}v${a}`
    : `M${x} ${y}h${a}a8.5 8.5 0 1 ${sweep} ${length - 2 * a} 0h${a}`;
}

const DRAW: Record<ProductKind, (p: Paint) => Shape> = {
  phone: (p) => ({
    svg: `<g transform="rotate(7 245 200)"><rect x="186" y="58" width="118" height="264" rx="21" fill="url(#mD)"/>
<rect x="187.5" y="59.5" width="115" height="261" rx="20" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="1.5"/>
<rect x="198" y="72" width="50" height="66" rx="15" fill="${shade(p.main, -0.22)}" stroke="#fff" stroke-opacity=".3"/>
<circle cx="214" cy="90" r="10" fill="#111" stroke="url(#sH)" stroke-width="3"/><circle cx="214" cy="119" r="10" fill="#111" stroke="url(#sH)" stroke-width="3"/>
<circle cx="211" cy="87" r="3" fill="#9bb4d6" opacity=".7"/><circle cx="211" cy="116" r="3" fill="#9bb4d6" opacity=".7"/><circle cx="236" cy="90" r="4" fill="#fef3c7"/>
${path('M186 200 L304 110 V150 L186 250Z', '#fff', ' opacity=".08"')}</g>
<g transform="rotate(-5 160 200)"><rect x="95" y="64" width="124" height="270" rx="22" fill="url(#mD)"/><rect x="98" y="67" width="118" height="264" rx="20" fill="#111316"/>
<clipPath id="sc"><rect x="103" y="72" width="108" height="254" rx="16"/></clipPath><g clip-path="url(#sc)"><rect x="103" y="72" width="108" height="254" fill="url(#scr)"/>
<circle cx="120" cy="140" r="70" fill="${shade(p.accent, 0.45)}" opacity=".55"/><circle cx="215" cy="300" r="80" fill="${shade(p.main, 0.1)}" opacity=".55"/>
<rect x="115" y="104" width="84" height="40" rx="10" fill="#fff" opacity=".22"/>
<rect x="116" y="292" width="16" height="16" rx="5" fill="#fff" opacity=".75"/><rect x="140" y="292" width="16" height="16" rx="5" fill="#fff" opacity=".75"/><rect x="164" y="292" width="16" height="16" rx="5" fill="#fff" opacity=".75"/><rect x="188" y="292" width="16" height="16" rx="5" fill="#fff" opacity=".75"/>
${path('M103 200 L211 90 V150 L103 260Z', '#fff', ' opacity=".1"')}</g><circle cx="157" cy="82" r="4" fill="#000"/></g>`,
    shadow: 120,
    focus: [225, 130],
  }),
  laptop: (p) => {
    const rows = [0, 1, 2, 3, 4]
      .map((r) => {
        const y = 272 + r * 6.6;
        const inset = 100 - (y - 262) * 0.55;
        return `M${inset.toFixed(1)} ${y.toFixed(1)}H${(400 - inset).toFixed(1)}`;
      })
      .join('');
    const cols = Array.from({ length: 13 }, (_, i) => {
      const t = i / 12;
      return `M${(96 + t * 208).toFixed(1)} 268L${(84 + t * 232).toFixed(1)} 302`;
    }).join('');
    return {
      svg: `<rect x="90" y="92" width="220" height="172" rx="9" fill="url(#mD)"/><rect x="95" y="97" width="210" height="162" rx="5" fill="#0d0f12"/>
<clipPath id="sc"><rect x="101" y="104" width="198" height="146"/></clipPath><g clip-path="url(#sc)"><rect x="101" y="104" width="198" height="146" fill="url(#scr)"/><circle cx="140" cy="140" r="60" fill="${shade(p.accent, 0.45)}" opacity=".45"/></g>
<rect x="124" y="122" width="112" height="74" rx="4" fill="#fff" opacity=".9"/><rect x="124" y="122" width="112" height="11" rx="4" fill="${shade(p.accent, -0.2)}"/>
<path d="M132 146h60M132 156h84M132 166h44M132 176h70" stroke="#c9ced6" stroke-width="4" stroke-linecap="round"/><rect x="160" y="238" width="80" height="8" rx="4" fill="#fff" opacity=".4"/>
${path('M101 210 L240 104 H299 L101 250Z', '#fff', ' opacity=".07"')}
${path('M92 262 H308 L346 316 H54 Z', 'url(#mV)')}${path('M54 316 H346 V322 Q346 328 338 328 H62 Q54 328 54 322Z', shade(p.main, -0.35))}
${path('M100 267 H300 L318 303 H82Z', '#1a1c20')}<path d="${rows}${cols}" stroke="${shade(p.main, -0.1)}" stroke-width="1.3" fill="none"/>
${path('M170 306 H230 L234 314 H166Z', shade(p.main, 0.12))}<path d="M92 262 H308" stroke="#fff" stroke-opacity=".5" stroke-width="1.5"/>`,
      shadow: 160,
      focus: [200, 200],
    };
  },
  headphones: () => {
    const cup = (cx: number, inner: number) =>
      `<ellipse cx="${cx}" cy="266" rx="42" ry="60" fill="url(#mH)"/><ellipse cx="${cx + inner * 22}" cy="266" rx="20" ry="54" fill="#1c1f24"/>
<ellipse cx="${cx - inner * 6}" cy="266" rx="24" ry="38" fill="none" stroke="url(#aD)" stroke-width="4"/><ellipse cx="${cx - inner * 14}" cy="244" rx="6" ry="14" fill="#fff" opacity=".3"/>`;
    return {
      svg: `<path d="M110 232 C108 92 292 92 290 232" fill="none" stroke="url(#mV)" stroke-width="18" stroke-linecap="round"/>
<path d="M124 206 C128 120 272 120 276 206" fill="none" stroke="#1f2328" stroke-width="9" stroke-linecap="round"/>
<path d="M112 200 C116 104 200 96 240 110" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="3" stroke-linecap="round"/>
<rect x="106" y="196" width="12" height="30" rx="4" fill="url(#sH)"/><rect x="282" y="196" width="12" height="30" rx="4" fill="url(#sH)"/>${cup(112, 1)}${cup(288, -1)}`,
      shadow: 130,
      focus: [270, 250],
    };
  },
  earbuds: (p) => {
    const bud = (x: number, angle: number) =>
      `<g transform="translate(${x} 290) rotate(${angle})"><rect x="-8" y="0" width="16" height="48" rx="8" fill="url(#mH)"/><circle r="21" fill="url(#mR)"/>
<ellipse cx="-7" cy="-5" rx="10" ry="12" fill="#2b2f36"/><circle cx="8" cy="-8" r="4" fill="#fff" opacity=".6"/><rect x="-3" y="38" width="6" height="6" rx="3" fill="url(#sH)"/></g>`;
    return {
      svg: `<rect x="128" y="224" width="144" height="106" rx="48" fill="url(#mH)"/><path d="M130 262 H270" stroke="${shade(p.main, -0.3)}" stroke-opacity=".6" stroke-width="2"/>
<ellipse cx="172" cy="240" rx="26" ry="8" fill="#fff" opacity=".45"/><circle cx="200" cy="292" r="3.5" fill="${p.accent}"/><circle cx="200" cy="292" r="7" fill="${p.accent}" opacity=".25"/>
${bud(84, -30)}${bud(316, 30)}`,
      shadow: 150,
      focus: [200, 270],
      zoom: 1.3,
    };
  },
  charger: (p) =>
    ({
      svg: `<g transform="translate(-26 0)"><rect x="112" y="246" width="44" height="12" rx="6" fill="url(#sH)"/><rect x="112" y="288" width="44" height="12" rx="6" fill="url(#sH)"/>
${path('M150 222 L178 194 H284 L256 222Z', shade(p.main, 0.35))}${path('M256 222 L284 194 V302 L256 330Z', shade(p.main, -0.3))}
<rect x="150" y="222" width="106" height="108" fill="url(#mV)"/><path d="M150 222 L178 194 H284" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="1.5"/>
${path('M206 246 L192 270 H204 L198 290 L216 262 H204 L210 246Z', p.accent)}<rect x="188" y="304" width="30" height="9" rx="4.5" fill="#1b1d21"/>
<path d="M203 313 C204 340 250 336 290 322 S 340 314 352 320" fill="none" stroke="${p.accent}" stroke-width="7" stroke-linecap="round"/>
<path d="M203 313 C204 336 250 332 290 318" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"/></g>`,
      shadow: 130,
      focus: [190, 260],
      zoom: 1.25,
    }) satisfies Shape,
  shirt: (p) => ({
    svg: `${garment('M160 78 L118 92 Q96 100 88 124 L62 196 L100 210 L126 152 L128 326 Q200 336 272 326 L274 152 L300 210 L338 196 L312 124 Q304 100 282 92 L240 78 Z', 'url(#mV)')}
${path('M162 76 Q200 66 238 76 L200 112Z', shade(p.main, -0.3))}${path('M162 74 L200 112 L180 130 L150 88Z', shade(p.main, 0.12))}${path('M238 74 L200 112 L220 130 L250 88Z', shade(p.main, 0.06))}
<path d="M200 112 V330" stroke="${shade(p.main, -0.35)}" stroke-opacity=".45" stroke-width="1.5"/>
${[142, 178, 214, 250, 286].map((y) => `<circle cx="205" cy="${y}" r="3.4" fill="${p.accent}"/>`).join('')}
<rect x="226" y="148" width="30" height="34" rx="3" fill="none" stroke="${shade(p.main, -0.3)}" stroke-opacity=".45"/>
<path d="M66 190 L100 204 M334 190 L300 204" stroke="${shade(p.main, -0.3)}" stroke-opacity=".4" stroke-width="2"/>
<path d="M150 170 Q160 250 146 320 M250 170 Q242 250 256 320" fill="none" stroke="#000" stroke-opacity=".06" stroke-width="8"/>`,
    shadow: 100,
    focus: [200, 130],
    hangs: true,
  }),
  kurta: (p) => ({
    svg: `${garment('M172 72 Q200 80 228 72 L266 88 Q284 96 290 118 L318 236 L292 244 L268 150 L272 330 H128 L132 150 L108 244 L82 236 L110 118 Q116 96 134 88 Z', 'url(#mV)')}
<path d="M172 72 Q200 84 228 72" fill="none" stroke="url(#gold)" stroke-width="5"/><path d="M200 80 V178" stroke="url(#gold)" stroke-width="4"/>
${[98, 120, 142, 164].map((y) => `<circle cx="200" cy="${y}" r="3" fill="${p.accent}"/>`).join('')}
<rect x="128" y="306" width="144" height="20" fill="${p.accent}" opacity=".85"/><path d="M128 310 H272 M128 322 H272" stroke="url(#gold)" stroke-width="1.5" stroke-dasharray="4 3"/>
${path('M82 236 L108 244 L112 228 L86 220Z', p.accent)}${path('M318 236 L292 244 L288 228 L314 220Z', p.accent)}
<path d="M134 262 V330 M266 262 V330" stroke="${shade(p.main, -0.35)}" stroke-width="1.5"/>
<path d="M164 160 Q172 240 160 320 M236 160 Q228 240 240 320" fill="none" stroke="#000" stroke-opacity=".06" stroke-width="8"/>`,
    shadow: 100,
    focus: [200, 120],
    hangs: true,
  }),
  dress: (p) => {
    const dots = p.seed % 2 === 0;
    return {
      svg: `${dots ? `<pattern id="dt" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="5" cy="5" r="2.2" fill="${p.accent}" opacity=".7"/><circle cx="14" cy="14" r="2.2" fill="${p.accent}" opacity=".7"/></pattern>` : ''}
<path d="M166 72 V62 M234 72 V62" stroke="${shade(p.main, -0.2)}" stroke-width="5" stroke-linecap="round"/>
${garment('M164 70 L174 70 Q200 96 226 70 L236 70 L246 150 H154 Z', 'url(#mV)')}
${garment('M154 158 H246 Q272 240 308 322 Q200 342 92 322 Q128 240 154 158 Z', 'url(#mV)')}${dots ? path('M154 158 H246 Q272 240 308 322 Q200 342 92 322 Q128 240 154 158 Z', 'url(#dt)') : ''}
<rect x="152" y="146" width="96" height="14" rx="3" fill="url(#aH)"/>
<path d="M180 164 Q168 250 146 330 M220 164 Q234 250 256 330" fill="none" stroke="#000" stroke-opacity=".1" stroke-width="9"/>
<path d="M200 164 V334" stroke="#fff" stroke-opacity=".1" stroke-width="10"/><path d="M94 318 Q200 338 306 318" fill="none" stroke="${p.accent}" stroke-width="3"/>`,
      shadow: 110,
      focus: [200, 150],
      hangs: true,
    };
  },
  saree: (p) => {
    const under = shade(mix(p.main, p.accent, 0.35), -0.15);
    const fold = (x: number, y: number, w: number, h: number, color: string, border: string) =>
      `${path(`M${x} ${y} L${x + 26} ${y - 22} H${x + w + 26} L${x + w} ${y}Z`, shade(color, 0.2))}${path(`M${x + w} ${y} L${x + w + 26} ${y - 22} V${y + h - 22} L${x + w} ${y + h}Z`, shade(color, -0.35))}
<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${color}"/><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#edge)"/>
<path d="M${x} ${y + h * 0.35} H${x + w} M${x} ${y + h * 0.65} H${x + w}" stroke="#000" stroke-opacity=".14" stroke-width="1.5"/>
<rect x="${x}" y="${y + h - 14}" width="${w}" height="10" fill="${border}"/><rect x="${x}" y="${y + h - 16}" width="${w}" height="3" fill="url(#gold)"/><rect x="${x}" y="${y + h - 4}" width="${w}" height="3" fill="url(#gold)"/>`;
    const butis = (y: number, from: number, to: number) =>
      Array.from(
        { length: Math.floor((to - from) / 28) + 1 },
        (_, i) => `<path d="M${from + i * 28} ${y} l5 -7 l5 7 l-5 7z" fill="url(#gold)"/>`,
      ).join('');
    return {
      svg: `${fold(84, 290, 216, 40, under, p.main)}${fold(96, 246, 200, 44, p.main, p.accent)}${butis(262, 112, 280)}
${path('M236 226 C270 214 312 220 326 238 C346 262 350 300 362 330 H300 C296 300 288 270 270 254 C260 246 248 242 236 240Z', 'url(#mD)')}
<path d="M300 330 C296 300 288 270 270 254" fill="none" stroke="url(#gold)" stroke-width="6"/><path d="M362 330 C350 300 346 262 326 238" fill="none" stroke="url(#gold)" stroke-width="4"/>
<path d="M304 312 H360 M306 300 H356" stroke="${p.accent}" stroke-width="5"/><path d="${[306, 314, 322, 330, 338, 346, 354].map((x) => `M${x} 330v6`).join('')}" stroke="url(#gold)" stroke-width="2"/>
${butis(282, 296, 330)}`,
      shadow: 150,
      focus: [230, 270],
    };
  },
  kidstee: (p) => {
    const star = Array.from({ length: 10 }, (_, i) => {
      const r = i % 2 === 0 ? 36 : 15;
      const angle = (Math.PI / 5) * i - Math.PI / 2;
      return `${(200 + r * Math.cos(angle)).toFixed(1)} ${(222 + r * Math.sin(angle)).toFixed(1)}`;
    }).join(' L');
    return {
      svg: `${garment('M170 104 Q200 116 230 104 L274 120 L312 164 L284 192 L264 172 L266 316 H134 L136 172 L116 192 L88 164 L126 120 Z', 'url(#mV)')}
<path d="M170 104 Q200 122 230 104" fill="none" stroke="${p.accent}" stroke-width="7"/>
${path(`M${star}Z`, p.accent)}<circle cx="152" cy="190" r="6" fill="#fff" opacity=".8"/><circle cx="250" cy="262" r="8" fill="#fff" opacity=".8"/><circle cx="160" cy="270" r="4" fill="${p.accent}"/>
<path d="M92 160 L114 182 M308 160 L286 182" stroke="#fff" stroke-width="6" opacity=".7"/>`,
      shadow: 90,
      focus: [200, 200],
      hangs: true,
    };
  },
  chair: (p) => ({
    svg: `<path d="M150 262 L146 318 M250 262 L254 318" stroke="${shade('#a0693a', -0.3)}" stroke-width="7" stroke-linecap="round"/>
${path('M130 96 Q200 70 270 96 L262 214 H138 Z', 'url(#mV)')}${path('M130 96 Q200 70 270 96 L262 214 H138 Z', 'url(#edge)')}
${[
  [170, 130],
  [200, 122],
  [230, 130],
  [185, 170],
  [215, 170],
]
  .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3" fill="${shade(p.main, -0.4)}"/>`)
  .join('')}
${path('M116 210 H284 L298 240 H102 Z', shade(p.main, 0.16))}${path('M102 240 H298 V260 Q200 270 102 260 Z', shade(p.main, -0.3))}
<path d="M116 210 H284 L298 240 H102 Z" fill="none" stroke="#fff" stroke-opacity=".3"/>
${path('M118 258 L102 330 H112 L132 260Z', 'url(#wood)')}${path('M282 258 L298 330 H288 L268 260Z', 'url(#wood)')}`,
    shadow: 110,
    focus: [200, 200],
  }),
  sofa: (p) => ({
    svg: `<rect x="84" y="148" width="120" height="100" rx="16" fill="url(#mV)"/><rect x="196" y="148" width="120" height="100" rx="16" fill="url(#mV)"/>
<rect x="62" y="262" width="276" height="40" rx="6" fill="${shade(p.main, -0.3)}"/>
<rect x="86" y="230" width="116" height="40" rx="10" fill="url(#mD)"/><rect x="198" y="230" width="116" height="40" rx="10" fill="url(#mD)"/>
<rect x="44" y="182" width="48" height="120" rx="20" fill="url(#mH)"/><rect x="308" y="182" width="48" height="120" rx="20" fill="url(#mH)"/>
<g transform="rotate(-12 128 214)"><rect x="100" y="186" width="58" height="54" rx="14" fill="url(#aD)"/></g>
<path d="M66 314 L62 330 M334 314 L338 330 M64 302 L66 316 M336 302 L334 316" stroke="url(#wood)" stroke-width="7" stroke-linecap="round"/>
<path d="M90 236 H198 M202 236 H310" stroke="#fff" stroke-opacity=".25" stroke-width="2"/>`,
    shadow: 160,
    focus: [150, 230],
  }),
  vase: (p) => ({
    svg: `<path d="M200 150 Q190 110 160 80 M200 150 Q206 100 230 60 M200 150 Q214 120 262 104" fill="none" stroke="#2f6b3c" stroke-width="3"/>
${leaf(160, 82, -40, 70, '#2f7d46')}${leaf(230, 62, 20, 66, '#3c8f55')}${leaf(262, 104, 70, 62, '#2a6e3e')}${leaf(196, 112, -10, 60, '#4aa065')}${leaf(176, 130, -70, 56, '#3c8f55')}
${path('M170 176 Q166 160 176 150 H224 Q234 160 230 176 Q294 212 282 280 Q272 326 236 330 H164 Q128 326 118 280 Q106 212 170 176 Z', 'url(#mH)')}
<ellipse cx="200" cy="151" rx="24" ry="5" fill="${shade(p.main, -0.5)}"/>
<path d="M124 250 Q200 272 276 250" fill="none" stroke="${p.accent}" stroke-width="6"/><path d="M128 266 Q200 288 272 266" fill="none" stroke="${p.accent}" stroke-width="2" stroke-dasharray="3 5"/>
<ellipse cx="150" cy="230" rx="10" ry="34" fill="#fff" opacity=".25"/>`,
    shadow: 90,
    focus: [200, 200],
  }),
  lamp: () => ({
    svg: `<circle cx="200" cy="190" r="130" fill="#ffd98a" opacity=".18"/>
<rect x="196" y="170" width="8" height="110" fill="url(#gold)"/><circle cx="200" cy="282" r="50" fill="url(#mR)"/>
<ellipse cx="182" cy="264" rx="12" ry="18" fill="#fff" opacity=".3"/><rect x="170" y="322" width="60" height="8" rx="3" fill="url(#gold)"/>
${path('M134 184 H266 L240 74 H160 Z', 'url(#aH)')}<ellipse cx="200" cy="184" rx="66" ry="8" fill="#fff3c4"/>
<path d="M160 74 H240" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>`,
    shadow: 70,
    focus: [200, 150],
  }),
  kettle: (p) => ({
    svg: `<rect x="112" y="306" width="176" height="18" rx="6" fill="#1d1f23"/><ellipse cx="200" cy="324" rx="88" ry="7" fill="#0e0f11"/>
<path d="M262 148 Q326 156 318 236 Q312 290 272 296" fill="none" stroke="#1f2125" stroke-width="17" stroke-linecap="round"/>
${path('M140 160 L94 138 Q88 136 90 142 L136 196Z', 'url(#mH)')}
${path('M130 306 L142 146 Q144 132 158 130 H242 Q256 132 258 146 L270 306 Z', 'url(#mH)')}
<rect x="186" y="190" width="14" height="96" rx="7" fill="${p.accent}" opacity=".8"/><path d="M186 240 h14" stroke="#fff" stroke-opacity=".6"/>
<ellipse cx="200" cy="131" rx="46" ry="8" fill="${shade(p.main, -0.35)}"/><rect x="188" y="116" width="24" height="12" rx="4" fill="#1f2125"/>
<rect x="156" y="150" width="7" height="150" rx="3.5" fill="#fff" opacity=".35"/>`,
    shadow: 110,
    focus: [200, 160],
  }),
  pan: (p) => ({
    svg: `<path d="M282 262 L364 230" stroke="#1f2125" stroke-width="17" stroke-linecap="round"/><path d="M290 256 L358 229" stroke="#fff" stroke-opacity=".15" stroke-width="3" stroke-linecap="round"/>
${path('M66 262 Q70 324 180 326 Q290 324 294 262 Z', 'url(#mH)')}<ellipse cx="180" cy="262" rx="114" ry="42" fill="${shade(p.main, -0.15)}"/>
<ellipse cx="180" cy="265" rx="102" ry="35" fill="#24272c"/><ellipse cx="150" cy="255" rx="50" ry="12" fill="#fff" opacity=".07"/>
<circle cx="288" cy="258" r="4" fill="url(#sH)"/><path d="M70 268 Q180 302 290 268" fill="none" stroke="#fff" stroke-opacity=".2" stroke-width="2"/>`,
    shadow: 140,
    focus: [190, 270],
  }),
  serum: (p) => ({
    svg: `${path('M158 326 V204 Q158 178 184 174 H216 Q242 178 242 204 V326 Q242 330 236 330 H164 Q158 330 158 326Z', 'url(#mH)')}
<rect x="176" y="148" width="48" height="28" rx="3" fill="url(#gold)"/>${path('M184 150 V112 Q184 86 200 86 Q216 86 216 112 V150 Z', '#23262b')}
<ellipse cx="194" cy="104" rx="4" ry="12" fill="#fff" opacity=".25"/><rect x="166" y="222" width="68" height="74" rx="3" fill="#fdfbf7" opacity=".94"/>
${title(p.label || 'Serum', 200, 252, 58, 13, shade(p.main, -0.5), 'middle')}<rect x="180" y="282" width="40" height="3" fill="${p.accent}"/>
<rect x="165" y="186" width="6" height="136" rx="3" fill="#fff" opacity=".4"/>`,
    shadow: 60,
    focus: [200, 200],
  }),
  jar: (p) => ({
    svg: `<rect x="126" y="236" width="148" height="94" rx="16" fill="url(#mH)"/><rect x="120" y="194" width="160" height="46" rx="10" fill="url(#aH)"/>
<path d="${Array.from({ length: 15 }, (_, i) => `M${132 + i * 10} 198V236`).join('')}" stroke="#000" stroke-opacity=".1" stroke-width="2"/>
<rect x="140" y="258" width="120" height="54" rx="4" fill="#fff" opacity=".9"/>${title(p.label || 'Cream', 200, 282, 104, 15, shade(p.accent, -0.45), 'middle')}
<rect x="178" y="298" width="44" height="3" fill="${p.accent}"/><rect x="132" y="246" width="7" height="76" rx="3.5" fill="#fff" opacity=".35"/>
${path('M292 330 Q286 312 302 306 Q314 296 326 310 Q342 314 338 330Z', '#fbf3e8')}<ellipse cx="306" cy="312" rx="6" ry="3" fill="#fff"/>`,
    shadow: 110,
    focus: [200, 250],
    zoom: 1.12,
  }),
  lipstick: (p) => ({
    svg: `${path('M62 322 Q70 304 96 304 Q124 302 140 314 Q118 312 96 318 Q78 324 62 322Z', p.main, ' opacity=".9"')}
<rect x="150" y="236" width="52" height="94" rx="3" fill="url(#aH)"/><rect x="156" y="188" width="40" height="50" fill="url(#sH)"/>
${path('M160 190 V128 Q160 122 166 120 L192 104 V190 Z', 'url(#mH)')}<path d="M166 126 V188" stroke="#fff" stroke-opacity=".4" stroke-width="3"/>
<rect x="216" y="222" width="50" height="108" rx="3" fill="url(#aH)"/><rect x="216" y="300" width="50" height="6" fill="url(#gold)"/><rect x="150" y="236" width="52" height="5" fill="url(#gold)"/>`,
    shadow: 100,
    focus: [180, 180],
  }),
  palette: (p) => {
    const colors = [
      shade(p.main, 0.45),
      p.main,
      shade(p.main, -0.35),
      p.accent,
      '#e6c3a1',
      mix(p.main, p.accent, 0.5),
      '#8a5a44',
      shade(p.accent, 0.4),
    ];
    const pans = colors
      .map((color, i) => {
        const row = Math.floor(i / 4);
        const col = i % 4;
        const y = 236 + row * 38;
        const left = 100 - (y - 224) * 0.27;
        const width = (400 - 2 * left) / 4;
        return `<rect x="${(left + col * width + 5).toFixed(1)}" y="${y}" width="${(width - 10).toFixed(1)}" height="30" rx="6" fill="${color}"/><rect x="${(left + col * width + 9).toFixed(1)}" y="${y + 4}" width="${(width * 0.4).toFixed(1)}" height="5" rx="2.5" fill="#fff" opacity=".35"/>`;
      })
      .join('');
    return {
      svg: `<rect x="98" y="100" width="204" height="124" rx="10" fill="url(#aD)"/><rect x="110" y="112" width="180" height="100" rx="5" fill="url(#sH)" opacity=".85"/>
${path('M110 212 L190 112 H230 L130 212Z', '#fff', ' opacity=".3"')}${path('M98 224 H302 L328 322 H72 Z', 'url(#aD)')}${path('M72 322 H328 V330 H72Z', shade(p.accent, -0.4))}${pans}`,
      shadow: 140,
      focus: [200, 270],
    };
  },
  pump: (p) => ({
    svg: `${path('M150 318 V172 Q150 150 172 146 H228 Q250 150 250 172 V318 Q250 330 238 330 H162 Q150 330 150 318Z', 'url(#mH)')}
<rect x="182" y="122" width="36" height="26" rx="4" fill="url(#aH)"/><rect x="194" y="98" width="12" height="26" fill="url(#sH)"/>
${path('M174 84 H230 Q234 84 234 88 H266 Q272 88 272 94 V98 H234 V100 H174 Z', 'url(#aV)')}
<rect x="162" y="196" width="76" height="100" rx="6" fill="#fff" opacity=".9"/>${title(p.label || 'Shampoo', 200, 230, 64, 14, shade(p.main, -0.5), 'middle')}
${leaf(200, 284, 0, 24, p.accent)}<rect x="158" y="160" width="7" height="156" rx="3.5" fill="#fff" opacity=".35"/>`,
    shadow: 70,
    focus: [200, 160],
  }),
  tube: (p) => ({
    svg: `<rect x="176" y="296" width="48" height="34" rx="5" fill="url(#aH)"/>${path('M172 298 L150 98 H250 L228 298 Z', 'url(#mH)')}
<rect x="146" y="84" width="108" height="16" rx="2" fill="${shade(p.main, -0.15)}"/><path d="${Array.from({ length: 13 }, (_, i) => `M${152 + i * 8} 86V98`).join('')}" stroke="#000" stroke-opacity=".15"/>
${title(p.label || 'Conditioner', 200, 160, 80, 14, shade(p.main, -0.55), 'middle')}<rect x="176" y="226" width="48" height="3" fill="${p.accent}"/>
<path d="M164 110 L180 290" stroke="#fff" stroke-opacity=".35" stroke-width="6" stroke-linecap="round"/>`,
    shadow: 60,
    focus: [200, 160],
  }),
  dumbbell: (p) => {
    const head = (x: number) =>
      `<rect x="${x}" y="226" width="56" height="104" rx="6" fill="url(#mH)"/><rect x="${x}" y="226" width="56" height="28" rx="6" fill="#fff" opacity=".16"/><rect x="${x}" y="302" width="56" height="28" rx="6" fill="#000" opacity=".22"/><rect x="${x}" y="270" width="56" height="11" fill="${p.accent}"/>`;
    return {
      svg: `<rect x="136" y="266" width="128" height="18" rx="6" fill="url(#sH)"/><path d="${Array.from({ length: 16 }, (_, i) => `M${162 + i * 5} 267v16`).join('')}" stroke="#000" stroke-opacity=".18"/>
<rect x="124" y="254" width="14" height="42" rx="4" fill="url(#sH)"/><rect x="262" y="254" width="14" height="42" rx="4" fill="url(#sH)"/>${head(70)}${head(274)}`,
      shadow: 150,
      focus: [160, 270],
    };
  },
  yogamat: (p) => ({
    svg: `${path('M330 316 L352 330 H120 L104 316Z', shade(p.main, 0.1))}<rect x="100" y="236" width="200" height="94" fill="url(#mV)"/>
<path d="M100 242 H300" stroke="#fff" stroke-opacity=".35" stroke-width="4"/>
<rect x="148" y="234" width="16" height="98" rx="3" fill="url(#aV)"/><rect x="236" y="234" width="16" height="98" rx="3" fill="url(#aV)"/>
<ellipse cx="300" cy="283" rx="20" ry="47" fill="${shade(p.main, -0.2)}"/>
<path d="M300 242 a16 41 0 1 1 -1 0 M300 256 a11 27 0 1 1 -1 0 M300 270 a6 13 0 1 1 -1 0" fill="none" stroke="${shade(p.main, 0.3)}" stroke-width="2"/>
<ellipse cx="100" cy="283" rx="20" ry="47" fill="url(#mV)"/>`,
    shadow: 150,
    focus: [270, 280],
    zoom: 1.2,
  }),
  bat: (p) => ({
    svg: `<g transform="rotate(-24 200 230)"><rect x="190" y="34" width="20" height="100" rx="8" fill="url(#aH)"/>
<path d="${[50, 66, 82, 98, 114].map((y) => `M190 ${y}h20`).join('')}" stroke="#000" stroke-opacity=".2" stroke-width="2"/>
${path('M176 134 Q200 124 224 134 V322 Q224 334 212 334 H188 Q176 334 176 322Z', 'url(#wood)')}
<rect x="176" y="156" width="48" height="40" fill="${p.main}"/><rect x="176" y="196" width="48" height="6" fill="${p.accent}"/><path d="M184 150 V326" stroke="#fff" stroke-opacity=".35" stroke-width="3"/></g>
<circle cx="302" cy="312" r="18" fill="#a11d1d"/><circle cx="296" cy="305" r="8" fill="#fff" opacity=".18"/><path d="M288 300 Q302 312 290 326 M296 298 Q310 312 298 328" fill="none" stroke="#fef3c7" stroke-width="1.5" stroke-dasharray="2 2"/>`,
    shadow: 150,
    focus: [190, 200],
  }),
  jersey: (p) => ({
    svg: `${garment('M160 78 L112 98 L78 172 L120 186 L134 150 L134 322 H266 L266 150 L280 186 L322 172 L288 98 L240 78 Q200 112 160 78 Z', 'url(#mV)')}
${path('M160 78 L112 98 L78 172 L120 186 L134 150 L150 90Z', 'url(#aD)')}${path('M240 78 L288 98 L322 172 L280 186 L266 150 L250 90Z', 'url(#aD)')}
<path d="M160 78 Q200 112 240 78" fill="none" stroke="${p.accent}" stroke-width="7"/>
<text x="200" y="256" font-family="sans-serif" font-size="74" font-weight="900" text-anchor="middle" fill="${p.accent}" stroke="#fff" stroke-width="2">${(p.seed % 89) + 10}</text>
<rect x="224" y="122" width="18" height="22" rx="4" fill="#fff" opacity=".8"/><path d="M134 300 H266" stroke="${p.accent}" stroke-width="6"/>`,
    shadow: 100,
    focus: [200, 200],
    hangs: true,
  }),
  shorts: (p) => ({
    svg: `${garment('M120 168 H280 L298 322 H210 L200 230 L190 322 H102 Z', 'url(#mV)')}<rect x="118" y="150" width="164" height="22" rx="4" fill="${shade(p.main, -0.25)}"/>
<path d="M194 172 Q186 196 192 212 M206 172 Q214 196 208 212" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round"/>
${path('M120 172 L128 172 L112 322 H104Z', p.accent)}${path('M280 172 L272 172 L288 322 H296Z', p.accent)}
<path d="M104 310 H190 M210 310 H296" stroke="#000" stroke-opacity=".15" stroke-width="2"/>`,
    shadow: 110,
    focus: [200, 200],
  }),
  bottle: (p) => ({
    svg: `<path d="M182 90 Q200 44 218 90" fill="none" stroke="#1f2328" stroke-width="8"/><rect x="168" y="84" width="64" height="42" rx="9" fill="#25282d"/>
<rect x="160" y="122" width="80" height="208" rx="22" fill="url(#mH)"/><rect x="160" y="180" width="80" height="12" fill="${p.accent}"/>
${path('M176 250 q12 -12 24 0 t24 0', 'none', ` stroke="${p.accent}" stroke-width="4"`)}<rect x="170" y="136" width="8" height="180" rx="4" fill="#fff" opacity=".4"/>`,
    shadow: 60,
    focus: [200, 140],
  }),
  cap: (p) => ({
    svg: `<g transform="translate(0 40)">${path('M108 262 Q104 146 206 144 Q300 148 300 248 Q298 266 284 268 Z', 'url(#mD)')}
<path d="M206 144 Q176 190 170 266 M206 144 Q240 196 246 266" fill="none" stroke="#000" stroke-opacity=".22" stroke-width="2"/>
<ellipse cx="206" cy="145" rx="9" ry="5" fill="${p.main}" stroke="#000" stroke-opacity=".2"/><circle cx="270" cy="200" r="4" fill="#000" opacity=".3"/>
${path('M110 256 Q64 266 58 292 Q96 312 182 296 Q244 284 272 266 Z', 'url(#aD)')}
<path d="M62 290 Q100 304 182 290" fill="none" stroke="#fff" stroke-opacity=".4" stroke-width="2"/>
${path('M206 214 l8 -20 l8 20 l-8 -6z', p.accent)}</g>`,
    shadow: 130,
    focus: [200, 230],
  }),
  bag: (p) => ({
    svg: `<path d="M146 206 Q150 132 200 130 Q250 132 254 206" fill="none" stroke="${shade(p.main, -0.45)}" stroke-width="10" stroke-linecap="round"/>
<rect x="66" y="190" width="268" height="140" rx="60" fill="url(#mV)"/><rect x="66" y="190" width="268" height="140" rx="60" fill="url(#edge)"/>
<ellipse cx="92" cy="260" rx="24" ry="62" fill="url(#aD)"/><ellipse cx="308" cy="260" rx="24" ry="62" fill="url(#aD)"/>
<path d="M112 200 Q200 182 288 200" fill="none" stroke="url(#sH)" stroke-width="4" stroke-dasharray="3 2"/><rect x="266" y="198" width="8" height="16" rx="3" fill="url(#sH)"/>
<path d="M146 196 V330 M254 196 V330" stroke="${shade(p.main, -0.45)}" stroke-width="10"/><rect x="160" y="254" width="80" height="50" rx="10" fill="none" stroke="${p.accent}" stroke-width="4"/><path d="M150 272 H250" stroke="#000" stroke-opacity=".2"/>`,
    shadow: 150,
    focus: [200, 240],
  }),
  novel: (p) => book(p, 'novel'),
  nonfiction: (p) => book(p, 'nonfiction'),
  textbook: (p) => book(p, 'textbook'),
  boardgame: (p) => {
    const cells = Array.from({ length: 25 }, (_, i) => {
      const x = 124 + (i % 5) * 32;
      const y = 156 + Math.floor(i / 5) * 30;
      return ((i % 5) + Math.floor(i / 5)) % 2 === 0 ? `M${x} ${y}h32v30h-32z` : '';
    }).join('');
    const die = (x: number, y: number, angle: number) =>
      `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="-15" y="-15" width="30" height="30" rx="6" fill="#fdfdfb"/><rect x="-15" y="-15" width="30" height="30" rx="6" fill="url(#edge)"/>
<circle cx="-7" cy="-7" r="3" fill="#1f2328"/><circle r="3" fill="#1f2328"/><circle cx="7" cy="7" r="3" fill="#1f2328"/></g>`;
    return {
      svg: `${path('M110 110 L138 94 H330 L302 110Z', shade(p.main, 0.3))}${path('M302 110 L330 94 V310 L302 330Z', shade(p.main, -0.35))}
<rect x="110" y="110" width="192" height="220" fill="url(#mD)"/><rect x="120" y="152" width="172" height="158" fill="${shade(p.accent, 0.75)}"/>
<path d="${cells}" fill="${shade(p.accent, 0.35)}"/><path d="M150 300 L198 170 M168 304 L216 174 M156 282 l18 6 M164 262 l18 6 M171 242 l18 6 M178 222 l18 6 M186 202 l18 6 M193 182 l18 6" stroke="#8a5a2b" stroke-width="4"/>
<path d="M250 176 C280 196 226 216 258 236 S 244 276 268 292" fill="none" stroke="#16a34a" stroke-width="7" stroke-linecap="round"/>
<rect x="110" y="110" width="192" height="38" fill="${shade(p.main, -0.2)}"/>${title(p.label || 'Family Game', 206, 135, 176, 18, '#fff', 'middle', 1)}
${die(106, 314, 14)}${die(142, 320, -8)}<path d="M322 330 L330 300 Q322 292 330 286 Q344 282 344 296 Q344 304 338 304 L348 330Z" fill="url(#aH)"/>`,
      shadow: 150,
      focus: [210, 200],
    };
  },
  teddy: (p) => ({
    svg: `<circle cx="146" cy="96" r="30" fill="url(#mR)"/><circle cx="254" cy="96" r="30" fill="url(#mR)"/><circle cx="146" cy="98" r="15" fill="${shade(p.main, 0.4)}"/><circle cx="254" cy="98" r="15" fill="${shade(p.main, 0.4)}"/>
<ellipse cx="200" cy="262" rx="84" ry="74" fill="url(#mR)"/><ellipse cx="200" cy="270" rx="46" ry="44" fill="${shade(p.main, 0.35)}"/>
<ellipse cx="118" cy="244" rx="26" ry="40" fill="url(#mR)" transform="rotate(24 118 244)"/><ellipse cx="282" cy="244" rx="26" ry="40" fill="url(#mR)" transform="rotate(-24 282 244)"/>
<ellipse cx="144" cy="312" rx="34" ry="22" fill="url(#mR)"/><ellipse cx="256" cy="312" rx="34" ry="22" fill="url(#mR)"/><ellipse cx="144" cy="314" rx="18" ry="12" fill="${shade(p.main, 0.4)}"/><ellipse cx="256" cy="314" rx="18" ry="12" fill="${shade(p.main, 0.4)}"/>
<circle cx="200" cy="148" r="70" fill="url(#mR)"/><ellipse cx="200" cy="174" rx="30" ry="22" fill="${shade(p.main, 0.4)}"/><ellipse cx="200" cy="164" rx="11" ry="8" fill="#2a1d17"/>
<path d="M200 172 V184 M188 188 Q200 196 212 188" fill="none" stroke="#2a1d17" stroke-width="2.5" stroke-linecap="round"/>
<circle cx="174" cy="138" r="7.5" fill="#1c1410"/><circle cx="226" cy="138" r="7.5" fill="#1c1410"/><circle cx="176" cy="135" r="2.2" fill="#fff"/><circle cx="228" cy="135" r="2.2" fill="#fff"/>
${path('M200 214 L168 200 Q160 214 168 228 Z', p.accent)}${path('M200 214 L232 200 Q240 214 232 228 Z', p.accent)}<circle cx="200" cy="214" r="8" fill="${shade(p.accent, -0.2)}"/>`,
    shadow: 120,
    focus: [200, 160],
  }),
  car: (p) => ({
    svg: `${path('M66 290 Q66 262 94 256 L140 250 Q160 208 202 204 H250 Q282 206 302 250 L336 256 Q352 262 352 290 V300 Q352 308 344 308 H74 Q66 308 66 300 Z', 'url(#mV)')}
${path('M152 252 Q168 220 202 216 H224 V252 Z', '#bcdcee')}${path('M234 216 H248 Q272 218 288 252 H234 Z', '#a9cfe4')}<path d="M160 246 L180 222" stroke="#fff" stroke-opacity=".6" stroke-width="4"/>
<path d="M70 276 H350" stroke="${p.accent}" stroke-width="9"/><path d="M90 262 Q200 252 330 262" fill="none" stroke="#fff" stroke-opacity=".4" stroke-width="3"/>
<ellipse cx="344" cy="268" rx="6" ry="5" fill="#fde68a"/><rect x="64" y="264" width="8" height="8" rx="2" fill="#ef4444"/>
${[124, 292].map((x) => `<circle cx="${x}" cy="304" r="27" fill="#1f2328"/><circle cx="${x}" cy="304" r="13" fill="url(#sH)"/><circle cx="${x}" cy="304" r="4" fill="#52525b"/>`).join('')}`,
    shadow: 150,
    focus: [220, 250],
    zoom: 1.1,
  }),
  puzzle: (p) => {
    const edges = [
      ...[140, 200, 260].flatMap((x, i) =>
        [110, 170, 230].map((y, j) => jigsawEdge(x, y, 60, true, (i + j) % 2 === 0)),
      ),
      ...[170, 230].flatMap((y, j) =>
        [80, 140, 200, 260].map((x, i) => jigsawEdge(x, y, 60, false, (i + j) % 2 === 1)),
      ),
    ].join('');
    return {
      svg: `<rect x="80" y="110" width="240" height="180" fill="url(#aV)"/><circle cx="260" cy="150" r="22" fill="#fff4c2"/>
${path('M80 250 Q140 186 200 226 Q250 196 320 236 V290 H80Z', 'url(#mV)')}${path('M80 270 Q160 236 230 262 Q280 250 320 266 V290 H80Z', shade(p.main, -0.3))}
<path d="${edges}" fill="none" stroke="#000" stroke-opacity=".45" stroke-width="2"/><path d="${edges}" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="1" transform="translate(1 1)"/>
<rect x="200" y="170" width="60" height="60" fill="#000" opacity=".28"/><path d="M80 290 H320 L316 298 H84Z" fill="#000" opacity=".18"/>
<g transform="rotate(16 262 316)"><path d="M232 294 h22 a7 7 0 1 1 16 0 h22 v44 h-60z" fill="url(#aV)" stroke="#000" stroke-opacity=".35" stroke-width="1.5"/></g>`,
      shadow: 140,
      focus: [230, 220],
    };
  },
  cube: (p) => {
    const colors = [p.main, p.accent, '#f8fafc', '#facc15', '#ef4444', '#22c55e', '#3b82f6', '#f97316'];
    const faces: [[number, number], [number, number], [number, number], number][] = [
      [[200, 70], [130, 75], [-130, 75], 0],
      [[70, 145], [130, 75], [0, 110], -0.12],
      [[330, 145], [-130, 75], [0, 110], -0.3],
    ];
    const stickers = faces
      .map(([[ox, oy], [ux, uy], [vx, vy], darken], f) =>
        Array.from({ length: 9 }, (_, k) => {
          const i = k % 3;
          const j = Math.floor(k / 3);
          const corner = (a: number, b: number) =>
            `${(ox + ((i + a) / 3) * ux + ((j + b) / 3) * vx).toFixed(1)} ${(oy + ((i + a) / 3) * uy + ((j + b) / 3) * vy).toFixed(1)}`;
          const color = colors[(p.seed >>> (k + f * 3)) % colors.length]!;
          return `<path d="M${corner(0.08, 0.08)}L${corner(0.92, 0.08)}L${corner(0.92, 0.92)}L${corner(0.08, 0.92)}Z" fill="${shade(color, darken)}"/>`;
        }).join(''),
      )
      .join('');
    return {
      svg: `${path('M200 70 L330 145 V255 L200 330 L70 255 V145Z', '#16181c')}${stickers}<path d="M70 145 L200 220 L330 145 M200 220 V330" stroke="#000" stroke-width="2" fill="none"/>`,
      shadow: 120,
      focus: [200, 180],
    };
  },
};

/** A hardcover standing slightly turned: spine on the left, a cover design per genre and the title. */
function book(p: Paint, style: 'novel' | 'nonfiction' | 'textbook'): Shape {
  const label = p.label || 'Untitled';
  let cover: string;
  if (style === 'novel') {
    cover = `<rect x="128" y="72" width="152" height="258" fill="url(#mV)"/><circle cx="236" cy="214" r="26" fill="${p.accent}"/>
${path('M128 262 L170 220 L204 250 L240 216 L280 256 V330 H128Z', shade(p.main, -0.35))}${path('M128 286 Q180 252 220 276 T280 270 V330 H128Z', shade(p.main, -0.55))}
${title(label, 204, 108, 130, 20, '#fff', 'middle')}<rect x="176" y="312" width="56" height="3" fill="#fff" opacity=".7"/>`;
  } else if (style === 'nonfiction') {
    cover = `<rect x="128" y="72" width="152" height="258" fill="url(#mD)"/>${title(label, 144, 112, 124, 24, '#fff', 'start', 4)}
<rect x="144" y="236" width="40" height="5" fill="${p.accent}"/><circle cx="250" cy="290" r="18" fill="none" stroke="${p.accent}" stroke-width="5"/><rect x="144" y="300" width="60" height="4" fill="#fff" opacity=".6"/>`;
  } else {
    cover = `<rect x="128" y="72" width="152" height="258" fill="#f6f3ec"/><rect x="128" y="72" width="152" height="34" fill="url(#mV)"/><rect x="128" y="270" width="152" height="60" fill="url(#mV)"/>
${title(label, 204, 136, 130, 19, shade(p.main, -0.3), 'middle')}<path d="M156 250 V190 M150 244 H252" stroke="#9ca3af" stroke-width="2"/>
<path d="M158 246 Q190 180 246 196" fill="none" stroke="${p.accent}" stroke-width="4"/><rect x="150" y="84" width="60" height="10" rx="5" fill="#fff" opacity=".8"/>`;
  }
  return {
    svg: `${path('M104 84 L128 72 V330 L104 322Z', shade(p.main, -0.45))}<path d="M110 110 L122 104 M110 300 L122 298" stroke="${p.accent}" stroke-width="3"/>
${cover}<path d="M136 72 V330" stroke="#000" stroke-opacity=".18" stroke-width="2"/>${path('M128 72 H280 L128 200Z', '#fff', ' opacity=".08"')}
<path d="M280 74 V328" stroke="#fff" stroke-opacity=".5" stroke-width="1.5"/>`,
    shadow: 110,
    focus: [204, 140],
  };
}

/** Seamless paper (darker at the top, bright where it bends to the floor) with a soft vignette. */
function backdrop(paper: string): string {
  return `${linear(
    'bg',
    [
      [0, shade(paper, -0.08)],
      [0.62, shade(paper, 0.08)],
      [0.8, paper],
      [1, shade(paper, -0.07)],
    ],
    0,
    1,
  )}${radial(
    'vig',
    [
      [0.55, '#000', 0],
      [1, '#000', 0.16],
    ],
    0.5,
    0.45,
    0.75,
  )}`;
}

function contactShadow(width: number): string {
  return `<ellipse cx="200" cy="${FLOOR + 1}" rx="${width}" ry="${Math.round(width * 0.12)}" fill="url(#sh)"/><ellipse cx="200" cy="${FLOOR}" rx="${Math.round(width * 0.75)}" ry="5" fill="url(#sh)"/>`;
}

/** A table by a window with a potted plant, or a wooden hanger on a wall for garments. */
function lifestyle(
  shape: Shape,
  wall: string,
  seed: number,
): { before: string; after: string; transform: string } {
  const mirror = (seed >>> 5) % 2 === 0 ? '' : ' transform="matrix(-1 0 0 1 400 0)"';
  const light = `<g${mirror}>${path('M40 0 H130 L60 250 H-30Z', '#fff', ' opacity=".16"')}${path('M160 0 H210 L140 250 H90Z', '#fff', ' opacity=".12"')}</g>`;
  if (shape.hangs) {
    return {
      before: `<rect width="400" height="400" fill="url(#bg)"/>${light}<rect y="20" width="400" height="10" fill="url(#wood)"/>`,
      after: `<path d="M200 26 Q214 26 214 38 Q214 48 204 52 L200 60" fill="none" stroke="url(#sH)" stroke-width="3.5"/>
${path('M200 58 L116 88 Q108 92 114 96 H286 Q292 92 284 88 Z', 'url(#wood)')}`,
      transform: 'translate(0 18) scale(.95) translate(10 0)',
    };
  }
  const props = [
    `<g transform="translate(352 220) scale(.85)"><path d="M0 80 Q-18 30 -34 10 M0 80 Q6 20 18 -6 M0 80 Q20 44 42 30" fill="none" stroke="#2f6b3c" stroke-width="2"/>${leaf(-34, 12, -40, 40, '#3c8f55')}${leaf(18, -4, 10, 44, '#2f7d46')}${leaf(42, 30, 60, 38, '#4aa065')}
${path('M-26 80 H26 L20 124 H-20Z', '#c2683f')}<rect x="-28" y="76" width="56" height="10" rx="3" fill="#d77a4e"/></g>`,
    `<g transform="translate(350 300)">${path('M-22 0 H22 V34 Q22 44 12 44 H-12 Q-22 44 -22 34Z', 'url(#aH)')}<path d="M22 10 Q36 12 34 24 Q32 32 22 32" fill="none" stroke="${shade(wall, -0.35)}" stroke-width="5"/><ellipse cx="0" cy="1" rx="21" ry="4" fill="#5b3a22"/><path d="M-6 -8 Q-10 -20 -4 -30 M6 -8 Q2 -22 8 -32" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="2"/></g>`,
    `<g transform="translate(316 300)"><rect x="0" y="26" width="80" height="18" rx="2" fill="${shade(wall, -0.45)}"/><rect x="6" y="10" width="70" height="16" rx="2" fill="${shade(wall, -0.25)}"/><rect x="2" y="-4" width="74" height="14" rx="2" fill="#e9e4da"/><path d="M0 30 H80 M6 14 H76" stroke="#fff" stroke-opacity=".5"/></g>`,
  ];
  const prop = props[seed % props.length]!;
  const marble = (seed >>> 3) % 2 === 0;
  const surface = marble
    ? `${linear(
        'tb',
        [
          [0, '#f3f1ee'],
          [1, '#d9d5cf'],
        ],
        0,
        1,
      )}`
    : `${linear(
        'tb',
        [
          [0, '#c9a27a'],
          [1, '#9c7450'],
        ],
        0,
        1,
      )}`;
  return {
    before: `<defs>${surface}</defs><rect width="400" height="400" fill="url(#bg)"/>${light}<rect y="286" width="400" height="114" fill="url(#tb)"/>
<path d="M0 286 H400" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>${marble ? '<path d="M20 330 Q120 310 180 350 T360 320" fill="none" stroke="#b8b2aa" stroke-opacity=".5"/>' : '<path d="M0 320 H400 M0 356 H400" stroke="#7a5533" stroke-opacity=".2"/>'}
${prop}`,
    after: '',
    transform: `translate(176 352) scale(${(0.88 * (shape.zoom ?? 1)).toFixed(3)}) translate(-200 -330)`,
  };
}

/**
 * A product photo as an SVG document. View 0: front on studio paper; 1: angled close-up on paper in the product's
 * own colour; 2: lifestyle shot in the alternate colourway. Deterministic, no fonts beyond sans-serif.
 */
export function drawProductSvg(art: ProductArt, view: ProductView, size = 800): string {
  const seed = hashText(`${art.kind}${art.color}${art.accent}${art.label ?? ''}`);
  const paint: Paint =
    view === 2
      ? {
          main: art.alt ?? art.accent,
          accent: art.alt ? art.accent : art.color,
          label: art.label ?? '',
          seed,
        }
      : { main: art.color, accent: art.accent, label: art.label ?? '', seed };
  const shape = DRAW[art.kind](paint);
  let scene: string;
  if (view === 0) {
    const paper = mix(art.accent, '#f3f0eb', 0.82);
    scene = `<defs>${backdrop(paper)}</defs><rect width="400" height="400" fill="url(#bg)"/><g transform="translate(200 300) scale(${(1.1 * (shape.zoom ?? 1)).toFixed(3)}) translate(-200 -300)">${contactShadow(shape.shadow)}${shape.svg}</g>`;
  } else if (view === 1) {
    const paper = mix(art.color, '#ece8e2', 0.78);
    const [fx, fy] = shape.focus;
    scene = `<defs>${backdrop(paper)}</defs><rect width="400" height="400" fill="url(#bg)"/><g transform="translate(200 205) rotate(-7) scale(1.7) translate(${-fx} ${-fy})">${contactShadow(shape.shadow)}${shape.svg}</g>`;
  } else {
    const wall = mix(paint.main, '#ebe5dc', 0.82);
    const { before, after, transform } = lifestyle(shape, wall, seed);
    const shadow = shape.hangs ? '' : contactShadow(shape.shadow);
    scene = `<defs>${backdrop(wall)}</defs>${before}<g transform="${transform}">${shadow}${shape.svg}</g>${after}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400"><defs>${paintDefs(paint)}</defs>${scene}<rect width="400" height="400" fill="url(#vig)"/></svg>`;
}
