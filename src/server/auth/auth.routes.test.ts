// The identity API through the real app: sessions, refresh rotation and reuse, sign-out everywhere, token
// tampering, and sign-in limits that forged addresses and path variants cannot get around.
import fs from 'node:fs';
import path from 'node:path';
import { importJWK, SignJWT, type JWK } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, REFRESH_COOKIE_NAME } from '../../shared/contracts/auth.ts';
import { SESSION_HINT_COOKIE_NAME } from '../../shared/constants.ts';
import {
  DEVICE_COOKIE_NAME,
  SIGN_IN_PER_ACCOUNT_AND_IP_MAX,
  SIGN_IN_PER_ACCOUNT_MAX,
  SIGN_IN_PER_DEVICE_MAX,
  SIGN_IN_SLOW_ACCOUNT_DELAY_MS,
} from '../../shared/constants.ts';
import { AUTH_MESSAGES } from '../../shared/auth-messages.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function newAccount() {
  counter += 1;
  return {
    email: `shopper${counter}@example.in`,
    password: 'correct horse battery',
    username: `shopper.${counter}`,
    fullName: `Shopper ${counter}`,
  };
}

function readCookie(setCookie: string | string[] | undefined, name: string): string {
  const header = [setCookie ?? []].flat().find((value) => value.startsWith(`${name}=`));
  if (!header) throw new Error(`no ${name} cookie`);
  return header.split(';')[0]!.slice(name.length + 1);
}

function readRefreshCookie(setCookie: string | string[] | undefined): string {
  const header = [setCookie ?? []].flat().find((value) => value.startsWith(`${REFRESH_COOKIE_NAME}=`));
  if (!header) throw new Error('no refresh cookie');
  return header.split(';')[0]!.slice(REFRESH_COOKIE_NAME.length + 1);
}

async function signUp(account = newAccount()) {
  // Each from its own address: sign-ups are limited per address.
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    remoteAddress: `10.0.0.${counter}`,
    payload: account,
  });
  expect(response.statusCode).toBe(201);
  const body = response.json();
  return {
    account,
    idToken: body.data.idToken as string,
    uid: body.data.user.uid as string,
    refresh: readRefreshCookie(response.headers['set-cookie']),
    setCookie: response.headers['set-cookie'],
  };
}

const refresh = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: { cookie: `${REFRESH_COOKIE_NAME}=${token}` },
  });

/** A protected call: 401 unless the bearer token is good. */
const whoCanWrite = (idToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-out-everywhere',
    headers: { authorization: `Bearer ${idToken}` },
  });

