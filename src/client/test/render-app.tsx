// Renders the real route table in memory, with an auth store the test controls.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider.tsx';
import { routes } from '../app/router.tsx';
import { createApiClient, type ApiClient } from '../lib/api-client.ts';
import { createAuthStore, type AuthStore, type AuthUser, type StoredSession } from '../lib/auth.ts';
import { createQueryClient } from '../lib/query-client.ts';

export const TEST_USER: AuthUser = {
  uid: 'u1',
  email: 'asha@example.in',
  displayName: 'Asha',
  photoURL: null,
  username: 'asha.styles',
  fullName: 'Asha Verma',
};

export function createTestSession(user: AuthUser = TEST_USER): StoredSession {
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
