// Device cookie entries (decision 0048): signed per account with the server's secret, so an entry counts only for
// its own account, on any instance with the same secret, and a forged, altered or expired one counts for none.
import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { DEVICE_COOKIE_MAX_ACCOUNTS, DEVICE_COOKIE_TTL_DAYS } from '../../shared/constants.ts';
import { createDeviceCookies } from './device-cookie.ts';

const secret = randomBytes(32);
const cookies = createDeviceCookies(secret, { secure: false });

describe('device cookie', () => {
  it('counts for its own account only, on every instance sharing the secret', () => {
    const value = cookies.addEntry(undefined, 'ACCOUNTA');
    expect(cookies.findEntry(value, 'ACCOUNTA')?.userId).toBe('ACCOUNTA');
    expect(cookies.findEntry(value, 'ACCOUNTB')).toBeNull();
    expect(
      createDeviceCookies(Buffer.from(secret), { secure: false }).findEntry(value, 'ACCOUNTA'),
    ).not.toBeNull();
    expect(createDeviceCookies(randomBytes(32), { secure: false }).findEntry(value, 'ACCOUNTA')).toBeNull();
  });

  it('refuses an entry moved to another account, altered, or past its expiry', () => {
    const value = cookies.addEntry(undefined, 'ACCOUNTA');
    const [, expires, signature] = value.split('.');
    expect(cookies.findEntry(`ACCOUNTB.${expires}.${signature}`, 'ACCOUNTB')).toBeNull();
    expect(cookies.findEntry(`ACCOUNTA.${Number(expires) + 1}.${signature}`, 'ACCOUNTA')).toBeNull();
    expect(cookies.findEntry(`${value}x`, 'ACCOUNTA')).toBeNull();
    expect(cookies.findEntry('garbage', 'ACCOUNTA')).toBeNull();
    vi.useFakeTimers({ now: Date.now() + (DEVICE_COOKIE_TTL_DAYS * 24 * 60 * 60 + 1) * 1000 });
    try {
      expect(cookies.findEntry(value, 'ACCOUNTA')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it(`keeps the other accounts' entries, the latest first, at most ${DEVICE_COOKIE_MAX_ACCOUNTS}`, () => {
    let value: string | undefined;
    const accounts = Array.from({ length: DEVICE_COOKIE_MAX_ACCOUNTS + 1 }, (_, index) => `ACCOUNT${index}`);
    for (const account of accounts) value = cookies.addEntry(value, account);
    expect(cookies.findEntry(value, accounts[0]!)).toBeNull();
    for (const account of accounts.slice(1))
      expect(cookies.findEntry(value, account), account).not.toBeNull();
    // Signing in again to a remembered account does not add a second entry for it.
    value = cookies.addEntry(value, accounts[3]!);
    expect(value.split('~')).toHaveLength(DEVICE_COOKIE_MAX_ACCOUNTS);
    expect(value.startsWith(`${accounts[3]}.`)).toBe(true);
  });
});