describe('sign-up and sign-in', () => {
  it('signs up with a session and an HttpOnly, SameSite=Strict refresh cookie scoped to the auth routes', async () => {
    const { setCookie, idToken } = await signUp();
    const cookies = [setCookie ?? []].flat();
    const cookie = cookies.find((value) => value.startsWith(`${REFRESH_COOKIE_NAME}=`)) ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth/);
    expect(idToken.split('.')).toHaveLength(3);
    // The page's hint that someone is signed in: readable by scripts, holding nothing secret.
    const hint = cookies.find((value) => value.startsWith(`${SESSION_HINT_COOKIE_NAME}=`)) ?? '';
    expect(hint).toMatch(/^lk_session=1; /);
    expect(hint).toMatch(/; Path=\/(;|$)/);
    expect(hint).toMatch(/; Max-Age=\d{6,}(;|$)/);
    expect(hint).toMatch(/; SameSite=Strict(;|$)/);
    expect(hint).not.toMatch(/HttpOnly/);
    // The device cookie: hidden from scripts, sent only to the auth routes by our own pages.
    const device = cookies.find((value) => value.startsWith(`${DEVICE_COOKIE_NAME}=`)) ?? '';
    expect(device).toMatch(/; Path=\/api\/v1\/auth;/);
    expect(device).toMatch(/; HttpOnly(;|$)/);
    expect(device).toMatch(/; SameSite=Strict(;|$)/);
  });

  it('sets the refresh cookie and the session hint exactly once on sign-in, refresh and sign-out', async () => {
    const { account, refresh: token } = await signUp();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: '10.2.0.1',
      payload: { email: account.email, password: account.password },
    });
    const refreshed = await refresh(token);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { cookie: `${REFRESH_COOKIE_NAME}=${readRefreshCookie(refreshed.headers['set-cookie'])}` },
    });
    for (const [name, response] of Object.entries({ signIn, refreshed, out })) {
      expect(response.statusCode, name).toBe(200);
      const cookies = [response.headers['set-cookie'] ?? []].flat();
      const named = (cookie: string) => cookies.filter((value) => value.startsWith(`${cookie}=`));
      expect(named(REFRESH_COOKIE_NAME), name).toHaveLength(1);
      expect(named(SESSION_HINT_COOKIE_NAME), name).toHaveLength(1);
      // A sign-in also remembers the device (decision 0048); refresh and sign-out leave it alone.
      expect(named(DEVICE_COOKIE_NAME), name).toHaveLength(name === 'signIn' ? 1 : 0);
      expect(cookies, name).toHaveLength(name === 'signIn' ? 3 : 2);
      expect(response.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('marks the refresh cookie Secure in production, and only there', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const response = await production.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-up',
        payload: newAccount(),
      });
      expect(response.statusCode).toBe(201);
      const cookies = [response.headers['set-cookie'] ?? []].flat();
      expect(cookies).toHaveLength(3);
      for (const cookie of cookies) expect(cookie).toMatch(/; Secure(;|$)/);
    } finally {
      await production.close();
    }
    const { setCookie } = await signUp();
    for (const cookie of [setCookie ?? []].flat()) expect(cookie).not.toMatch(/Secure/);
  });

  it('refuses a common password, a taken e-mail and a bad field with codes and messages', async () => {
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      remoteAddress: '10.1.0.1',
      payload: { ...newAccount(), password: 'Password123' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('auth/weak-password');

    const { account } = await signUp();
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      remoteAddress: '10.1.0.2',
      payload: { ...newAccount(), email: account.email.toUpperCase() },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('auth/email-already-in-use');

    const short = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      remoteAddress: '10.1.0.3',
      payload: { ...newAccount(), password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^password: /);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const { account } = await signUp();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: account.email, password: 'not the password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: 'nobody@example.in', password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: account.email, password: account.password },
    });
    expect(right.statusCode).toBe(200);
  });
});

describe('error codes', () => {
  it('answers every identity error with one of the contract’s codes', async () => {
    const { idToken } = await signUp();
    const cases = [
      [
        { method: 'POST', url: '/api/v1/auth/sign-up', payload: { ...newAccount(), email: 'not-mail' } },
        400,
        'auth/invalid-email',
      ],
      [
        { method: 'POST', url: '/api/v1/auth/sign-up', payload: { ...newAccount(), password: 'short' } },
        400,
        'auth/weak-password',
      ],
      [
        { method: 'POST', url: '/api/v1/auth/sign-up', payload: { ...newAccount(), username: 'no spaces!' } },
        400,
        'auth/invalid-argument',
      ],
      [
        { method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: 'a@b.in' } },
        400,
        'auth/invalid-argument',
      ],
      [
        {
          method: 'POST',
          url: '/api/v1/auth/sign-in',
          headers: { 'content-type': 'application/json' },
          payload: '{nope',
        },
        400,
        'auth/invalid-argument',
      ],
      [
        {
          method: 'POST',
          url: '/api/v1/auth/sign-in',
          payload: { email: 'nobody@b.in', password: 'whatever it is' },
        },
        401,
        'auth/wrong-password',
      ],
      [{ method: 'POST', url: '/api/v1/auth/refresh' }, 401, 'auth/session-expired'],
      [{ method: 'POST', url: '/api/v1/auth/sign-out-everywhere' }, 401, 'auth/session-expired'],
      [
        {
          method: 'POST',
          url: '/api/v1/auth/password',
          headers: { authorization: 'Bearer x.y.z' },
          payload: {},
        },
        401,
        'auth/session-expired',
      ],
      [
        {
          method: 'POST',
          url: '/api/v1/auth/password',
          headers: { authorization: `Bearer ${idToken}` },
          payload: { currentPassword: 'x' },
        },
        400,
        'auth/weak-password',
      ],
    ] as const;
    for (const [request, status, code] of cases) {
      const response = await t.app.inject({ remoteAddress: '10.8.0.1', ...request });
      expect(response.statusCode, JSON.stringify(request)).toBe(status);
      expect(response.json(), JSON.stringify(request)).toMatchObject({ success: false, code });
      expect(AUTH_ERROR_CODES).toContain(response.json().code);
    }
  });
});

