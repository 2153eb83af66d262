// A seller's figures move with what a shopper does (docs/product.md "Dashboard", "Analytics"; decisions 0064 to
// 0067), in a real browser against the real server: a shopper who accepted analytics views a product, taps WhatsApp
// in the contact dialog and adds the product to the Loot Box; the seller then signs in on a 375 px phone and reads
// one product view, one WhatsApp contact and one Loot Box add on the dashboard.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { CONSENT_MESSAGES } from '../../src/shared/consent-messages.ts';
import { LOOTBOX_MESSAGES } from '../../src/shared/lootbox-messages.ts';
import { DASHBOARD_PAGE_MESSAGES as M } from '../../src/client/features/dashboard/dashboard-messages.ts';
import { createSeller, createTestApi, SELLER_CONTACT, uploadPhoto } from './support/api.ts';
import {
  getPageErrors,
  launchBrowser,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createPng } from './support/images.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const browser = useTestBrowser();
const api = createTestApi('198.20.9.31');
const seller = { username: `figures.${suffix}`, fullName: 'Kavya Menon' };
const PASSWORD = 'a long passphrase';
let sellerToken = '';
let productId = '';

beforeAll(async () => {
  ({ token: sellerToken } = await createSeller(api, seller));
  const photo = await uploadPhoto(api, sellerToken, await createPng(600, 600, '#0f766e'));
  const { product } = await api('/content', {
    method: 'POST',
    token: sellerToken,
    json: {
      type: 'product',
      name: `Kanjivaram Silk Saree ${suffix}`,
      price: 8999,
      category: 'Fashion - Women',
      images: [photo],
      ...SELLER_CONTACT,
    },
  });
  productId = product.id as string;
}, 120_000);

/** The seller's figures for the last 7 days, as the dashboard's API answers them. */
async function readTotals() {
  const stats = await api('/dashboard/stats?period=7d', { token: sellerToken });
  return {
    productViews: stats.totals.productViews.current as number,
    lootboxAdds: stats.totals.lootboxAdds.current as number,
    whatsapp: stats.contactsByChannel.whatsapp.current as number,
  };
}

/** The number a stat card shows. */
const readCard = (page: Page, key: string) => page.locator(`[data-stat="${key}"]`).textContent();

describe("a seller's figures", () => {
  it('move after a shopper who accepted analytics views a product, taps WhatsApp and adds it to the Loot Box', async () => {
    expect(await readTotals()).toEqual({ productViews: 0, lootboxAdds: 0, whatsapp: 0 });

    // The shopper: first visit, Accept All, then the product.
    const shopper = await openPage(browser, PHONE, { signedIn: true, consent: 'ask' });
    await shopper.goto(`${baseUrl}/`);
    await shopper.getByRole('button', { name: CONSENT_MESSAGES.acceptAll }).click();
    await shopper.goto(`${baseUrl}/product/${productId}`);
    await shopper.getByRole('button', { name: 'Loot Now' }).click();
    const dialog = shopper.getByRole('dialog', { name: 'Contact Shop Star' });
    const popupOpened = shopper.waitForEvent('popup');
    await dialog.getByRole('link', { name: /WhatsApp/ }).click();
    await (await popupOpened).close();
    await shopper.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await shopper.getByRole('button', { name: LOOTBOX_MESSAGES.addToLoot }).click();
    await shopper.getByText(LOOTBOX_MESSAGES.added).waitFor();
    // Leaving sends what is queued (a beacon on page hide).
    await shopper.goto(`${baseUrl}/offers`);
    await expect
      .poll(readTotals, { timeout: 20_000 })
      .toEqual({ productViews: 1, lootboxAdds: 1, whatsapp: 1 });
    expect(getPageErrors(shopper)).toEqual([]);
    await shopper.close();

    // The seller signs in on a phone of their own (a browser profile that shares nothing with the shopper's) and
    // reads them on the dashboard.
    const sellerPhone = await launchBrowser();
    onTestFinished(() => sellerPhone.close());
    const page = await openPage(sellerPhone, PHONE);
    await page.goto(`${baseUrl}/auth/login`);
    await page.getByLabel('Email').fill(`${seller.username}@example.in`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('region', { name: M.statsHeading }).waitFor({ timeout: 20_000 });
    await expect.poll(() => readCard(page, 'productViews')).toBe('1');
    expect(await readCard(page, 'lootboxAdds')).toBe('1');
    expect(await readCard(page, 'contactClicks')).toBe('1');
    await saveScreenshot(page, 'seller-figures-375');
    expect(getPageErrors(page)).toEqual([]);
  });
});
