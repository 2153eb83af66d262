import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestAuthStore, renderApp } from '../../test/render-app.tsx';
import { setViewportWidth } from '../../test/setup.ts';

/** The router renders after the first route chunk has loaded. */
function findHeader(): Promise<HTMLElement> {
  return screen.findByTestId('site-header');
}

beforeEach(() => setViewportWidth(1280));

describe('header, signed out', () => {
  it('offers Sign in (remembering the page) and no Create menu, Loot Box or account menu', async () => {
    renderApp('/shop?search=kurta', createTestAuthStore({ signedIn: false }));
    await screen.findByRole('heading', { name: 'Shop' });
    const header = within(await findHeader());

    expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/login?redirectTo=%2Fshop%3Fsearch%3Dkurta',
    );
    expect(header.queryByRole('button', { name: /Create/ })).toBeNull();
    expect(header.queryByRole('button', { name: 'Loot Box' })).toBeNull();
    expect(header.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(header.queryByRole('button', { name: /^Account menu/ })).toBeNull();
    expect(header.getByPlaceholderText('Search Lootklip...')).toBeInTheDocument();
  });

  it('side menu lists Home, Shop, Klips, Offers and Sign in, but not Dashboard or Settings', async () => {
    renderApp('/', createTestAuthStore({ signedIn: false }));
    const rail = await screen.findByTestId('side-rail');
    const names = within(rail)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Home', 'Shop', 'Klips', 'Offers', 'Sign in']);
  });
});

describe('header, signed in', () => {
  it('shows Create, Notifications, Loot Box and the account menu instead of Sign in', async () => {
    renderApp('/', createTestAuthStore({ signedIn: true }));
    const header = within(await findHeader());
    await header.findByRole('button', { name: 'Create' });
    expect(await header.findByRole('button', { name: 'Loot Box' })).toBeInTheDocument();
    expect(await header.findByRole('button', { name: /^Notifications/ })).toBeInTheDocument();
    expect(header.queryByRole('link', { name: 'Sign in' })).toBeNull();

    const rail = screen.getByTestId('side-rail');
    expect(
      within(rail)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Shop', 'Klips', 'Offers', 'Dashboard', 'Settings']);
  });

  it('Create menu has the three entries with their descriptions', async () => {
    renderApp('/', createTestAuthStore({ signedIn: true }));
    const user = userEvent.setup();
    await user.click(await within(await findHeader()).findByRole('button', { name: 'Create' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.getAttribute('href'), item.textContent])).toEqual([
      ['/create/product', 'Create ProductList a product for sale'],
      ['/create/klip', 'Create KlipShare a video about a product'],
      ['/create/offer', 'Create OfferAdd special offers'],
    ]);
  });

  it('account menu shows name, @username linking to the profile, e-mail, Settings and Sign out', async () => {
    const store = createTestAuthStore({ signedIn: true });
    const { getLocation } = renderApp('/shop', store);
    const user = userEvent.setup();
    await user.click(await within(await findHeader()).findByRole('button', { name: /^Account menu/ }));
    const menu = await screen.findByRole('menu');

    expect(within(menu).getByText('Asha Verma')).toBeInTheDocument();
    expect(within(menu).getByText('asha@example.in')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: '@asha.styles' })).toHaveAttribute(
      'href',
      '/shopstar/asha.styles',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    // In the spec's order.
    const text = menu.textContent ?? '';
    const order = ['Asha Verma', '@asha.styles', 'asha@example.in', 'Settings', 'Sign out'];
    expect(order.map((part) => text.indexOf(part))).toEqual(
      order.map((part) => text.indexOf(part)).toSorted((a, b) => a - b),
    );

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(getLocation()).toBe('/auth/login');
    expect(store.getSnapshot().status).toBe('signed-out');
  });

  it('signing out on a guarded page still ends on /auth/login', async () => {
    const store = createTestAuthStore({ signedIn: true });
    const { getLocation } = renderApp('/dashboard', store);
    const user = userEvent.setup();
    await user.click(await within(await findHeader()).findByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await waitFor(() => expect(getLocation().startsWith('/auth/login')).toBe(true));
  });
});

describe('header search', () => {
  it('searches the whole marketplace from any page', async () => {
    const { getLocation } = renderApp('/offers', createTestAuthStore({ signedIn: false }));
    const user = userEvent.setup();
    const input = await within(await findHeader()).findByPlaceholderText('Search Lootklip...');
    await user.type(input, 'silk saree{Enter}');
    await waitFor(() => expect(getLocation()).toBe('/search?q=silk+saree'));
  });

  it('searches the whole marketplace from the Klips page too, which keeps its own box', async () => {
    const { getLocation } = renderApp('/klips', createTestAuthStore({ signedIn: false }));
    await screen.findByRole('heading', { name: 'Klips' });
    const user = userEvent.setup();
    await user.type(within(await findHeader()).getByPlaceholderText('Search Lootklip...'), 'unboxing{Enter}');
    await waitFor(() => expect(getLocation()).toBe('/search?q=unboxing'));
  });

  it('is a GET form to /search, so that it searches before the script has run', async () => {
    renderApp('/', createTestAuthStore({ signedIn: false }));
    const form = within(await findHeader()).getByRole('search');
    expect(form).toHaveAttribute('action', '/search');
    expect(form).toHaveAttribute('method', 'get');
    expect(within(form).getByPlaceholderText('Search Lootklip...')).toHaveAttribute('name', 'q');
  });

  it('follows the query of the results page', async () => {
    const { router } = renderApp('/search?q=kurta', createTestAuthStore({ signedIn: false }));
    const input = within(await findHeader()).getByPlaceholderText('Search Lootklip...');
    await waitFor(() => expect(input).toHaveValue('kurta'));
    await router.navigate('/search?q=brass%20diya');
    await waitFor(() => expect(input).toHaveValue('brass diya'));
  });
});

describe('small screens', () => {
  it('hide the sidebar toggle behind sm and show a search toggle and an Offers icon', async () => {
    setViewportWidth(375);
    renderApp('/', createTestAuthStore({ signedIn: false }));
    const header = within(await findHeader());
    const searchToggle = await header.findByRole('button', { name: 'Search' });
    expect(searchToggle).toHaveClass('sm:hidden');
    expect(header.getByRole('link', { name: 'Offers' })).toHaveClass('sm:hidden');
    expect(header.getByRole('button', { name: 'Open menu' })).toHaveClass('max-sm:hidden');

    const user = userEvent.setup();
    await user.click(searchToggle);
    expect(header.getAllByPlaceholderText('Search Lootklip...')).toHaveLength(2);
  });
});
