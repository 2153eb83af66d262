// The Loot Box dialog (docs/product.md "Loot Box dialog") in the real browser against the real server: a signed-in
// shopper on a phone-sized screen with products of two sellers in the Loot Box opens the dialog from the header's
// dropdown ('Flick Out'), selects two items of one seller, sends one combined quote on WhatsApp (the wa.me popup's text
// carries the lines and the total), and shares the Loot Box; the link opens, signed out, on the shared Loot Box page.
// At desktop size the dialog is centred and Esc closes it.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { priceLine } from '../../src/shared/domain/offers.ts';
import { formatPrice, sumLines } from '../../src/shared/domain/pricing.ts';
import { LOOTBOX_MESSAGES, QUOTE_MESSAGES } from '../../src/shared/lootbox-messages.ts';
import {
  DESKTOP,
  E2E_USER,
  getPageErrors,
  launchBrowser,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createSeller, createTestApi, signInSeller, uploadPhoto } from './support/api.ts';
import { createPng } from './support/images.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const api = createTestApi('198.51.100.14');
const browser = useTestBrowser();

const KAVYA = { username: `kavya.loot.${suffix}`, fullName: 'Kavya Crafts' };
const RAVI = { username: `ravi.loot.${suffix}`, fullName: 'Ravi Home' };
const SAREE = { name: `Silk Saree ${suffix}`, price: 2400, discount: 10 };
const DUPATTA = { name: `Cotton Dupatta ${suffix}`, price: 650, discount: 0 };
const LAMP = { name: `Clay Lamp ${suffix}`, price: 300, discount: 0 };
const products: { id: string; name: string; price: number; discount: number }[] = [];

async function createProduct(token: string, photo: string, product: typeof SAREE, contact: object) {
  const { product: created } = await api('/content', {
    method: 'POST',
    token,
    json: {
      type: 'product',
      description: 'Made by hand, shipped from the workshop.',
      category: 'Fashion - Women',
      images: [photo],
      contactInfo: contact,
      ...product,
    },
  });
  products.push({ id: created.id as string, ...product });
}

beforeAll(async () => {
  const kavya = await createSeller(api, KAVYA);
  const photo = await uploadPhoto(api, kavya.token, await createPng(600, 600, '#81b29a'));
  const kavyaContact = { whatsapp: '98765 43210', email: `${KAVYA.username}@example.in` };
  await createProduct(kavya.token, photo, SAREE, kavyaContact);
  await createProduct(kavya.token, photo, DUPATTA, kavyaContact);
  const ravi = await createSeller(api, RAVI);
  const raviPhoto = await uploadPhoto(api, ravi.token, await createPng(600, 600, '#e07a5f'));
  await createProduct(ravi.token, raviPhoto, LAMP, { phone: '9123456789' });
});

/** Puts the three products in the signed-in shopper's Loot Box through the API (E2E_USER exists once signed in). */
async function fillLootbox() {
  const { token } = await signInSeller(api);
  const { lootboxes } = await api('/lootbox?status=active', { token });
  const items = products.map((product) => ({ productId: product.id, quantity: 1 }));
  const [active] = lootboxes as { id: string; version: number }[];
  if (active) await api(`/lootbox/${active.id}`, { method: 'PUT', token, json: { items } });
  else await api('/lootbox', { method: 'POST', token, json: { items } });
}

/** The width and height fixed elements lay out in: the window less the scroll-bar gutter. */
/**
 * The box a fixed element fills (inset 0), measured while the dialog is open: the page keeps its scrollbar's
 * gutter (scrollbar-gutter: stable) when the dialog locks scrolling, so on a browser with classic scrollbars the
 * window is wider than what a full-screen layer can cover.
 */
function readLayoutViewport(page: Page) {
  return page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.cssText = 'position:fixed;inset:0;visibility:hidden;pointer-events:none';
    document.body.append(probe);
    const { width, height } = probe.getBoundingClientRect();
    probe.remove();
    return { width, height };
  });
}

/** The header's Loot Box button, its dropdown's Flick Out, and the dialog. */
async function openLootboxDialog(page: Page) {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: /^Loot Box/ }).click();
  await page
    .getByRole('button', { name: LOOTBOX_MESSAGES.flickOut })
    .or(page.getByRole('menuitem', { name: LOOTBOX_MESSAGES.flickOut }))
    .click();
  const dialog = page.getByRole('dialog', { name: LOOTBOX_MESSAGES.dialogTitle(products.length) });
  await dialog.waitFor();
  return dialog;
}

