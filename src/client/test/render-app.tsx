// Renders the real route table in memory, with an auth store the test controls.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../app/provider.tsx';
import { routes } from '../app/router.tsx';
import { createApiClient, type ApiClient } from '../lib/api-client.ts';
import { createAuthStore, type AuthStore, type ActiveSession, type AuthUser } from '../lib/auth.ts';
import { createQueryClient } from '../lib/query-client.ts';

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
