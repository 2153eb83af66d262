// The device cookie (decision 0048, after OWASP's "device cookies"): the accounts this browser has signed in to,
// each entry signed with a secret every instance derives from the auth signing key. A slowed account lets its own
// devices skip its turns; an entry names one account and gives nothing for another.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import {
  DEVICE_COOKIE_MAX_ACCOUNTS,
  DEVICE_COOKIE_NAME,
  DEVICE_COOKIE_TTL_DAYS,
} from '../../shared/constants.ts';
import { AUTH_API_PATH } from '../../shared/contracts/auth.ts';
import { setCookie } from './cookies.ts';

const TTL_SECONDS = DEVICE_COOKIE_TTL_DAYS * 24 * 60 * 60;
const ENTRY_SEPARATOR = '~';

/** One account's entry: `{userId}.{expires, epoch seconds}.{HMAC-SHA256 of both, base64url}`. */
export interface DeviceEntry {
  userId: string;
  expiresAt: number;
  /** The entry as written; also the key its failures are counted under. */
  text: string;
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

export function createDeviceCookies(secret: Buffer, options: { secure: boolean }) {
  const mac = (userId: string, expiresAt: number) =>
    createHmac('sha256', secret).update(`device ${userId}.${expiresAt}`).digest();

  function parseEntry(text: string, nowSeconds: number): DeviceEntry | null {
    const [userId, expires, signature, extra] = text.split('.');
    if (!userId || !expires || !signature || extra !== undefined) return null;
    const expiresAt = Number(expires);
    if (!Number.isSafeInteger(expiresAt) || expiresAt <= nowSeconds) return null;
    const given = Buffer.from(signature, 'base64url');
    const expected = mac(userId, expiresAt);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { userId, expiresAt, text };
  }

  /** The cookie's live, correctly signed entries; anything else in it is ignored. */
  function readEntries(value: string | undefined): DeviceEntry[] {
    if (!value) return [];
    const nowSeconds = Math.floor(Date.now() / 1000);
    return value
      .split(ENTRY_SEPARATOR)
      .slice(0, DEVICE_COOKIE_MAX_ACCOUNTS)
      .map((text) => parseEntry(text, nowSeconds))
      .filter((entry) => entry !== null);
  }

  /** The cookie's next value: a fresh entry for the account first, then the other accounts' live entries. */
  function addEntry(value: string | undefined, userId: string): string {
    const expiresAt = Math.floor(Date.now() / 1000) + TTL_SECONDS;
    const entry = `${userId}.${expiresAt}.${mac(userId, expiresAt).toString('base64url')}`;
    const others = readEntries(value)
      .filter((known) => known.userId !== userId)
      .map((known) => known.text);
    return [entry, ...others].slice(0, DEVICE_COOKIE_MAX_ACCOUNTS).join(ENTRY_SEPARATOR);
  }

  return {
    addEntry,

    /** This device's entry for the account, or null: an entry of another account never counts. */
    findEntry: (value: string | undefined, userId: string): DeviceEntry | null =>
      readEntries(value).find((entry) => entry.userId === userId) ?? null,

    /** Sets the cookie to its value with the account's fresh entry added (HttpOnly, SameSite=Strict). */
    remember(reply: FastifyReply, value: string | undefined, userId: string): void {
      setCookie(reply, DEVICE_COOKIE_NAME, addEntry(value, userId), {
        path: AUTH_API_PATH,
        maxAgeSeconds: TTL_SECONDS,
        sameSite: 'strict',
        secure: options.secure,
      });
    },
  };
}
