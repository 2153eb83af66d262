// The external provider's popup: shown only when configured, opened at 500 x 600, answered only by a message from
// our own origin and from that popup, and blocked or closed popups explained.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OIDC_POPUP_MESSAGE_TYPE } from '../../../../shared/contracts/auth.ts';
import { AUTH_ERROR_MESSAGES } from '../../../../shared/shell-messages.ts';
import { AuthProvider } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { startHttpTestServer, type HttpTestServer } from '../../../test/http-test-server.js';
import { createSessionResponse, createTestAuthStore, routeApiCallsTo } from '../../../test/render-app.tsx';
import { ExternalSignInButton } from './external-sign-in-button.tsx';

let server: HttpTestServer;
beforeAll(async () => {
  server = await startHttpTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  routeApiCallsTo(server.url);
});
afterEach(() => {
  vi.restoreAllMocks(); // window.open, and the routing of fetch
  vi.useRealTimers();
});

function renderButton() {
  const store = createTestAuthStore({ signedIn: false, apiBaseUrl: `${server.url}/api/v1` });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider store={store}>
        <ExternalSignInButton />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return store;
}

/** The identity API's answer to which external provider is configured, if any. */
function serveProviders(external: { label: string } | null) {
  server.respond('GET', '/api/v1/auth/providers', { status: 200, body: { success: true, external } });
}

/** A stand-in for the popup window: only what the button looks at. */
function createPopup() {
  return { closed: false } as Window & { closed: boolean };
}

function postFromPopup(
  data: unknown,
  { origin = window.location.origin, source }: { origin?: string; source: unknown },
) {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  act(() => {
    window.dispatchEvent(event);
  });
}

describe('external sign-in button', () => {
  it('is not shown when no provider is configured', async () => {
    serveProviders(null);
    renderButton();
    await waitFor(() => expect(server.requests.at(-1)?.path).toBe('/api/v1/auth/providers'));
    await act(() => Promise.resolve());
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens a 500 x 600 popup and signs in only on the message from that popup and our origin', async () => {
    serveProviders({ label: 'Test ID' });
    server.respond('POST', '/api/v1/auth/refresh', createSessionResponse('token-oidc'));
    const popup = createPopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const store = renderButton();

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Test ID' }));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, , features] = open.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/oidc/start');
    expect(features).toMatch(/width=500,height=600/);

    const ok = { type: OIDC_POPUP_MESSAGE_TYPE, ok: true };
    postFromPopup(ok, { origin: 'https://evil.example', source: popup });
    postFromPopup(ok, { source: createPopup() });
    postFromPopup({ type: 'something-else', ok: true }, { source: popup });
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(server.requests.some((request) => request.path === '/api/v1/auth/refresh')).toBe(false);

    postFromPopup(ok, { source: popup });
    await waitFor(() => expect(store.getSnapshot().status).toBe('signed-in'));
    expect(store.getToken()).toBe('token-oidc');
  });

  it('words a refusal from the popup with its code', async () => {
    serveProviders({ label: 'Test ID' });
    const popup = createPopup();
    vi.spyOn(window, 'open').mockReturnValue(popup);
    renderButton();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Test ID' }));
    postFromPopup(
      {
        type: OIDC_POPUP_MESSAGE_TYPE,
        ok: false,
        code: 'auth/account-exists-with-different-credential',
        message: 'raw',
      },
      { source: popup },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      AUTH_ERROR_MESSAGES['auth/account-exists-with-different-credential']!,
    );
    expect(screen.getByRole('button', { name: 'Continue with Test ID' })).toBeEnabled();
  });

  it('explains a blocked popup, and a popup closed before it answered', async () => {
    serveProviders({ label: 'Test ID' });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderButton();
    const button = await screen.findByRole('button', { name: 'Continue with Test ID' });
    await userEvent.setup().click(button);
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_ERROR_MESSAGES['auth/popup-blocked']!);

    const popup = createPopup();
    open.mockReturnValue(popup);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    act(() => button.click());
    expect(screen.getByRole('button', { name: 'Waiting for the sign-in window...' })).toBeDisabled();
    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_ERROR_MESSAGES['auth/popup-closed-by-user']!);
    expect(screen.getByRole('button', { name: 'Continue with Test ID' })).toBeEnabled();
  });

  it('still signs in when the popup is seen closed before its message arrives', async () => {
    serveProviders({ label: 'Test ID' });
    server.respond('POST', '/api/v1/auth/refresh', createSessionResponse('token-late'));
    const popup = createPopup();
    vi.spyOn(window, 'open').mockReturnValue(popup);
    const store = renderButton();
    const button = await screen.findByRole('button', { name: 'Continue with Test ID' });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    act(() => button.click());
    popup.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(500));
    postFromPopup({ type: OIDC_POPUP_MESSAGE_TYPE, ok: true }, { source: popup });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    vi.useRealTimers();
    await waitFor(() => expect(store.getSnapshot().status).toBe('signed-in'));
    expect(screen.queryByText(AUTH_ERROR_MESSAGES['auth/popup-closed-by-user']!)).toBeNull();
  });
});
