// The settings screen in a real browser against the real server (docs/product.md "Settings", "App settings"): a
// user on a 375 px phone turns on dark theme, high contrast, reduce motion and data saver and sees each take
// effect (the classes on <html>, the colours and transitions the browser computes, the klip's 480p video that does
// not start by itself); the accessibility settings apply before the first paint of the next visit; a change the
// server refuses is rolled back with the spec's text; the sections nav takes keyboard and pointer to each section
// (beside them at 1280 px, a row above them at 375 px); axe-core passes in light, dark and high contrast at 375 and
// 1280 px, on the settings screen and the main pages.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../src/shared/account-messages.ts';
import { KLIP_PLAYER_MESSAGES } from '../../src/shared/klip-messages.ts';
import { SETTINGS_ERRORS, SETTINGS_MESSAGES as M } from '../../src/shared/settings-messages.ts';
import { findViolations } from './support/axe.ts';
import { createSeller, createTestApi, SELLER_CONTACT, signInSeller, uploadPhoto } from './support/api.ts';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createPng } from './support/images.ts';
import { createKlip } from './support/klips.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const browser = useTestBrowser();
const api = createTestApi('198.20.25.1');
let userToken = '';
let klip: { id: string; renditions: { hd: string; sd: string } };
let productId = '';

async function readSettings(): Promise<Record<string, Record<string, unknown>>> {
  return (await api('/settings', { token: userToken })).settings;
}

async function hasRootClass(page: Page, name: string): Promise<boolean> {
  return page.evaluate((className) => document.documentElement.classList.contains(className), name);
}

/** The settings screen with the user's own settings loaded. */
async function openSettings(page: Page): Promise<void> {
  const loaded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/settings' && response.status() === 200,
  );
  await page.goto(`${baseUrl}/settings`);
  await page.getByRole('heading', { level: 1, name: M.title }).waitFor();
  await loaded;
  await page.getByText(M.loading).waitFor({ state: 'detached' });
}

function klipVideo(page: Page) {
  return page.locator(`article[data-klip-id="${klip.id}"] video`);
}

function settingSwitch(page: Page, name: string) {
  return page.getByRole('switch', { name, exact: true });
}

/** Flips a switch and waits for the server's answer to it. */
async function flip(page: Page, name: string, category: string): Promise<void> {
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith(`/api/v1/settings/${category}`)),
    settingSwitch(page, name).click(),
  ]);
}

async function choose(page: Page, name: string, category: string): Promise<void> {
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith(`/api/v1/settings/${category}`)),
    page.getByRole('radio', { name, exact: true }).check(),
  ]);
}

beforeAll(async () => {
  userToken = (await signInSeller(api)).token;
  const seller = await createSeller(api, { username: `settings.${suffix}`, fullName: 'Kavya Crafts' });
  const photo = await uploadPhoto(api, seller.token, await createPng(600, 600, '#be185d'));
  const { product } = await api('/content', {
    method: 'POST',
    token: seller.token,
    json: {
      type: 'product',
      name: `Kantha Throw ${suffix}`,
      price: 1299,
      category: 'Home - Decor',
      images: [photo],
      ...SELLER_CONTACT,
    },
  });
  productId = product.id as string;
  const created = await createKlip(api, seller.token, { title: `Kantha stitch ${suffix}`, productId });
  klip = (await api(`/klips/${created.id}`)).klip;
}, 180_000);

