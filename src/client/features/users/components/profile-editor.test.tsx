// The profile editor (decision 0074) against a real HTTP test server: the fields start from the profile, the bio
// counts and previews its links, the live username check answers 300 ms after typing, bad contacts are refused
// with the spec's texts before anything is sent, and a refusal naming a field is shown at that field.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES as M } from '../../../../shared/profile-messages.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { createTestProfile } from '../../../test/fixtures.ts';
import { createApiTestServer, createTestAuthStore } from '../../../test/render-app.tsx';
import { ProfileEditor, splitFieldMessage } from './profile-editor.tsx';

const server = createApiTestServer();
const profile = createTestProfile({
  uid: 'u1',
  username: 'kavya.crafts',
  bio: 'Baskets',
  metadata: { contactInfo: { whatsapp: '919876543210', phone: '', email: '' } },
});

function renderEditor() {
  const router = createMemoryRouter([{ path: '/', element: <ProfileEditor profile={profile} /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider store={createTestAuthStore({ signedIn: true })}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const patches = () => server.requests.filter((request) => request.method === 'PATCH');

beforeEach(() => {
  server.requests.length = 0;
  server.respond('PATCH', '/api/v1/users/profile', (request) => ({
    status: 200,
    body: { success: true, data: { ...profile, ...JSON.parse(request.body) } },
  }));
  server.respond('GET', '/api/v1/users/check-username/taken.name', {
    status: 200,
    body: { success: true, available: false, message: 'Username is already taken' },
  });
  server.respond('GET', '/api/v1/users/check-username/free.name', {
    status: 200,
    body: { success: true, available: true, message: 'Username is available' },
  });
});

describe('ProfileEditor', () => {
  it('starts from the profile, counts the bio and shows its links as links', async () => {
    const user = userEvent.setup();
    renderEditor();
    expect(screen.getByLabelText(M.usernameLabel)).toHaveValue('kavya.crafts');
    expect(screen.getByLabelText(M.whatsappLabel)).toHaveValue('919876543210');
    expect(screen.getByText('7/500')).toBeInTheDocument();
    await user.type(screen.getByLabelText(M.bioLabel), ' at https://example.in/shop');
    expect(screen.getByText('34/500')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://example.in/shop' })).toHaveAttribute(
      'href',
      'https://example.in/shop',
    );
  });

  it('checks a new username live and will not save a taken one', async () => {
    const user = userEvent.setup();
    renderEditor();
    const field = screen.getByLabelText(M.usernameLabel);
    await user.clear(field);
    await user.type(field, 'taken.name');
    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: M.save }));
    expect(field).toHaveFocus();
    expect(patches()).toEqual([]);

    await user.clear(field);
    await user.type(field, 'free.name');
    expect(await screen.findByText('Username is available')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: M.save }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(JSON.parse(patches()[0]!.body)).toMatchObject({ username: 'free.name', bio: 'Baskets' });
  });

  it('refuses bad contacts with the spec texts before sending, and leaves the username out when unchanged', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.clear(screen.getByLabelText(M.whatsappLabel));
    await user.type(screen.getByLabelText(M.whatsappLabel), '12345');
    await user.type(screen.getByLabelText(M.phoneLabel), 'call me');
    await user.type(screen.getByLabelText(M.emailLabel), 'shop@example');
    await user.click(screen.getByRole('button', { name: M.save }));
    expect(await screen.findByText('Invalid WhatsApp number')).toBeInTheDocument();
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(M.whatsappLabel)).toHaveFocus();
    expect(patches()).toEqual([]);

    await user.clear(screen.getByLabelText(M.whatsappLabel));
    await user.type(screen.getByLabelText(M.whatsappLabel), '+91 98450 12345');
    await user.clear(screen.getByLabelText(M.phoneLabel));
    await user.clear(screen.getByLabelText(M.emailLabel));
    await user.click(screen.getByRole('button', { name: M.save }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    const sent = JSON.parse(patches()[0]!.body);
    expect(sent.contactInfo).toEqual({ whatsapp: '919845012345', phone: '', email: '' });
    expect(sent).not.toHaveProperty('username');
    expect(await screen.findByText(M.saved)).toBeInTheDocument();
  });

  it('shows a refusal that names a field at that field', async () => {
    server.respond('PATCH', '/api/v1/users/profile', {
      status: 409,
      body: { success: false, message: 'username: Username is already taken', code: 'conflict' },
    });
    server.respond('GET', '/api/v1/users/check-username/race.name', {
      status: 200,
      body: { success: true, available: true, message: 'Username is available' },
    });
    const user = userEvent.setup();
    renderEditor();
    const field = screen.getByLabelText(M.usernameLabel);
    await user.clear(field);
    await user.type(field, 'race.name');
    await user.click(screen.getByRole('button', { name: M.save }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Username is already taken/));
    expect(field).toHaveFocus();
  });
});

describe('splitFieldMessage', () => {
  it('splits the server’s "field: problem" for the form’s own fields only', () => {
    expect(splitFieldMessage('contactInfo.phone: Invalid phone number')).toEqual({
      field: 'contactInfo.phone',
      problem: 'Invalid phone number',
    });
    expect(splitFieldMessage('stats: nope')).toBeNull();
    expect(splitFieldMessage('Failed to update profile')).toBeNull();
  });
});
