// Two-factor sign-in through the real app (decision 0075): turning it on with a first code,
// the second step of a sign-in, replayed codes and used recovery codes refused, wrong codes throttled, a password
// alone never signing in, turning it off, and the settings field it owns. Codes are computed with the same library
// an authenticator app would use; the app's clock moves by whole time steps.
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFRESH_COOKIE_NAME } from '../../shared/contracts/auth.ts';
import { TWO_FACTOR_FAILURES_MAX, TWO_FACTOR_PERIOD_SECONDS } from '../../shared/constants.ts';
import { AUTH_MESSAGES } from '../../shared/auth-messages.ts';
import { TWO_FACTOR_MESSAGES } from '../../shared/two-factor-messages.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../test/create-test-app.ts';
import { findResetLink, readOutbox } from '../test/outbox.ts';

const STEP_MS = TWO_FACTOR_PERIOD_SECONDS * 1000;
const PASSWORD = 'a long passphrase';
let clock = Date.now();
let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, null, () => clock);
});
afterAll(() => t.close());

/** The code an authenticator shows for the key now, after moving the clock on one step (a fresh code). */
function nextCode(manualKey: string): string {
  clock += STEP_MS;
  return codeNow(manualKey);
}
const codeNow = (manualKey: string) =>
  new TOTP({ secret: Secret.fromBase32(manualKey) }).generate({ timestamp: clock });

const post = (url: string, payload: object, token?: string, remoteAddress = '10.9.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/auth${url}`,
    remoteAddress,
    payload,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

const hasRefreshCookie = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .some((value) => value.startsWith(`${REFRESH_COOKIE_NAME}=`) && !/Expires=Thu, 01 Jan 1970/i.test(value));

/** A new account with two-factor turned on; its key and recovery codes. */
async function withTwoFactor() {
  counter += 1;
  const name = `twofactor.${counter}`;
  const { token, uid } = await signUpTestUser(t.app, name, { address: `10.8.0.${counter}` });
  const setup = await post('/two-factor/setup', {}, token);
  expect(setup.statusCode).toBe(200);
  const { manualKey, otpauthUri, qrSvg } = setup.json().data;
  const confirmed = await post('/two-factor/confirm', { code: nextCode(manualKey) }, token);
  expect(confirmed.statusCode).toBe(200);
  const recoveryCodes = confirmed.json().data.recoveryCodes as string[];
  return { email: `${name}@example.in`, token, uid, manualKey, otpauthUri, qrSvg, recoveryCodes };
}

async function challengeFor(email: string, remoteAddress?: string): Promise<string> {
  const response = await post('/sign-in', { email, password: PASSWORD }, undefined, remoteAddress);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ success: true, twoFactorRequired: true, challenge: expect.any(String) });
  return response.json().challenge as string;
}

describe('turning two-factor on', () => {
  it('answers a key, its otpauth URI and an SVG QR code, and turns on only with a right first code', async () => {
    const { token } = await signUpTestUser(t.app, 'twofactor.setup', { address: '10.8.1.1' });
    const status = () =>
      t.app.inject({ url: '/api/v1/auth/two-factor', headers: { authorization: `Bearer ${token}` } });
    expect((await status()).json().data).toEqual({ enabled: false });
    const setup = (await post('/two-factor/setup', {}, token)).json().data;
    expect(setup.manualKey).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(setup.manualKey);
    expect(uri.searchParams.get('issuer')).toBe('Lootklip');
    expect(decodeURIComponent(uri.pathname)).toContain('twofactor.setup@example.in');
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const wrong = await post(
      '/two-factor/confirm',
      { code: codeNow(setup.manualKey) === '000000' ? '111111' : '000000' },
      token,
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: 'auth/invalid-verification-code',
      message: TWO_FACTOR_MESSAGES.wrongCode,
    });
    expect((await status()).json().data).toEqual({ enabled: false });
    const malformed = await post('/two-factor/confirm', { code: '12ab' }, token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('code');

    const confirmed = await post('/two-factor/confirm', { code: nextCode(setup.manualKey) }, token);
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect((await status()).json().data).toEqual({ enabled: true });
    // Stored hashed: no code and no key appears in the database as written.
    const stored =
      JSON.stringify(
        await t.testDatabase.database.db.selectFrom('two_factor_recovery_codes').selectAll().execute(),
      ) +
      JSON.stringify(await t.testDatabase.database.db.selectFrom('two_factor_secrets').selectAll().execute());
    for (const code of codes) expect(stored).not.toContain(code.replace('-', ''));
    expect(stored).not.toContain(setup.manualKey);

    // Once on, a new setup cannot replace the secret.
    const again = await post('/two-factor/setup', {}, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.alreadyOn);
  });

  it('refuses every two-factor change without a session', async () => {
    for (const url of ['/two-factor/setup', '/two-factor/confirm', '/two-factor/disable']) {
      expect((await post(url, { code: '123456', password: 'x' })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: '/api/v1/auth/two-factor' })).statusCode).toBe(401);
  });
});

