// The product form's store links and category pickers, beyond product-form.test.tsx: which row an error lands
// on, where focus goes, and what a change takes away.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createApiTestServer, createTestAuthStore, renderApp } from '../../../test/render-app.tsx';
import { withoutSignedInLoads } from '../../../test/signed-in-loads.ts';

const server = createApiTestServer();

async function openCreateForm() {
  const view = renderApp('/create/product', createTestAuthStore({ signedIn: true }));
  await screen.findByRole('heading', { name: 'Create Product' });
  return view;
}

describe('product form store links', () => {
  it('puts an error on its own row past blank ones, clears them on any link change, and moves focus', async () => {
    await openCreateForm();
    const user = userEvent.setup();
    const addLink = () => user.click(screen.getByRole('button', { name: 'Add store link' }));
    await addLink();
    expect(screen.getByLabelText('Store link 1')).toHaveFocus();
    await addLink();
    expect(screen.getByLabelText('Store link 2')).toHaveFocus();
    await addLink();
    await user.type(screen.getByLabelText('Store link 2'), 'not a link');
    await user.type(screen.getByLabelText('Store link 3'), 'https://www.flipkart.com/p');
    expect(screen.getByText('Flipkart')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish Product' }));
    expect(screen.getByLabelText('Store link 2')).toHaveAccessibleDescription('Invalid link');
    expect(screen.getByLabelText('Store link 1')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Store link 3')).not.toHaveAttribute('aria-invalid');
    // Nothing but the Loot Box's own load, which every signed-in page makes.
    expect(withoutSignedInLoads(server.requests)).toEqual([]);

    await user.type(screen.getByLabelText('Store link 3'), 'x');
    expect(screen.getByLabelText('Store link 2')).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Remove store link 1' }));
    expect(screen.getByLabelText('Store link 1')).toHaveFocus();
    expect(screen.getByLabelText('Store link 1')).toHaveValue('not a link');
    await user.click(screen.getByRole('button', { name: 'Remove store link 2' }));
    expect(screen.getByLabelText('Store link 1')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove store link 1' }));
    expect(screen.getByRole('button', { name: 'Add store link' })).toHaveFocus();
  });
});

describe('product form category', () => {
  it('starts the subcategory over when the category changes, and an undone change leaves without asking', async () => {
    const { getLocation } = await openCreateForm();
    const user = userEvent.setup();
    expect(screen.getByLabelText('Subcategory')).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Category'), 'Home');
    await user.selectOptions(screen.getByLabelText('Subcategory'), 'Decor');
    await user.selectOptions(screen.getByLabelText('Category'), 'Fashion');
    expect(screen.getByLabelText('Subcategory')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'All of Fashion' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category'), '');
    expect(screen.getByLabelText('Subcategory')).toBeDisabled();

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(getLocation()).toBe('/dashboard'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
