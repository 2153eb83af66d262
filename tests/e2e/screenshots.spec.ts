// Pictures of the main screens for a human to look at (test-results/screenshots, not committed). Each shot also
// checks that the page rendered its heading and that nothing overflows sideways, a common mobile breakage.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, openPage, PHONE, saveScreenshot, TABLET, useTestBrowser } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const browser = useTestBrowser();

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Animations finished, fonts and icons drawn. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  });
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('screens at %s size', (name, viewport) => {
  it.each([
    ['home', '/', 'Explore Categories'],
    ['shop', '/shop', 'Shop'],
    ['login', '/auth/login', 'Welcome Back'],
    ['register', '/auth/register', 'Join Lootklip'],
    ['terms', '/terms', 'Terms of Service'],
    ['not-found', '/missing', 'Page not found'],
  ])('%s', async (screen, path, heading) => {
    const page = await openPage(browser, viewport);
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    await settle(page);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `${name}-${screen}`);
    await page.close();
  });

  it('home, signed in', async () => {
    const page = await openPage(browser, viewport, { signedIn: true });
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Explore Categories' }).waitFor();
    await page.getByTestId('site-header').getByRole('button', { name: 'Loot Box' }).waitFor();
    await settle(page);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `${name}-home-signed-in`);
    await page.close();
  });

  it.each([
    ['login', '/auth/login', 'Welcome Back'],
    ['register', '/auth/register', 'Join Lootklip'],
  ])('%s, dark theme', async (screen, path, heading) => {
    const page = await openPage(browser, viewport);
    await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('heading', { name: heading }).waitFor();
    await settle(page);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `${name}-${screen}-dark`);
    await page.close();
  });

  it('register, every field refused', async () => {
    const page = await openPage(browser, viewport);
    await page.goto(`${baseUrl}/auth/register`);
    await page.getByLabel('Username').fill('no');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Enter your full name.').waitFor();
    await settle(page);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `${name}-register-errors`);
    await page.close();
  });

  it('home, dark theme', async () => {
    const page = await openPage(browser, viewport);
    await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Explore Categories' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await settle(page);
    await saveScreenshot(page, `${name}-home-dark`);
    await page.close();
  });
});

describe('overlays', () => {
  it('drawer (tablet) and expanded rail (desktop)', async () => {
    const tablet = await openPage(browser, TABLET, { signedIn: true });
    await tablet.goto(`${baseUrl}/shop`);
    await tablet.getByRole('button', { name: 'Open menu' }).click();
    await tablet.getByRole('dialog', { name: /Menu/ }).waitFor();
    await settle(tablet);
    await saveScreenshot(tablet, 'tablet-drawer');
    await tablet.close();

    const desktop = await openPage(browser, DESKTOP, { signedIn: true });
    await desktop.goto(`${baseUrl}/shop`);
    await desktop.getByRole('button', { name: 'Expand menu' }).click();
    await desktop.getByTestId('side-rail').and(desktop.locator('[data-expanded="true"]')).waitFor();
    await settle(desktop);
    await saveScreenshot(desktop, 'desktop-rail-expanded');
    await desktop.getByTestId('site-header').getByRole('button', { name: 'Account menu' }).click();
    await desktop.getByRole('menu').waitFor();
    await settle(desktop);
    await saveScreenshot(desktop, 'desktop-profile-menu');
    await desktop.close();
  });

  it.each(['Create', 'You'])('%s sheet (phone)', async (tab) => {
    const page = await openPage(browser, PHONE, { signedIn: true });
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('bottom-bar').getByRole('button', { name: tab }).click();
    await page.getByRole('dialog', { name: tab }).waitFor();
    await settle(page);
    await saveScreenshot(page, `phone-sheet-${tab.toLowerCase()}`);
    await page.close();
  });
});
