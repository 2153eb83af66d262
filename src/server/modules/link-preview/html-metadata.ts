// Reads a page's title, description, site name, image and icon from its HTML for a link preview. htmlparser2
// tokenises the page (comments, raw text such as scripts, entities in text and attributes) in one linear pass;
// this file only keeps the first of each tag it wants. The input is at most what the fetcher allows.
import { Parser } from 'htmlparser2';
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

/**
 * The parser already reads script, style, title, textarea and xmp as raw text; what sits inside these is never the
 * page's own metadata either (a browser running scripts reads noscript as text, and template is inert).
 */
const INERT_TAGS = new Set(['noscript', 'template']);

/** Bounds the work on a hostile megabyte of text before whitespace is collapsed: far more than any cut keeps. */
const TEXT_READ_FACTOR = 8;

/** Whitespace collapsed, cut to max characters; null when empty. The parser has decoded entities already. */
function cleanText(raw: string | undefined, max: number): string | null {
  if (raw === undefined) return null;
  let text = raw
    .slice(0, max * TEXT_READ_FACTOR)
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

function toAbsoluteHttpUrl(href: string | undefined, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href.length <= URL_MAX_LENGTH ? url.href : null;
  } catch {
    return null;
  }
}

export function parseHtmlMetadata(html: string, pageUrl: string): PageMetadata {
  const meta = new Map<string, string>();
  let titleText: string | undefined;
  let readingTitle = false;
  let touchIcon: string | undefined;
  let icon: string | undefined;
  let baseHref: string | undefined;
  let inertDepth = 0;

  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        if (INERT_TAGS.has(tag)) inertDepth++;
        if (inertDepth > 0) return;
        if (tag === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
          const content = attributes.content;
          if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
        } else if (tag === 'link') {
          const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
          const href = attributes.href;
          if (href) {
            if (rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed'))
              touchIcon ??= href;
            else if (rel.includes('icon')) icon ??= href;
          }
        } else if (tag === 'base') {
          baseHref ??= attributes.href;
        } else if (tag === 'title' && titleText === undefined) {
          titleText = '';
          readingTitle = true;
        }
      },
      ontext(text) {
        // The title may arrive in several pieces (around each entity); keep only what cleanText can use.
        if (
          readingTitle &&
          titleText !== undefined &&
          titleText.length < LINK_PREVIEW_TITLE_MAX_LENGTH * TEXT_READ_FACTOR
        )
          titleText += text;
      },
      onclosetag(tag) {
        if (tag === 'title') readingTitle = false;
        if (INERT_TAGS.has(tag) && inertDepth > 0) inertDepth--;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();

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