describe('the settings screen', () => {
  it('on a 375 px phone: dark theme, high contrast, reduce motion and data saver each take effect', async () => {
    const page = await openPage(browser, PHONE, { signedIn: true });
    await openSettings(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await findViolations(page)).toEqual([]);
    await saveScreenshot(page, 'settings-375-light');

    // Dark theme: on <html> at once, kept on this device.
    await page.getByRole('radio', { name: M.appearance.themes.dark, exact: true }).check();
    expect(await hasRootClass(page, 'dark')).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await findViolations(page)).toEqual([]);
    await saveScreenshot(page, 'settings-375-dark');

    // High contrast: the muted text becomes as light as the main text, and the server has it.
    const mutedColour = () =>
      page.getByText(M.accessibility.highContrastHint).evaluate((element) => getComputedStyle(element).color);
    const before = await mutedColour();
    await flip(page, M.accessibility.highContrast, 'accessibility');
    expect(await hasRootClass(page, 'contrast')).toBe(true);
    expect(await mutedColour()).not.toBe(before);
    expect(await mutedColour()).toBe('rgb(245, 245, 244)');
    await page.getByText(SETTINGS_ERRORS.updated).first().waitFor();
    expect((await readSettings()).accessibility!.highContrast).toBe(true);
    expect(await findViolations(page)).toEqual([]);
    await saveScreenshot(page, 'settings-375-dark-contrast');

    // Reduce motion: transitions end at once (the switch's own knob), and smooth scrolling is off.
    const knobTransition = () =>
      settingSwitch(page, M.accessibility.reduceMotion)
        .locator('span')
        .evaluate((element) => getComputedStyle(element).transitionDuration);
    expect(parseFloat(await knobTransition())).toBeGreaterThan(0.1);
    await flip(page, M.accessibility.reduceMotion, 'accessibility');
    expect(await hasRootClass(page, 'reduce-motion')).toBe(true);
    expect(parseFloat(await knobTransition())).toBeLessThan(0.001);
    // The content section says autoplay is held off.
    await page.getByText(M.content.autoplayReduced, { exact: false }).waitFor();
    // A new page starts at the top at once, not by gliding up from where the last one was scrolled to.
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // The footer's link, on screen down there (the bars hide while scrolling down).
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    // Read as the new page first shows (its heading in place of Settings'): already at the top.
    const shown = await page.waitForFunction((settingsTitle) => {
      const title = document.querySelector('h1')?.textContent;
      return title && title !== settingsTitle ? { top: window.scrollY } : null;
    }, M.title);
    expect(await shown.jsonValue()).toEqual({ top: 0 });
    await openSettings(page);

    // High, then data saver: the klip's video follows each (at 375 px 'auto' would already take the small one).
    await choose(page, M.content.qualities.high, 'content');
    await page.goto(`${baseUrl}/klips/${klip.id}`);
    await expect
      .poll(() => klipVideo(page).getAttribute('src'), { timeout: 20_000 })
      .toBe(klip.renditions.hd);
    await openSettings(page);
    await choose(page, M.content.qualities.dataSaver, 'content');
    expect((await readSettings()).content!.quality).toBe('dataSaver');
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await findViolations(page)).toEqual([]);

    // The klip: the 480p rendition, and it does not start by itself.
    await page.goto(`${baseUrl}/klips/${klip.id}`);
    const video = klipVideo(page);
    await expect.poll(() => video.getAttribute('src'), { timeout: 20_000 }).toBe(klip.renditions.sd);
    await video.evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          const media = element as HTMLVideoElement;
          if (media.readyState >= 2) resolve();
          else media.addEventListener('loadeddata', () => resolve(), { once: true });
        }),
    );
    await page
      .locator(`article[data-klip-id="${klip.id}"]`)
      .getByRole('button', { name: KLIP_PLAYER_MESSAGES.play, exact: true })
      .first()
      .waitFor();
    expect(await video.evaluate((element) => (element as HTMLVideoElement).paused)).toBe(true);
    await saveScreenshot(page, 'settings-375-klip-reduced');

    // The next visit: contrast and reduce motion are on <html> before any of the app's scripts run.
    await page.route('**/assets/**/*.js', (route) => route.abort());
    await page.goto(`${baseUrl}/settings`, { waitUntil: 'domcontentloaded' });
    expect(await hasRootClass(page, 'contrast')).toBe(true);
    expect(await hasRootClass(page, 'reduce-motion')).toBe(true);
    await page.unroute('**/assets/**/*.js');

    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it('rolls back a change the server refuses, with the error text; checks the phone before saving it', async () => {
    const page = await openPage(browser, PHONE, { signedIn: true });
    await openSettings(page);
    const marketing = settingSwitch(page, M.notifications.marketingEmails);
    expect(await marketing.getAttribute('aria-checked')).toBe('false');
    await page.route('**/api/v1/settings/notifications', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await marketing.click();
    await page.getByText(SETTINGS_ERRORS.updateFailed).waitFor();
    await expect.poll(() => marketing.getAttribute('aria-checked')).toBe('false');
    expect((await readSettings()).notifications!.marketingEmails).toBe(false);
    await saveScreenshot(page, 'settings-375-refused');
    await page.unroute('**/api/v1/settings/notifications');

    // A phone that breaks the rule is not sent; a good one is.
    const phone = page.getByRole('textbox', { name: M.account.phone, exact: true });
    await phone.fill('12ab');
    await phone.press('Enter');
    await page.getByText(M.account.phoneInvalid).waitFor();
    await phone.fill('98765 43210');
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/v1/settings/account')),
      phone.press('Enter'),
    ]);
    // Kept as its digits, as the profile's phone contact is, and shown so once saved.
    expect((await readSettings()).account!.phone).toBe('9876543210');
    await expect.poll(() => phone.inputValue()).toBe('9876543210');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('links to every section from a nav: beside them and in view at 1280 px, marking the one reached; a row above them at 375 px', async () => {
    const page = await openPage(browser, DESKTOP, { signedIn: true });
    await openSettings(page);
    const nav = page.getByRole('navigation', { name: M.sectionsNav });
    const box = async (locator: Locator) => (await locator.boundingBox())!;
    const account = page.getByRole('region', { name: M.account.title, exact: true });
    expect((await box(nav)).x + (await box(nav)).width).toBeLessThan((await box(account)).x);
    expect((await box(account)).width).toBeGreaterThan(700);

    // By keyboard: the link's section comes up under the header, the nav stays in view and marks it.
    const toNotifications = nav.getByRole('link', { name: M.notifications.title, exact: true });
    await toNotifications.focus();
    await page.keyboard.press('Enter');
    const notifications = page.getByRole('region', { name: M.notifications.title, exact: true });
    await expect.poll(async () => (await box(notifications)).y).toBeLessThan(150);
    expect((await box(notifications)).y).toBeGreaterThan(64);
    await expect.poll(() => toNotifications.getAttribute('aria-current')).toBe('location');
    expect(await nav.locator('[aria-current]').count()).toBe(1);
    const navTop = (await box(nav)).y;
    expect(navTop).toBeGreaterThanOrEqual(64);
    expect(navTop).toBeLessThan(DESKTOP.height / 2);
    // The last section too, though the page ends before it can come up to the top.
    const toDelete = nav.getByRole('link', { name: ACCOUNT_MESSAGES.sectionTitle, exact: true });
    await toDelete.click();
    await expect.poll(() => toDelete.getAttribute('aria-current')).toBe('location');
    await saveScreenshot(page, 'settings-1280-nav');

    // A phone: the links are a row above the sections, the page does not scroll sideways, and a section reached
    // by its link is not under the tab bar.
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    // Both boxes read at one instant: a smooth scroll started by the link above may still be moving the page.
    const gapBelowNav = await nav.evaluate(
      (navElement, accountElement) =>
        accountElement!.getBoundingClientRect().top - navElement.getBoundingClientRect().bottom,
      await account.elementHandle(),
    );
    expect(gapBelowNav).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await nav.getByRole('link', { name: ACCOUNT_MESSAGES.sectionTitle, exact: true }).click();
    const deleteButton = page.getByRole('button', { name: ACCOUNT_MESSAGES.openButton, exact: true });
    await expect
      .poll(() =>
        deleteButton.evaluate((button) => {
          const { x, y, width, height } = button.getBoundingClientRect();
          return button.contains(document.elementFromPoint(x + width / 2, y + height / 2));
        }),
      )
      .toBe(true);
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('at 1280 px: no axe violation in light, dark and high contrast, on settings and the main pages', async () => {
    await api('/settings/accessibility', {
      method: 'PATCH',
      token: userToken,
      json: { highContrast: false, reduceMotion: false },
    });
    const page = await openPage(browser, DESKTOP, { signedIn: true });
    await openSettings(page);
    expect(await findViolations(page)).toEqual([]);
    await saveScreenshot(page, 'settings-1280-light');
    await flip(page, M.accessibility.highContrast, 'accessibility');
    expect(await findViolations(page)).toEqual([]);
    await saveScreenshot(page, 'settings-1280-light-contrast');

    const pages: [string, string][] = [
      ['home', '/'],
      ['product', `/product/${productId}`],
      ['klips', `/klips/${klip.id}`],
      ['dashboard', '/dashboard'],
      ['settings', '/settings'],
    ];
    const found: string[] = [];
    // Each page loaded once and checked in both themes: the theme is a class on <html>, as the app sets it.
    for (const [name, path] of pages) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForFunction(() => document.documentElement.classList.contains('contrast'));
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('load');
      for (const theme of ['light', 'dark'] as const) {
        // openPage clears the stored theme on every load: set it for this page.
        await page.evaluate((value) => {
          localStorage.setItem('theme', value);
          document.documentElement.classList.toggle('dark', value === 'dark');
        }, theme);
        found.push(...(await findViolations(page)).map((line) => `${name}, ${theme} contrast: ${line}`));
      }
    }
    expect(found).toEqual([]);
    await saveScreenshot(page, 'settings-1280-dark-contrast');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  }, 300_000);
});
