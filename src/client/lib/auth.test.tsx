// The auth store against a real loopback server, on a fake clock: first state from the refresh cookie, refresh
// before expiry, back-off on failures while the user stays signed in, sign-out, and a refused token.
import { act, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AUTH_RETRY_MAX_MS,
  AUTH_RETRY_MIN_MS,
  TOKEN_REFRESH_BEFORE_EXPIRY_MS,
} from '../../shared/constants.ts';
import { AUTH_ERROR_CODES, SessionResponseSchema } from '../../shared/contracts/auth.ts';
import { AUTH_ERROR_MESSAGES, HTTP_MESSAGES } from '../../shared/shell-messages.ts';
import { AppProvider } from '../app/provider.tsx';
import { findClosedPortUrl, startHttpTestServer, type HttpTestServer } from '../test/http-test-server.js';
import { createSessionResponse } from '../test/render-app.tsx';
import { ApiError, createApiClient } from './api-client.ts';
import {
  createAuthStore,
  getAuthErrorMessage,
  getFirstAuthState,
  getRetryDelay,
  readSessionResponse,
} from './auth.ts';

const TOKEN_TTL_MS = 900_000; // expiresIn of createSessionResponse
const SERVER_DOWN = { status: 503, body: { success: false, message: 'down' } };
const SESSION_OVER = {
  status: 401,
  body: { success: false, code: 'auth/session-expired', message: 'ended' },
};

let server: HttpTestServer;
beforeAll(async () => {
  server = await startHttpTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The store of a page with the session hint: loading until the refresh answers. */
function createStoreAt(baseUrl: string) {
  return createAuthStore({
    initial: getFirstAuthState(true),
    api: createApiClient({ baseUrl: `${baseUrl}/api/v1` }),
  });
}

/** A store signed in by a good refresh cookie, holding token-1. */
async function createSignedInStore() {
  server.respond('POST', '/api/v1/auth/refresh', createSessionResponse('token-1'));
  const store = createStoreAt(server.url);
  await store.restore();
  return store;
}

const countCalls = (path: string) => server.requests.filter((request) => request.path === path).length;
const countRefreshes = () => countCalls('/api/v1/auth/refresh');

/** Moves the fake clock, then waits for a refresh those timers started to get its (real) answer. */
async function advance(store: ReturnType<typeof createAuthStore>, ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await store.settled();
}

describe('first auth state', () => {
  it('is signed out at once, asking nothing, on a page without the session hint; asks with it', async () => {
    server.respond('POST', '/api/v1/auth/refresh', createSessionResponse('token-1'));
    const before = countRefreshes();
    // The page's own store: its first state from the hint, as a server render of the page has it (decision 0080).
    const createPageStore = () =>
      createAuthStore({ api: createApiClient({ baseUrl: `${server.url}/api/v1` }) });
    const visitor = createPageStore();
    expect(visitor.getSnapshot().status).toBe('signed-out');
    await visitor.start();
    expect(visitor.getSnapshot().status).toBe('signed-out');
    expect(countRefreshes()).toBe(before);

    document.cookie = 'lk_session=1; path=/';
    try {
      const returning = createPageStore();
      expect(returning.getSnapshot().status).toBe('loading');
      await returning.start();
      expect(returning.getSnapshot().status).toBe('signed-in');
      expect(countRefreshes()).toBe(before + 1);
    } finally {
      document.cookie = 'lk_session=; path=/; max-age=0';
    }
  });

  it('is signed in when the refresh cookie is good, and the token is refreshed 5 minutes before expiry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server.respond('POST', '/api/v1/auth/refresh', createSessionResponse('token-1'));
    const store = createStoreAt(server.url);
    expect(store.getSnapshot().status).toBe('loading');
    const before = countRefreshes();
    await store.restore();
    expect(store.getSnapshot()).toMatchObject({
      status: 'signed-in',
      user: { uid: 'u1', username: 'asha.styles' },
    });
    expect(store.getToken()).toBe('token-1');

    server.respond('POST', '/api/v1/auth/refresh', createSessionResponse('token-2'));
    await advance(store, TOKEN_TTL_MS - TOKEN_REFRESH_BEFORE_EXPIRY_MS - 1);
    expect(countRefreshes()).toBe(before + 1);
    expect(store.getToken()).toBe('token-1');
    await advance(store, 1);
    expect(countRefreshes()).toBe(before + 2);
    expect(store.getToken()).toBe('token-2');

    // The next one is counted from the new token.
    await advance(store, TOKEN_TTL_MS - TOKEN_REFRESH_BEFORE_EXPIRY_MS);
    expect(countRefreshes()).toBe(before + 3);
  });

  it('is signed out when the server answers 401, after one call', async () => {
    server.respond('POST', '/api/v1/auth/refresh', SESSION_OVER);
    const store = createStoreAt(server.url);
    const before = countRefreshes();
    await store.restore();
    expect(store.getSnapshot()).toEqual({ status: 'signed-out', user: null });
    expect(store.getToken()).toBeNull();
    expect(countRefreshes()).toBe(before + 1);
  });

  it('asks once when several callers want it at the same time (each refresh rotates the cookie)', async () => {
    server.respond('POST', '/api/v1/auth/refresh', createSessionResponse('token-once'));
    const store = createStoreAt(server.url);
    const before = countRefreshes();
    await Promise.all([store.restore(), store.restore(), store.restore()]);
    expect(countRefreshes()).toBe(before + 1);
  });

  it('is signed out while the network is down, then signed in by the retry 30 s later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const offline = createStoreAt(await findClosedPortUrl());
    await offline.restore();
    expect(offline.getSnapshot().status).toBe('signed-out');

    server.respond('POST', '/api/v1/auth/refresh', SERVER_DOWN);
    const store = createStoreAt(server.url);
    await store.restore();
    expect(store.getSnapshot().status).toBe('signed-out');
    server.respond('POST', '/api/v1/auth/refresh', createSessionResponse('token-later'));
    await advance(store, AUTH_RETRY_MIN_MS);
    expect(store.getSnapshot().status).toBe('signed-in');
    expect(store.getToken()).toBe('token-later');
  });

  it('rejects an answer that is not the session of the contract', async () => {
    server.respond('POST', '/api/v1/auth/refresh', {
      status: 200,
      body: { success: true, user: { uid: 'u1' }, idToken: 'loose', expiresIn: 900 },
    });
    const store = createStoreAt(server.url);
    await store.restore();
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(store.getToken()).toBeNull();
  });
});

