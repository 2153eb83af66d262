import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText, splitLinks } from './linkified-text.tsx';

describe('user text', () => {
  it('makes http(s) links clickable with the ugc rel and leaves the rest as text', () => {
    const { container } = render(
      <LinkifiedText text="Shop at https://example.in/shop. Or javascript:alert(1) <script>alert(2)</script>" />,
    );
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://example.in/shop');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<script>alert(2)</script>');
    expect(container.textContent).toContain('javascript:alert(1)');
  });

  it('drops direction overrides and zero-width characters', () => {
    const parts = splitLinks('abc\u202Egnp.exe\u200B https://ex\u200Bample.in');
    expect(parts.map((part) => part.text).join('')).toBe('abcgnp.exe https://example.in');
    expect(parts.at(-1)).toEqual({ text: 'https://example.in', href: 'https://example.in/' });
  });

  it('never links other schemes, even when they look like URLs', () => {
    expect(splitLinks('data:text/html,<b>x</b> ftp://files.example.in').every((part) => !part.href)).toBe(
      true,
    );
  });
});

describe('user text that tries to be more than text', () => {
  it.each([
    ['a javascript: link in markup', '<a href="javascript:alert(1)">win</a>'],
    ['a data: URL', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['a script element', '<script>alert(document.cookie)</script>'],
    ['an image with an error handler', '<img src=x onerror=alert(1)>'],
    ['a protocol-relative URL', '//evil.example/steal'],
    ['a javascript: URL with an http-looking tail', 'javascript://http://example.in/%0Aalert(1)'],
  ])('renders %s as inert text', (_name, text) => {
    const { container } = render(<LinkifiedText text={text} />);
    expect(container.querySelector('script, img, iframe')).toBeNull();
    for (const link of container.querySelectorAll('a')) {
      expect(new URL(link.href).protocol).toMatch(/^https?:$/);
      expect(link.rel).toBe('noopener noreferrer nofollow ugc');
    }
    expect(container.textContent).toBe(text);
  });

  it('removes every invisible direction and zero-width character, and lets the browser pick the direction', () => {
    const hidden =
      '\u200B\u200C\u200D\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u061C\uFEFF\u2060';
    const { container } = render(<LinkifiedText text={`Bio${hidden} here`} />);
    expect(container.textContent).toBe('Bio here');
    expect(container.querySelector('p')?.getAttribute('dir')).toBe('auto');
  });

  it('keeps sentence punctuation out of the link and links each of several URLs', () => {
    const parts = splitLinks('See http://a.example.in/x, and (https://b.example.in/y).');
    expect(parts.filter((part) => part.href).map((part) => part.href)).toEqual([
      'http://a.example.in/x',
      'https://b.example.in/y',
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(
      'See http://a.example.in/x, and (https://b.example.in/y).',
    );
  });
});
