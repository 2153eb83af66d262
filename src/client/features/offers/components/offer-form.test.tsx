import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { OFFER_DEFAULT_DURATION_MS } from '../../../../shared/constants.ts';
import { priceLine } from '../../../../shared/domain/offers.ts';
import { formatPrice } from '../../../../shared/domain/pricing.ts';
import { OFFER_MESSAGES } from '../../../../shared/offer-messages.ts';
import type { RecordedRequest } from '../../../test/http-test-server.js';
import { answerCatalogue, CATALOGUE, createTestOffer as createOffer } from './offer-form-fixtures.ts';
import { createApiTestServer, createTestAuthStore, renderApp, TEST_USER } from '../../../test/render-app.tsx';

const server = createApiTestServer();

beforeEach(() => {
  server.requests.length = 0;
  server.respond('GET', '/api/v1/content', answerCatalogue);
});

function findRequests(method: string, path: string): RecordedRequest[] {
  return server.requests.filter((request) => request.method === method && request.path === path);
}

function readBody(request: RecordedRequest | undefined): Record<string, unknown> {
  return JSON.parse(request?.body ?? '{}') as Record<string, unknown>;
}

async function openCreateForm() {
  const view = renderApp('/create/offer', createTestAuthStore({ signedIn: true }));
  await screen.findByRole('heading', { name: 'Create Offer' });
  return view;
}

/** The picker's row of a product (a checkbox named after it). */
async function pickProduct(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('checkbox', { name }));
}

async function fillValidOffer(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Offer title'), 'Diwali sale');
  await user.type(screen.getByLabelText('Discount value'), '20');
  await pickProduct(user, 'Brass Diya');
}

function setDate(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('offer form validation', () => {
  it('shows the spec’s three messages at their fields, focuses the first, and sends nothing', async () => {
    await openCreateForm();
    const user = userEvent.setup();
    setDate('Starts', '2030-05-10T10:00');
    setDate('Ends', '2030-05-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Create Offer' }));

    expect(screen.getByLabelText('Offer title')).toHaveAccessibleDescription(OFFER_MESSAGES.titleRequired);
    expect(screen.getByLabelText('Offer title')).toHaveFocus();
    expect(screen.getByLabelText('Discount value')).toHaveAccessibleDescription(OFFER_MESSAGES.valueRequired);
    expect(screen.getByLabelText('Starts')).toHaveAccessibleDescription(OFFER_MESSAGES.startAfterEnd);
    expect(screen.getByLabelText('Search your products')).toHaveAccessibleDescription(
      `${OFFER_MESSAGES.productsRequired} 0 of 100`,
    );
    expect(findRequests('POST', '/api/v1/content')).toEqual([]);

    // Correcting a field takes its message away.
    await user.type(screen.getByLabelText('Offer title'), 'Diwali sale');
    expect(screen.getByLabelText('Offer title')).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a percentage of 150 at the value field', async () => {
    await openCreateForm();
    const user = userEvent.setup();
    await fillValidOffer(user);
    await user.clear(screen.getByLabelText('Discount value'));
    await user.type(screen.getByLabelText('Discount value'), '150');
    await user.click(screen.getByRole('button', { name: 'Create Offer' }));
    expect(screen.getByLabelText('Discount value')).toHaveAccessibleDescription(
      OFFER_MESSAGES.percentTooHigh,
    );
    expect(screen.getByLabelText('Discount value')).toHaveFocus();
    expect(findRequests('POST', '/api/v1/content')).toEqual([]);
  });

  it('raises negative numbers to 0 as the seller leaves the field', async () => {
    await openCreateForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Minimum purchase'), '-500');
    await user.type(screen.getByLabelText('Maximum discount'), '-1');
    await user.type(screen.getByLabelText('Discount value'), '-20');
    await user.tab();
    expect(screen.getByLabelText('Minimum purchase')).toHaveValue('0');
    expect(screen.getByLabelText('Maximum discount')).toHaveValue('0');
    expect(screen.getByLabelText('Discount value')).toHaveValue('0');
    await user.click(screen.getByRole('button', { name: 'Create Offer' }));
    // A value of 0 is no discount at all.
    expect(screen.getByLabelText('Discount value')).toHaveAccessibleDescription(OFFER_MESSAGES.valueRequired);
  });

  it('starts now and ends 7 days later by default, and refuses a start after the end', async () => {
    await openCreateForm();
    const before = Date.now();
    const start = Date.parse(String((screen.getByLabelText('Starts') as HTMLInputElement).value));
    const end = Date.parse(String((screen.getByLabelText('Ends') as HTMLInputElement).value));
    // To the minute, in the browser's time zone (a datetime-local text reads as local time).
    expect(Math.abs(start - before)).toBeLessThan(2 * 60_000);
    expect(end - start).toBe(OFFER_DEFAULT_DURATION_MS);

    const user = userEvent.setup();
    await fillValidOffer(user);
    setDate('Starts', '2030-05-10T10:00');
    setDate('Ends', '2030-05-10T09:59');
    await user.click(screen.getByRole('button', { name: 'Create Offer' }));
    expect(screen.getByLabelText('Starts')).toHaveAccessibleDescription(OFFER_MESSAGES.startAfterEnd);
    expect(findRequests('POST', '/api/v1/content')).toEqual([]);
  });
});