describe('the Loot Box dialog end to end', () => {
  let shareLink = '';

  it('sends one combined quote for two items of one seller on WhatsApp at phone size', async () => {
    const page = await openPage(browser, PHONE, { signedIn: true });
    await fillLootbox();
    const dialog = await openLootboxDialog(page);

    // A full-screen sheet on a phone: all of the layout viewport (the page keeps a scroll-bar gutter).
    const box = await dialog.boundingBox();
    const viewport = await readLayoutViewport(page);
    expect(box).toMatchObject({ x: 0, y: 0, width: viewport.width, height: viewport.height });

    await dialog.getByRole('heading', { name: `@${KAVYA.username}` }).waitFor();
    await dialog.getByRole('heading', { name: `@${RAVI.username}` }).waitFor();
    await saveScreenshot(page, 'phone-lootbox-dialog');

    // Two sellers selected: no quote.
    const [saree, dupatta, lamp] = products as [
      (typeof products)[0],
      (typeof products)[0],
      (typeof products)[0],
    ];
    await dialog.getByRole('checkbox', { name: saree.name }).check();
    await dialog.getByRole('checkbox', { name: lamp.name }).check();
    await dialog.getByText(QUOTE_MESSAGES.sameSeller).waitFor();
    expect(await dialog.getByRole('button', { name: LOOTBOX_MESSAGES.requestQuote }).isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: lamp.name }).uncheck();

    // One seller: the saree at 2 (the dialog's quantity) and the dupatta.
    await dialog.getByRole('checkbox', { name: dupatta.name }).check();
    await dialog.getByRole('button', { name: LOOTBOX_MESSAGES.increaseQuantity(saree.name) }).click();
    await dialog.getByRole('button', { name: LOOTBOX_MESSAGES.requestQuote }).click();

    const form = dialog.getByRole('form', { name: LOOTBOX_MESSAGES.requestQuote });
    // Nothing opens for a bad phone number.
    const pagesBefore = browser.context.pages().length;
    await form.getByLabel(QUOTE_MESSAGES.nameLabel).fill('Meera Iyer');
    await form.getByLabel(QUOTE_MESSAGES.emailLabel).fill(E2E_USER.email);
    await form.getByLabel(QUOTE_MESSAGES.phoneLabel).fill('12345');
    await form.getByRole('button', { name: QUOTE_MESSAGES.send }).click();
    await form.getByText('Invalid phone number').waitFor();
    expect(browser.context.pages()).toHaveLength(pagesBefore);

    await form.getByLabel(QUOTE_MESSAGES.phoneLabel).fill('98200 12345');
    await form.getByLabel(QUOTE_MESSAGES.additionalInfoLabel).fill('Delivery to Pune, please.');
    await saveScreenshot(page, 'phone-lootbox-quote-form');

    // WhatsApp is not reachable from the test machine: the popup's request is answered here.
    await browser.context.route('https://wa.me/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    );
    const popupOpened = browser.context.waitForEvent('page');
    await form.getByRole('button', { name: QUOTE_MESSAGES.send }).click();
    const popup = await popupOpened;
    await popup.waitForURL(/^https:\/\/wa\.me\//);
    const url = new URL(popup.url());
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/919876543210');
    const text = url.searchParams.get('text') ?? '';
    const sareeLine = priceLine(saree, null, 2);
    const dupattaLine = priceLine(dupatta, null, 1);
    expect(text).toContain(
      QUOTE_MESSAGES.line(
        1,
        saree.name,
        2,
        formatPrice(sareeLine.unit.finalPrice),
        formatPrice(sareeLine.lineTotal),
      ),
    );
    expect(text).toContain(
      QUOTE_MESSAGES.line(
        2,
        dupatta.name,
        1,
        formatPrice(dupattaLine.unit.finalPrice),
        formatPrice(dupattaLine.lineTotal),
      ),
    );
    expect(text).toContain(QUOTE_MESSAGES.totalValue(formatPrice(sumLines([sareeLine, dupattaLine]))));
    expect(text).toContain(`${baseUrl}/product/${saree.id}?utm_source=lootklip&utm_medium=quote_request`);
    expect(text).toContain('Name: Meera Iyer');
    expect(text).toContain('Phone: 98200 12345');
    expect(text).not.toContain(lamp.name);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    await browser.context.unroute('https://wa.me/**');

    await page.getByText(QUOTE_MESSAGES.redirectingWhatsApp).waitFor();
    // Back on the list.
    await dialog.getByRole('button', { name: LOOTBOX_MESSAGES.requestQuote }).waitFor();

    // Share Lootbox: the tracked link and the summary.
    await dialog.getByRole('tab', { name: LOOTBOX_MESSAGES.shareLootbox }).click();
    shareLink = await dialog.getByLabel(LOOTBOX_MESSAGES.shareLinkLabel).inputValue();
    const link = new URL(shareLink);
    expect(link.pathname).toBe('/shared-lootbox');
    expect(link.searchParams.get('products')).toBe(products.map((product) => product.id).join(','));
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      utm_source: 'lootklip',
      utm_medium: 'lootbox_share',
      utm_content: String(products.length),
      ref: 'lootklip',
    });
    const total = sumLines(products.map((product) => priceLine(product, null, 1)));
    expect(await dialog.textContent()).toContain(formatPrice(total));
    await saveScreenshot(page, 'phone-lootbox-share');
    expect(getPageErrors(page)).toEqual([]);
  });

  it('opens the shared link in a signed-out browser on the shared Loot Box page', async () => {
    expect(shareLink).not.toBe('');
    const signedOut = await launchBrowser();
    try {
      const page = await signedOut.context.newPage();
      await page.setViewportSize(PHONE);
      await page.goto(shareLink);
      expect(new URL(page.url()).pathname).toBe('/shared-lootbox');
      for (const product of products) await page.getByText(product.name).first().waitFor();
      await saveScreenshot(page, 'phone-shared-lootbox-signed-out');
    } finally {
      await signedOut.close();
    }
  });

  it('is a centred dialog at desktop size that Esc closes', async () => {
    const page = await openPage(browser, DESKTOP, { signedIn: true });
    const dialog = await openLootboxDialog(page);
    const box = await dialog.boundingBox();
    const viewport = await readLayoutViewport(page);
    expect(box?.width).toBeLessThan(viewport.width);
    expect(Math.abs((box?.x ?? 0) * 2 + (box?.width ?? 0) - viewport.width)).toBeLessThanOrEqual(2);
    expect(Math.abs((box?.y ?? 0) * 2 + (box?.height ?? 0) - viewport.height)).toBeLessThanOrEqual(2);
    await dialog.getByRole('heading', { name: `@${KAVYA.username}` }).waitFor();
    await saveScreenshot(page, 'desktop-lootbox-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(getPageErrors(page)).toEqual([]);
  });
});
