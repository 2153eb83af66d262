// The Loot Box dialog as the app composes it: each item's contact options are the product page's (WhatsApp, phone,
// e-mail, store links), their links tracked lootbox_contact / lootbox_external under the dialog's campaign, and
// their toasts shown inside the dialog.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LootboxItem } from '../../shared/contracts/lootbox.ts';
import type { ProductDetail } from '../../shared/contracts/products.ts';
import { describeStoreLink } from '../../shared/domain/shopping-hosts.ts';
import { LOOTBOX_MESSAGES } from '../../shared/lootbox-messages.ts';
import { CartContext, type CartContextValue } from '../features/lootbox/cart-context.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { createTestProductDetail } from '../test/offer-fixtures.ts';
import { createApiTestServer } from '../test/render-app.tsx';
import { LootboxDialogSlot } from './lootbox-dialog-slot.tsx';

const server = createApiTestServer();
const AMAZON = 'https://www.amazon.in/dp/B0LOOT?th=1';

function createProduct(
  id: string,
  name: string,
  contactInfo: ProductDetail['metadata']['contactInfo'],
  links: string[] = [],
  creatorUsername = 'kavya.crafts',
): ProductDetail {
  const product = createTestProductDetail({ id, name, price: 800, creatorUsername });
  return {
    ...product,
    metadata: {
      contactInfo,
      externalLinks: links.map((url) => ({ url, platformInfo: describeStoreLink(url) })),
    },
  };
}

const kurta = createProduct(
  'kurta',
  'Indigo Kurta',
  { whatsapp: '9876543210', phone: '', email: 'kavya@example.in' },
  [AMAZON],
);
const stole = createProduct(
  'stole',
  'Silk Stole',
  { whatsapp: '12345', phone: '', email: '' },
  [],
  'ravi.home',
);

function createItem(product: ProductDetail): LootboxItem {
  return {
    productId: product.id,
    name: product.name,
    price: product.price,
    originalPrice: product.price,
    discount: 0,
    quantity: 1,
    thumbnail: '/placeholder.svg',
    fromKlip: false,
    appliedOfferId: null,
    appliedOffer: null,
    finalPrice: product.price,
    lineTotal: product.price,
    shortBy: 0,
    available: true,
    updatedAt: 0,
  };
}

function renderSlot() {
  server.respond('GET', '/api/v1/products/shared', {
    status: 200,
    body: { success: true, products: [kurta, stole], missing: [] },
  });
  const items = [createItem(kurta), createItem(stole)];
  const cart: CartContextValue = {
    status: 'ready',
    items,
    itemCount: 2,
    totalValue: 1600,
    lootboxId: 'lb-1',
    addItem: vi.fn(),
    addItems: vi.fn(),
    removeItem: vi.fn(),
    updateQuantity: vi.fn(),
    clearCart: vi.fn(),
  };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CartContext.Provider value={cart}>
        <LootboxDialogSlot open onOpenChange={vi.fn()} />
      </CartContext.Provider>
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: LOOTBOX_MESSAGES.dialogTitle(2) });
}

async function openContactOptions(dialog: HTMLElement, name: string) {
  const item = within(dialog).getByRole('checkbox', { name }).closest('li')!;
  await userEvent.click(within(item).getByRole('button', { name: /Contact options/ }));
  return item;
}

describe('the Loot Box dialog slot', () => {
  it('shows each item’s contact options with links tracked as the Loot Box’s contact and external links', async () => {
    const dialog = renderSlot();
    await within(dialog).findByRole('heading', { name: '@kavya.crafts' });
    const item = await openContactOptions(dialog, 'Indigo Kurta');

    const whatsapp = new URL(
      within(item)
        .getByRole('link', { name: /WhatsApp/ })
        .getAttribute('href')!,
    );
    expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe('https://wa.me/919876543210');
    const text = whatsapp.searchParams.get('text')!;
    const productLink = new URL(text.slice(text.indexOf('http')));
    expect(productLink.pathname).toBe('/product/kurta');
    expect(Object.fromEntries(productLink.searchParams)).toEqual({
      utm_source: 'lootklip',
      utm_medium: 'lootbox_contact',
      utm_campaign: 'lootbox_dialog',
      utm_content: 'indigo_kurta',
      ref: 'lootklip',
    });

    const gmail = new URL(within(item).getByRole('link', { name: /Email/ }).getAttribute('href')!);
    expect(gmail.searchParams.get('to')).toBe('kavya@example.in');
    expect(gmail.searchParams.get('body')).toContain('utm_medium=lootbox_contact');

    const store = new URL(
      within(item)
        .getByRole('link', { name: /Amazon/ })
        .getAttribute('href')!,
    );
    expect(`${store.origin}${store.pathname}`).toBe('https://www.amazon.in/dp/B0LOOT');
    expect(Object.fromEntries(store.searchParams)).toEqual({
      th: '1',
      utm_source: 'lootklip',
      utm_medium: 'lootbox_external',
      utm_campaign: 'lootbox_dialog',
      utm_content: 'indigo_kurta',
      ref: 'lootklip',
    });
  });

  it('tells a contact row’s problem inside the dialog, and keeps two items’ sections apart', async () => {
    const dialog = renderSlot();
    await within(dialog).findByRole('heading', { name: '@kavya.crafts' });
    const kurtaItem = await openContactOptions(dialog, 'Indigo Kurta');
    const stoleItem = await openContactOptions(dialog, 'Silk Stole');
    // Each item's 'Contact Methods' heading names its own list.
    expect(within(kurtaItem).getByRole('region', { name: 'Contact Methods' })).toBeInTheDocument();
    expect(within(stoleItem).getByRole('region', { name: 'Contact Methods' })).toBeInTheDocument();

    await userEvent.click(within(stoleItem).getByRole('button', { name: /WhatsApp/ }));
    expect(await within(dialog).findByText('Invalid WhatsApp number')).toBeInTheDocument();
  });
});
