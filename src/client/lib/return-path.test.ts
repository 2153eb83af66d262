import { describe, expect, it } from 'vitest';
import { getSafeReturnPath } from './return-path.ts';

describe('getSafeReturnPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/shop?search=saree&category=Fashion', '/shop?search=saree&category=Fashion'],
    ['/product/01J9Z#reviews', '/product/01J9Z#reviews'],
    ['/edit-product/a%20b', '/edit-product/a%20b'],
    ['/shop/./x/../klips', '/shop/klips'],
  ])('keeps the same-origin path %s', (raw, expected) => {
    expect(getSafeReturnPath(raw)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'dashboard',
    '//evil.com',
    '//evil.com/path',
    '/\\evil.com',
    '\\\\evil.com',
    'https:evil.com',
    'https://evil.com',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '%2F%2Fevil.com',
    '/%2F%2Fevil.com',
    '%2F%5Cevil.com',
    '/%5Cevil.com',
    '%252F%252Fevil.com',
    '/%252F%252Fevil.com',
    'javascript%3Aalert(1)',
    '/\t/evil.com',
    '/%09/evil.com',
    '/\n/evil.com',
    '/%E0%A4%A', // malformed escape
    '/.//evil.com',
    '/..//evil.com',
    '/a/..//evil.com',
    '/%2e//evil.com',
    '/%2E%2E//evil.com',
    '/%2e%2e/%2F/evil.com',
    ' //evil.com',
    '/%00/evil.com',
  ])('falls back to / for %j', (raw) => {
    expect(getSafeReturnPath(raw)).toBe('/');
  });
});
