// Sign-up with a username the server has said is taken: nothing is sent, focus goes back to the username, and the
// form stays usable (the submit did not succeed, so the button is not left busy).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../../test/render-app.tsx';

const server = createApiTestServer();

describe('RegisterForm', () => {
  it('sends nothing for a taken username, focuses it and stays ready for another try', async () => {
    server.respond('GET', '/api/v1/users/check-username/kavya', {
      status: 200,
      body: { success: true, available: false, message: 'Username is already taken' },
    });
    const store = createTestAuthStore({ signedIn: false, apiBaseUrl: `${server.url}/api/v1` });
    renderApp('/auth/register', store);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Full name'), 'Kavya Rao');
    await user.type(screen.getByLabelText('Username'), 'Kavya');
    await user.type(screen.getByLabelText('Email'), 'kavya@example.in');
    await user.type(screen.getByLabelText('Password'), 'a long passphrase');
    await screen.findByText('Username is already taken');
    const before = server.requests.filter((request) => request.path === '/api/v1/auth/sign-up').length;
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    expect(server.requests.filter((request) => request.path === '/api/v1/auth/sign-up')).toHaveLength(before);
  });
});
