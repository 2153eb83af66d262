// whoCanContactMe in a real browser against the real server (decision 0071): a seller with WhatsApp,
// phone and a store link sets it to nobody (PATCH /api/v1/settings/privacy), and a signed-in shopper on a 375 px
// phone no longer gets the contact rows on the product page: the page and the contact dialog say the seller is not
// taking contacts, the store link stays. Axe finds nothing serious at 375 and 1280 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PRIVACY_MESSAGES } from '../../src/shared/privacy-messages.ts';
import { findViolations } from './support/axe.ts';
import { createSeller, createTestApi, uploadPhoto } from './support/api.ts';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createPng } from './support/images.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const browser = useTestBrowser();
const api = createTestApi('198.25.2.1');
let seller: { token: string; uid: string };
let productId: string;

async function setContactAudience(audience: 'everyone' | 'signedIn' | 'nobody') {
  await api('/settings/privacy', {
    method: 'PATCH',
    token: seller.token,
    json: { whoCanContactMe: audience },
  });
}

async function openContactDialog(page: Page) {
  await page.goto(`${baseUrl}/product/${productId}`);
  await page.getByRole('button', { name: 'Loot Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Shop Star' });
  await dialog.waitFor();
  return dialog;
}

beforeAll(async () => {
  seller = await createSeller(api, { username: `quiet.${suffix}`, fullName: 'Quiet Looms' });
  const photo = await uploadPhoto(api, seller.token, await createPng(800, 800, '#81b29a'));
  const { product } = await api('/content', {
    method: 'POST',
    token: seller.token,
    json: {
      type: 'product',
      name: `Handloom Cotton Saree ${suffix}`,
      description: 'Woven on a pit loom in Chanderi.',
      price: 2400,
      category: 'Fashion - Women',
      images: [photo],
      contactInfo: { whatsapp: '98765 43210', phone: '+91 70000 12345' },
      externalLinks: [{ url: 'https://www.amazon.in/dp/B0QUIET' }],
    },
  });
  productId = product.id as string;
});

describe('a seller who is not taking contacts', () => {
  it('shows a shopper the contact rows while the seller takes contacts from everyone', async () => {
    await setContactAudience('everyone');
    const page = await openPage(browser, PHONE, { signedIn: true });
    const dialog = await openContactDialog(page);
    await dialog.getByRole('heading', { name: 'Contact Methods' }).waitFor();
    expect(await dialog.getByText('WhatsApp', { exact: true }).count()).toBe(1);
    expect(await page.getByTestId('contacts-hidden').count()).toBe(0);
    await page.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    'says so instead of the contact rows once whoCanContactMe is nobody (%s)',
    async (name, viewport) => {
      await setContactAudience('nobody');
      const page = await openPage(browser, viewport, { signedIn: true });
      await page.goto(`${baseUrl}/product/${productId}`);
      const note = page.getByTestId('contacts-hidden');
      await note.waitFor();
      expect(await note.textContent()).toBe(PRIVACY_MESSAGES.notTakingContacts);
      expect(await findViolations(page)).toEqual([]);
      await saveScreenshot(page, `privacy-contacts-hidden-${name}`);
      const dialog = await openContactDialog(page);
      await dialog.getByText(PRIVACY_MESSAGES.notTakingContacts).waitFor();
      expect(await dialog.getByRole('heading', { name: 'Contact Methods' }).count()).toBe(0);
      expect(await dialog.getByText('WhatsApp', { exact: true }).count()).toBe(0);
      expect(await dialog.getByText('Buy on Other Platforms').count()).toBe(1);
      expect(await findViolations(page)).toEqual([]);
      await saveScreenshot(page, `privacy-contacts-dialog-${name}`);
      expect(getPageErrors(page)).toEqual([]);
      await page.close();
    },
  );
});