describe('refresh tokens', () => {
  it('rotates: the new token works and the old one is refused', async () => {
    const { refresh: first } = await signUp();
    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    const second = readRefreshCookie(rotated.headers['set-cookie']);
    expect(second).not.toBe(first);
    expect((await refresh(first)).statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent refreshes with one token succeed', async () => {
    const { refresh: token } = await signUp();
    const results = await Promise.all([refresh(token), refresh(token)]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 401]);
  });

  it('revokes the whole family when a token rotated a while ago is shown again', async () => {
    const { refresh: stolen } = await signUp();
    const current = readRefreshCookie((await refresh(stolen)).headers['set-cookie']);
    // The theft is noticed later than the grace period for racing tabs.
    await t.testDatabase.database.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - 60_000) })
      .where('rotated_at', 'is not', null)
      .execute();
    expect((await refresh(stolen)).statusCode).toBe(401);
    expect((await refresh(current)).statusCode).toBe(401);
  });

  it('ends the session on sign-out', async () => {
    const { refresh: token } = await signUp();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { cookie: `${REFRESH_COOKIE_NAME}=${token}` },
    });
    expect(out.statusCode).toBe(200);
    const cleared = [out.headers['set-cookie']].flat();
    expect(cleared).toHaveLength(2);
    for (const [name, cookiePath] of [
      ['lk_refresh', '/api/v1/auth'],
      ['lk_session', '/'],
    ]) {
      const cookie = cleared.find((value) => value?.startsWith(`${name}=;`)) ?? '';
      expect(cookie, name).toContain(`; Path=${cookiePath};`);
      expect(cookie, name).toContain('; Max-Age=0;');
    }
    expect((await refresh(token)).statusCode).toBe(401);
  });
});

describe('where cookie requests come from', () => {
  const post = (url: string, token: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: `${REFRESH_COOKIE_NAME}=${token}`, ...headers } });
  const crossSite: Record<string, string>[] = [
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { 'sec-fetch-site': 'cross-site' },
    { origin: 'http://localhost', 'sec-fetch-site': 'cross-site' },
  ];

  it('refuses a cross-site refresh or sign-out with a JSON 403, and leaves the session as it was', async () => {
    const { refresh: token } = await signUp();
    for (const url of ['/api/v1/auth/refresh', '/api/v1/auth/sign-out']) {
      for (const headers of crossSite) {
        const response = await post(url, token, headers);
        const label = `${url} ${JSON.stringify(headers)}`;
        expect(response.statusCode, label).toBe(403);
        expect(response.headers['content-type'], label).toContain('application/json');
        expect(response.json(), label).toEqual({
          success: false,
          code: 'auth/cross-site-request',
          message: AUTH_MESSAGES.crossSiteRequest,
        });
        expect(response.headers['set-cookie'], label).toBeUndefined();
      }
    }
    // Nothing was rotated or ended: the same token still refreshes.
    expect((await refresh(token)).statusCode).toBe(200);
  });

  it('answers same-origin requests and clients that send neither header', async () => {
    const { refresh: first } = await signUp();
    const sameOrigin = await post('/api/v1/auth/refresh', first, {
      origin: 'http://localhost',
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.statusCode).toBe(200);
    const second = readRefreshCookie(sameOrigin.headers['set-cookie']);
    // Behind a proxy that rewrites Host, the configured public origin is ours too.
    const publicOrigin = await post('/api/v1/auth/refresh', second, {
      origin: new URL(t.config.publicUrl).origin,
      host: 'api.internal:3000',
    });
    expect(publicOrigin.statusCode).toBe(200);
    const third = readRefreshCookie(publicOrigin.headers['set-cookie']);
    expect((await post('/api/v1/auth/sign-out', third, {})).statusCode).toBe(200);
  });
});

