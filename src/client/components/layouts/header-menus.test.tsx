// The signed-in header's controls take the Loot Box from the app (HeaderSlots.lootBox): the layout has no Loot Box
// of its own, so a page never shows a second, always-empty one.
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../../test/render-app.tsx';
import SignedInHeaderActions from './header-menus.tsx';
import { HeaderSlotsContext, type HeaderSlots } from './header-slots.ts';

function renderActions(slots: HeaderSlots) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <HeaderSlotsContext value={slots}>
          <SignedInHeaderActions user={TEST_USER} onSignOut={vi.fn()} />
        </HeaderSlotsContext>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('the signed-in header controls', () => {
  it("show the app's Loot Box from the slot", async () => {
    renderActions({ lootBox: <button type="button">Loot Box, 2 items</button> });
    // The avatar's initials are in the name, as they are on screen (decision 0054).
    expect(await screen.findByRole('button', { name: 'Account menu, AV' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Loot Box/ }).map((button) => button.textContent)).toEqual([
      'Loot Box, 2 items',
    ]);
  });

  it('show no Loot Box of their own when the app hands none', async () => {
    renderActions({});
    expect(await screen.findByRole('button', { name: /^Account menu/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Loot Box/ })).toBeNull();
  });
});
