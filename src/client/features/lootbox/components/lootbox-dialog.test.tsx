// 'Your Lootbox (N items)' against a real HTTP server for the items' product details: the empty state, the fetch
// on opening, grouping by seller, selection and the same-seller rule, the dialog's own quantities, the quote form's
// checks before anything opens, each way a quote goes out (WhatsApp, Gmail, clipboard) with its toast, and the
// Share tab (copy, system share, its fallback and failures) with the tracked link.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { SHARED_LOOTBOX_IDS_MAX } from '../../../../shared/constants.ts';
import type { LootboxItem } from '../../../../shared/contracts/lootbox.ts';
import type { ProductDetail, ProductOffer } from '../../../../shared/contracts/products.ts';
import { priceLine } from '../../../../shared/domain/offers.ts';
import { formatPrice, paiseToRupees, rupeesToPaise } from '../../../../shared/domain/pricing.ts';
import { buildLootboxShareLink } from '../../../../shared/domain/share-links.ts';
import { formatOfferLabel } from '../../../../shared/domain/shown-price.ts';
import { LOOTBOX_MESSAGES, QUOTE_MESSAGES } from '../../../../shared/lootbox-messages.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { createTestProductDetail, createTestProductOffer } from '../../../test/offer-fixtures.ts';
import { createApiTestServer } from '../../../test/render-app.tsx';
import { CartContext, type CartContextValue } from '../cart-context.ts';
import type { QuoteDefaults } from '../api/quote-defaults.ts';
import { LootboxDialog } from './lootbox-dialog.tsx';

const server = createApiTestServer();

function createProduct(
  id: string,
  name: string,
  price: number,
  seller: string,
  contactInfo: Partial<ProductDetail['metadata']['contactInfo']>,
  discount = 0,
): ProductDetail {
  const product = createTestProductDetail({ id, name, price, discount, creatorUsername: seller });
  return {
    ...product,
    metadata: { ...product.metadata, contactInfo: { whatsapp: '', phone: '', email: '', ...contactInfo } },
  };
}

// Kavya typed her WhatsApp number two ways: still one seller. Ravi has a phone and an e-mail, no WhatsApp; Meena
// only a phone.
const saree = createProduct('saree', 'Silk Saree', 1000, 'kavya.crafts', { whatsapp: '98765 43210' }, 10);
const diya = createProduct('diya', 'Brass Diya', 500, 'kavya.crafts', { whatsapp: '+919876543210' });
const lamp = createProduct('lamp', 'Clay Lamp', 300, 'ravi.home', {
  phone: '9123456789',
  email: 'ravi@example.in',
});
const shawl = createProduct('shawl', 'Pashmina Shawl', 2500, 'meena.weaves', { phone: '7012345678' });
const PRODUCTS = [saree, diya, lamp, shawl];
const OFFER: ProductOffer = createTestProductOffer({ discountValue: 20 });

function createItem(
  product: ProductDetail,
  { quantity = 1, offer = null }: { quantity?: number; offer?: ProductOffer | null } = {},
): LootboxItem {
  const line = priceLine(product, offer, quantity);
  return {
    productId: product.id,
    name: product.name,
    price: paiseToRupees(line.unit.discountedPrice),
    originalPrice: product.price,
    discount: product.discount,
    quantity,
    thumbnail: `/media/${product.id}.webp`,
    fromKlip: false,
    appliedOfferId: offer?.offerId ?? null,
    appliedOffer: offer,
    finalPrice: paiseToRupees(line.unit.finalPrice),
    lineTotal: paiseToRupees(line.lineTotal),
    shortBy: 0,
    available: true,
    updatedAt: 0,
  };
}

const ITEMS = [
  createItem(saree, { offer: OFFER }),
  createItem(lamp),
  createItem(diya, { quantity: 3 }),
  createItem(shawl),
];

function createCart(items: LootboxItem[]): CartContextValue {
  return {
    status: 'ready',
    items,
    itemCount: items.length,
    totalValue: items.reduce((total, item) => total + item.lineTotal, 0),
    lootboxId: items.length ? 'lb-1' : null,
    addItem: vi.fn(),
    addItems: vi.fn(),
    removeItem: vi.fn(),
    updateQuantity: vi.fn(),
    clearCart: vi.fn(),
  };
}

