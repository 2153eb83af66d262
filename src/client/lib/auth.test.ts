// The auth store against a real loopback server: first state from the refresh cookie, refresh before expiry,
// back-off on network failures, sign-out on a refused token.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AUTH_RETRY_MAX_MS,
  AUTH_RETRY_MIN_MS,
  TOKEN_REFRESH_BEFORE_EXPIRY_MS,
} from '../../shared/constants.ts';
import { findClosedPortUrl, startHttpTestServer, type HttpTestServer } from '../test/http-test-server.js';
import { createApiClient } from './api-client.ts';
import { createAuthStore, getRetryDelay } from './auth.ts';

const USER = {
  uid: 'u1',
  email: 'asha@example.in',
  username: 'asha',
  fullName: 'Asha',
  displayName: 'Asha',
  avatar: null,
};
const session = (idToken: string) => ({
  status: 200,
  body: { success: true, data: { user: USER, idToken, expiresIn: 900 } },
});

let server: HttpTestServer;
beforeAll(async () => {
  server = await startHttpTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

function storeAt(baseUrl: string) {
  return createAuthStore({ api: createApiClient({ baseUrl: `${baseUrl}/api/v1` }) });
}

const refreshCalls = () =>
  server.requests.filter((request) => request.path === '/api/v1/auth/refresh').length;

describe('auth store', () => {
  it('starts signed in when the refresh cookie is good, and refreshes 5 minutes before expiry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server.respond('POST', '/api/v1/auth/refresh', session('token-1'));
    const store = storeAt(server.url);
    const before = refreshCalls();
    await store.restore();
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', user: { uid: 'u1', username: 'asha' } });
    expect(store.getToken()).toBe('token-1');

    server.respond('POST', '/api/v1/auth/refresh', session('token-2'));
    await vi.advanceTimersByTimeAsync(900_000 - TOKEN_REFRESH_BEFORE_EXPIRY_MS - 1000);
    expect(refreshCalls()).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(store.getToken()).toBe('token-2'));
    expect(refreshCalls()).toBe(before + 2);
  });

  it('starts signed out when the server says the session is over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.respond('POST', '/api/v1/auth/refresh', {
      status: 401,
      body: { success: false, code: 'auth/session-expired', message: 'ended' },
    });
    const store = storeAt(server.url);
    const before = refreshCalls();
    let settled = false;
    void store.restore().then(() => (settled = true));
    // The one retry for racing tabs waits a second after the first 401: move the clock until it is done.
    for (let step = 0; step < 40 && !settled; step += 1) await vi.advanceTimersByTimeAsync(250);
    expect(settled).toBe(true);
    expect(refreshCalls()).toBe(before + 2);
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(store.getToken()).toBeNull();
  });

  it('renders signed out when the network fails, and backs off from 30 s to 16 minutes', async () => {
    const closed = await findClosedPortUrl();
    const store = storeAt(closed);
    await store.restore();
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(getRetryDelay(1)).toBe(AUTH_RETRY_MIN_MS);
    expect(getRetryDelay(2)).toBe(2 * AUTH_RETRY_MIN_MS);
    expect(getRetryDelay(20)).toBe(AUTH_RETRY_MAX_MS);
  });

  it('signs out when the token is refused on an ordinary call', async () => {
    server.respond('POST', '/api/v1/auth/refresh', session('token-9'));
    const store = storeAt(server.url);
    await store.restore();
    store.handleUnauthorized();
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(store.getToken()).toBeNull();
  });
});
