// A seller deletes their account from /settings in a real browser against the real server
// (docs/decisions/0076-account-deletion.md): the danger zone's dialog says what goes and asks for the password; a
// wrong one is refused and keeps everything; the right one on a 375 px phone lands on the home page signed out, and
// the seller's creator page, product and photo are gone. Both sizes pass axe with the dialog open.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '../../src/shared/account-messages.ts';
import { findViolations } from './support/axe.ts';
import { createTestApi, SELLER_CONTACT, signInSeller, uploadPhoto } from './support/api.ts';
import {
  DESKTOP,
  E2E_USER,
  getPageErrors,
  openPage,
  PHONE,
  readLocation,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createPng } from './support/images.ts';

const baseUrl = inject('baseUrl');
const browser = useTestBrowser();
const api = createTestApi('198.20.76.1');
let seller: { token: string; uid: string };
let product: { id: string; photoUrl: string };

/** /settings with the danger zone's dialog open and its password field ready. */
async function openDeleteDialog(page: Page, screenshot: string) {
  await page.goto(`${baseUrl}/settings`);
  const section = page.getByRole('region', { name: M.sectionTitle });
  const open = section.getByRole('button', { name: M.openButton });
  await open.scrollIntoViewIfNeeded();
  expect(await findViolations(page)).toEqual([]);
  await saveScreenshot(page, screenshot);
  // A click Playwright makes only when nothing (the phone's tab bar) covers the button.
  await open.click();
  const dialog = page.getByRole('dialog', { name: M.dialogTitle });
  await dialog.getByLabel(M.passwordLabel).waitFor();
  return dialog;
}

beforeAll(async () => {
  seller = await signInSeller(api);
  const photo = await uploadPhoto(
    api,
    seller.token,
    await createPng(600, 600, `#${randomBytes(3).toString('hex')}`),
  );
  const created = await api('/content', {
    method: 'POST',
    token: seller.token,
    json: {
      type: 'product',
      name: 'Brass Lamp',
      price: 499,
      category: 'Home - Decor',
      images: [photo],
      ...SELLER_CONTACT,
    },
  });
  product = { id: created.product.id as string, photoUrl: created.product.images[0].url as string };
}, 120_000);

describe('deleting an account from /settings', () => {
  it('on a 1280 px desktop: the dialog says what goes, a wrong password keeps everything, Keep closes it', async () => {
    const page = await openPage(browser, DESKTOP, { signedIn: true });
    const dialog = await openDeleteDialog(page, 'account-delete-section-1280');
    await expect.poll(() => dialog.textContent()).toContain(M.dialogBody);
    expect(await findViolations(page)).toEqual([]);
    await saveScreenshot(page, 'account-delete-dialog-1280');

    await dialog.getByLabel(M.passwordLabel).fill('not my passphrase');
    await dialog.getByRole('button', { name: M.confirmButton }).click();
    await dialog.getByRole('alert').getByText(M.wrongPassword).waitFor();
    expect(await findViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: M.keepButton }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await readLocation(page)).path).toBe('/settings');
    expect((await fetch(`${baseUrl}/api/v1/products/${product.id}`)).status).toBe(200);
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('on a 375 px phone: the password deletes it, lands on / signed out, and the creator page is not found', async () => {
    const page = await openPage(browser, PHONE, { signedIn: true });
    const dialog = await openDeleteDialog(page, 'account-delete-section-375');
    expect(await findViolations(page)).toEqual([]);
    await saveScreenshot(page, 'account-delete-dialog-375');

    await dialog.getByLabel(M.passwordLabel).fill(E2E_USER.password);
    await dialog.getByRole('button', { name: M.confirmButton }).click();
    await page.getByText(M.deleted).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await readLocation(page)).path).toBe('/');
    await saveScreenshot(page, 'account-delete-done-375');
    // Signed out here: the signed-in pages send the visitor to sign in.
    await page.goto(`${baseUrl}/settings`);
    await expect.poll(async () => (await readLocation(page)).path).toMatch(/^\/auth\/login/);

    await page.goto(`${baseUrl}/profile/${seller.uid}`);
    await page.getByText('User not found').waitFor({ timeout: 20_000 });
    expect(await findViolations(page)).toEqual([]);
    await saveScreenshot(page, 'account-delete-profile-375');
    expect((await fetch(`${baseUrl}/api/v1/products/${product.id}`)).status).toBe(404);
    expect((await fetch(new URL(product.photoUrl, baseUrl))).status).toBe(404);
    // The token of the deleted account is refused at once.
    const settings = await fetch(`${baseUrl}/api/v1/settings`, {
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(settings.status).toBe(401);
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});