describe('offer form products', () => {
  it('searches the seller’s own products, pages on, and prices each with priceLine under the typed offer', async () => {
    await openCreateForm();
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Your products' });
    expect(findRequests('GET', '/api/v1/content')[0]?.query).toMatchObject({
      type: 'product',
      uid: TEST_USER.uid,
    });
    expect(
      within(list)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual(['Brass Diya', 'Clay Lamp Set']);
    await user.click(screen.getByRole('button', { name: 'Show more products' }));
    await screen.findByRole('checkbox', { name: 'Silk Dupatta' });

    await user.type(screen.getByLabelText('Discount value'), '20');
    await user.type(screen.getByLabelText('Minimum purchase'), '1000');
    const terms = {
      discountType: 'percentage' as const,
      discountValue: 20,
      minPurchase: 1000,
      maxDiscount: null,
    };
    const row = (name: string) => screen.getByRole('checkbox', { name }).closest('label') as HTMLElement;
    // Brass Diya: ₹900 after its own 10%, below the ₹1,000 minimum, so no offer price and a hint.
    const diya = priceLine(CATALOGUE[0]!, terms);
    expect(within(row('Brass Diya')).getByTestId('offer-price')).toHaveTextContent(
      formatPrice(diya.unit.finalPrice),
    );
    expect(row('Brass Diya')).toHaveTextContent(OFFER_MESSAGES.addMore(formatPrice(diya.shortBy)));
    // Silk Dupatta: ₹2,000 after its own 20%, then 20% off: ₹1,600.
    const dupatta = priceLine(CATALOGUE[2]!, terms);
    expect(formatPrice(dupatta.unit.finalPrice)).toBe('₹1,600');
    expect(within(row('Silk Dupatta')).getByTestId('offer-price')).toHaveTextContent('₹1,600');

    await user.type(screen.getByLabelText('Search your products'), 'lamp{Enter}');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Your products' })).getAllByRole('checkbox'),
      ).toHaveLength(1),
    );
    expect(findRequests('GET', '/api/v1/content').at(-1)?.query).toMatchObject({
      search: 'lamp',
      uid: TEST_USER.uid,
    });
  });

  it('shows chosen products as removable chips with a count, and sends them as products', async () => {
    const { getLocation } = await openCreateForm();
    server.respond('POST', '/api/v1/content', { status: 201, body: { success: true, offer: createOffer() } });
    const user = userEvent.setup();
    await fillValidOffer(user);
    await user.click(await screen.findByRole('button', { name: 'Show more products' }));
    await pickProduct(user, 'Silk Dupatta');
    await pickProduct(user, 'Clay Lamp Set');
    expect(screen.getByText('3 of 100')).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Chosen products' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual([
      expect.stringContaining('Brass Diya'),
      expect.stringContaining('Silk Dupatta'),
      expect.stringContaining('Clay Lamp Set'),
    ]);
    await user.click(within(chips).getByRole('button', { name: 'Remove Silk Dupatta' }));
    expect(screen.getByText('2 of 100')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Silk Dupatta' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Create Offer' }));
    await waitFor(() => expect(getLocation()).toBe('/offers'));
    expect(
      (readBody(findRequests('POST', '/api/v1/content')[0]).metadata as { products: string[] }).products,
    ).toEqual(['p1', 'p2']);
  });
});