describe('signing in with two-factor on', () => {
  it('gives a right password no session, only a challenge; the code then signs in like a password would', async () => {
    const user = await withTwoFactor();
    const signIn = await post('/sign-in', { email: user.email, password: PASSWORD }, undefined, '10.7.0.1');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).not.toHaveProperty('data');
    expect(hasRefreshCookie(signIn.headers['set-cookie'])).toBe(false);
    const { challenge } = signIn.json();

    const verified = await post('/two-factor/verify', { challenge, code: nextCode(user.manualKey) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.user.uid).toBe(user.uid);
    expect(hasRefreshCookie(verified.headers['set-cookie'])).toBe(true);
    const idToken = verified.json().data.idToken as string;
    const settings = await t.app.inject({
      url: '/api/v1/settings',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().settings.account.twoFactorAuth).toBe(true);

    // The challenge is used up.
    const reused = await post('/two-factor/verify', { challenge, code: nextCode(user.manualKey) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({
      code: 'auth/code-expired',
      message: TWO_FACTOR_MESSAGES.challengeExpired,
    });
  });

  it('refuses a replayed code, and a code of an earlier step than the last used one', async () => {
    const user = await withTwoFactor();
    const code = nextCode(user.manualKey);
    const first = await post('/two-factor/verify', { challenge: await challengeFor(user.email), code });
    expect(first.statusCode).toBe(200);
    const challenge = await challengeFor(user.email);
    const replayed = await post('/two-factor/verify', { challenge, code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ code: 'auth/invalid-verification-code' });
    // The previous step's code is inside the accepted window, but before the last used step.
    const earlier = new TOTP({ secret: Secret.fromBase32(user.manualKey) }).generate({
      timestamp: clock - STEP_MS,
    });
    expect((await post('/two-factor/verify', { challenge, code: earlier })).statusCode).toBe(401);
    // The challenge stayed open through the wrong codes: the next code completes it.
    expect((await post('/two-factor/verify', { challenge, code: nextCode(user.manualKey) })).statusCode).toBe(
      200,
    );
  });

  it('takes each recovery code once, as shown or typed loosely', async () => {
    const user = await withTwoFactor();
    const recovery = user.recoveryCodes[0]!;
    const first = await post('/two-factor/verify', {
      challenge: await challengeFor(user.email),
      recoveryCode: recovery,
    });
    expect(first.statusCode).toBe(200);
    const challenge = await challengeFor(user.email);
    const again = await post('/two-factor/verify', {
      challenge,
      recoveryCode: recovery.toLowerCase().replace('-', ' '),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({
      code: 'auth/invalid-verification-code',
      message: TWO_FACTOR_MESSAGES.wrongCode,
    });
    const loose = user.recoveryCodes[1]!.toLowerCase().replace('-', '');
    expect((await post('/two-factor/verify', { challenge, recoveryCode: loose })).statusCode).toBe(200);
  });

  it('refuses a body with both or neither of a code and a recovery code', async () => {
    const user = await withTwoFactor();
    const challenge = await challengeFor(user.email);
    const both = await post('/two-factor/verify', {
      challenge,
      code: codeNow(user.manualKey),
      recoveryCode: user.recoveryCodes[0],
    });
    expect(both.statusCode).toBe(400);
    expect((await post('/two-factor/verify', { challenge })).statusCode).toBe(400);
  });

  it(`throttles after ${TWO_FACTOR_FAILURES_MAX} wrong codes for the account, even from other addresses`, async () => {
    const user = await withTwoFactor();
    const right = () => codeNow(user.manualKey);
    const wrong = () => (right() === '000000' ? '111111' : '000000');
    for (let attempt = 0; attempt < TWO_FACTOR_FAILURES_MAX; attempt += 1) {
      const address = `10.6.${attempt}.1`;
      const response = await post(
        '/two-factor/verify',
        { challenge: await challengeFor(user.email, address), code: wrong() },
        undefined,
        address,
      );
      expect(response.statusCode).toBe(401);
    }
    const address = '10.6.99.1';
    const limited = await post(
      '/two-factor/verify',
      { challenge: await challengeFor(user.email, address), code: nextCode(user.manualKey) },
      undefined,
      address,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'auth/too-many-requests',
      message: AUTH_MESSAGES.tooManyAttempts,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(hasRefreshCookie(limited.headers['set-cookie'])).toBe(false);
  });

  it('lets a password reset leave two-factor on: the new password still needs the code', async () => {
    const user = await withTwoFactor();
    expect(
      (await post('/password-reset/request', { email: user.email }, undefined, '10.5.0.1')).statusCode,
    ).toBe(200);
    const mail = await vi.waitFor(
      () => {
        const found = readOutbox(path.join(t.config.dataDir, 'outbox')).find(
          (each) => each.to === user.email,
        );
        if (!found) throw new Error('no mail yet');
        return found;
      },
      { timeout: 10_000, interval: 20 },
    );
    const token = new URL(findResetLink(mail.text)).searchParams.get('token')!;
    const newPassword = 'another long passphrase';
    expect((await post('/password-reset/confirm', { token, password: newPassword })).statusCode).toBe(200);
    const signIn = await post(
      '/sign-in',
      { email: user.email, password: newPassword },
      undefined,
      '10.5.0.2',
    );
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ twoFactorRequired: true });
    expect(hasRefreshCookie(signIn.headers['set-cookie'])).toBe(false);
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a code; afterwards the password alone signs in', async () => {
    const user = await withTwoFactor();
    const wrongPassword = await post(
      '/two-factor/disable',
      { password: 'not the password', code: nextCode(user.manualKey) },
      user.token,
    );
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().code).toBe('auth/wrong-password');
    const noCode = await post('/two-factor/disable', { password: PASSWORD }, user.token);
    expect(noCode.statusCode).toBe(400);
    const wrongCode = await post(
      '/two-factor/disable',
      { password: PASSWORD, code: '000000' === codeNow(user.manualKey) ? '111111' : '000000' },
      user.token,
    );
    expect(wrongCode.statusCode).toBe(401);
    expect(await challengeFor(user.email)).toBeTruthy();

    const off = await post(
      '/two-factor/disable',
      { password: PASSWORD, code: nextCode(user.manualKey) },
      user.token,
    );
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({ enabled: false });
    const signIn = await post('/sign-in', { email: user.email, password: PASSWORD });
    expect(signIn.json().data.user.uid).toBe(user.uid);
  });

  it('takes a recovery code instead of an app code', async () => {
    const user = await withTwoFactor();
    const off = await post(
      '/two-factor/disable',
      { password: PASSWORD, code: user.recoveryCodes[3]! },
      user.token,
    );
    expect(off.statusCode).toBe(200);
  });
});

describe('the account settings field', () => {
  it('reads twoFactorAuth from the authenticator and refuses setting it through settings, naming it', async () => {
    const { token } = await signUpTestUser(t.app, 'twofactor.settings', { address: '10.8.2.1' });
    const auth = { authorization: `Bearer ${token}` };
    const read = await t.app.inject({ url: '/api/v1/settings', headers: auth });
    expect(read.json().settings.account.twoFactorAuth).toBe(false);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings/account',
      headers: auth,
      payload: { twoFactorAuth: true },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toContain('account.twoFactorAuth');
    expect(
      (await t.app.inject({ url: '/api/v1/settings', headers: auth })).json().settings.account.twoFactorAuth,
    ).toBe(false);
  });
});
