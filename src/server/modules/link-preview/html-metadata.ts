// Reads a page's title, description, site name, image and icon from its HTML for a link preview. A single
// forward scan over the text (indexOf and small loops, no backtracking regex), so any input costs linear time.
import {
  LINK_PREVIEW_DESCRIPTION_MAX_LENGTH,
  LINK_PREVIEW_TITLE_MAX_LENGTH,
  URL_MAX_LENGTH,
} from '../../../shared/constants.ts';

export interface PageMetadata {
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** og:image (or twitter:image), absolute http(s). */
  image: string | null;
  /** apple-touch-icon, else icon / shortcut icon, absolute http(s). */
  icon: string | null;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
  bull: '•',
  copy: '©',
  reg: '®',
  trade: '™',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi, (entity, body: string) => {
    if (body[0] !== '#') return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
    const code =
      body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return valid ? String.fromCodePoint(code) : '\uFFFD';
  });
}

/** Decoded, whitespace collapsed, cut to max characters; null when empty. */
function cleanText(raw: string | undefined, max: number): string | null {
  if (raw === undefined) return null;
  // Bound the work on a hostile megabyte of attribute text before decoding it.
  let text = decodeEntities(raw.slice(0, max * 8))
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length > max) {
    text = text.slice(0, max);
    // Never end on half of a surrogate pair.
    if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
    text = text.trimEnd();
  }
  return text === '' ? null : text;
}

function isSpace(char: string | undefined): boolean {
  return char === ' ' || char === '\n' || char === '\t' || char === '\r' || char === '\f';
}

function isNameChar(char: string | undefined): boolean {
  return char !== undefined && /[A-Za-z0-9:_-]/.test(char);
}

/** Attributes of the tag whose name ends at `start`; the first occurrence of a name wins, as in browsers. */
function parseAttributes(html: string, start: number): { attributes: Map<string, string>; end: number } {
  const attributes = new Map<string, string>();
  let k = start;
  while (k < html.length) {
    while (isSpace(html[k]) || html[k] === '/') k++;
    if (k >= html.length) break;
    if (html[k] === '>') return { attributes, end: k + 1 };
    const nameStart = k;
    while (k < html.length && !isSpace(html[k]) && html[k] !== '=' && html[k] !== '>' && html[k] !== '/') k++;
    if (k === nameStart) {
      k++; // a stray '=': skip it so that the scan always moves on
      continue;
    }
    const name = html.slice(nameStart, k).toLowerCase();
    let value = '';
    let j = k;
    while (isSpace(html[j])) j++;
    if (html[j] === '=') {
      j++;
      while (isSpace(html[j])) j++;
      const quote = html[j];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, j + 1);
        const valueEnd = close === -1 ? html.length : close;
        value = html.slice(j + 1, valueEnd);
        k = valueEnd + 1;
      } else {
        const valueStart = j;
        while (j < html.length && !isSpace(html[j]) && html[j] !== '>') j++;
        value = html.slice(valueStart, j);
        k = j;
      }
    }
    if (!attributes.has(name)) attributes.set(name, value);
  }
  return { attributes, end: html.length };
}

/** Index of the `</tag` that closes raw text (script, style, title), or -1. */
function findClosingTag(html: string, from: number, tag: string): number {
  let k = html.indexOf('</', from);
  while (k !== -1) {
    if (html.slice(k + 2, k + 2 + tag.length).toLowerCase() === tag) return k;
    k = html.indexOf('</', k + 2);
  }
  return -1;
}

const RAW_TEXT_TAGS = new Set(['script', 'style', 'textarea', 'noscript', 'template', 'xmp']);

function toAbsoluteHttpUrl(href: string | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(decodeEntities(href).trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href.length <= URL_MAX_LENGTH ? url.href : null;
  } catch {
    return null;
  }
}

export function parseHtmlMetadata(html: string, pageUrl: string): PageMetadata {
  const meta = new Map<string, string>();
  let titleText: string | undefined;
  let touchIcon: string | undefined;
  let icon: string | undefined;
  let baseHref: string | undefined;

  let i = 0;
  while (i < html.length) {
    const open = html.indexOf('<', i);
    if (open === -1) break;
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4);
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    let k = open + 1;
    const closing = html[k] === '/';
    if (closing) k++;
    const nameStart = k;
    while (isNameChar(html[k])) k++;
    if (k === nameStart) {
      i = open + 1; // '<' in text, <!DOCTYPE, <?xml
      continue;
    }
    const tag = html.slice(nameStart, k).toLowerCase();
    const { attributes, end } = parseAttributes(html, k);
    i = end;
    if (closing) continue;

    if (tag === 'meta') {
      const key = (attributes.get('property') ?? attributes.get('name') ?? '').trim().toLowerCase();
      const content = attributes.get('content');
      if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
    } else if (tag === 'link') {
      const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
      const href = attributes.get('href');
      if (href) {
        if (rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed'))
          touchIcon ??= href;
        else if (rel.includes('icon')) icon ??= href;
      }
    } else if (tag === 'base') {
      baseHref ??= attributes.get('href');
    } else if (tag === 'title' || RAW_TEXT_TAGS.has(tag)) {
      const close = findClosingTag(html, end, tag);
      const textEnd = close === -1 ? html.length : close;
      if (tag === 'title' && titleText === undefined) titleText = html.slice(end, textEnd);
      i = textEnd;
    }
  }

  const base = toAbsoluteHttpUrl(baseHref, pageUrl) ?? pageUrl;
  const first = (...keys: string[]) => keys.map((key) => meta.get(key)).find((value) => value?.trim());
  return {
    title:
      cleanText(first('og:title'), LINK_PREVIEW_TITLE_MAX_LENGTH) ??
      cleanText(titleText, LINK_PREVIEW_TITLE_MAX_LENGTH) ??
      cleanText(first('twitter:title'), LINK_PREVIEW_TITLE_MAX_LENGTH),
    description: cleanText(
      first('og:description', 'description', 'twitter:description'),
      LINK_PREVIEW_DESCRIPTION_MAX_LENGTH,
    ),
    siteName: cleanText(first('og:site_name', 'application-name'), LINK_PREVIEW_TITLE_MAX_LENGTH),
    image: toAbsoluteHttpUrl(
      first('og:image', 'og:image:secure_url', 'og:image:url', 'twitter:image', 'twitter:image:src'),
      base,
    ),
    icon: toAbsoluteHttpUrl(touchIcon ?? icon, base),
  };
}