function serveProducts(products: ProductDetail[] = PRODUCTS) {
  server.respond('GET', '/api/v1/products/shared', (request) => {
    const ids = request.query.products!.split(',');
    if (ids.length > SHARED_LOOTBOX_IDS_MAX) {
      return {
        status: 400,
        body: { success: false, message: LOOTBOX_MESSAGES.tooManySharedIds(SHARED_LOOTBOX_IDS_MAX) },
      };
    }
    return {
      status: 200,
      body: {
        success: true,
        products: ids.flatMap((id) => products.filter((product) => product.id === id)),
        missing: ids.filter((id) => !products.some((product) => product.id === id)),
      },
    };
  });
}

/** A page with a button that opens the dialog, as the header's Loot Box does. */
function renderDialog(
  items: LootboxItem[] = ITEMS,
  {
    open = true,
    later,
    quoteDefaults,
  }: { open?: boolean; later?: LootboxItem[]; quoteDefaults?: QuoteDefaults } = {},
) {
  const cart = createCart(items);
  const onOpenChange = vi.fn();
  function Page() {
    const [isOpen, setOpen] = useState(open);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open Loot Box
        </button>
        <LootboxDialog
          open={isOpen}
          onOpenChange={(next) => {
            onOpenChange(next);
            setOpen(next);
          }}
          renderContactOptions={(product) => <p>Contact options of {product.creatorUsername}</p>}
          quoteDefaults={quoteDefaults}
        />
      </>
    );
  }
  let fill: (() => void) | undefined;
  /** `later` puts these items in the cart, as a save in another tab would. */
  function Cart({ children }: { children: ReactNode }) {
    const [value, setValue] = useState(cart);
    fill = later ? () => setValue(createCart(later)) : undefined;
    return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Cart>
        <Page />
      </Cart>
    </QueryClientProvider>,
  );
  return { cart, onOpenChange, fill: () => act(() => fill?.()) };
}

const getDialog = () => screen.getByRole('dialog', { name: LOOTBOX_MESSAGES.dialogTitle(ITEMS.length) });
const sharedRequests = () => server.requests.filter((request) => request.path === '/api/v1/products/shared');
const requestQuoteButton = () => within(getDialog()).getByRole('button', { name: 'Request Quote' });

async function waitForDetails() {
  await within(getDialog()).findByRole('heading', { name: '@kavya.crafts' });
}

let spies: MockInstance[] = [];
let user: UserEvent;
beforeEach(() => {
  server.requests.length = 0;
  serveProducts();
  user = userEvent.setup();
});
afterEach(() => {
  for (const spy of spies) spy.mockRestore();
  spies = [];
  Reflect.deleteProperty(navigator, 'share');
});

/** jsdom opens no windows; the browser test sees the real one. */
function stubOpen(result: 'opened' | 'throws' = 'opened') {
  const open = vi.spyOn(window, 'open').mockImplementation(() => {
    if (result === 'throws') throw new Error('blocked by the sandbox');
    return null;
  });
  spies.push(open);
  return open;
}

/** Call after userEvent.setup(), which puts a clipboard of its own on navigator. */
function stubClipboard(writeText: (text: string) => Promise<void> = () => Promise.resolve()) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: spy } });
  return spy;
}

