// Renders the real route table (or a test's own routes) in memory, with an auth store the test controls, and
// sends the app's API calls to a test server.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterAll, beforeAll, vi } from 'vitest';
import { AppProvider } from '../app/provider.tsx';
import { routes } from '../app/router.tsx';
import { createApiClient, type ApiClient } from '../lib/api-client.ts';
import { createAuthStore, type AuthStore, type ActiveSession, type AuthUser } from '../lib/auth.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { startHttpTestServer, type HttpTestServer } from './http-test-server.js';

export const TEST_USER: AuthUser = {
  uid: 'u1',
  email: 'asha@example.in',
  displayName: 'Asha',
  avatar: null,
  username: 'asha.styles',
  fullName: 'Asha Verma',
};

/** A session answer of the identity API (src/shared/contracts/auth.ts). */
export function createSessionResponse(idToken: string, user: AuthUser = TEST_USER) {
  return { status: 200, body: { success: true, data: { user, idToken, expiresIn: 900 } } };
}

export function createTestSession(user: AuthUser = TEST_USER): ActiveSession {
  return { user, idToken: 'test-token', expiresAt: Date.now() + 15 * 60 * 1000 };
}

export function createTestAuthStore({
  signedIn,
  apiBaseUrl,
}: {
  signedIn: boolean;
  apiBaseUrl?: string;
}): AuthStore {
  let api: ApiClient | undefined;
  const store = createAuthStore({
    initial: signedIn ? { status: 'signed-in', user: TEST_USER } : { status: 'signed-out', user: null },
    api: apiBaseUrl
      ? (api = createApiClient({ baseUrl: apiBaseUrl, getToken: () => store.getToken() }))
      : undefined,
  });
  void api;
  if (signedIn) store.setSession(createTestSession());
  return store;
}

export function renderApp(path: string, store: AuthStore) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider authStore={store} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const getLocation = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, getLocation };
}

/** Renders a test's own routes (starting at /) with a fresh query client and a toaster, without the app shell. */
export function renderRoutes(routes: RouteObject[]) {
  const router = createMemoryRouter(routes);
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <Toaster />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

/**
 * Sends the app's own API calls (relative to the page, through the shared `api` client, by fetch or by
 * XMLHttpRequest for uploads) to a test server instead; anything else goes out unchanged. Returns the undo.
 */
export function routeApiCallsTo(serverUrl: string): () => void {
  const toServer = (input: string | URL) => {
    const url = new URL(String(input), window.location.href);
    return url.origin === window.location.origin ? `${serverUrl}${url.pathname}${url.search}` : null;
  };
  const realFetch = globalThis.fetch;
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const target = toServer(input instanceof Request ? input.url : input);
    return target ? realFetch(target, init) : realFetch(input, init);
  });
  const realOpen = XMLHttpRequest.prototype.open;
  const openSpy = vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(function open(
    this: XMLHttpRequest,
    method: string,
    url: string | URL,
  ) {
    realOpen.call(this, method, toServer(url) ?? url, true);
  });
  return () => {
    fetchSpy.mockRestore();
    openSpy.mockRestore();
  };
}

export type ApiTestServer = Omit<HttpTestServer, 'close'>;

/**
 * The test server of one test file (call this at its top level), with the app's API calls routed to it: started
 * before the file's tests, closed after them. Not for files that restore all mocks after each test, which would
 * undo the routing.
 */
export function createApiTestServer(): ApiTestServer {
  let server: HttpTestServer | undefined;
  let undoRouting: (() => void) | undefined;
  beforeAll(async () => {
    server = await startHttpTestServer();
    undoRouting = routeApiCallsTo(server.url);
  });
  afterAll(async () => {
    undoRouting?.();
    await server?.close();
  });
  const getServer = () => {
    if (!server) throw new Error('the test server is not started yet');
    return server;
  };
  return {
    get url() {
      return getServer().url;
    },
    get requests() {
      return getServer().requests;
    },
    respond: (method, path, response) => getServer().respond(method, path, response),
  };
}
