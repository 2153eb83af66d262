// External sign-in end to end: the real app (through inject) against a real OpenID provider on loopback, whose
// login and consent forms are filled in programmatically, as a person would in the popup.
import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_POPUP_MESSAGE_TYPE, REFRESH_COOKIE_NAME } from '../../shared/contracts/auth.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import {
  startTestOidcProvider,
  testOidcEmailFor,
  type TestOidcProvider,
} from '../test/oidc-test-provider.ts';
import { OIDC_COOKIE_NAME } from './oidc.routes.ts';

const PUBLIC_URL = 'http://lootklip.test';
const CALLBACK_URL = `${PUBLIC_URL}/api/v1/auth/oidc/callback`;

let provider: TestOidcProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startTestOidcProvider({ redirectUris: [CALLBACK_URL] });
  t = await createTestApp({
    PUBLIC_URL,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_LABEL: 'Loopback ID',
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const cookieValue = (setCookie: string | string[] | undefined, name: string): string | undefined => {
  const header = [setCookie ?? []].flat().find((value) => value.startsWith(`${name}=`));
  return header ? decodeURIComponent(header.split(';')[0]!.slice(name.length + 1)) : undefined;
};

/** Our /oidc/start: the provider URL the popup goes to, and the transaction cookie. */
async function start() {
  const response = await t.app.inject('/api/v1/auth/oidc/start');
  expect(response.statusCode).toBe(302);
  const transaction = cookieValue(response.headers['set-cookie'], OIDC_COOKIE_NAME);
  expect(transaction).toBeTruthy();
  return { location: String(response.headers.location), transaction: transaction! };
}

/** The popup at the provider: follows redirects, fills the login form with `login` and approves consent. */
async function signInAtProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step += 1) {
    if (url.startsWith(CALLBACK_URL)) return url;
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const [name, value = ''] = pair!.split(/=(.*)/s);
      const expired = attributes.some((attribute) => /expires=thu, 01 jan 1970/i.test(attribute.trim()));
      if (expired || !value) jar.delete(name!.trim());
      else jar.set(name!.trim(), value);
    }
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await response.text();
    expect(response.status, html).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    expect(action, html).toBeTruthy();
    form = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
      form.set(name!, value!);
    }
    if (form.get('prompt') === 'login') {
      form.set('login', login);
      form.set('password', 'anything');
    }
    url = new URL(action!.replaceAll('&amp;', '&'), url).href;
  }
  throw new Error('the provider never redirected back');
}

/** Our /oidc/callback as the popup reaches it: the posted message, the page and its headers. */
async function callback(callbackUrl: string, transaction: string | undefined) {
  const response = await t.app.inject({
    url: callbackUrl.slice(PUBLIC_URL.length),
    headers: transaction ? { cookie: `${OIDC_COOKIE_NAME}=${encodeURIComponent(transaction)}` } : {},
  });
  const json = /<script type="application\/json" id="oidc-result">(.*?)<\/script>/s.exec(response.body)?.[1];
  return { response, message: JSON.parse(json ?? 'null') as Record<string, unknown> | null };
}

async function signInExternally(login: string) {
  const { location, transaction } = await start();
  const { response, message } = await callback(await signInAtProvider(location, login), transaction);
  return { response, message, refresh: cookieValue(response.headers['set-cookie'], REFRESH_COOKIE_NAME) };
}

const refresh = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: { cookie: `${REFRESH_COOKIE_NAME}=${token}` },
  });

