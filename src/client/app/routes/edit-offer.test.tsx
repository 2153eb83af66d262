import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { OFFER_MESSAGES } from '../../../shared/offer-messages.ts';
import {
  answerCatalogue,
  CATALOGUE,
  createTestOffer,
} from '../../features/offers/components/offer-form-fixtures.ts';
import { createTestProductSummary } from '../../test/fixtures.ts';
import type { RecordedRequest } from '../../test/http-test-server.js';
import { createApiTestServer, createTestAuthStore, renderApp, TEST_USER } from '../../test/render-app.tsx';

const server = createApiTestServer();
beforeEach(() => {
  server.requests.length = 0;
  server.respond('GET', '/api/v1/content', answerCatalogue);
});

function findRequests(method: string, path: string): RecordedRequest[] {
  return server.requests.filter((request) => request.method === method && request.path === path);
}

function openEditPage(id = 'o1') {
  return renderApp(`/edit-offer/${id}`, createTestAuthStore({ signedIn: true }));
}

describe('edit offer', () => {
  it('loads the offer into the form and sends only the changed fields with PATCH', async () => {
    const offer = createTestOffer();
    server.respond('GET', '/api/v1/offers/o1', { status: 200, body: { success: true, offer } });
    server.respond('PATCH', '/api/v1/offers/o1', {
      status: 200,
      body: { success: true, offer: { ...offer, title: 'Festive fortnight', products: ['p1', 'p2'] } },
    });
    const { getLocation } = openEditPage();
    const title = await screen.findByLabelText('Offer title');
    expect(title).toHaveValue('Festive week');
    expect(screen.getByLabelText('Discount value')).toHaveValue('15');
    expect(screen.getByRole('radio', { name: 'Percentage (%)' })).toBeChecked();
    expect(screen.getByLabelText('Term 1')).toHaveValue('One per shopper');
    const chips = screen.getByRole('list', { name: 'Chosen products' });
    expect(chips).toHaveTextContent('Brass Diya');
    expect(screen.getByText('1 of 100')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.clear(title);
    await user.type(title, 'Festive fortnight');
    await user.click(screen.getByRole('button', { name: 'Add products' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Clay Lamp Set' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await screen.findByText(OFFER_MESSAGES.updated);
    expect(JSON.parse(findRequests('PATCH', '/api/v1/offers/o1')[0]?.body ?? '{}')).toEqual({
      title: 'Festive fortnight',
      products: ['p1', 'p2'],
    });
    // Saved: the form holds the saved offer, and leaving does not ask.
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeEnabled();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(getLocation()).toBe('/dashboard'));
  });

  it('names every chosen product of an offer with more than 12, from the owner’s featuredProducts', async () => {
    const many = Array.from({ length: 14 }, (_, index) =>
      createTestProductSummary({ id: `m${index}`, name: `Lamp ${index + 1}`, uid: TEST_USER.uid }),
    );
    const offer = createTestOffer({
      products: many.map((product) => product.id),
      featuredProducts: many.map((product) => ({ ...product, finalPrice: product.price })),
    });
    server.respond('GET', '/api/v1/offers/o1', { status: 200, body: { success: true, offer } });
    openEditPage();

    const chips = within(await screen.findByRole('list', { name: 'Chosen products' }));
    expect(chips.getAllByRole('listitem')).toHaveLength(14);
    expect(chips.getByText('Lamp 14')).toBeInTheDocument();
    expect(chips.getByRole('button', { name: 'Remove Lamp 13' })).toBeInTheDocument();
    expect(chips.queryByText('Product')).toBeNull();
  });

  it('deletes the offer after a confirmation, and goes to the dashboard', async () => {
    server.respond('GET', '/api/v1/offers/o1', {
      status: 200,
      body: { success: true, offer: createTestOffer() },
    });
    server.respond('DELETE', '/api/v1/offers/o1', { status: 200, body: { success: true } });
    const { getLocation } = openEditPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Offer' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep offer' }));
    expect(findRequests('DELETE', '/api/v1/offers/o1')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Offer' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(getLocation()).toBe('/dashboard'));
    expect(await screen.findByText(OFFER_MESSAGES.deleted)).toBeInTheDocument();
    expect(findRequests('DELETE', '/api/v1/offers/o1')).toHaveLength(1);
  });

  it('maps a PATCH 400 onto the field it names', async () => {
    server.respond('GET', '/api/v1/offers/o1', {
      status: 200,
      body: { success: true, offer: createTestOffer() },
    });
    server.respond('PATCH', '/api/v1/offers/o1', {
      status: 400,
      body: { success: false, code: 'bad-request', message: 'products: p2 is not one of your products' },
    });
    openEditPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add products' }));
    await user.click(await screen.findByRole('checkbox', { name: CATALOGUE[1]?.name ?? '' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Search your products')).toHaveAccessibleDescription(
        /^p2 is not one of your products/,
      ),
    );
  });

  it('refuses another seller’s offer without showing the form', async () => {
    server.respond('GET', '/api/v1/offers/o1', {
      status: 200,
      body: { success: true, offer: createTestOffer({ uid: 'someone-else' }) },
    });
    openEditPage();
    await screen.findByText(OFFER_MESSAGES.notYourOffer);
    expect(screen.queryByLabelText('Offer title')).not.toBeInTheDocument();
  });

  it('says the offer is not the seller’s when the server answers 403', async () => {
    server.respond('GET', '/api/v1/offers/o1', {
      status: 403,
      body: { success: false, message: 'Forbidden' },
    });
    openEditPage();
    await screen.findByText(OFFER_MESSAGES.notYourOffer);
  });

  it('says when the offer does not exist', async () => {
    server.respond('GET', '/api/v1/offers/gone', {
      status: 404,
      body: { success: false, message: OFFER_MESSAGES.offerNotFound },
    });
    openEditPage('gone');
    await screen.findByText(OFFER_MESSAGES.offerNotFound);
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeInTheDocument();
  });
});

describe('unsaved changes', () => {
  it('asks before leaving a changed offer, stays on Stay and leaves on Leave', async () => {
    const { getLocation } = renderApp('/create/offer', createTestAuthStore({ signedIn: true }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Offer title'), 'Half-typed');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(getLocation()).toBe('/create/offer');
    expect(screen.getByLabelText('Offer title')).toHaveValue('Half-typed');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(getLocation()).toBe('/dashboard'));
  });

  it('leaves an untouched offer form without asking', async () => {
    const { getLocation } = renderApp('/create/offer', createTestAuthStore({ signedIn: true }));
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(getLocation()).toBe('/dashboard'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
