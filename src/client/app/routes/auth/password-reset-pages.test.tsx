// Forgot password as a person uses it (decision 0045): from sign-in to the request page, which says the same
// whatever the answer, and the reset link's page, which checks the new password twice before sending it and ends
// at sign-in with a toast.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES } from '../../../../shared/auth-messages.ts';
import { AUTH_ERROR_MESSAGES } from '../../../../shared/shell-messages.ts';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../../test/render-app.tsx';

const server = createApiTestServer();

const callsTo = (path: string) => server.requests.filter((request) => request.path === path);
const REQUEST_PATH = '/api/v1/auth/password-reset/request';
const CONFIRM_PATH = '/api/v1/auth/password-reset/confirm';

function renderSignedOut(path: string) {
  const store = createTestAuthStore({ signedIn: false, apiBaseUrl: `${server.url}/api/v1` });
  return { store, ...renderApp(path, store) };
}

describe('sign-in page', () => {
  it("links 'Forgot password?' to the request page", async () => {
    const { getLocation } = renderSignedOut('/auth/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: PASSWORD_RESET_MESSAGES.forgotLink }));
    await screen.findByRole('heading', { name: PASSWORD_RESET_MESSAGES.forgotTitle });
    expect(getLocation()).toBe('/auth/forgot-password');
  });
});

describe('forgot-password page', () => {
  it('says what is wrong with the e-mail and sends nothing', async () => {
    const before = callsTo(REQUEST_PATH).length;
    renderSignedOut('/auth/forgot-password');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    await user.type(email, 'not an e-mail');
    await user.click(screen.getByRole('button', { name: PASSWORD_RESET_MESSAGES.send }));

    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(AUTH_ERROR_MESSAGES['auth/invalid-email']!);
    expect(email).toHaveFocus();
    expect(callsTo(REQUEST_PATH)).toHaveLength(before);
  });

  it('sends the normalised e-mail and shows the same confirmation, whatever the server words', async () => {
    server.respond('POST', REQUEST_PATH, {
      status: 200,
      body: { success: true, message: 'words the page does not show' },
    });
    renderSignedOut('/auth/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), '  Asha@Example.IN ');
    await user.click(screen.getByRole('button', { name: PASSWORD_RESET_MESSAGES.send }));

    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent(PASSWORD_RESET_MESSAGES.requested);
    expect(confirmation).toHaveTextContent('for 30 minutes');
    expect(confirmation).toHaveFocus();
    expect(screen.queryByText('words the page does not show')).toBeNull();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(JSON.parse(callsTo(REQUEST_PATH).at(-1)!.body)).toEqual({ email: 'asha@example.in' });
    expect(screen.getByRole('link', { name: PASSWORD_RESET_MESSAGES.backToSignIn })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it('words a refusal (too many requests) as a sentence and keeps the form', async () => {
    server.respond('POST', REQUEST_PATH, {
      status: 429,
      body: { success: false, code: 'auth/too-many-requests', message: 'server words' },
    });
    renderSignedOut('/auth/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: PASSWORD_RESET_MESSAGES.send }));

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(AUTH_ERROR_MESSAGES['auth/too-many-requests']!),
    );
    expect(screen.queryByText(PASSWORD_RESET_MESSAGES.requested)).toBeNull();
    expect(screen.getByRole('button', { name: PASSWORD_RESET_MESSAGES.send })).toBeEnabled();
  });
});

describe('reset-password page', () => {
  it('says a link without a token is incomplete and offers a new one', async () => {
    renderSignedOut('/auth/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.linkIncomplete);
    expect(screen.getByRole('link', { name: PASSWORD_RESET_MESSAGES.askAgain })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    expect(screen.queryByLabelText(PASSWORD_RESET_MESSAGES.newPassword)).toBeNull();
  });

  it('checks the length and that both passwords match before sending anything', async () => {
    const before = callsTo(CONFIRM_PATH).length;
    renderSignedOut('/auth/reset-password?token=abc');
    const user = userEvent.setup();
    const password = await screen.findByLabelText(PASSWORD_RESET_MESSAGES.newPassword);
    const confirm = screen.getByLabelText(PASSWORD_RESET_MESSAGES.confirmPassword);
    const save = screen.getByRole('button', { name: PASSWORD_RESET_MESSAGES.save });

    await user.type(password, 'short');
    await user.type(confirm, 'short');
    await user.click(save);
    expect(password).toHaveFocus();
    expect(password).toHaveAccessibleDescription(expect.stringMatching(/^Use 8 to 128 characters\./));

    await user.clear(password);
    await user.type(password, 'a long new passphrase');
    await user.clear(confirm);
    await user.type(confirm, 'a long new passphrasf');
    await user.click(save);
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveAccessibleDescription(PASSWORD_RESET_MESSAGES.passwordsDiffer);
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(callsTo(CONFIRM_PATH)).toHaveLength(before);
  });

  it('sends the token and the new password, then goes to sign-in with a toast', async () => {
    server.respond('POST', CONFIRM_PATH, {
      status: 200,
      body: { success: true, message: PASSWORD_RESET_MESSAGES.done },
    });
    const { getLocation } = renderSignedOut('/auth/reset-password?token=the-token_1');
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText(PASSWORD_RESET_MESSAGES.newPassword),
      'a long new passphrase',
    );
    await user.type(screen.getByLabelText(PASSWORD_RESET_MESSAGES.confirmPassword), 'a long new passphrase');
    await user.click(screen.getByRole('button', { name: PASSWORD_RESET_MESSAGES.save }));

    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(getLocation()).toBe('/auth/login');
    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.done)).toBeInTheDocument();
    expect(JSON.parse(callsTo(CONFIRM_PATH).at(-1)!.body)).toEqual({
      token: 'the-token_1',
      password: 'a long new passphrase',
    });
  });

  it('says a used or expired link is dead and offers a new one', async () => {
    server.respond('POST', CONFIRM_PATH, {
      status: 400,
      body: { success: false, code: 'auth/invalid-action-code', message: 'server words' },
    });
    const { getLocation } = renderSignedOut('/auth/reset-password?token=used');
    const user = userEvent.setup();
    await user.type(
      await screen.findByLabelText(PASSWORD_RESET_MESSAGES.newPassword),
      'a long new passphrase',
    );
    await user.type(screen.getByLabelText(PASSWORD_RESET_MESSAGES.confirmPassword), 'a long new passphrase');
    await user.click(screen.getByRole('button', { name: PASSWORD_RESET_MESSAGES.save }));

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.linkInvalid),
    );
    expect(screen.getByRole('link', { name: PASSWORD_RESET_MESSAGES.askAgain })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PASSWORD_RESET_MESSAGES.save })).toBeDisabled();
    expect(getLocation()).toBe('/auth/reset-password?token=used');
  });
});