describe('refresh failures of a signed-in user', () => {
  it('keep the user signed in and retry after 30 s, 1, 2, 4, 8 and 16 minutes, then every 16 minutes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const store = await createSignedInStore();

    server.respond('POST', '/api/v1/auth/refresh', SERVER_DOWN);
    const start = countRefreshes();
    await advance(store, TOKEN_TTL_MS - TOKEN_REFRESH_BEFORE_EXPIRY_MS);
    expect(countRefreshes()).toBe(start + 1);
    expect(store.getSnapshot().status).toBe('signed-in');
    expect(store.getToken()).toBe('token-1'); // still valid for 5 minutes

    const expected = [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000];
    for (const [index, delay] of expected.entries()) {
      await advance(store, delay - 1);
      expect(countRefreshes(), `retry ${index + 1} not before ${delay} ms`).toBe(start + 1 + index);
      await advance(store, 1);
      expect(countRefreshes(), `retry ${index + 1} at ${delay} ms`).toBe(start + 2 + index);
      expect(store.getSnapshot().status).toBe('signed-in');
    }
    // The token itself has run out meanwhile: it is no longer sent.
    expect(store.getToken()).toBeNull();

    server.respond('POST', '/api/v1/auth/refresh', createSessionResponse('token-back'));
    await advance(store, AUTH_RETRY_MAX_MS);
    expect(store.getToken()).toBe('token-back');
    expect(getRetryDelay(1)).toBe(AUTH_RETRY_MIN_MS);
    expect(getRetryDelay(40)).toBe(AUTH_RETRY_MAX_MS);
  });

  it('end the session when the server says it is over (signed out elsewhere)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const store = await createSignedInStore();
    server.respond('POST', '/api/v1/auth/refresh', SESSION_OVER);
    await advance(store, TOKEN_TTL_MS - TOKEN_REFRESH_BEFORE_EXPIRY_MS);
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(store.getToken()).toBeNull();
  });

  it('are retried at once when the page wakes up after its timer should have run', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const store = await createSignedInStore();
    const before = countRefreshes();
    store.refreshIfDue();
    expect(countRefreshes()).toBe(before); // nothing due yet

    // A laptop asleep: the wall clock moves on, the timer has not fired.
    vi.setSystemTime(Date.now() + TOKEN_TTL_MS);
    server.respond('POST', '/api/v1/auth/refresh', createSessionResponse('token-2'));
    store.refreshIfDue();
    await store.settled();
    expect(countRefreshes()).toBe(before + 1);
    expect(store.getToken()).toBe('token-2');
  });
});

