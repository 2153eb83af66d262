// 'Contact Shop Star' in a real browser against the real server: a product with WhatsApp, phone, e-mail and three
// store links (two built-in hosts and one that cannot be resolved), and a product with only a store link. A product
// without any way to reach its seller can no longer be created (decision 0046); the dialog's empty state, for rows
// stored before that rule, is shown by contact-dialog.test.tsx.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createSeller, createTestApi, uploadPhoto } from './support/api.ts';
import { createPng } from './support/images.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const browser = useTestBrowser();
const AMAZON = 'https://www.amazon.in/dp/B0CONTACT?th=1';
const FLIPKART = 'https://www.flipkart.com/indigo-kurta/p/itm0contact';
// .invalid never resolves (RFC 2606), so the server's preview fails whatever the network.
const UNKNOWN = `https://shop-${suffix}.kavya-crafts.invalid/kurta`;
const PRODUCT_NAME = `Indigo Block Print Kurta ${suffix}`;
let contactable: { id: string };
let storeOnly: { id: string };

const api = createTestApi('198.20.1.1');

async function createProduct(token: string, body: Record<string, unknown>) {
  const { product } = await api('/content', {
    method: 'POST',
    token,
    json: {
      type: 'product',
      description: 'Hand block printed in Jaipur with natural indigo.',
      price: 1450,
      category: 'Fashion - Women',
      ...body,
    },
  });
  return product as { id: string };
}

beforeAll(async () => {
  const { token } = await createSeller(api, { username: `contact.${suffix}`, fullName: 'Kavya Crafts' });
  const photo = await uploadPhoto(api, token, await createPng(800, 800, '#3d405b'));
  contactable = await createProduct(token, {
    name: PRODUCT_NAME,
    images: [photo],
    contactInfo: { whatsapp: '98765 43210', phone: '+91 70000 12345', email: `contact.${suffix}@example.in` },
    externalLinks: [{ url: AMAZON }, { url: FLIPKART }, { url: UNKNOWN }],
  });
  storeOnly = await createProduct(token, {
    name: `Plain Cotton Dupatta ${suffix}`,
    images: [photo],
    externalLinks: [{ url: FLIPKART }],
  });
});

async function openContactDialog(page: Page, productId: string) {
  await page.goto(`${baseUrl}/product/${productId}`);
  await page.getByRole('button', { name: 'Loot Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Shop Star' });
  await dialog.waitFor();
  return dialog;
}

function readTracking(href: string | null) {
  const url = new URL(href ?? '');
  return { page: `${url.origin}${url.pathname}`, params: Object.fromEntries(url.searchParams) };
}

const TRACKING = {
  utm_source: 'lootklip',
  utm_medium: 'lootbox_external',
  utm_campaign: 'product_contact',
  utm_content: `indigo_block_print_kurta_${suffix}`, // 30 characters, the most utm_content keeps
  ref: 'lootklip',
};

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('contact dialog at %s size', (name, viewport) => {
  it('shows the contact methods and the store links with previews and tracking', async () => {
    const page = await openPage(browser, viewport);
    const consoleErrors: string[] = [];
    page.on('console', (entry) => {
      if (entry.type() === 'error') consoleErrors.push(entry.text());
    });
    const unknownPreview = page.waitForResponse(
      (response) =>
        response.url().includes('/api/v1/link-preview') &&
        new URL(response.url()).searchParams.get('url') === UNKNOWN,
    );
    const dialog = await openContactDialog(page, contactable.id);
    await dialog.getByText(`Choose how you'd like to connect about "${PRODUCT_NAME}".`).waitFor();

    const whatsapp = await dialog.getByRole('link', { name: /WhatsApp/ }).getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
    const message = new URL(whatsapp ?? '').searchParams.get('text') ?? '';
    expect(message).toContain(`"${PRODUCT_NAME}"`);
    expect(message).toContain(
      `${baseUrl}/product/${contactable.id}?utm_source=lootklip&utm_medium=lootbox_contact`,
    );
    expect(await dialog.getByRole('link', { name: /Phone/ }).getAttribute('href')).toBe('tel:+917000012345');
    const email = new URL((await dialog.getByRole('link', { name: /Email/ }).getAttribute('href')) ?? '');
    expect(email.origin).toBe('https://mail.google.com');
    expect(email.searchParams.get('to')).toBe(`contact.${suffix}@example.in`);

    await dialog.getByText('3 link(s) available').waitFor();
    const amazon = dialog.getByRole('link', { name: /Amazon/ });
    const flipkart = dialog.getByRole('link', { name: /Flipkart/ });
    for (const [link, store] of [
      [amazon, 'https://www.amazon.in/dp/B0CONTACT'],
      [flipkart, 'https://www.flipkart.com/indigo-kurta/p/itm0contact'],
    ] as const) {
      const { page: target, params } = readTracking(await link.getAttribute('href'));
      expect(target).toBe(store);
      expect(params).toMatchObject(TRACKING);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect((await link.getAttribute('rel'))?.split(' ')).toEqual(
        expect.arrayContaining(['noopener', 'noreferrer']),
      );
    }
    expect(readTracking(await amazon.getAttribute('href')).params.th).toBe('1');
    // Built-in icons come from our own origin and load under the page's CSP.
    const iconWidths = await dialog
      .locator('img')
      .evaluateAll((images) =>
        images.map((image) => [(image as HTMLImageElement).src, (image as HTMLImageElement).naturalWidth]),
      );
    expect(iconWidths).toEqual([
      [`${baseUrl}/shopping-hosts/amazon.svg`, expect.any(Number)],
      [`${baseUrl}/shopping-hosts/flipkart.svg`, expect.any(Number)],
    ]);
    for (const [, width] of iconWidths) expect(width).toBeGreaterThan(0);

    // The unknown host's preview fails (its name does not resolve); the row shows the host instead, and the
    // browser logs no error for it (the answer is a 200 saying so, decision 0053b).
    expect((await (await unknownPreview).json()).status).toBe('failed');
    const unknown = dialog.getByRole('link', { name: new RegExp(`shop-${suffix}\\.kavya-crafts\\.invalid`) });
    expect(await unknown.textContent()).toContain(`shop-${suffix}.kavya-crafts.invalid/kurta`);
    expect(readTracking(await unknown.getAttribute('href')).params).toMatchObject(TRACKING);
    expect(consoleErrors).toEqual([]);
    await saveScreenshot(page, `${name}-contact-dialog-links`);

    // A store link opens in a new tab, tracked, with no way back into our page.
    await browser.context.route('https://www.amazon.in/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Amazon.in</title>' }),
    );
    const popupOpened = page.waitForEvent('popup');
    await amazon.click();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    expect(readTracking(popup.url())).toEqual(readTracking(await amazon.getAttribute('href')));
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    await browser.context.unroute('https://www.amazon.in/**');
    await dialog.getByText('Opening Amazon...').waitFor();
    expect(await amazon.getAttribute('aria-busy')).toBe('true');
    await saveScreenshot(page, `${name}-contact-dialog-opening`);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Loot Now');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('offers the store link of a product with no other way to reach its seller', async () => {
    const page = await openPage(browser, viewport);
    const dialog = await openContactDialog(page, storeOnly.id);
    await dialog.getByRole('link', { name: /Flipkart/ }).waitFor();
    expect(await dialog.getByText('No Contact Methods Available').count()).toBe(0);
    await saveScreenshot(page, `${name}-contact-dialog-store-only`);
    await page.close();
  });
});
