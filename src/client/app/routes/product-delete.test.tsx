// Deleting a product (docs/product.md "Products, klips, offers") through the real route table and a real HTTP
// server: only its owner sees Delete, on its page and on Edit Product; the confirmation names it; a delete goes to
// the owner's profile with the product gone from its list and from the cache; a failure is told and changes nothing.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '../../../shared/catalogue-messages.ts';
import { PRODUCT_DELETE_MESSAGES, UNSAVED_CHANGES_MESSAGES } from '../../../shared/product-form-messages.ts';
import { SERVER_MESSAGES } from '../../../shared/server-messages.ts';
import { createTestProfile, createTestProductSummary } from '../../test/fixtures.ts';
import { createTestProductDetail } from '../../test/offer-fixtures.ts';
import type { RecordedRequest } from '../../test/http-test-server.js';
import { createApiTestServer, createTestAuthStore, renderApp, TEST_USER } from '../../test/render-app.tsx';

const server = createApiTestServer();
beforeAll(async () => {
  await Promise.all([
    import('./product.tsx'),
    import('./edit-product.tsx'),
    import('./creator-profile.tsx'),
    fetch(`${server.url}/warm-up`),
  ]);
});

const owner = { uid: TEST_USER.uid, creatorUsername: TEST_USER.username };
const diya = createTestProductDetail({ id: 'p-1', name: 'Brass Diya', ...owner });
const lamp = createTestProductSummary({ id: 'p-2', name: 'Clay Lamp', ...owner });
const dialogTitle = PRODUCT_DELETE_MESSAGES.title('Brass Diya');

/** Serves the owner's profile, its products and the product; DELETE takes the product away on the server. */
function serveCatalogue({ deleteAnswer }: { deleteAnswer?: { status: number; body: unknown } } = {}) {
  let deleted = false;
  server.respond('GET', `/api/v1/users/${TEST_USER.uid}/profile`, {
    status: 200,
    body: {
      success: true,
      data: createTestProfile({ uid: TEST_USER.uid, username: TEST_USER.username, fullName: 'Asha Verma' }),
    },
  });
  server.respond('GET', '/api/v1/content', (request: { query: Record<string, string> }) => {
    // The profile also lists the creator's klips and offers: none here.
    const items =
      request.query.type === 'klip' || request.query.type === 'offer' ? [] : deleted ? [lamp] : [diya, lamp];
    return {
      status: 200,
      body: { success: true, items, lastEvaluatedKey: null, total: items.length, hasMore: false },
    };
  });
  server.respond('GET', '/api/v1/products/p-1', () =>
    deleted
      ? { status: 404, body: { success: false, message: CATALOGUE_MESSAGES.productNotFound } }
      : { status: 200, body: { success: true, product: diya } },
  );
  server.respond('DELETE', '/api/v1/products/p-1', () => {
    if (deleteAnswer) return deleteAnswer;
    deleted = true;
    return { status: 200, body: { success: true } };
  });
}

const findRequests = (method: string, path: string): RecordedRequest[] =>
  server.requests.filter((request) => request.method === method && request.path === path);
const productLinks = () =>
  [...document.querySelectorAll('main a[href^="/product/"]')].map((link) => link.getAttribute('href'));

beforeEach(() => {
  server.requests.length = 0;
});