describe('offer form terms', () => {
  it('adds, edits and removes terms; empty ones are dropped from the request', async () => {
    const { getLocation } = await openCreateForm();
    server.respond('POST', '/api/v1/content', { status: 201, body: { success: true, offer: createOffer() } });
    const user = userEvent.setup();
    await fillValidOffer(user);
    await user.click(screen.getByRole('button', { name: 'Add term' }));
    expect(screen.getByLabelText('Term 1')).toHaveFocus();
    await user.type(screen.getByLabelText('Term 1'), '  Valid once per shopper  ');
    await user.click(screen.getByRole('button', { name: 'Add term' }));
    await user.type(screen.getByLabelText('Term 2'), 'Not with other offers');
    await user.click(screen.getByRole('button', { name: 'Add term' }));
    await user.type(screen.getByLabelText('Term 3'), 'Remove me');
    await user.click(screen.getByRole('button', { name: 'Add term' })); // left empty
    await user.clear(screen.getByLabelText('Term 2'));
    await user.type(screen.getByLabelText('Term 2'), 'Free gift wrap');
    await user.click(screen.getByRole('button', { name: 'Remove term 3' }));
    expect(screen.getByLabelText('Term 3')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Create Offer' }));
    await waitFor(() => expect(getLocation()).toBe('/offers'));
    expect(
      (readBody(findRequests('POST', '/api/v1/content')[0]).metadata as { terms: string[] }).terms,
    ).toEqual(['Valid once per shopper', 'Free gift wrap']);
  });
});

describe('create offer', () => {
  it('posts {type, status, metadata} with an Idempotency-Key, toasts and goes to Offers', async () => {
    const { getLocation } = await openCreateForm();
    server.respond('POST', '/api/v1/content', { status: 201, body: { success: true, offer: createOffer() } });
    const user = userEvent.setup();
    await fillValidOffer(user);
    await user.type(screen.getByLabelText('Description'), 'Lamps for the festival');
    await user.click(screen.getByRole('radio', { name: 'Fixed amount (₹)' }));
    await user.clear(screen.getByLabelText('Discount value'));
    await user.type(screen.getByLabelText('Discount value'), '150');
    await user.type(screen.getByLabelText('Maximum discount'), '100');
    setDate('Starts', '2030-05-01T10:00');
    setDate('Ends', '2030-05-08T18:30');
    await user.click(screen.getByRole('button', { name: 'Create Offer' }));

    await waitFor(() => expect(getLocation()).toBe('/offers'));
    expect(await screen.findByText(OFFER_MESSAGES.created)).toBeInTheDocument();
    const [request] = findRequests('POST', '/api/v1/content');
    expect(request?.headers['idempotency-key']).toMatch(/^[\w-]{16,}$/);
    expect(request?.headers.authorization).toBe('Bearer test-token');
    expect(readBody(request)).toEqual({
      type: 'offer',
      status: 'active',
      metadata: {
        title: 'Diwali sale',
        description: 'Lamps for the festival',
        discountType: 'fixed',
        discountValue: 150,
        minPurchase: 0,
        maxDiscount: 100,
        startDate: new Date(2030, 4, 1, 10, 0).toISOString(),
        endDate: new Date(2030, 4, 8, 18, 30).toISOString(),
        products: ['p1'],
        terms: [],
      },
    });
  });

  it('shows a server 400 at the field it names', async () => {
    server.respond('POST', '/api/v1/content', {
      status: 400,
      body: {
        success: false,
        code: 'bad-request',
        message: 'metadata.title: Too big: expected string to have <=120 characters',
      },
    });
    const { getLocation } = await openCreateForm();
    const user = userEvent.setup();
    await fillValidOffer(user);
    await user.click(screen.getByRole('button', { name: 'Create Offer' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Offer title')).toHaveAccessibleDescription(
        'Too big: expected string to have <=120 characters',
      ),
    );
    expect(screen.getByLabelText('Offer title')).toHaveFocus();
    expect(getLocation()).toBe('/create/offer');
  });

  it('shows a server refusal that names no field above the buttons', async () => {
    server.respond('POST', '/api/v1/content', {
      status: 503,
      body: { success: false, message: 'Busy, try again' },
    });
    await openCreateForm();
    const user = userEvent.setup();
    await fillValidOffer(user);
    await user.click(screen.getByRole('button', { name: 'Create Offer' }));
    await screen.findByText('Busy, try again');
    expect(screen.getByRole('button', { name: 'Create Offer' })).toBeEnabled();
  });
});

describe('offer preview', () => {
  it('shows the card as shoppers will see it, following the title, discount and chosen products', async () => {
    await openCreateForm();
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Untitled offer' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Offer title'), 'Diwali sale');
    expect(within(preview).getByRole('heading', { name: 'Diwali sale' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Discount value'), '20');
    expect(within(preview).getByText('20% off')).toBeInTheDocument();
    await pickProduct(user, 'Clay Lamp Set');
    const products = within(preview).getByRole('list', { name: 'Products in this offer' });
    expect(products).toHaveTextContent('Clay Lamp Set');
    expect(products).toHaveTextContent('₹320');
  });
});
