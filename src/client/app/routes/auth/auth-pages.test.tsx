// Sign-in and register as a person uses them: fields checked with the contract's schemas before anything is sent,
// the live username check, and every refusal of the identity API worded as a sentence.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '../../../../shared/constants.ts';
import { SIGN_UP_MESSAGES } from '../../../../shared/auth-messages.ts';
import { AUTH_ERROR_MESSAGES, HTTP_MESSAGES } from '../../../../shared/shell-messages.ts';
import {
  createApiTestServer,
  createSessionResponse,
  createTestAuthStore,
  renderApp,
} from '../../../test/render-app.tsx';

const server = createApiTestServer();
afterEach(() => {
  vi.useRealTimers();
});

const callsTo = (path: string) => server.requests.filter((request) => request.path === path);

function renderSignedOut(path: string) {
  const store = createTestAuthStore({ signedIn: false, apiBaseUrl: `${server.url}/api/v1` });
  return { store, ...renderApp(path, store) };
}

describe('sign-in page', () => {
  it('says what is missing next to each field and sends nothing', async () => {
    const before = callsTo('/api/v1/auth/sign-in').length;
    renderSignedOut('/auth/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(AUTH_ERROR_MESSAGES['auth/invalid-email']!);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(email).toHaveFocus();
    expect(callsTo('/api/v1/auth/sign-in')).toHaveLength(before);

    await user.type(email, 'a');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    [401, 'auth/wrong-password'],
    [401, 'auth/user-not-found'],
    [429, 'auth/too-many-requests'],
    [503, 'auth/network-request-failed'],
  ])('words a %i %s as a sentence and stays signed out, without the 401 toast', async (status, code) => {
    server.respond('POST', '/api/v1/auth/sign-in', {
      status,
      body: { success: false, code, message: 'server words' },
    });
    const { store, getLocation } = renderSignedOut('/auth/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'asha@example.in');
    await user.type(screen.getByLabelText('Password'), 'not the password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(AUTH_ERROR_MESSAGES[code]!));
    expect(screen.queryByText(HTTP_MESSAGES.unauthorized)).toBeNull();
    expect(store.getSnapshot().status).toBe('signed-out');
    expect(getLocation()).toBe('/auth/login');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});

describe('register page', () => {
  it('says that signing up accepts the Terms of Service and the Privacy Policy, with links to both', async () => {
    renderSignedOut('/auth/register');
    const notice = (await screen.findByRole('link', { name: SIGN_UP_MESSAGES.terms })).closest('p')!;
    expect(notice).toHaveTextContent('By signing up, you accept our Terms of Service and Privacy Policy.');
    expect(within(notice).getByRole('link', { name: SIGN_UP_MESSAGES.terms })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(within(notice).getByRole('link', { name: SIGN_UP_MESSAGES.privacy })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('checks each field with the sign-up schema and focuses the first one that is wrong', async () => {
    const before = callsTo('/api/v1/auth/sign-up').length;
    renderSignedOut('/auth/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'not an e-mail');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Enter your full name.');
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringMatching(/^Use 8 to 128 characters\./),
    );
    expect(callsTo('/api/v1/auth/sign-up')).toHaveLength(before);
  });

  it('checks the username live, once the typing pauses, and shows the answer', async () => {
    server.respond('GET', '/api/v1/users/check-username/kavya.rao', {
      status: 200,
      body: { success: true, available: false, message: 'Username is already taken' },
    });
    renderSignedOut('/auth/register');
    const field = await screen.findByLabelText('Username');
    const countChecks = () =>
      server.requests.filter((request) => request.path.includes('check-username')).length;
    const before = countChecks();
    // (user-event waits on timers of its own, so this test types with plain change events on a fake clock.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const value of ['K', 'Kavya', 'Kavya Rao', 'Kavya.Rao']) {
      fireEvent.change(field, { target: { value } });
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    }
    expect(field).toHaveValue('kavya.rao');
    expect(countChecks()).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
    const checks = server.requests.filter((request) => request.path.includes('check-username'));
    expect(checks.slice(before).map((request) => request.path)).toEqual([
      '/api/v1/users/check-username/kavya.rao',
    ]);
  });

  it('signs up with the normalised fields and goes back to where the visitor came from', async () => {
    server.respond('GET', '/api/v1/users/check-username/meera.iyer', {
      status: 200,
      body: { success: true, available: true, message: 'Username is available' },
    });
    server.respond('POST', '/api/v1/auth/sign-up', { ...createSessionResponse('token-new'), status: 201 });
    const { store, getLocation } = renderSignedOut('/auth/register?redirectTo=%2Fcreate%2Fproduct');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Full name'), '  Meera Iyer ');
    await user.type(screen.getByLabelText('Username'), 'Meera.Iyer');
    await user.type(screen.getByLabelText('Email'), ' Meera@Example.IN ');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await screen.findByText('Username is available');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(getLocation()).toBe('/create/product'));
    expect(JSON.parse(callsTo('/api/v1/auth/sign-up').at(-1)!.body)).toEqual({
      fullName: 'Meera Iyer',
      username: 'meera.iyer',
      email: 'meera@example.in',
      password: 'a long passphrase',
    });
    expect(store.getToken()).toBe('token-new');
  });

  it('words a refused sign-up as a sentence', async () => {
    server.respond('POST', '/api/v1/auth/sign-up', {
      status: 409,
      body: { success: false, code: 'auth/email-already-in-use', message: 'conflict' },
    });
    renderSignedOut('/auth/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Full name'), 'Asha');
    await user.type(screen.getByLabelText('Username'), 'asha.two');
    await user.type(screen.getByLabelText('Email'), 'asha@example.in');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(AUTH_ERROR_MESSAGES['auth/email-already-in-use']!),
    );
  });
});