async function fillQuoteForm({
  name = 'Asha Verma',
  email = 'asha@example.in',
  phone = '98200 12345',
  additionalInfo = '',
} = {}) {
  const form = within(getDialog()).getByRole('form', { name: 'Request Quote' });
  const fields = {
    'Name *': name,
    'Email *': email,
    'Phone *': phone,
    'Additional Information': additionalInfo,
  };
  for (const [label, value] of Object.entries(fields)) {
    const input = within(form).getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return form;
}

async function openQuoteFormFor(...names: string[]) {
  await waitForDetails();
  for (const name of names) await user.click(within(getDialog()).getByRole('checkbox', { name }));
  await user.click(requestQuoteButton());
}

describe('the Loot Box dialog', () => {
  it('says the Lootbox is empty, and asks for nothing, when there are no items', async () => {
    const { fill } = renderDialog([], { later: ITEMS });
    const dialog = screen.getByRole('dialog', { name: 'Your Lootbox (0 items)' });
    expect(within(dialog).getByText(LOOTBOX_MESSAGES.dialogEmpty)).toBeVisible();
    expect(within(dialog).queryByRole('tab')).toBeNull();
    // Then items arrive: their details are the first and only request, so the empty dialog asked for nothing.
    await fill();
    await waitForDetails();
    expect(sharedRequests().map((request) => request.query.products)).toEqual(['saree,lamp,diya,shawl']);
  });

  it('fetches the details of a Loot Box larger than one request takes in chunks, and shares the first 50', async () => {
    const many = Array.from({ length: SHARED_LOOTBOX_IDS_MAX + 1 }, (_, index) =>
      createProduct(`p${index + 1}`, `Product ${index + 1}`, 100, 'kavya.crafts', { whatsapp: '9876543210' }),
    );
    serveProducts(many);
    renderDialog(many.map((product) => createItem(product)));
    const dialog = screen.getByRole('dialog', { name: LOOTBOX_MESSAGES.dialogTitle(many.length) });
    // Every item's details, the 51st's too: one seller, so one group holding all of them.
    const group = await within(dialog).findByRole('region', { name: '@kavya.crafts' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(many.length);
    expect(within(dialog).queryByText(LOOTBOX_MESSAGES.loadingDetails)).toBeNull();
    expect(sharedRequests().map((request) => request.query.products!.split(',').length)).toEqual([
      SHARED_LOOTBOX_IDS_MAX,
      1,
    ]);

    await user.click(within(dialog).getByRole('tab', { name: 'Share Lootbox' }));
    const panel = within(dialog).getByRole('tabpanel', { name: 'Share Lootbox' });
    const input = within(panel).getByLabelText('Lootbox link');
    const shared = new URL((input as HTMLInputElement).value).searchParams.get('products')!.split(',');
    expect(shared).toEqual(many.slice(0, SHARED_LOOTBOX_IDS_MAX).map((product) => product.id));
    const note = LOOTBOX_MESSAGES.shareLinkPartial(SHARED_LOOTBOX_IDS_MAX, many.length);
    expect(within(panel).getByText(note)).toBeVisible();
    expect(input).toHaveAccessibleDescription(note);
    expect(panel.querySelector('dl')).toHaveTextContent(`Items${many.length}`);
  });

  it('fetches every item’s product in one call on opening and groups the items by seller', async () => {
    renderDialog();
    const dialog = getDialog();
    expect(within(dialog).getByRole('tab', { name: 'Direct Connect' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByRole('tab', { name: 'Share Lootbox' })).toHaveAttribute(
      'aria-selected',
      'false',
    );
    await waitForDetails();
    expect(sharedRequests()).toHaveLength(1);
    expect(sharedRequests()[0]!.query.products).toBe('saree,lamp,diya,shawl');

    const sections = within(dialog).getAllByRole('region');
    const groups = sections.map((section) => ({
      seller: within(section).getByRole('heading').textContent,
      items: within(section)
        .getAllByRole('checkbox')
        .map((checkbox) => checkbox.getAttribute('aria-label')),
    }));
    expect(groups).toEqual([
      { seller: '@kavya.crafts', items: ['Silk Saree', 'Brass Diya'] },
      { seller: '@ravi.home', items: ['Clay Lamp'] },
      { seller: '@meena.weaves', items: ['Pashmina Shawl'] },
    ]);
    // The saree: ₹1,000 less 10% is ₹900, less the offer's 20% is ₹720; the original struck through.
    const sareeItem = within(dialog).getByRole('checkbox', { name: 'Silk Saree' }).closest('li')!;
    expect(within(sareeItem).getByText('₹720')).toBeVisible();
    expect(within(sareeItem).getByText('₹1,000')).toHaveClass('line-through');
    // One badge rule, as the dropdown's (docs/product.md "Shown price"): ₹720 is 28% below ₹1,000; the offer by
    // its label.
    expect(within(sareeItem).getByTestId('discount-badge')).toHaveTextContent('28% off');
    expect(within(sareeItem).getByText(formatOfferLabel(OFFER))).toBeVisible();
    expect(sareeItem.querySelector('img')).toHaveAttribute('src', '/media/saree.webp');

    // Contact options per item, from the caller, for the item's own product.
    const lampItem = within(dialog).getByRole('checkbox', { name: 'Clay Lamp' }).closest('li')!;
    const toggle = within(lampItem).getByRole('button', { name: /Contact options/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(lampItem).getByText('Contact options of ravi.home')).toBeVisible();
  });

  it('offers Request Quote only for items of one seller, and clears the selection on every opening', async () => {
    renderDialog();
    await waitForDetails();
    const dialog = getDialog();
    expect(requestQuoteButton()).toBeDisabled();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Silk Saree' }));
    expect(requestQuoteButton()).toBeEnabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Clay Lamp' }));
    expect(requestQuoteButton()).toBeDisabled();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(QUOTE_MESSAGES.sameSeller);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Clay Lamp' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Brass Diya' }));
    expect(requestQuoteButton()).toBeEnabled();
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open Loot Box' }));
    await waitForDetails();
    for (const checkbox of within(getDialog()).getAllByRole('checkbox')) expect(checkbox).not.toBeChecked();
    expect(requestQuoteButton()).toBeDisabled();
  });

  it('keeps the quote’s quantities in the dialog, never below 1, and never changes the cart', async () => {
    const { cart } = renderDialog();
    await waitForDetails();
    const dialog = getDialog();
    const decrease = within(dialog).getByRole('button', { name: 'Decrease quantity of Clay Lamp' });
    const increase = within(dialog).getByRole('button', { name: 'Increase quantity of Clay Lamp' });
    const lampItem = decrease.closest('li')!;
    expect(decrease).toBeDisabled();
    expect(within(lampItem).getByRole('status')).toHaveTextContent('1');

    await user.click(increase);
    await user.click(increase);
    expect(within(lampItem).getByRole('status')).toHaveTextContent('3');
    expect(within(lampItem).getByText('₹900')).toBeVisible();
    await user.click(decrease);
    await user.click(decrease);
    expect(within(lampItem).getByRole('status')).toHaveTextContent('1');
    expect(decrease).toBeDisabled();
    fireEvent.click(decrease);
    expect(within(lampItem).getByRole('status')).toHaveTextContent('1');

    // The diya starts at the cart's quantity.
    const diyaItem = within(dialog)
      .getByRole('button', { name: 'Decrease quantity of Brass Diya' })
      .closest('li')!;
    expect(within(diyaItem).getByRole('status')).toHaveTextContent('3');
    expect(within(diyaItem).getByText('₹1,500')).toBeVisible();
    expect(cart.updateQuantity).not.toHaveBeenCalled();
  });

  it('refuses an empty or invalid quote form with the spec’s texts before anything opens', async () => {
    const open = stubOpen();
    const writeText = stubClipboard();
    renderDialog();
    await openQuoteFormFor('Silk Saree');
    const form = within(getDialog()).getByRole('form', { name: 'Request Quote' });
    await user.click(within(form).getByRole('button', { name: 'Send Quote Request' }));
    expect(within(form).getByLabelText('Name *')).toHaveAccessibleDescription('This field is required');
    expect(within(form).getByLabelText('Email *')).toHaveAccessibleDescription('This field is required');
    expect(within(form).getByLabelText('Phone *')).toHaveAccessibleDescription('This field is required');
    expect(within(form).getByLabelText('Name *')).toHaveFocus();

    await fillQuoteForm({ email: 'asha@example', phone: '12345' });
    await user.click(within(form).getByRole('button', { name: 'Send Quote Request' }));
    expect(within(form).getByLabelText('Name *')).not.toHaveAccessibleDescription();
    expect(within(form).getByLabelText('Email *')).toHaveAccessibleDescription('Invalid email address');
    expect(within(form).getByLabelText('Phone *')).toHaveAccessibleDescription('Invalid phone number');
    expect(open).not.toHaveBeenCalled();
    expect(writeText).not.toHaveBeenCalled();

    // Back keeps what was typed.
    await user.click(within(form).getByRole('button', { name: 'Back' }));
    await user.click(requestQuoteButton());
    expect(within(getDialog()).getByLabelText('Name *')).toHaveValue('Asha Verma');
  });

  it('starts the quote form with the signed-in shopper’s name, e-mail and phone, and keeps what they change', async () => {
    renderDialog(ITEMS, {
      quoteDefaults: { name: 'Asha Verma', email: 'asha@example.in', phone: '98200 12345' },
    });
    await openQuoteFormFor('Silk Saree');
    const form = within(getDialog()).getByRole('form', { name: 'Request Quote' });
    expect(within(form).getByLabelText('Name *')).toHaveValue('Asha Verma');
    expect(within(form).getByLabelText('Email *')).toHaveValue('asha@example.in');
    expect(within(form).getByLabelText('Phone *')).toHaveValue('98200 12345');

    await user.clear(within(form).getByLabelText('Phone *'));
    await user.click(within(form).getByRole('button', { name: 'Back' }));
    await user.click(requestQuoteButton());
    expect(within(getDialog()).getByLabelText('Phone *')).toHaveValue('');
    expect(within(getDialog()).getByLabelText('Name *')).toHaveValue('Asha Verma');
  });

  it('sends one quote for two items of a WhatsApp seller to wa.me, with the total, and returns to the list', async () => {
    const open = stubOpen();
    renderDialog();
    await waitForDetails();
    await user.click(within(getDialog()).getByRole('button', { name: 'Increase quantity of Silk Saree' }));
    await openQuoteFormFor('Silk Saree', 'Brass Diya');
    const form = await fillQuoteForm({ additionalInfo: 'Delivery to Pune' });
    // Saree 2 x ₹720 = ₹1,440 (offer applied), diya 3 x ₹500 = ₹1,500: ₹2,940.
    expect(within(form).getByText('₹2,940')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Send Quote Request' }));

    expect(open).toHaveBeenCalledTimes(1);
    const [href, target, features] = open.mock.calls[0]!;
    expect(target).toBe('_blank');
    expect(features).toContain('noopener');
    const url = new URL(String(href));
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/919876543210');
    const text = url.searchParams.get('text')!;
    expect(text).toContain('1. Silk Saree - Qty: 2 x ₹720 = ₹1,440');
    expect(text).toContain('2. Brass Diya - Qty: 3 x ₹500 = ₹1,500');
    expect(text).toContain(`Total Value: ${formatPrice(rupeesToPaise(2940))}`);
    expect(text).toContain('Name: Asha Verma');
    expect(text).toContain('Email: asha@example.in');
    expect(text).toContain('Phone: 98200 12345');
    expect(text).toContain('Additional Information: Delivery to Pune');
    // Each line's link is its product page, tracked as a quote request.
    const links = text.split('\n').flatMap((line) => (line.trim().startsWith('http') ? [line.trim()] : []));
    expect(links).toHaveLength(2);
    const sareeLink = new URL(links[0]!);
    expect(sareeLink.pathname).toBe('/product/saree');
    expect(Object.fromEntries(sareeLink.searchParams)).toEqual({
      utm_source: 'lootklip',
      utm_medium: 'quote_request',
      utm_campaign: 'lootbox_dialog',
      utm_content: 'silk_saree',
      ref: 'lootklip',
    });

    expect(await within(getDialog()).findByText(QUOTE_MESSAGES.redirectingWhatsApp)).toBeInTheDocument();
    expect(requestQuoteButton()).toBeEnabled();
    expect(within(getDialog()).getByRole('checkbox', { name: 'Silk Saree' })).toBeChecked();
  });

  it('opens a Gmail compose window for a seller without WhatsApp who has an e-mail', async () => {
    const open = stubOpen();
    renderDialog();
    await openQuoteFormFor('Clay Lamp');
    const form = await fillQuoteForm();
    await user.click(within(form).getByRole('button', { name: 'Send Quote Request' }));

    expect(open).toHaveBeenCalledTimes(1);
    const url = new URL(String(open.mock.calls[0]![0]));
    expect(`${url.origin}${url.pathname}`).toBe('https://mail.google.com/mail/');
    expect(url.searchParams.get('view')).toBe('cm');
    expect(url.searchParams.get('to')).toBe('ravi@example.in');
    expect(url.searchParams.get('su')).toBe(QUOTE_MESSAGES.subject);
    expect(url.searchParams.get('body')).toContain('1. Clay Lamp - Qty: 1 x ₹300 = ₹300');
    expect(url.searchParams.get('body')).toContain('Total Value: ₹300');
    expect(await within(getDialog()).findByText(QUOTE_MESSAGES.openingGmail)).toBeInTheDocument();
  });

  it('copies the quote for a seller with neither WhatsApp nor e-mail, and says to contact them directly', async () => {
    const open = stubOpen();
    renderDialog();
    await waitForDetails();
    const writeText = stubClipboard();
    await openQuoteFormFor('Pashmina Shawl');
    const form = await fillQuoteForm();
    await user.click(within(form).getByRole('button', { name: 'Send Quote Request' }));

    expect(await within(getDialog()).findByText(QUOTE_MESSAGES.copied)).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText.mock.calls[0]![0]).toContain('Total Value: ₹2,500');
    expect(requestQuoteButton()).toBeVisible();
  });

  it.each([
    ['the new window throws', 'Brass Diya'],
    ['the clipboard refuses', 'Pashmina Shawl'],
  ])('says the quote failed when %s', async (_, name) => {
    stubOpen('throws');
    renderDialog();
    await waitForDetails();
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    await openQuoteFormFor(name);
    const form = await fillQuoteForm();
    await user.click(within(form).getByRole('button', { name: 'Send Quote Request' }));
    expect(await within(getDialog()).findByText(QUOTE_MESSAGES.failed)).toBeInTheDocument();
  });

  it('shows an item that is no longer available without a toggle or stepper, and items whose details failed', async () => {
    // A 4xx is an answer, not retried (query-client.ts).
    server.respond('GET', '/api/v1/products/shared', { status: 400, body: { success: false } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    spies.push(warn);
    renderDialog([ITEMS[0]!, { ...ITEMS[1]!, available: false }]);
    const dialog = screen.getByRole('dialog', { name: LOOTBOX_MESSAGES.dialogTitle(2) });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    const lamp = within(dialog).getByRole('checkbox', { name: 'Clay Lamp' });
    expect(lamp).toBeDisabled();
    expect(within(lamp.closest('li')!).getByText(LOOTBOX_MESSAGES.unavailable)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: /Clay Lamp/ })).toBeNull();
    // Without details there is no seller to name and no contact options to show.
    expect(within(dialog).getAllByRole('heading', { name: LOOTBOX_MESSAGES.unknownSeller })).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: /Contact options/ })).toBeNull();
  });

  it('closes on Esc', async () => {
    const { onOpenChange } = renderDialog();
    await waitForDetails();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the Share Lootbox tab', () => {
  const link = () =>
    buildLootboxShareLink(
      window.location.origin,
      ITEMS.map((item) => item.productId),
      // The saree was added with the offer: the link says so (docs/product.md "Shown price").
      new Map([[saree.id, OFFER.offerId]]),
    );

  async function openShareTab() {
    renderDialog();
    await user.click(within(getDialog()).getByRole('tab', { name: 'Share Lootbox' }));
    return within(getDialog()).getByRole('tabpanel', { name: 'Share Lootbox' });
  }

  it('shows the tracked share link read-only, and the item count and total value', async () => {
    const panel = await openShareTab();
    const input = within(panel).getByLabelText('Lootbox link');
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveValue(link());
    const url = new URL((input as HTMLInputElement).value);
    expect(url.pathname).toBe('/shared-lootbox');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      products: 'saree,lamp,diya,shawl',
      offers: `saree:${OFFER.offerId}`,
      utm_source: 'lootklip',
      utm_medium: 'lootbox_share',
      utm_campaign: 'lootbox_share',
      utm_content: '4',
      ref: 'lootklip',
    });
    const summary = panel.querySelector('dl')!;
    expect(summary).toHaveTextContent('Items4');
    // ₹720 + ₹300 + ₹1,500 + ₹2,500.
    expect(summary).toHaveTextContent('Total Value₹5,020');
  });

  it('copies the link with the copy button', async () => {
    const panel = await openShareTab();
    const writeText = stubClipboard();
    await user.click(within(panel).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link());
    expect(await within(getDialog()).findByText(LOOTBOX_MESSAGES.copied)).toBeInTheDocument();
  });

  it('says the copy failed when the clipboard refuses', async () => {
    const panel = await openShareTab();
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    await user.click(within(panel).getByRole('button', { name: 'Copy link' }));
    expect(await within(getDialog()).findByText(LOOTBOX_MESSAGES.copyFailed)).toBeInTheDocument();
  });

  it('hands the link to the system share sheet where there is one', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    const panel = await openShareTab();
    const writeText = stubClipboard();
    await user.click(within(panel).getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: LOOTBOX_MESSAGES.shareTitle, url: link() });
    expect(await within(getDialog()).findByText(LOOTBOX_MESSAGES.shared)).toBeInTheDocument();
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link instead where there is no share sheet', async () => {
    const panel = await openShareTab();
    const writeText = stubClipboard();
    await user.click(within(panel).getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(link());
    expect(await within(getDialog()).findByText(LOOTBOX_MESSAGES.linkCopied)).toBeInTheDocument();
  });

  it('says nothing when the shopper closes the share sheet, and that sharing failed otherwise', async () => {
    const share = vi.fn(() => Promise.reject(new DOMException('cancelled', 'AbortError')));
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    const panel = await openShareTab();
    await user.click(within(panel).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByText(LOOTBOX_MESSAGES.shared)).toBeNull();
    expect(screen.queryByText(LOOTBOX_MESSAGES.shareFailed)).toBeNull();
    expect(screen.queryByText(LOOTBOX_MESSAGES.linkCopied)).toBeNull();

    share.mockImplementation(() => Promise.reject(new DOMException('no', 'NotAllowedError')));
    await user.click(within(panel).getByRole('button', { name: 'Share' }));
    expect(await within(getDialog()).findByText(LOOTBOX_MESSAGES.shareFailed)).toBeInTheDocument();
  });
});
