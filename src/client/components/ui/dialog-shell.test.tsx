import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DialogShell, DialogTitleBar } from './dialog-shell.tsx';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open panel
      </button>
      <DialogShell open={open} onOpenChange={setOpen} className="inset-0">
        <DialogTitleBar title="Panel" closeLabel="Close panel" className="px-4" />
        <button type="button">Inside</button>
      </DialogShell>
    </>
  );
}

describe('DialogShell', () => {
  it('opens a modal named by its title bar, closes on Esc and hands focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open panel' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Panel' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('closes with its Close button and hands focus back the same way', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open panel' });
    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Close panel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });
});
