// Contact details (docs/product.md "Phone", "E-mail", "URL", "Contact entries") and the outbound links of
// docs/product.md "Client-only outbound links": wa.me, tel:, the web-mail compose URL and tracked store links.
import type { TRACKING_MEDIUMS } from '../constants.ts';
import { DEFAULT_PHONE_COUNTRY_CODE, TRACKING_SOURCE, UTM_CONTENT_MAX_CHARS } from '../constants.ts';

/** Digits only: spaces, dashes, brackets and a leading + are dropped. */
export function toPhoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** A number as people write it: digits, with spaces, dashes, dots or brackets among them and a leading +. */
const WRITTEN_PHONE = /^\+?[\d\s().-]+$/;

/**
 * docs/product.md "Phone": digits only, an optional 91 prefix, then a 10-digit number starting 6-9; a plain 10
 * digits, or 12 digits starting with 91, also passes. Letters or other signs make it no number at all, not one to
 * clean up.
 */
export function isValidPhone(value: string): boolean {
  if (!WRITTEN_PHONE.test(value.trim())) return false;
  const digits = toPhoneDigits(value);
  return /^(91)?[6-9]\d{9}$/.test(digits) || /^\d{10}$/.test(digits) || /^91\d{10}$/.test(digits);
}

/** The number with the 91 country code, as wa.me and tel: links want it. */
export function toIndianPhoneNumber(value: string): string {
  const digits = toPhoneDigits(value);
  return digits.length === 10 ? `${DEFAULT_PHONE_COUNTRY_CODE}${digits}` : digits;
}

/** A valid number as people read it: +91 98765 43210. */
export function formatPhoneNumber(value: string): string {
  const full = toIndianPhoneNumber(value);
  const local = full.slice(DEFAULT_PHONE_COUNTRY_CODE.length);
  return `+${DEFAULT_PHONE_COUNTRY_CODE} ${local.slice(0, 5)} ${local.slice(5)}`;
}

/** docs/product.md "E-mail": {something}@{something}.{something} with no spaces. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** docs/product.md "URL": a string that parses; only http(s) can be opened from the app. */
export function parseHttpUrl(value: string): URL | null {
  const trimmed = value.trim();
  if (!URL.canParse(trimmed)) return null;
  const url = new URL(trimmed);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}

/**
 * docs/product.md "Contact entries": only string entries count, with their whitespace stripped; anything else
 * (a number, null, an object from an old record) is no entry at all.
 */
export function normalizeContactEntry(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s/g, '') : '';
}

/** A messaging-app deep link (docs/product.md "Client-only outbound links"): https://wa.me/91XXXXXXXXXX?text=... */
export function buildWhatsAppUrl(phone: string, text: string): string {
  const url = new URL(`https://wa.me/${toIndianPhoneNumber(phone)}`);
  url.searchParams.set('text', text);
  return url.href;
}

export function buildTelUrl(phone: string): string {
  return `tel:+${toIndianPhoneNumber(phone)}`;
}

/** The web-mail compose URL (docs/product.md "Client-only outbound links"), with to, su (subject) and body. */
export function buildEmailComposeUrl({ to, subject, body }: { to: string; subject: string; body: string }) {
  const url = new URL('https://mail.google.com/mail/');
  url.search = new URLSearchParams({ view: 'cm', fs: '1', to, su: subject, body }).toString();
  return url.href;
}

export type TrackingMedium = (typeof TRACKING_MEDIUMS)[keyof typeof TRACKING_MEDIUMS];

/**
 * docs/product.md "Share link": a name as utm_content wants it: lowercased, spaces turned to underscores, cut to
 * 30 characters.
 */
export function toUtmContent(name: string): string {
  return name.trim().toLowerCase().replace(/\s/g, '_').slice(0, UTM_CONTENT_MAX_CHARS);
}

/**
 * docs/product.md "Share link": utm_source and ref name the app, plus utm_medium, utm_campaign and, when given,
 * utm_content. Parameters of the same name already on the link are replaced; the link's own ones are kept.
 */
export function addTrackingParams(
  link: string,
  { medium, campaign, content }: { medium: TrackingMedium; campaign: string; content?: string },
): string {
  const url = new URL(link);
  url.searchParams.set('utm_source', TRACKING_SOURCE);
  url.searchParams.set('utm_medium', medium);
  url.searchParams.set('utm_campaign', campaign);
  if (content) url.searchParams.set('utm_content', content);
  url.searchParams.set('ref', TRACKING_SOURCE);
  return url.href;
}
