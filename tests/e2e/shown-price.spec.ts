// docs/product.md "Shown price" (decision 0052) in the real browser against the real server: one product with an
// offer running walks every surface. Unclaimed (the Hot Deals card, the link preview, the product page) it is at its
// own price with the offer beside; claimed on its page and added to the Loot Box, it is at the offer's price in the
// dropdown, the dialog (the same badge), the shared Loot Box its link opens and the quote's text. The offer's
// label never repeats the discount its title already says.
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { formatPrice } from '../../src/shared/domain/pricing.ts';
import { calculateShownPrice, formatBelowListBadge } from '../../src/shared/domain/shown-price.ts';
import { LOOTBOX_MESSAGES, QUOTE_MESSAGES } from '../../src/shared/lootbox-messages.ts';
import { OFFER_MESSAGES } from '../../src/shared/offer-messages.ts';
import {
  DESKTOP,
  E2E_USER,
  getPageErrors,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createSeller, createTestApi } from './support/api.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const api = createTestApi('198.51.100.52');
const browser = useTestBrowser();

const PRODUCT = { name: `Travel Charger ${suffix}`, price: 1499, discount: 20 };
const OFFER = { title: `15% off chargers ${suffix}`, discountType: 'percentage', discountValue: 15 } as const;
// ₹1,499 at 20 % off is ₹1,199.20; claimed, the offer takes it to ₹1,019.32 (32 % below the list price).
const own = calculateShownPrice(PRODUCT, OFFER, false);
const claimed = calculateShownPrice(PRODUCT, OFFER, true);
const OWN_PRICE = formatPrice(own.line.unit.finalPrice);
const OFFER_PRICE = formatPrice(claimed.line.unit.finalPrice);
const CLAIMED_BADGE = formatBelowListBadge(claimed.line.unit)!;
let productId = '';

beforeAll(async () => {
  const seller = await createSeller(api, { username: `charge.${suffix}`, fullName: 'Arjun Power' });
  const { product } = await api('/content', {
    method: 'POST',
    token: seller.token,
    json: {
      type: 'product',
      category: 'Electronics - Phones',
      contactInfo: { whatsapp: '9876543210' },
      ...PRODUCT,
    },
  });
  productId = product.id as string;
  await api('/content', {
    method: 'POST',
    token: seller.token,
    json: { type: 'offer', status: 'active', metadata: { ...OFFER, products: [productId] } },
  });
});

/** The text of what matches, once it shows. */
async function textOf(locator: Locator): Promise<string> {
  await locator.waitFor();
  return (await locator.textContent()) ?? '';
}

describe('one price for one product in one state', () => {
  it('walks the product through every surface, unclaimed and then claimed', async () => {
    expect([OWN_PRICE, OFFER_PRICE, CLAIMED_BADGE]).toEqual(['₹1,199.20', '₹1,019.32', '32% off']);
    const page = await openPage(browser, DESKTOP, { signedIn: true });

    // Unclaimed. Hot Deals: its own price, the offer's beside.
    await page.goto(`${baseUrl}/`);
    const deals = page.getByRole('region', { name: 'Hot Deals' });
    const card = await textOf(deals.getByRole('article', { name: PRODUCT.name }));
    expect(card).toContain(OWN_PRICE);
    expect(card).toContain(OFFER_MESSAGES.priceWithOffer(OFFER_PRICE));
    await page.setViewportSize(PHONE);
    await deals.getByRole('article', { name: PRODUCT.name }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'phone-shown-price-hot-deal');
    await page.setViewportSize(DESKTOP);
    // The link preview says the same.
    const html = await fetch(`${baseUrl}/product/${productId}`).then((response) => response.text());
    expect(html).toContain(`${OWN_PRICE} (was ₹1,499) · Offer to claim: ${OFFER.title}, ${OFFER_PRICE}`);
    // The product page: the price, and the offer to claim with its price; the label does not repeat "15% off".
    await page.goto(`${baseUrl}/product/${productId}`);
    const price = page.getByRole('region', { name: 'Price' });
    expect(await textOf(price)).toContain(OWN_PRICE);
    const offer = page.getByRole('region', { name: 'Offer' });
    expect(await textOf(offer)).toContain(OFFER_MESSAGES.priceWithOffer(OFFER_PRICE));
    expect(await offer.getByText(OFFER.title, { exact: true }).count()).toBe(1);
    await saveScreenshot(page, 'desktop-shown-price-unclaimed');

    // Claimed on the page, then added: the offer's price everywhere the item goes.
    await offer.getByRole('button', { name: OFFER_MESSAGES.claimOffer }).click();
    await price.getByText(OFFER_PRICE).waitFor();
    await page.getByRole('button', { name: LOOTBOX_MESSAGES.addToLoot }).click();
    await page.getByRole('button', { name: LOOTBOX_MESSAGES.lootBoxWithCount(1) }).click();
    const dropdownLine = page.getByRole('listitem', { name: PRODUCT.name });
    expect(await textOf(dropdownLine)).toContain(OFFER_PRICE);
    expect(await dropdownLine.getByTestId('discount-badge').textContent()).toBe(CLAIMED_BADGE);
    await page.getByRole('button', { name: LOOTBOX_MESSAGES.flickOut }).click();
    const dialog = page.getByRole('dialog', { name: LOOTBOX_MESSAGES.dialogTitle(1) });
    const dialogLine = dialog.getByRole('listitem').filter({ hasText: PRODUCT.name });
    expect(await textOf(dialogLine)).toContain(OFFER_PRICE);
    expect(await dialogLine.getByTestId('discount-badge').textContent()).toBe(CLAIMED_BADGE);
    await saveScreenshot(page, 'desktop-shown-price-dialog');

    // The quote's text.
    await dialog.getByRole('checkbox', { name: PRODUCT.name }).check();
    await dialog.getByRole('button', { name: LOOTBOX_MESSAGES.requestQuote }).click();
    const form = dialog.getByRole('form', { name: LOOTBOX_MESSAGES.requestQuote });
    await form.getByLabel(QUOTE_MESSAGES.nameLabel).fill('Meera Iyer');
    await form.getByLabel(QUOTE_MESSAGES.emailLabel).fill(E2E_USER.email);
    await form.getByLabel(QUOTE_MESSAGES.phoneLabel).fill('98200 12345');
    await browser.context.route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    );
    const popupOpened = browser.context.waitForEvent('page');
    await form.getByRole('button', { name: QUOTE_MESSAGES.send }).click();
    const popup = await popupOpened;
    await popup.waitForURL(/^https:\/\/wa\.me\//);
    expect(new URL(popup.url()).searchParams.get('text')).toContain(
      QUOTE_MESSAGES.line(1, PRODUCT.name, 1, OFFER_PRICE, OFFER_PRICE),
    );
    await popup.close();
    await browser.context.unroute('https://wa.me/**');

    // The shared Loot Box its link opens, signed out too: the claim travels in the link.
    await dialog.getByRole('tab', { name: LOOTBOX_MESSAGES.shareLootbox }).click();
    const link = await dialog.getByLabel('Lootbox link').inputValue();
    const shared = await openPage(browser, DESKTOP);
    await shared.goto(link);
    const sharedLine = shared.getByRole('listitem', { name: PRODUCT.name });
    expect(await textOf(sharedLine)).toContain(OFFER_PRICE);
    expect(await shared.getByTestId('shared-total').textContent()).toBe(OFFER_PRICE);
    expect(getPageErrors(page)).toEqual([]);
    expect(getPageErrors(shared)).toEqual([]);
    await shared.close();
    await page.close();
  });
});
