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
