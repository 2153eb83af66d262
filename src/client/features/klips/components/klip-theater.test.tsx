// The theater when the klips it plays change under it (docs/product.md "Klips", theater mode; "Ownership"): the
// owner deleting the klip on screen takes it out of the list at once, and the theater follows.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Klip } from '../../../../shared/contracts/klips.ts';
import { KLIP_PLAYER_MESSAGES } from '../../../../shared/klip-messages.ts';
import { AuthProvider } from '../../../lib/auth.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { createTestKlip } from '../../../test/klip-fixtures.ts';
import { createApiTestServer, createTestAuthStore } from '../../../test/render-app.tsx';
import { KlipTheater } from './klip-theater.tsx';

createApiTestServer();
const first = createTestKlip({ id: 'k-1', title: 'First Klip' });
const last = createTestKlip({ id: 'k-2', title: 'Last Klip' });

function renderTheater(klips: Klip[], startIndex: number) {
  const queryClient = createQueryClient();
  const onClose = vi.fn();
  const inApp = (element: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <AuthProvider store={createTestAuthStore({ signedIn: false })}>
        <RouterProvider
          router={createMemoryRouter([{ path: '/klips', element }], { initialEntries: ['/klips'] })}
        />
      </AuthProvider>
    </QueryClientProvider>
  );
  const theater = (shown: Klip[]) => (
    <KlipTheater
      sequence={{ klips: shown, hasMore: false, isFetchingMore: false, loadMore: () => undefined }}
      startIndex={startIndex}
      onClose={onClose}
    />
  );
  const { rerender } = render(inApp(theater(klips)));
  return { onClose, showKlips: (shown: Klip[]) => rerender(inApp(theater(shown))) };
}

describe('the theater when the klip on screen leaves the list', () => {
  it('plays the klip before it when the last one goes, with Previous off at the start', async () => {
    const { showKlips, onClose } = renderTheater([first, last], 1);
    expect(
      await screen.findByRole('dialog', { name: `${KLIP_PLAYER_MESSAGES.theater}: Last Klip` }),
    ).toBeVisible();

    showKlips([first]);
    expect(
      await screen.findByRole('dialog', { name: `${KLIP_PLAYER_MESSAGES.theater}: First Klip` }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: KLIP_PLAYER_MESSAGES.previous })).toBeDisabled();
    expect(screen.getByRole('button', { name: KLIP_PLAYER_MESSAGES.next })).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes when the only klip goes', async () => {
    const { showKlips, onClose } = renderTheater([first], 0);
    expect(
      await screen.findByRole('dialog', { name: `${KLIP_PLAYER_MESSAGES.theater}: First Klip` }),
    ).toBeVisible();

    showKlips([]);
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