describe('ID tokens', () => {
  it('stops working after sign-out everywhere, even when issued in the same second, with every refresh token', async () => {
    const { account, idToken, refresh: token } = await signUp();
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: '10.7.0.1',
      payload: { email: account.email, password: account.password },
    });
    const otherDevice = other.json().data.idToken as string;
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out-everywhere' })).statusCode).toBe(
      401,
    );
    expect((await whoCanWrite(idToken)).statusCode).toBe(200);
    expect((await whoCanWrite(idToken)).statusCode).toBe(401);
    expect((await whoCanWrite(otherDevice)).statusCode).toBe(401);
    expect((await refresh(token)).statusCode).toBe(401);
    expect((await refresh(readRefreshCookie(other.headers['set-cookie']))).statusCode).toBe(401);
    // A new sign-in right away works.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: '10.7.0.2',
      payload: { email: account.email, password: account.password },
    });
    expect((await whoCanWrite(again.json().data.idToken)).statusCode).toBe(200);
  });

  it('changes the password only with the current one, ending every other session', async () => {
    const { account, idToken, refresh: token } = await signUp();
    const change = (body: Record<string, string>, bearer = idToken) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password',
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
        payload: body,
      });
    const newPassword = 'a brand new passphrase';
    expect((await change({ currentPassword: account.password, newPassword }, '')).statusCode).toBe(401);
    const wrong = await change({ currentPassword: 'not it at all', newPassword });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('auth/wrong-password');
    const weak = await change({ currentPassword: account.password, newPassword: 'iloveyou1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('auth/weak-password');

    const changed = await change({ currentPassword: account.password, newPassword });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().data.idToken as string;
    expect((await refresh(token)).statusCode).toBe(401);
    expect((await refresh(readRefreshCookie(changed.headers['set-cookie']))).statusCode).toBe(200);
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        remoteAddress: '10.7.1.1',
        payload: { email: account.email, password },
      });
    expect((await signIn(account.password)).statusCode).toBe(401);
    expect((await signIn(newPassword)).statusCode).toBe(200);
    expect((await whoCanWrite(idToken)).statusCode).toBe(401);
    expect((await whoCanWrite(fresh)).statusCode).toBe(200);
  });

  it('refuses every tampered token', async () => {
    const { uid, idToken } = await signUp();
    // The session of a real sign-in: a forged token could name it, so the checks below must not rely on it.
    const { sid } = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
    };
    const jwk = JSON.parse(
      fs.readFileSync(path.join(t.config.dataDir, 'keys', 'id-token-signing-key.jwk'), 'utf8'),
    ) as JWK;
    const jwks = (await t.app.inject('/.well-known/jwks.json')).json() as { keys: (JWK & { kid: string })[] };
    const { kid } = jwks.keys[0]!;
    const key = await importJWK({ ...jwk, alg: 'EdDSA' }, 'EdDSA');
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: uid, sid, iss: t.config.publicUrl, aud: 'lootklip', iat: now, exp: now + 600 };
    const sign = (header: Record<string, unknown>, payload: Record<string, unknown> = claims) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'EdDSA', kid, typ: 'JWT', ...header }).sign(key);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

    const good = await sign({});
    expect((await whoCanWrite(good)).statusCode).toBe(200);
    const hmacKey = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
    const tampered = [
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' }).sign(hmacKey),
      await sign({ kid: 'another-key' }),
      await sign({}, { ...claims, iss: 'https://evil.example' }),
      await sign({}, { ...claims, aud: 'someone-else' }),
      await sign({ typ: 'at+jwt' }),
      await sign({}, { ...claims, iat: now - 3600, exp: now - 1800 }),
      await sign({}, { ...claims, nbf: now + 3600 }),
      await sign({ jku: 'https://evil.example/jwks.json' }),
      await sign({ jwk: { ...jwks.keys[0] } }),
      `${good.slice(0, -4)}AAAA`,
      await sign({}, { ...claims, sid: undefined }),
      await sign({}, { ...claims, sid: 'no-such-session' }),
    ];
    for (const token of tampered) expect((await whoCanWrite(token)).statusCode, token).toBe(401);
  });
});

