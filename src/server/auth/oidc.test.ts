// The external sign-in's transaction cookie and username rules.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OIDC_TRANSACTION_TTL_SECONDS } from '../../shared/constants.ts';
import { UsernameSchema } from '../../shared/contracts/auth.ts';
import { usernameCandidate } from './auth.service.ts';
import { openTransaction, sealTransaction } from './oidc.ts';

const secret = randomBytes(32);
const transaction = { state: 's', nonce: 'n', codeVerifier: 'v' };

describe('OIDC transaction cookie', () => {
  it('opens what it sealed, until it expires', () => {
    const now = Date.now();
    const sealed = sealTransaction(secret, transaction, now);
    expect(openTransaction(secret, sealed, now)).toEqual(transaction);
    expect(openTransaction(secret, sealed, now + OIDC_TRANSACTION_TTL_SECONDS * 1000 + 1)).toBeNull();
  });

  it('refuses a changed, foreign or malformed value', () => {
    const sealed = sealTransaction(secret, transaction);
    const [payload, mac] = sealed.split('.');
    const changed = Buffer.from(JSON.stringify({ ...transaction, state: 'x', expiresAt: Date.now() + 1e6 }));
    for (const value of [
      undefined,
      '',
      payload!,
      `${changed.toString('base64url')}.${mac}`,
      `${payload}.${mac}.extra`,
      `${payload}.`,
      sealTransaction(randomBytes(32), transaction),
    ])
      expect(openTransaction(secret, value), String(value)).toBeNull();
  });
});

describe('usernames for external accounts', () => {
  it('are valid usernames made from the preferred name or the e-mail', () => {
    const cases = [
      { preferredUsername: 'Asha Rao', email: undefined, expected: 'asharao' },
      { preferredUsername: undefined, email: 'meera+shop@example.in', expected: 'meerashop' },
      { preferredUsername: 'x', email: undefined, expected: 'userx' },
      { preferredUsername: '😀😀', email: undefined, expected: 'user' },
    ];
    for (const { expected, ...identity } of cases) {
      expect(usernameCandidate(identity, 0)).toBe(expected);
      expect(UsernameSchema.safeParse(usernameCandidate(identity, 3)).success).toBe(true);
    }
    const long = usernameCandidate({ preferredUsername: 'a'.repeat(60), email: undefined }, 1);
    expect(UsernameSchema.safeParse(long).success).toBe(true);
  });
});
