import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpTestServer, type HttpTestServer } from '../test/http-test-server.js';
import { createSessionResponse, createTestAuthStore, renderApp } from '../test/render-app.tsx';

let server: HttpTestServer;
beforeAll(async () => {
  server = await startHttpTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('login guard', () => {
  it('sends a signed-out visitor to sign-in and, after signing in, back to where they were', async () => {
    server.respond('POST', '/api/v1/auth/sign-in', createSessionResponse('id-token-1'));
    const store = createTestAuthStore({ signedIn: false, apiBaseUrl: `${server.url}/api/v1` });
    const { getLocation } = renderApp('/dashboard?tab=klips', store);

    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(getLocation()).toBe('/auth/login?redirectTo=%2Fdashboard%3Ftab%3Dklips');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'asha@example.in');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(getLocation()).toBe('/dashboard?tab=klips');
    expect(JSON.parse(server.requests.at(-1)?.body ?? '')).toEqual({
      email: 'asha@example.in',
      password: 'correct horse battery',
    });
    expect(store.getToken()).toBe('id-token-1');
  });

  it('shows the mapped error text when sign-in fails and stays on the page', async () => {
    const store = createTestAuthStore({ signedIn: false, apiBaseUrl: `${server.url}/api/v1` });
    server.respond('POST', '/api/v1/auth/sign-in', { status: 404, body: { success: false } });
    const { getLocation } = renderApp('/auth/login', store);

    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'asha@example.in');
    await user.type(screen.getByLabelText('Password'), 'whatever123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('API endpoint not found: /auth/sign-in'),
    );
    expect(getLocation()).toBe('/auth/login');
    expect(store.getSnapshot().status).toBe('signed-out');
  });

  it.each(['/create/product', '/edit-klip/k1', '/settings'])('guards %s', async (path) => {
    const { getLocation } = renderApp(path, createTestAuthStore({ signedIn: false }));
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(getLocation()).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it('lets a signed-in user through', async () => {
    const { getLocation } = renderApp('/settings', createTestAuthStore({ signedIn: true }));
    await screen.findByRole('heading', { name: 'Settings' });
    expect(getLocation()).toBe('/settings');
  });
});

describe('auth pages for a signed-in user', () => {
  it('redirect to the remembered same-origin path', async () => {
    const { getLocation } = renderApp(
      '/auth/login?redirectTo=%2Fshop%3Fsearch%3Dkurta',
      createTestAuthStore({ signedIn: true }),
    );
    await waitFor(() => expect(getLocation()).toBe('/shop?search=kurta'));
  });

  it('redirect to / from register', async () => {
    const { getLocation } = renderApp('/auth/register', createTestAuthStore({ signedIn: true }));
    await screen.findByRole('heading', { name: 'Explore Categories' });
    expect(getLocation()).toBe('/');
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    'https:evil.com',
    'javascript:alert(1)',
    '%2F%2Fevil.com',
    '/%5Cevil.com',
    '%252F%252Fevil.com',
    'https%3A%2F%2Fevil.com',
    '/.//evil.com',
  ])('never follow %j off-site: they go to /', async (evil) => {
    const { getLocation } = renderApp(
      `/auth/login?redirectTo=${encodeURIComponent(evil)}`,
      createTestAuthStore({ signedIn: true }),
    );
    await screen.findByRole('heading', { name: 'Explore Categories' });
    expect(getLocation()).toBe('/');
  });
});
