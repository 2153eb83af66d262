// Contact details of spec §5: phone and WhatsApp numbers, e-mail addresses and links.

/** Digits only: spaces, dashes, brackets and a leading + are dropped. */
export function toPhoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Spec §5 "Phone": digits only, an optional 91 prefix, then a 10-digit number starting 6-9; a plain 10 digits, or
 * 12 digits starting with 91, also passes.
 */
export function isValidPhone(value: string): boolean {
  const digits = toPhoneDigits(value);
  return /^(91)?[6-9]\d{9}$/.test(digits) || /^\d{10}$/.test(digits) || /^91\d{10}$/.test(digits);
}

/** The number with the 91 country code, as wa.me and tel: links want it. */
export function toIndianPhoneNumber(value: string): string {
  const digits = toPhoneDigits(value);
  return digits.length === 10 ? `91${digits}` : digits;
}

/** Spec §5 "E-mail": {something}@{something}.{something} with no spaces. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** Spec §5 "URL": a string that parses; only http(s) can be opened from the app (ARCHITECTURE.md §11). */
export function parseHttpUrl(value: string): URL | null {
  const trimmed = value.trim();
  if (!URL.canParse(trimmed)) return null;
  const url = new URL(trimmed);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}