describe('signing in and out', () => {
  it('signs in with the password and sends the token as a bearer', async () => {
    server.respond('POST', '/api/v1/auth/sign-in', createSessionResponse('token-in'));
    server.respond('GET', '/api/v1/users/profile', { status: 200, body: { success: true } });
    const store = createStoreAt(server.url);
    const user = await store.signInWithPassword({ email: 'asha@example.in', password: 'long enough' });
    expect(user).toMatchObject({ username: 'asha.styles' });
    expect(store.getSnapshot().status).toBe('signed-in');

    const api = createApiClient({ baseUrl: `${server.url}/api/v1`, getToken: store.getToken });
    await api.get('/users/profile');
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer token-in');
  });

  it('stays signed out after a right password of a two-factor account, and signs in with the code', async () => {
    server.respond('POST', '/api/v1/auth/sign-in', {
      status: 200,
      body: { success: true, twoFactorRequired: true, challenge: 'challenge-1' },
    });
    server.respond('POST', '/api/v1/auth/two-factor/verify', createSessionResponse('token-2fa'));
    const store = createStoreAt(server.url);
    store.setSession(null);
    const first = await store.signInWithPassword({ email: 'asha@example.in', password: 'long enough' });
    expect(first).toEqual({ twoFactorRequired: true, challenge: 'challenge-1' });
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(store.getToken()).toBeNull();

    const user = await store.verifyTwoFactor({ challenge: 'challenge-1', code: '123456' });
    expect(user.username).toBe('asha.styles');
    expect(store.getToken()).toBe('token-2fa');
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({ challenge: 'challenge-1', code: '123456' });
  });

  it('signs out at once and asks the server to end the session', async () => {
    server.respond('POST', '/api/v1/auth/sign-out', { status: 200, body: { success: true } });
    const store = await createSignedInStore();
    const before = countCalls('/api/v1/auth/sign-out');
    const done = store.signOut();
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(store.getToken()).toBeNull();
    await done;
    expect(countCalls('/api/v1/auth/sign-out')).toBe(before + 1);
  });

  it('does not let a refresh answer that arrives after signing out sign the user back in', async () => {
    server.respond('POST', '/api/v1/auth/sign-out', { status: 200, body: { success: true } });
    const store = await createSignedInStore();
    const late = store.restore();
    await Promise.all([store.signOut(), late]);
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(store.getToken()).toBeNull();
  });

  it('signs out with "Unauthorized - Please login again" when any call is refused with 401', async () => {
    server.respond('GET', '/api/v1/dashboard', { status: 401, body: { success: false } });
    const store = await createSignedInStore();
    render(
      <AppProvider authStore={store}>
        <p>page</p>
      </AppProvider>,
    );
    const api = createApiClient({ baseUrl: `${server.url}/api/v1`, getToken: store.getToken });
    await act(() => expect(api.get('/dashboard')).rejects.toThrow(HTTP_MESSAGES.unauthorized));
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(await screen.findByText(HTTP_MESSAGES.unauthorized)).toBeInTheDocument();
  });
});

describe('auth error texts', () => {
  it.each([
    ...AUTH_ERROR_CODES,
    // Also named by docs/product.md "Error texts: Identity provider", as the hosted provider's codes.
    'auth/invalid-api-key',
    'auth/auth-domain-config-required',
  ])('%s has a sentence', (code) => {
    expect(AUTH_ERROR_MESSAGES[code]).toMatch(/^[A-Z].{10,}\.$/);
  });

  it('word every failure of an identity call as a sentence, whatever its status', () => {
    expect(getAuthErrorMessage(new ApiError(401, HTTP_MESSAGES.unauthorized, 'auth/wrong-password'))).toBe(
      'The e-mail or password is incorrect.',
    );
    expect(getAuthErrorMessage(new ApiError(429, 'slow down', 'auth/too-many-requests'))).toBe(
      AUTH_ERROR_MESSAGES['auth/too-many-requests'],
    );
    expect(getAuthErrorMessage(new ApiError(0, HTTP_MESSAGES.network))).toBe(
      AUTH_ERROR_MESSAGES['auth/network-request-failed'],
    );
    expect(getAuthErrorMessage(new ApiError(500, 'stack trace'))).toBe(
      AUTH_ERROR_MESSAGES['auth/internal-error'],
    );
    expect(getAuthErrorMessage(new Error('boom'))).toBe(AUTH_ERROR_MESSAGES['auth/internal-error']);
  });
});

describe('readSessionResponse', () => {
  it("accepts exactly what the contract's SessionResponseSchema accepts, and keeps only its fields", () => {
    const text = fc.oneof(fc.string(), fc.constant(''));
    const anything = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
    const user = fc.record(
      {
        uid: fc.oneof(text, anything),
        email: text,
        username: fc.oneof(text, anything),
        fullName: text,
        displayName: text,
        avatar: fc.oneof(fc.constant(null), text, anything),
        extra: anything,
      },
      { requiredKeys: ['email', 'fullName'] },
    );
    const body = fc.oneof(
      fc.record({
        success: fc.oneof(fc.constant(true), anything),
        data: fc.oneof(
          fc.record({
            user: fc.oneof(user, anything),
            idToken: fc.oneof(text, anything),
            expiresIn: fc.oneof(fc.integer({ min: -5, max: 900 }), fc.double(), anything),
          }),
          anything,
        ),
      }),
      anything,
    );
    fc.assert(
      fc.property(body, (value) => {
        const parsed = SessionResponseSchema.safeParse(value);
        expect(readSessionResponse(value)).toEqual(parsed.success ? parsed.data.data : null);
      }),
      { numRuns: 2000 },
    );
  });
});
