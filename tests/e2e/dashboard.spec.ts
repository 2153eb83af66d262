// The seller's dashboard in a real browser against the real server (docs/product.md "Dashboard"): a seller with a
// product made through the API opens /dashboard on a 375 px phone and on a 1280 px desktop, sees the product
// listed, the figures and the chart (drawn by uPlot on a canvas with an accessible name), switches the period with
// the keyboard, passes axe, and deletes the product from the dashboard after the confirmation.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DASHBOARD_PAGE_MESSAGES as M } from '../../src/client/features/dashboard/dashboard-messages.ts';
import { findViolations } from './support/axe.ts';
import { createTestApi, SELLER_CONTACT, uploadPhoto } from './support/api.ts';
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
const suffix = Math.random().toString(36).slice(2, 7);
const browser = useTestBrowser();
const api = createTestApi('198.20.9.24');
const PRODUCT_NAME = `Terracotta Planter ${suffix}`;
let seller: { token: string; uid: string };
let productId = '';

/** E2E_USER's token, for the API calls that set the test up: the browser signs in as the same seller. */
async function signInSeller(): Promise<{ token: string; uid: string }> {
  const credentials = { email: E2E_USER.email, password: E2E_USER.password };
  const answer = await api('/auth/sign-in', { method: 'POST', json: credentials }).catch(() =>
    api('/auth/sign-up', { method: 'POST', json: E2E_USER }),
  );
  return { token: answer.data.idToken as string, uid: answer.data.user.uid as string };
}

/** The dashboard with its figures and listings loaded. */
async function openDashboard(page: Page, search = ''): Promise<void> {
  await page.goto(`${baseUrl}/dashboard${search}`);
  await page.getByRole('heading', { level: 1, name: M.title }).waitFor();
  await page.getByRole('region', { name: M.statsHeading }).waitFor({ timeout: 20_000 });
  await page.getByRole('list', { name: M.sections.products }).waitFor({ timeout: 20_000 });
}

/** The product's row, after Load more as often as it takes (other tests list products for the same seller). */
async function findProductRow(page: Page) {
  const row = page.locator(`li[data-item-id="${productId}"]`);
  const more = page.getByRole('button', { name: M.loadMore });
  while ((await row.count()) === 0 && (await more.count()) > 0) {
    await more.click();
    await expect.poll(() => more.textContent()).not.toBe(M.loadingMore);
  }
  return row;
}

beforeAll(async () => {
  // Signed in once in a browser first, so that E2E_USER exists; the page is closed again.
  const first = await openPage(browser, PHONE, { signedIn: true });
  await first.close();
  seller = await signInSeller();
  const photo = await uploadPhoto(api, seller.token, await createPng(600, 600, '#c2410c'));
  const { product } = await api('/content', {
    method: 'POST',
    token: seller.token,
    json: {
      type: 'product',
      name: PRODUCT_NAME,
      price: 749,
      category: 'Home - Decor',
      images: [photo],
      ...SELLER_CONTACT,
    },
  });
  productId = product.id as string;
}, 120_000);

describe('the dashboard', () => {
  it('on a 375 px phone: one column, the product listed, the period switched by keyboard, no axe violation', async () => {
    const page = await openPage(browser, PHONE, { signedIn: true });
    await openDashboard(page);
    await page.getByText(`Welcome back, ${E2E_USER.fullName}`).waitFor();
    const row = await findProductRow(page);
    await row.getByText(PRODUCT_NAME).waitFor();
    expect(await row.textContent()).toContain('₹749');

    // One column: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The chart is drawn, and named for screen readers.
    await page
      .getByRole('img', { name: /Daily views and contact clicks/ })
      .locator('canvas')
      .first()
      .waitFor();

    expect(await findViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'dash-375');
    // Instantly, not smoothly, so the screenshot shows where it ends.
    const scrollTo = (target: ReturnType<Page['locator']>) =>
      target.evaluate((element) => element.scrollIntoView({ block: 'start', behavior: 'instant' }));
    await scrollTo(page.getByRole('region', { name: M.chartHeading }));
    await saveScreenshot(page, 'dash-375-chart');
    await scrollTo(page.getByRole('region', { name: M.itemsHeading }));
    await saveScreenshot(page, 'dash-375-listings');

    // The period switch: arrow keys move and choose, and the URL keeps it.
    await page.getByRole('radio', { name: M.periods['7d'] }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await readLocation(page)).path).toBe('/dashboard?period=30d');
    await expect
      .poll(() => page.getByRole('radio', { name: M.periods['30d'] }).getAttribute('aria-checked'))
      .toBe('true');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('on a 1280 px desktop: the product is deleted from the dashboard after the confirmation', async () => {
    const page = await openPage(browser, DESKTOP, { signedIn: true });
    await openDashboard(page, '?period=30d');
    const row = await findProductRow(page);
    await row.getByText(PRODUCT_NAME).waitFor();
    await page
      .getByRole('img', { name: /Daily views and contact clicks/ })
      .locator('canvas')
      .first()
      .waitFor();
    // Two columns: the listings and the shop-star card side by side.
    const listings = await page.getByRole('region', { name: M.itemsHeading }).boundingBox();
    const shopstar = await page.getByRole('region', { name: M.shopstarHeading }).boundingBox();
    expect(shopstar!.x).toBeGreaterThan(listings!.x + listings!.width - 1);
    expect(await findViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'dash-1280');

    await row.getByRole('button', { name: M.deleteLabel(PRODUCT_NAME) }).click();
    const dialog = page.getByRole('alertdialog', { name: M.deleteTitle(PRODUCT_NAME) });
    await dialog.getByText(M.deleteBody.products).waitFor();
    await saveScreenshot(page, 'dash-1280-delete');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText(M.deleted.products).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await expect(api(`/products/${productId}`)).rejects.toThrow(/404/);
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});
