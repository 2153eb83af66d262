// The settings page's danger zone (DeleteAccountSection) through the real route table and a real HTTP server
// (docs/decisions/0076-account-deletion.md): the dialog asks for the password (or the username of an account
// without one), a wrong one is said in the dialog and nothing else happens, and a deletion signs out here and lands
// on the home page with the toast.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '../../../shared/account-messages.ts';
import type { RecordedRequest } from '../../test/http-test-server.js';
import { createApiTestServer, createTestAuthStore, renderApp, TEST_USER } from '../../test/render-app.tsx';

const server = createApiTestServer();
beforeAll(async () => {
  await Promise.all([import('./settings.tsx'), fetch(`${server.url}/warm-up`)]);
});
beforeEach(() => {
  server.requests.length = 0;
});

const deletes = (): RecordedRequest[] =>
  server.requests.filter((request) => request.method === 'DELETE' && request.path === '/api/v1/account');

async function openDialog() {
  const user = userEvent.setup();
  const section = await screen.findByRole('region', { name: M.sectionTitle });
  await user.click(within(section).getByRole('button', { name: M.openButton }));
  const dialog = await screen.findByRole('dialog', { name: M.dialogTitle });
  return { user, dialog };
}

describe('DeleteAccountSection', () => {
  it('refuses an empty and a wrong password in the dialog, and keeps the session', async () => {
    server.respond('GET', '/api/v1/account/deletion', {
      status: 200,
      body: { success: true, confirmWith: 'password' },
    });
    server.respond('DELETE', '/api/v1/account', {
      status: 403,
      body: { success: false, message: M.wrongPassword, code: 'auth/wrong-password' },
    });
    const store = createTestAuthStore({ signedIn: true });
    const { getLocation } = renderApp('/settings', store);
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveTextContent(M.dialogBody);

    await user.click(await within(dialog).findByRole('button', { name: M.confirmButton }));
    expect(await within(dialog).findByText(M.confirmRequired)).toBeInTheDocument();
    expect(deletes()).toEqual([]);

    await user.type(await within(dialog).findByLabelText(M.passwordLabel), 'not it');
    await user.click(within(dialog).getByRole('button', { name: M.confirmButton }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(M.wrongPassword);
    expect(deletes()).toHaveLength(1);
    expect(JSON.parse(deletes()[0]!.body)).toEqual({ password: 'not it' });
    expect(store.getSnapshot().status).toBe('signed-in');
    expect(getLocation()).toBe('/settings');
  });

  it('asks an account without a password for its username, then signs out and lands on the home page', async () => {
    server.respond('GET', '/api/v1/account/deletion', {
      status: 200,
      body: { success: true, confirmWith: 'username' },
    });
    server.respond('DELETE', '/api/v1/account', { status: 200, body: { success: true } });
    server.respond('POST', '/api/v1/auth/sign-out', { status: 200, body: { success: true } });
    const store = createTestAuthStore({ signedIn: true });
    const { getLocation } = renderApp('/settings', store);
    const { user, dialog } = await openDialog();

    await user.type(
      await within(dialog).findByLabelText(M.usernameLabel(TEST_USER.username)),
      TEST_USER.username,
    );
    await user.click(within(dialog).getByRole('button', { name: M.confirmButton }));
    expect(await screen.findByText(M.deleted)).toBeInTheDocument();
    await waitFor(() => expect(getLocation()).toBe('/'));
    expect(JSON.parse(deletes()[0]!.body)).toEqual({ username: TEST_USER.username });
    expect(store.getSnapshot().status).toBe('signed-out');
  });
});
