import { describe, expect, it } from 'vitest';
import {
  addTrackingParams,
  buildEmailComposeUrl,
  buildTelUrl,
  buildWhatsAppUrl,
  formatPhoneNumber,
  isValidEmail,
  isValidPhone,
  normalizeContactEntry,
  parseHttpUrl,
  toIndianPhoneNumber,
  toUtmContent,
} from './contact.ts';

describe('phone numbers (docs/product.md "Phone")', () => {
  it.each([
    '9876543210',
    '6000000000',
    '919876543210',
    '+91 98765 43210',
    '98765-43210',
    '(98765) 432.10',
    // "A plain 10 digits, or 12 digits starting with 91, also passes."
    '1234567890',
    '911234567890',
  ])('accepts %s', (value) => {
    expect(isValidPhone(value)).toBe(true);
  });

  it.each([
    '',
    '987654321',
    '98765432101',
    '09876543210',
    '929876543210',
    'phone',
    'WA 98765abc43210',
    '98765 43210 ext',
    '98765+43210',
  ])('refuses %s', (value) => {
    expect(isValidPhone(value)).toBe(false);
  });

  it('adds the 91 country code to a 10-digit number only', () => {
    expect(toIndianPhoneNumber('98765 43210')).toBe('919876543210');
    expect(toIndianPhoneNumber('+91 98765 43210')).toBe('919876543210');
    expect(formatPhoneNumber('9876543210')).toBe('+91 98765 43210');
    expect(buildTelUrl('98765 43210')).toBe('tel:+919876543210');
  });
});

describe('e-mail addresses (docs/product.md "E-mail")', () => {
  it.each(['seller@example.in', 'a.b+c@shop.co.in'])('accepts %s', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });

  it.each(['', 'seller', 'seller@example', '@example.in', 'sell er@example.in', 'a@b@c.in'])(
    'refuses %s',
    (value) => {
      expect(isValidEmail(value)).toBe(false);
    },
  );
});

describe('links (docs/product.md "URL")', () => {
  it('parses http(s) links, trimmed', () => {
    expect(parseHttpUrl('  https://www.amazon.in/dp/B0TEST ')?.hostname).toBe('www.amazon.in');
    expect(parseHttpUrl('http://example.in')?.protocol).toBe('http:');
  });

  it.each(['', 'amazon.in/dp/1', 'javascript:alert(1)', 'ftp://example.in/file', 'https://'])(
    'refuses %s',
    (value) => {
      expect(parseHttpUrl(value)).toBeNull();
    },
  );
});

describe('contact entries (docs/product.md "Contact entries")', () => {
  it('keeps strings without their whitespace and drops everything else', () => {
    expect(normalizeContactEntry(' 98765 43210\n')).toBe('9876543210');
    expect(normalizeContactEntry('seller@example.in ')).toBe('seller@example.in');
    expect(normalizeContactEntry(9876543210)).toBe('');
    expect(normalizeContactEntry(null)).toBe('');
    expect(normalizeContactEntry({ number: '9876543210' })).toBe('');
  });
});

describe('outbound links (docs/product.md "Client-only outbound links")', () => {
  it('builds a wa.me link with the country code and the encoded text', () => {
    const url = new URL(buildWhatsAppUrl('98765 43210', 'Hi! "Kurta" & more'));
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/919876543210');
    expect(url.searchParams.get('text')).toBe('Hi! "Kurta" & more');
  });

  it('builds the web-mail compose URL with to, su and body', () => {
    const url = new URL(buildEmailComposeUrl({ to: 'a@b.in', subject: 'About & more', body: 'Line one' }));
    expect(url.origin).toBe('https://mail.google.com');
    expect(url.searchParams.get('view')).toBe('cm');
    expect(url.searchParams.get('to')).toBe('a@b.in');
    expect(url.searchParams.get('su')).toBe('About & more');
    expect(url.searchParams.get('body')).toBe('Line one');
  });
});

describe('tracking parameters (docs/product.md "Share link")', () => {
  it('turns a name into utm_content: lowercase, underscores, at most 30 characters', () => {
    expect(toUtmContent('Block Print Kurta')).toBe('block_print_kurta');
    expect(toUtmContent(' Hand Painted Brass Diya Set of Twelve ')).toBe('hand_painted_brass_diya_set_of');
    expect(toUtmContent(' Hand Painted Brass Diya Set of Twelve ')).toHaveLength(30);
  });

  it('names Lootklip as source and ref, keeps the link own parameters and replaces stale tracking', () => {
    const tracked = new URL(
      addTrackingParams('https://www.amazon.in/dp/B0TEST?th=1&utm_source=elsewhere#reviews', {
        medium: 'lootbox_external',
        campaign: 'product_contact',
        content: 'block_print_kurta',
      }),
    );
    expect(tracked.pathname).toBe('/dp/B0TEST');
    expect(tracked.hash).toBe('#reviews');
    expect(Object.fromEntries(tracked.searchParams)).toEqual({
      th: '1',
      utm_source: 'lootklip',
      utm_medium: 'lootbox_external',
      utm_campaign: 'product_contact',
      utm_content: 'block_print_kurta',
      ref: 'lootklip',
    });
  });

  it('leaves utm_content out when there is none', () => {
    const tracked = new URL(
      addTrackingParams('https://example.in/', { medium: 'lootbox_share', campaign: 'share' }),
    );
    expect(tracked.searchParams.has('utm_content')).toBe(false);
  });
});