describe('external sign-in', () => {
  it('shows the provider when configured and sends the popup there with PKCE, state and nonce', async () => {
    const providers = await t.app.inject('/api/v1/auth/providers');
    expect(providers.json()).toEqual({ success: true, external: { label: 'Loopback ID' } });

    const { location } = await start();
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK_URL);
  });

  it('makes an account on first sign-in, signs the same one in afterwards, and tells only our own origin', async () => {
    const first = await signInExternally('asha.rao');
    expect(first.message).toEqual({ type: OIDC_POPUP_MESSAGE_TYPE, ok: true });
    expect(first.response.statusCode).toBe(200);
    expect(first.response.body).toContain('postMessage(message, window.location.origin)');
    expect(first.response.body).not.toContain(first.refresh);
    const session = await refresh(first.refresh!);
    expect(session.statusCode).toBe(200);
    const user = session.json().data.user;
    expect(user).toMatchObject({
      email: testOidcEmailFor('asha.rao'),
      username: 'asha.rao',
      fullName: 'asha.rao',
    });

    const again = await signInExternally('asha.rao');
    expect(again.message).toEqual({ type: OIDC_POPUP_MESSAGE_TYPE, ok: true });
    expect((await refresh(again.refresh!)).json().data.user.uid).toBe(user.uid);
  });

  it('gives an external sign-in a session of its own that sign-out ends, ID token included', async () => {
    const { response, refresh: token } = await signInExternally('sid.check');
    const cookies = [response.headers['set-cookie'] ?? []].flat();
    expect(cookies.filter((cookie) => cookie.startsWith(`${REFRESH_COOKIE_NAME}=`))).toHaveLength(1);
    const session = await refresh(token!);
    const idToken = session.json().data.idToken as string;
    const settings = () =>
      t.app.inject({ url: '/api/v1/settings', headers: { authorization: `Bearer ${idToken}` } });
    expect((await settings()).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: {
        cookie: `${REFRESH_COOKIE_NAME}=${cookieValue(session.headers['set-cookie'], REFRESH_COOKIE_NAME)}`,
      },
    });
    expect(out.statusCode).toBe(200);
    expect((await settings()).statusCode).toBe(401);
  });

  it('signs an account with two-factor on straight in: the external provider is its own factor (decision 0075)', async () => {
    const first = await signInExternally('two.factor');
    const idToken = (await refresh(first.refresh!)).json().data.idToken as string;
    const bearer = { authorization: `Bearer ${idToken}` };
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/setup',
      headers: bearer,
    });
    const { manualKey } = setup.json().data;
    const code = new TOTP({ secret: Secret.fromBase32(manualKey) }).generate();
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/confirm',
      headers: bearer,
      payload: { code },
    });
    expect(confirmed.statusCode).toBe(200);

    const again = await signInExternally('two.factor');
    expect(again.message).toEqual({ type: OIDC_POPUP_MESSAGE_TYPE, ok: true });
    const session = await refresh(again.refresh!);
    expect(session.statusCode).toBe(200);
    expect(session.json().data.user.email).toBe(testOidcEmailFor('two.factor'));
  });

  it('answers a page whose only script is allowed by its hash, without an opener policy', async () => {
    const { response } = await signInExternally('csp.check');
    const csp = String(response.headers['content-security-policy']);
    const script = /<script>(.*?)<\/script>/s.exec(response.body)![1]!;
    const hash = createHash('sha256').update(script).digest('base64');
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(csp).toMatch(/default-src 'none'/);
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('never takes over an account that already has the e-mail', async () => {
    const email = testOidcEmailFor('owner.of.mail');
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: { email, password: 'a long private phrase', username: 'mail.owner', fullName: 'Mail Owner' },
    });
    expect(signUp.statusCode).toBe(201);

    const { message, refresh: token } = await signInExternally('owner.of.mail');
    expect(message).toMatchObject({ ok: false, code: 'auth/account-exists-with-different-credential' });
    expect(token).toBeFalsy();
    const { db } = t.testDatabase.database;
    expect(
      await db.selectFrom('external_identities').where('email', '=', email).selectAll().execute(),
    ).toEqual([]);
    expect(await db.selectFrom('users').where('email', '=', email).select('username').execute()).toEqual([
      { username: 'mail.owner' },
    ]);
  });

  it('refuses a callback without its transaction cookie, with a changed one, or with another sign-in’s', async () => {
    const { location, transaction } = await start();
    const callbackUrl = await signInAtProvider(location, 'someone');
    const other = await start();
    const [payload, mac] = transaction.split('.');
    const changed = `${Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), state: 'forged' }),
    ).toString('base64url')}.${mac}`;
    for (const cookie of [undefined, 'garbage', changed, other.transaction]) {
      const { message, response } = await callback(callbackUrl, cookie);
      expect(message, String(cookie)).toMatchObject({ ok: false, code: 'auth/invalid-auth-event' });
      expect(cookieValue(response.headers['set-cookie'], REFRESH_COOKIE_NAME)).toBeUndefined();
    }
  });

  it('reports a sign-in the user cancelled at the provider', async () => {
    const { location, transaction } = await start();
    const state = new URL(location).searchParams.get('state')!;
    const url = `${CALLBACK_URL}?error=access_denied&state=${state}&iss=${encodeURIComponent(provider.issuer)}`;
    const { message } = await callback(url, transaction);
    expect(message).toMatchObject({ ok: false, code: 'auth/popup-closed-by-user' });
  });
});

describe('without an external provider', () => {
  it('shows no button and answers the popup with an error page', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject('/api/v1/auth/providers')).json()).toEqual({
        success: true,
        external: null,
      });
      const response = await plain.app.inject('/api/v1/auth/oidc/start');
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('"ok":false');
    } finally {
      await plain.close();
    }
  });
});
