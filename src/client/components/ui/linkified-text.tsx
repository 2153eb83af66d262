// User-written text (bios, descriptions) rendered as text: only http(s) links become clickable, with
// rel="noopener noreferrer nofollow ugc" (docs/architecture.md "Security"). Invisible direction and zero-width
// characters are removed so that text cannot reorder or hide what is shown around it.
import { Fragment } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
// Bidirectional marks, embeddings, overrides and isolates (incl. the Arabic letter mark), and zero-width characters.
const INVISIBLE = /[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

export type TextPart = { text: string; href?: string };

/** Splits text into plain parts and link parts; a link is kept only if it parses as http or https. */
export function splitLinks(text: string): TextPart[] {
  const clean = text.replace(INVISIBLE, '');
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of clean.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    let href: string | undefined;
    try {
      const url = new URL(raw);
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
    } catch {
      href = undefined;
    }
    if (!href) continue;
    if (start > last) parts.push({ text: clean.slice(last, start) });
    parts.push({ text: raw, href });
    last = start + raw.length;
  }
  if (last < clean.length) parts.push({ text: clean.slice(last) });
  return parts;
}

export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className} dir="auto">
      {splitLinks(text).map((part, index) =>
        part.href ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="font-medium text-brand-ink underline-offset-2 hover:underline"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
