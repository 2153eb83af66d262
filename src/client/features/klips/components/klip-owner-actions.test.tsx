// The Manage button a klip's owner gets over the playing klip (theater and phone feed; docs/product.md
// "Ownership") against a real HTTP server: Edit and Delete behind it, nothing for anyone else, and a confirmed
// Delete that takes the klip out of the loaded lists the theater and the feed play from.
import { QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { KlipListResponse } from '../../../../shared/contracts/klips.ts';
import { KLIP_FORM_MESSAGES } from '../../../../shared/klip-form-messages.ts';
import { AuthProvider } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { createKlipListAnswer, createTestKlip } from '../../../test/klip-fixtures.ts';
import { createApiTestServer, createTestAuthStore } from '../../../test/render-app.tsx';
import { klipKeys } from '../api/klips.ts';
import { KlipOwnerMenu } from './klip-owner-actions.tsx';

const server = createApiTestServer();
const own = createTestKlip({ id: 'k-own', title: 'My Own Klip', uid: 'u1' });
const other = createTestKlip({ id: 'k-other', title: 'Their Klip' });
const listKey = klipKeys.list({ search: '' });

function renderMenu(klip = own, { signedIn = true } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData<InfiniteData<KlipListResponse>>(listKey, {
    pages: [createKlipListAnswer([own, other]).body],
    pageParams: [undefined],
  });
  const router = createMemoryRouter([{ path: '/klips', element: <KlipOwnerMenu klip={klip} /> }], {
    initialEntries: ['/klips'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider store={createTestAuthStore({ signedIn })}>
        <RouterProvider router={router} />
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  const loadedIds = () =>
    queryClient
      .getQueryData<InfiniteData<KlipListResponse>>(listKey)
      ?.pages.flatMap((page) => page.items.map((item) => item.id));
  return { loadedIds };
}

describe('the Manage button over a playing klip', () => {
  it('opens Edit and Delete for the owner; Delete asks, then the klip leaves the loaded lists', async () => {
    server.respond('DELETE', '/api/v1/klips/k-own', { status: 200, body: { success: true } });
    const { loadedIds } = renderMenu();

    await userEvent.click(screen.getByRole('button', { name: KLIP_FORM_MESSAGES.manageLabel }));
    expect(await screen.findByRole('menuitem', { name: 'Edit klip My Own Klip' })).toHaveAttribute(
      'href',
      '/edit-klip/k-own',
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete klip My Own Klip' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “My Own Klip”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(KLIP_FORM_MESSAGES.deleted)).toBeInTheDocument();
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(loadedIds()).toEqual(['k-other']));
  });

  it('keeps the klip and says why when the server refuses', async () => {
    server.respond('DELETE', '/api/v1/klips/k-own', {
      status: 403,
      body: { success: false, message: 'Forbidden - You do not have permission' },
    });
    const { loadedIds } = renderMenu();
    await userEvent.click(screen.getByRole('button', { name: KLIP_FORM_MESSAGES.manageLabel }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete klip My Own Klip' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Forbidden - You do not have permission')).toBeInTheDocument();
    expect(loadedIds()).toEqual(['k-own', 'k-other']);
  });

  it('is not there on another seller’s klip', () => {
    renderMenu(other);
    expect(screen.queryByRole('button', { name: KLIP_FORM_MESSAGES.manageLabel })).toBeNull();
  });

  it('is not there for a visitor on any klip', () => {
    renderMenu(own, { signedIn: false });
    expect(screen.queryByRole('button', { name: KLIP_FORM_MESSAGES.manageLabel })).toBeNull();
  });
});