describe('sign-in limits', () => {
  it('lets no more than the per-account-and-address limit through, whatever the headers and paths', async () => {
    const { account } = await signUp();
    const paths = [
      '/api/v1/auth/sign-in',
      '//api/v1/auth/sign-in',
      '/api/v1/auth/sign-in/',
      '/api/v1//auth/sign-in',
    ];
    let notLimited = 0;
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: paths[attempt % paths.length],
        headers: { 'x-forwarded-for': `203.0.113.${attempt % 50}` },
        payload: { email: account.email, password: `guess ${attempt}` },
      });
      if (response.statusCode !== 429) notLimited += 1;
      else {
        expect(response.headers['retry-after']).toMatch(/^\d+$/);
        expect(response.json().code).toBe('auth/too-many-requests');
      }
    }
    expect(notLimited).toBe(SIGN_IN_PER_ACCOUNT_AND_IP_MAX);
    const upperCase = await t.app.inject({
      method: 'POST',
      url: '/API/V1/AUTH/SIGN-IN',
      payload: { email: account.email, password: 'one more' },
    });
    expect(upperCase.statusCode).toBe(404);

    // The owner, from another address, still gets in.
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: '198.51.100.7',
      payload: { email: account.email, password: account.password },
    });
    expect(owner.statusCode).toBe(200);
  });
});

