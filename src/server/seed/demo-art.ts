// Generates the demo marketplace's pictures on this machine (no network, no fonts needed): SVG drawings
// rendered to PNG by sharp, then sent through the same image pipeline as an upload.
import sharp from 'sharp';

function createRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function hashText(text: string): number {
  let hash = 2_166_136_261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash >>> 0;
}

/** A portrait-style avatar: a person's silhouette on a two-colour gradient. */
export function drawAvatarSvg(name: string, [from, to]: [string, string]): string {
  const random = createRandom(hashText(name));
  const skin = ['#8d5524', '#c68642', '#e0ac69', '#a0522d', '#f1c27d'][Math.floor(random() * 5)];
  const hair = ['#1f1b16', '#3b2a1a', '#2d2420'][Math.floor(random() * 3)];
  const longHair = random() > 0.5;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="512" height="512" fill="url(#g)"/>
  <circle cx="${80 + random() * 350}" cy="${60 + random() * 120}" r="${40 + random() * 60}" fill="#ffffff" opacity="0.12"/>
  ${longHair ? `<path d="M150 250 Q150 110 256 110 Q362 110 362 250 L380 400 L132 400 Z" fill="${hair}"/>` : ''}
  <path d="M96 512 Q96 360 256 350 Q416 360 416 512 Z" fill="#ffffff" opacity="0.9"/>
  <rect x="226" y="300" width="60" height="70" rx="20" fill="${skin}"/>
  <circle cx="256" cy="230" r="92" fill="${skin}"/>
  <path d="M164 220 Q170 130 256 128 Q342 130 348 220 Q300 170 256 172 Q212 170 164 220 Z" fill="${hair}"/>
</svg>`;
}

/** A wide cover: soft waves and circles in the creator's colours. */
export function drawCoverSvg(name: string, [from, to]: [string, string]): string {
  const random = createRandom(hashText(`${name}:cover`));
  const circles = Array.from({ length: 7 }, () => {
    const r = 40 + random() * 160;
    return `<circle cx="${random() * 1500}" cy="${random() * 500}" r="${r}" fill="#ffffff" opacity="${(0.05 + random() * 0.12).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500" viewBox="0 0 1500 500">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0.6"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1500" height="500" fill="url(#g)"/>
  ${circles}
  <path d="M0 380 C300 300 500 460 800 390 C1100 320 1250 430 1500 360 L1500 500 L0 500 Z" fill="#ffffff" opacity="0.18"/>
  <path d="M0 430 C350 370 600 500 900 440 C1150 390 1300 470 1500 420 L1500 500 L0 500 Z" fill="#000000" opacity="0.10"/>
</svg>`;
}

export async function renderSvgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}
