// The user's activity in the real browser against the real server (docs/product.md "Notifications"; decisions 0077
// and 0078): a seller has the page open on a 375 px phone; a shopper, in another browser (a profile of its own,
// signed in through the login form), opens the seller's klip and posts a comment through its comments panel; the
// seller's bell counts it without a reload (the live stream), the panel lists it with a link to the klip, and Mark
// all as read clears the count. axe passes with the panel open at 375 and 1280 px.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { NOTIFICATION_MESSAGES as M } from '../../src/shared/notifications-messages.ts';
import { createSeller, createTestApi, signInSeller } from './support/api.ts';
import { findViolations } from './support/axe.ts';
import {
  DESKTOP,
  getPageErrors,
  launchBrowser,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createKlip, type TestKlip } from './support/klips.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const browser = useTestBrowser();
/** The password createSeller signs its users up with. */
const SHOPPER_PASSWORD = 'a long passphrase';
const api = createTestApi('198.20.25.27');
let seller: { token: string; uid: string };
let shopper: { token: string; uid: string };
let klip: TestKlip;

// The seller is the browser's E2E_USER; their klip is made once for the file (the transcode takes a while).
beforeAll(async () => {
  seller = await signInSeller(api);
  shopper = await createSeller(api, { username: `asha.bell.${suffix}`, fullName: 'Asha Bell' });
  klip = await createKlip(api, seller.token, { title: `Lamp haul ${suffix}` });
}, 180_000);

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

describe('notifications', () => {
  it('on a 375 px phone: a comment arrives without a reload, is listed, and Mark all as read clears it', async () => {
    await api('/notifications/read-all', { method: 'POST', token: seller.token });
    const page = await openPage(browser, PHONE, { signedIn: true });
    await page.goto(`${baseUrl}/`);
    await bell(page).waitFor({ timeout: 20_000 });
    expect(await bell(page).isVisible()).toBe(true);
    expect(await bell(page).getAttribute('aria-label')).toBe(M.open);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    // The shopper, on a phone of their own: signs in, opens the klip (its share link) and comments.
    const shopperPhone = await launchBrowser();
    onTestFinished(() => shopperPhone.close());
    const shopperPage = await openPage(shopperPhone, PHONE);
    shopperPage.setDefaultTimeout(20_000);
    await shopperPage.goto(`${baseUrl}/auth/login`);
    await shopperPage.getByLabel('Email').fill(`asha.bell.${suffix}@example.in`);
    await shopperPage.getByLabel('Password', { exact: true }).fill(SHOPPER_PASSWORD);
    await shopperPage.getByRole('button', { name: 'Sign In' }).click();
    await shopperPage.waitForURL(`${baseUrl}/`);
    await shopperPage.goto(`${baseUrl}/klips/${klip.id}`);
    const article = shopperPage.locator(`article[data-klip-id="${klip.id}"]`);
    await article.waitFor();
    await article.getByRole('button', { name: /^Comments,/ }).click();
    const comments = shopperPage.getByRole('dialog', { name: /^Comments/ });
    const box = comments.getByRole('textbox', { name: 'Add a comment...' });
    await box.fill('Where can I buy this lamp?');
    const posted = shopperPage.waitForResponse(
      (response) =>
        response.url().endsWith(`/interactions/klips/${klip.id}/comments`) &&
        response.request().method() === 'POST',
    );
    await box.press('Enter');
    expect((await posted).status()).toBe(201);
    expect(getPageErrors(shopperPage)).toEqual([]);

    await expect
      .poll(() => bell(page).getAttribute('aria-label'), { timeout: 15_000 })
      .toBe(`${M.open}, ${M.unread(1)}`);
    expect(await page.getByTestId('notifications-badge').textContent()).toBe('1');
    expect(navigations).toEqual([]);

    await bell(page).click();
    const summary = `asha.bell.${suffix} commented on your klip "Lamp haul ${suffix}"`;
    const link = page.getByRole('link', { name: new RegExp(summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^/klips/${klip.id}\\?comment=`));
    expect(await findViolations(page)).toEqual([]);
    await saveScreenshot(page, 'notifications-375');

    await page.getByRole('button', { name: M.markAllRead }).click();
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe(M.open);
    expect(await page.getByTestId('notifications-badge').count()).toBe(0);
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('on a 1280 px desktop: the panel lists the activity and passes axe', async () => {
    await api('/notifications/read-all', { method: 'POST', token: seller.token });
    await api(`/interactions/klips/${klip.id}/like`, { method: 'POST', token: shopper.token });
    const page = await openPage(browser, DESKTOP, { signedIn: true });
    await page.goto(`${baseUrl}/`);
    await expect
      .poll(() => bell(page).getAttribute('aria-label'), { timeout: 20_000 })
      .toBe(`${M.open}, ${M.unread(1)}`);
    await bell(page).click();
    await page.getByRole('link', { name: /liked your klip/ }).waitFor();
    await page.getByRole('link', { name: /commented on your klip/ }).waitFor();
    expect(await findViolations(page)).toEqual([]);
    await saveScreenshot(page, 'notifications-1280');
    // Mark one read: its button goes, and the count with it.
    await page.getByRole('button', { name: M.markRead }).first().click();
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe(M.open);
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});