describe('sign-in throttling', () => {
  const signInFrom = (address: string, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: address,
      payload: { email, password },
    });

  it('throttles the failing addresses but never locks the owner out of the account', async () => {
    const { account } = await signUp();
    // A stranger guessing from many addresses, each until it is throttled, up to the account-wide threshold.
    const statuses = new Set<number>();
    for (let attempt = 0; attempt < SIGN_IN_PER_ACCOUNT_MAX; attempt += 1) {
      const address = `192.0.2.${Math.floor(attempt / SIGN_IN_PER_ACCOUNT_AND_IP_MAX)}`;
      statuses.add((await signInFrom(address, account.email, `guess ${attempt}`)).statusCode);
    }
    // The owner, from an address that has not been failing, signs in.
    expect((await signInFrom('198.51.100.80', account.email, account.password)).statusCode).toBe(200);
    expect([...statuses]).toEqual([401]);
    // A failing address stays throttled, whatever it sends.
    const throttled = await signInFrom('192.0.2.0', account.email, account.password);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('auth/too-many-requests');
  });

  it('takes a slowed account’s sign-ins one at a time; its own device skips the turns, any other device waits', async () => {
    const { account } = await signUp();
    const ownerDevice = readCookie(
      (await signInFrom('198.51.100.100', account.email, account.password)).headers['set-cookie'],
      DEVICE_COOKIE_NAME,
    );
    // A device cookie of another account, signed by this server all the same.
    const otherDevice = readCookie((await signUp()).setCookie, DEVICE_COOKIE_NAME);
    // A stranger takes the account to the threshold, from many addresses at once.
    const addresses = Array.from(
      { length: SIGN_IN_PER_ACCOUNT_MAX / SIGN_IN_PER_ACCOUNT_AND_IP_MAX },
      (_, index) => `192.0.2.${100 + index}`,
    );
    await Promise.all(
      addresses.map(async (address) => {
        for (let attempt = 0; attempt < SIGN_IN_PER_ACCOUNT_AND_IP_MAX; attempt += 1) {
          expect((await signInFrom(address, account.email, `guess ${attempt}`)).statusCode).toBe(401);
        }
      }),
    );

    const finished: string[] = [];
    const track = async (label: string, request: Promise<LightMyRequestResponse>) => {
      const response = await request;
      finished.push(label);
      return response;
    };
    const signInWithDevice = (address: string, device: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        remoteAddress: address,
        headers: { cookie: `${DEVICE_COOKIE_NAME}=${device}` },
        payload: { email: account.email, password: account.password },
      });
    const started = performance.now();
    const guesses = Array.from({ length: 4 }, (_, index) =>
      track(`guess ${index}`, signInFrom(`203.0.113.${index}`, account.email, `at once ${index}`)),
    );
    // Once a guess is answered, the others are waiting for their turns.
    await Promise.race(guesses);
    const owner = track('owner', signInWithDevice('203.0.113.50', ownerDevice));
    const stranger = track('other device', signInWithDevice('203.0.113.51', otherDevice));

    expect((await Promise.all(guesses)).map((response) => response.statusCode)).toEqual([401, 401, 401, 401]);
    // Four guesses took four turns, each a spacing after the one before: they did not run side by side.
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * SIGN_IN_SLOW_ACCOUNT_DELAY_MS - 50);
    expect((await owner).statusCode).toBe(200);
    expect((await stranger).statusCode).toBe(200);
    // The owner's device went past the waiting guesses; the other account's cookie waited behind them, as a new
    // device of the owner would, and still got in.
    expect(finished.indexOf('owner')).toBeLessThan(finished.indexOf('guess 3'));
    expect(finished.at(-1)).toBe('other device');

    // A device cookie that keeps failing (a stolen one) stops skipping the turns.
    for (let attempt = 0; attempt < SIGN_IN_PER_DEVICE_MAX; attempt += 1) {
      const failed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        remoteAddress: `203.0.113.${60 + attempt}`,
        headers: { cookie: `${DEVICE_COOKIE_NAME}=${ownerDevice}` },
        payload: { email: account.email, password: `stolen cookie ${attempt}` },
      });
      expect(failed.statusCode).toBe(401);
    }
    finished.length = 0;
    const moreGuesses = Array.from({ length: 2 }, (_, index) =>
      track(`more ${index}`, signInFrom(`203.0.113.${70 + index}`, account.email, `again ${index}`)),
    );
    await Promise.race(moreGuesses);
    const worn = track('worn device', signInWithDevice('203.0.113.80', ownerDevice));
    await Promise.all([...moreGuesses, worn]);
    expect(finished.at(-1)).toBe('worn device');
  });

  it('lets no more than the device budget of concurrent wrong guesses with one device cookie skip the turns', async () => {
    const { account } = await signUp();
    const device = readCookie(
      (await signInFrom('198.51.100.110', account.email, account.password)).headers['set-cookie'],
      DEVICE_COOKIE_NAME,
    );
    const addresses = Array.from(
      { length: SIGN_IN_PER_ACCOUNT_MAX / SIGN_IN_PER_ACCOUNT_AND_IP_MAX },
      (_, index) => `192.0.2.${150 + index}`,
    );
    await Promise.all(
      addresses.map(async (address) => {
        for (let attempt = 0; attempt < SIGN_IN_PER_ACCOUNT_AND_IP_MAX; attempt += 1) {
          expect((await signInFrom(address, account.email, `guess ${attempt}`)).statusCode).toBe(401);
        }
      }),
    );
    // A stolen cookie: a burst of guesses, each from its own address, sent before any of them is answered.
    const waiting = 4;
    const started = performance.now();
    const burst = await Promise.all(
      Array.from({ length: SIGN_IN_PER_DEVICE_MAX + waiting }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/sign-in',
          remoteAddress: `203.0.113.${120 + index}`,
          headers: { cookie: `${DEVICE_COOKIE_NAME}=${device}` },
          payload: { email: account.email, password: `stolen burst ${index}` },
        }),
      ),
    );
    expect(new Set(burst.map((response) => response.statusCode))).toEqual(new Set([401]));
    // Past the budget the guesses took turns, a spacing apart: the first at once, the last after the others.
    expect(performance.now() - started).toBeGreaterThanOrEqual(
      (waiting - 1) * SIGN_IN_SLOW_ACCOUNT_DELAY_MS - 50,
    );
  });

  it('counts concurrent guesses before checking them, so a burst gets no more than the limit', async () => {
    const { account } = await signUp();
    const burst = await Promise.all(
      Array.from({ length: SIGN_IN_PER_ACCOUNT_AND_IP_MAX * 3 }, (_, attempt) =>
        signInFrom('198.51.100.70', account.email, `burst ${attempt}`),
      ),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_PER_ACCOUNT_AND_IP_MAX);
    expect(statuses.filter((status) => status === 429)).toHaveLength(SIGN_IN_PER_ACCOUNT_AND_IP_MAX * 2);
  });

  it('counts only failed attempts: correct sign-ins in a row are never refused', async () => {
    const { account } = await signUp();
    const address = '198.51.100.90';
    for (let attempt = 0; attempt < SIGN_IN_PER_ACCOUNT_AND_IP_MAX + 3; attempt += 1) {
      const response = await signInFrom(address, account.email, account.password);
      expect(response.statusCode, `sign-in ${attempt + 1}`).toBe(200);
    }
    // Failures from that address are still limited.
    for (let attempt = 0; attempt < SIGN_IN_PER_ACCOUNT_AND_IP_MAX; attempt += 1) {
      expect((await signInFrom(address, account.email, 'not it')).statusCode).toBe(401);
    }
    expect((await signInFrom(address, account.email, 'not it')).statusCode).toBe(429);
  });
});