describe('Delete on the product page', () => {
  it('is shown to the product’s owner only', async () => {
    serveCatalogue();
    const view = renderApp('/product/p-1', createTestAuthStore({ signedIn: false }));
    await screen.findByRole('heading', { level: 1, name: 'Brass Diya' });
    expect(screen.queryByRole('button', { name: PRODUCT_DELETE_MESSAGES.action })).toBeNull();
    view.unmount();

    server.respond('GET', '/api/v1/products/p-1', {
      status: 200,
      body: { success: true, product: { ...diya, uid: 'u-someone-else', creatorUsername: 'ravi' } },
    });
    const other = renderApp('/product/p-1', createTestAuthStore({ signedIn: true }));
    await screen.findByRole('heading', { level: 1, name: 'Brass Diya' });
    expect(screen.queryByRole('button', { name: PRODUCT_DELETE_MESSAGES.action })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit product' })).toBeNull();
    other.unmount();

    serveCatalogue();
    renderApp('/product/p-1', createTestAuthStore({ signedIn: true }));
    await screen.findByRole('heading', { level: 1, name: 'Brass Diya' });
    expect(await screen.findByRole('button', { name: PRODUCT_DELETE_MESSAGES.action })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit product' })).toBeInTheDocument();
  });

  it('asks first, naming the product, then deletes it and shows the profile without it, from no cache', async () => {
    serveCatalogue();
    const { getLocation, router } = renderApp(
      `/profile/${TEST_USER.uid}`,
      createTestAuthStore({ signedIn: true }),
    );
    await waitFor(() => expect(productLinks()).toEqual(['/product/p-1', '/product/p-2']));
    const user = userEvent.setup();
    await user.click(document.querySelector<HTMLAnchorElement>('main a[href="/product/p-1"]')!);
    await screen.findByRole('heading', { level: 1, name: 'Brass Diya' });

    await user.click(screen.getByRole('button', { name: PRODUCT_DELETE_MESSAGES.action }));
    const dialog = await screen.findByRole('alertdialog', { name: dialogTitle });
    expect(dialog).toHaveTextContent('Delete "Brass Diya"?');
    expect(dialog).toHaveAccessibleDescription(PRODUCT_DELETE_MESSAGES.body);
    await user.click(within(dialog).getByRole('button', { name: PRODUCT_DELETE_MESSAGES.keep }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(findRequests('DELETE', '/api/v1/products/p-1')).toEqual([]);

    const listsBefore = findRequests('GET', '/api/v1/content').length;
    await user.click(screen.getByRole('button', { name: PRODUCT_DELETE_MESSAGES.action }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: dialogTitle })).getByRole('button', {
        name: PRODUCT_DELETE_MESSAGES.confirm,
      }),
    );
    await waitFor(() => expect(getLocation()).toBe(`/profile/${TEST_USER.uid}`));
    expect(await screen.findByText(PRODUCT_DELETE_MESSAGES.deleted)).toBeInTheDocument();
    expect(findRequests('DELETE', '/api/v1/products/p-1')).toHaveLength(1);
    // The profile's list, loaded before the delete, is asked again and shows the product no more.
    await waitFor(() => expect(productLinks()).toEqual(['/product/p-2']));
    expect(findRequests('GET', '/api/v1/content').length).toBeGreaterThan(listsBefore);

    // Its page is not answered from the cache: the product is asked for again, and is gone.
    const productReads = findRequests('GET', '/api/v1/products/p-1').length;
    await act(() => router.navigate('/product/p-1'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Brass Diya' })).toBeNull();
    expect(await screen.findByText(CATALOGUE_MESSAGES.productNotFound)).toBeInTheDocument();
    expect(findRequests('GET', '/api/v1/products/p-1').length).toBe(productReads + 1);
  });

  it('tells a failure in a toast with the server’s message, and keeps the product', async () => {
    serveCatalogue({
      deleteAnswer: { status: 503, body: { success: false, message: SERVER_MESSAGES.overloaded } },
    });
    const { getLocation } = renderApp('/product/p-1', createTestAuthStore({ signedIn: true }));
    await screen.findByRole('heading', { level: 1, name: 'Brass Diya' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: PRODUCT_DELETE_MESSAGES.action }));
    const dialog = await screen.findByRole('alertdialog', { name: dialogTitle });
    await user.click(within(dialog).getByRole('button', { name: PRODUCT_DELETE_MESSAGES.confirm }));

    expect(await screen.findByText(SERVER_MESSAGES.overloaded)).toBeInTheDocument();
    expect(screen.queryByText(PRODUCT_DELETE_MESSAGES.deleted)).toBeNull();
    expect(getLocation()).toBe('/product/p-1');
    // The dialog stays, ready to try again; keeping it leaves the product as it was.
    expect(within(dialog).getByRole('button', { name: PRODUCT_DELETE_MESSAGES.confirm })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: PRODUCT_DELETE_MESSAGES.keep }));
    expect(screen.getByRole('heading', { level: 1, name: 'Brass Diya' })).toBeInTheDocument();
  });
});

describe('Delete on Edit Product', () => {
  it('deletes the product with unsaved changes in the form, without asking to leave them', async () => {
    serveCatalogue();
    const { getLocation } = renderApp('/edit-product/p-1', createTestAuthStore({ signedIn: true }));
    const name = await screen.findByLabelText('Product name');
    const user = userEvent.setup();
    await user.type(name, ' Set');

    await user.click(screen.getByRole('button', { name: PRODUCT_DELETE_MESSAGES.action }));
    const dialog = await screen.findByRole('alertdialog', { name: dialogTitle });
    await user.click(within(dialog).getByRole('button', { name: PRODUCT_DELETE_MESSAGES.confirm }));

    await waitFor(() => expect(getLocation()).toBe(`/profile/${TEST_USER.uid}`));
    expect(screen.queryByText(UNSAVED_CHANGES_MESSAGES.title)).toBeNull();
    expect(await screen.findByText(PRODUCT_DELETE_MESSAGES.deleted)).toBeInTheDocument();
    expect(findRequests('DELETE', '/api/v1/products/p-1')).toHaveLength(1);
    // The form's unsaved changes were never sent.
    expect(findRequests('PATCH', '/api/v1/products/p-1')).toEqual([]);
  });

  it('is not on Create Product', async () => {
    renderApp('/create/product', createTestAuthStore({ signedIn: true }));
    await screen.findByLabelText('Product name');
    expect(screen.queryByRole('button', { name: PRODUCT_DELETE_MESSAGES.action })).toBeNull();
  });
});
