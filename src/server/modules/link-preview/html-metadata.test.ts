import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINK_PREVIEW_TITLE_MAX_LENGTH } from '../../../shared/constants.ts';
import { parseHtmlMetadata } from './html-metadata.ts';

const PAGE = 'https://handloom-weaves.in/sarees/kanjivaram?ref=klip';

describe('parseHtmlMetadata', () => {
  it('reads OpenGraph tags first and resolves relative URLs against the page', () => {
    const html = `<!doctype html><html><head>
      <title>Fallback title</title>
      <meta property="og:title" content="Kanjivaram Silk Saree">
      <meta property="og:description" content="Pure silk, zari border.">
      <meta name="description" content="Plain description">
      <meta property="og:site_name" content="Handloom Weaves">
      <meta property="og:image" content="/img/saree.jpg">
      <link rel="icon" href="/favicon-32.png">
      <link rel="apple-touch-icon" href="icons/touch.png">
    </head><body></body></html>`;
    expect(parseHtmlMetadata(html, PAGE)).toEqual({
      title: 'Kanjivaram Silk Saree',
      description: 'Pure silk, zari border.',
      siteName: 'Handloom Weaves',
      image: 'https://handloom-weaves.in/img/saree.jpg',
      icon: 'https://handloom-weaves.in/sarees/icons/touch.png',
    });
  });

  it('falls back to <title>, meta description, application-name and the plain icon', () => {
    const html = `<html><head><TITLE>  Brass
      Diya   Set </TITLE><META NAME="Description" CONTENT="Hand-cast brass.">
      <meta name="application-name" content="Diya House">
      <link rel="shortcut icon" href="https://cdn.example.in/fav.ico"></head></html>`;
    expect(parseHtmlMetadata(html, PAGE)).toEqual({
      title: 'Brass Diya Set',
      description: 'Hand-cast brass.',
      siteName: 'Diya House',
      image: null,
      icon: 'https://cdn.example.in/fav.ico',
    });
  });

  it('gives nulls for a page without metadata', () => {
    expect(parseHtmlMetadata('<html><body>Hello</body></html>', PAGE)).toEqual({
      title: null,
      description: null,
      siteName: null,
      image: null,
      icon: null,
    });
    expect(parseHtmlMetadata('', PAGE).title).toBeNull();
  });

  it('accepts single-quoted, unquoted and reordered attributes, and twitter tags last', () => {
    const html = `<meta content='Steel Bottle' property='og:title'/>
      <meta name=twitter:description content=Insulated>
      <meta name="twitter:image" content="https://img.example.in/b.png">`;
    expect(parseHtmlMetadata(html, PAGE)).toMatchObject({
      title: 'Steel Bottle',
      description: 'Insulated',
      image: 'https://img.example.in/b.png',
    });
  });

  it('decodes entities in text and attributes', () => {
    const html = `<title>Tea &amp; Coffee &#8377;499 &#x20B9;1 &hellip; &bogus; &#0; &#xD800;</title>
      <meta property="og:image" content="/p?a=1&amp;b=2">`;
    const result = parseHtmlMetadata(html, PAGE);
    expect(result.title).toBe('Tea & Coffee ₹499 ₹1 … &bogus; \uFFFD \uFFFD');
    expect(result.image).toBe('https://handloom-weaves.in/p?a=1&b=2');
  });

  it('ignores tags inside comments, scripts and styles', () => {
    const html = `<!-- <meta property="og:title" content="commented"> -->
      <script>var s = '<meta property="og:title" content="scripted"><title>x</title>';</script>
      <style>.a::after { content: '<title>styled</title>' }</style>
      <title>Real</title>`;
    expect(parseHtmlMetadata(html, PAGE).title).toBe('Real');
  });

  it('ignores tags inside noscript, template and textarea, as the page itself does', () => {
    const html = `<noscript><meta property="og:title" content="noscript"><link rel="icon" href="/n.ico"></noscript>
      <template><title>templated</title><meta property="og:image" content="/t.jpg"></template>
      <textarea><meta name="description" content="typed"></textarea>
      <title>Real</title>`;
    expect(parseHtmlMetadata(html, PAGE)).toEqual({
      title: 'Real',
      description: null,
      siteName: null,
      image: null,
      icon: null,
    });
  });

  it('honours <base href> and drops non-http image and icon URLs', () => {
    const base = `<base href="https://static.example.in/shop/"><meta property="og:image" content="a.jpg">
      <link rel="icon" href="javascript:alert(1)">`;
    expect(parseHtmlMetadata(base, PAGE)).toMatchObject({
      image: 'https://static.example.in/shop/a.jpg',
      icon: null,
    });
    const dataUrls = `<meta property="og:image" content="data:image/svg+xml,<svg/>">
      <link rel="icon" href="data:image/png;base64,AAAA">`;
    expect(parseHtmlMetadata(dataUrls, PAGE)).toMatchObject({ image: null, icon: null });
  });

  it('cuts a long title without splitting a character', () => {
    const title = `${'a'.repeat(LINK_PREVIEW_TITLE_MAX_LENGTH - 1)}😀tail`;
    const result = parseHtmlMetadata(`<title>${title}</title>`, PAGE).title!;
    expect(result).toBe('a'.repeat(LINK_PREVIEW_TITLE_MAX_LENGTH - 1));
  });

  it('reads hostile megabytes in one pass without throwing', () => {
    const hostile = [
      '<'.repeat(500_000),
      `<meta ${'a='.repeat(200_000)}`,
      `<meta content="${'x'.repeat(500_000)}`,
      `<title>${'&amp'.repeat(200_000)}`,
      `<!--${'-'.repeat(500_000)}`,
      `<script>${'</scrip'.repeat(100_000)}`,
      `<link rel="icon" href="${'/'.repeat(500_000)}">`,
    ];
    for (const html of hostile) {
      expect(() => parseHtmlMetadata(html, PAGE)).not.toThrow();
    }
  });

  it('never throws on random input', () => {
    const fragments = fc.constantFrom(
      '<',
      '>',
      '</',
      '<!--',
      '-->',
      '"',
      "'",
      '=',
      ' ',
      '/',
      '&',
      ';',
      '#x',
      'meta',
      'title',
      'script',
      'link',
      'base',
      'property="og:title"',
      'content=',
      'href=',
      'rel=icon',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(fragments, fc.string()), { maxLength: 60 }), (parts) => {
        const result = parseHtmlMetadata(parts.join(''), PAGE);
        for (const url of [result.image, result.icon]) {
          if (url !== null) expect(url).toMatch(/^https?:\/\//);
        }
      }),
    );
  });
});