describe('sessions', () => {
  /** A protected call that changes nothing: 401 unless the bearer token is good and its session live. */
  const whoAmI = (idToken: string) =>
    t.app.inject({ url: '/api/v1/settings', headers: { authorization: `Bearer ${idToken}` } });

  async function signInAgain(account: { email: string; password: string }, address: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: address,
      payload: { email: account.email, password: account.password },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.idToken as string;
  }

  it('refuses the ID token of a signed-out session at once; the user’s other session keeps working', async () => {
    const { account, idToken, refresh: token } = await signUp();
    const otherDevice = await signInAgain(account, '10.6.0.1');
    expect((await whoAmI(idToken)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { cookie: `${REFRESH_COOKIE_NAME}=${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await whoAmI(idToken)).statusCode).toBe(401);
    expect((await whoAmI(otherDevice)).statusCode).toBe(200);
  });

  it('refuses every ID token of a family whose rotated refresh token is shown again', async () => {
    const { account, uid, idToken: first, refresh: stolen } = await signUp();
    const rotated = await refresh(stolen);
    const second = rotated.json().data.idToken as string;
    const otherDevice = await signInAgain(account, '10.6.0.2');
    expect((await whoAmI(second)).statusCode).toBe(200);
    await t.testDatabase.database.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - 60_000) })
      .where('user_id', '=', uid)
      .where('rotated_at', 'is not', null)
      .execute();
    expect((await refresh(stolen)).statusCode).toBe(401);
    expect((await whoAmI(first)).statusCode).toBe(401);
    expect((await whoAmI(second)).statusCode).toBe(401);
    expect((await whoAmI(otherDevice)).statusCode).toBe(200);
  });
});

describe('sign-in limits behind one proxy', () => {
  it('count the address the proxy saw, not the ones the client wrote before it', async () => {
    const proxied = await createTestApp({ TRUST_PROXY_HOPS: '1' });
    try {
      const account = newAccount();
      const signUp = await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-up',
        payload: account,
      });
      expect(signUp.statusCode).toBe(201);
      let notLimited = 0;
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const response = await proxied.app.inject({
          method: 'POST',
          url: '/api/v1/auth/sign-in',
          remoteAddress: '10.9.0.1',
          // The client forged the first entry; our proxy appended the address it really saw.
          headers: { 'x-forwarded-for': `203.0.113.${attempt}, 198.51.100.20` },
          payload: { email: account.email, password: `guess ${attempt}` },
        });
        if (response.statusCode !== 429) notLimited += 1;
      }
      expect(notLimited).toBe(SIGN_IN_PER_ACCOUNT_AND_IP_MAX);
      const elsewhere = await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        remoteAddress: '10.9.0.1',
        headers: { 'x-forwarded-for': '198.51.100.21' },
        payload: { email: account.email, password: account.password },
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
