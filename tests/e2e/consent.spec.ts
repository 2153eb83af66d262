// Cookie consent and first-party analytics in a real browser against the real server (docs/product.md "Cookie
// consent", "Analytics"; decision 0066): Necessary Only sends no analytics request on any page, Accept All does,
// reset brings the banner back, the banner and dialog pass axe, and at 375 px the tab bar and the product page's
// Loot Now bar stay usable under the banner.
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { COOKIE_PREFERENCES_STORAGE_KEY } from '../../src/shared/constants.ts';
import { EventBatchSchema, type EventBatch } from '../../src/shared/contracts/analytics.ts';
import { CONSENT_MESSAGES } from '../../src/shared/consent-messages.ts';
import { createSeller, createTestApi, SELLER_CONTACT, uploadPhoto } from './support/api.ts';
import { findViolations } from './support/axe.ts';
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
const api = createTestApi('198.51.100.66');
const browser = useTestBrowser();
let productId = '';

beforeAll(async () => {
  const seller = await createSeller(api, { username: `ritu.consent.${suffix}`, fullName: 'Ritu Handloom' });
  const photo = await uploadPhoto(api, seller.token, await createPng(600, 600, '#e07a5f'));
  const { product } = await api('/content', {
    method: 'POST',
    token: seller.token,
    json: {
      type: 'product',
      name: `Chanderi Silk Stole ${suffix}`,
      description: 'Woven in Chanderi.',
      price: 899,
      category: 'Fashion - Women',
      images: [photo],
      ...SELLER_CONTACT,
    },
  });
  productId = product.id as string;
});

const isEventsRequest = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/events';

type SentBatch = { batch: EventBatch; status: number };

/**
 * Every batch a live page POSTs to /api/v1/events, read where the browser hands it over (a beacon's body is not on
 * Playwright's request event) and passed on to the server unchanged, with the server's status. A beacon sent while
 * a page unloads is seen by the request event only, not here.
 */
async function recordBatches(page: Page): Promise<SentBatch[]> {
  const sent: SentBatch[] = [];
  // On the context: a beacon sent while a page unloads belongs to no page any more.
  await page.context().unrouteAll();
  await page.context().route('**/api/v1/events', async (route) => {
    const body = route.request().postDataBuffer()?.toString('utf8') ?? '';
    const response = await route.fetch();
    sent.push({ batch: EventBatchSchema.parse(JSON.parse(body)), status: response.status() });
    await route.fulfill({ response });
  });
  return sent;
}

/** A page on a first visit: nothing stored, the banner up. */
async function openFirstVisit(viewport: typeof PHONE | typeof DESKTOP, path = '/'): Promise<Page> {
  const page = await openPage(browser, viewport, { consent: 'ask' });
  await page.goto(`${baseUrl}${path}`);
  await page.evaluate((key) => window.localStorage.removeItem(key), COOKIE_PREFERENCES_STORAGE_KEY);
  await page.reload();
  await page.getByRole('region', { name: CONSENT_MESSAGES.bannerLabel }).waitFor();
  return page;
}

describe('cookie consent in the browser', () => {
  it('Necessary Only: no request to /api/v1/events on any page', async () => {
    const page = await openFirstVisit(DESKTOP);
    const events: string[] = [];
    page.on('request', (request) => {
      if (isEventsRequest(request)) events.push(request.url());
    });
    await page.getByRole('button', { name: CONSENT_MESSAGES.necessaryOnly }).click();
    await page.getByRole('region', { name: CONSENT_MESSAGES.bannerLabel }).waitFor({ state: 'hidden' });
    // In-app navigations, full loads (each a pagehide) and a product view.
    await page.getByRole('link', { name: 'Shop', exact: true }).first().click();
    await page.waitForURL(/\/shop/);
    for (const path of ['/klips', '/offers', `/product/${productId}`, '/terms']) {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    }
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    // Control: the same browser does send a beacon once analytics is allowed, so the listener would see one.
    await page.evaluate((key) => {
      const choice = { functional: false, analytics: true, marketing: false, preferences: false };
      window.localStorage.setItem(
        key,
        JSON.stringify({ necessary: true, ...choice, consentGiven: true, timestamp: 2 }),
      );
    }, COOKIE_PREFERENCES_STORAGE_KEY);
    expect(events).toEqual([]);
    const sent = await recordBatches(page);
    await page.goto(`${baseUrl}/shop`, { waitUntil: 'networkidle' });
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await expect
      .poll(() => sent.flatMap(({ batch }) => batch.events), { timeout: 15_000 })
      .toContainEqual({ type: 'page_view', path: '/shop' });
    expect(events.length).toBeGreaterThan(0);
    expect(getPageErrors(page)).toEqual([]);
  });

  it('Accept All: page views and the product view are POSTed to our own server', async () => {
    const name = `Chanderi Silk Stole ${suffix}`;
    const page = await openFirstVisit(
      DESKTOP,
      `/shop?search=${encodeURIComponent(name)}&utm_source=whatsapp&utm_campaign=diwali`,
    );
    const batches = await recordBatches(page);
    const urls: string[] = [];
    page.on('request', (request) => {
      if (isEventsRequest(request)) urls.push(request.url());
    });
    expect(await findViolations(page, { include: '[data-testid=cookie-banner]' })).toEqual([]);
    await page.getByRole('button', { name: CONSENT_MESSAGES.acceptAll }).click();
    await page.getByRole('link', { name }).first().click();
    await page.getByRole('heading', { name }).waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await expect
      .poll(() => batches.flatMap(({ batch }) => batch.events), { timeout: 15_000 })
      .toEqual([
        { type: 'utm_link_click', path: '/shop', utm: { utm_source: 'whatsapp', utm_campaign: 'diwali' } },
        { type: 'page_view', path: '/shop' },
        { type: 'page_view', path: `/product/${productId}` },
        { type: 'product_view', product_id: productId },
      ]);
    // Leaving the page: what it queued goes out with the unload (a beacon).
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await page.goto(`${baseUrl}/offers`);
    await expect.poll(() => urls.length, { timeout: 15_000 }).toBeGreaterThan(1);
    const [first] = batches;
    expect(first!.batch.consent).toEqual({ analytics: true, marketing: true });
    expect(first!.batch.utm).toEqual({ utm_source: 'whatsapp', utm_campaign: 'diwali' });
    expect(new Set(urls.map((url) => new URL(url).origin))).toEqual(new Set([new URL(baseUrl).origin]));
    expect(first!.status).toBe(202);
    expect(await page.context().cookies()).not.toContainEqual(
      expect.objectContaining({ name: expect.stringMatching(/session|analytics/i) }),
    );
    expect(getPageErrors(page)).toEqual([]);
  });

  it('the footer opens the settings dialog (axe-clean, Esc closes it) and Reset brings the banner back', async () => {
    const page = await openFirstVisit(DESKTOP, '/terms');
    await page.getByRole('button', { name: CONSENT_MESSAGES.acceptAll }).click();
    await page.getByRole('region', { name: CONSENT_MESSAGES.bannerLabel }).waitFor({ state: 'hidden' });
    await page.getByRole('contentinfo').getByRole('button', { name: CONSENT_MESSAGES.footerLink }).click();
    const dialog = page.getByRole('dialog', { name: CONSENT_MESSAGES.dialogTitle });
    await dialog.waitFor();
    expect(await dialog.getByRole('switch', { name: 'Analytics' }).getAttribute('aria-checked')).toBe('true');
    expect(await dialog.getByRole('switch', { name: 'Necessary' }).isDisabled()).toBe(true);
    expect(await findViolations(page, { include: '[role=dialog]' })).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('contentinfo').getByRole('button', { name: CONSENT_MESSAGES.footerLink }).click();
    await dialog.getByRole('button', { name: CONSENT_MESSAGES.reset }).click();
    await page.getByRole('region', { name: CONSENT_MESSAGES.bannerLabel }).waitFor();
    expect(
      await page.evaluate((key) => window.localStorage.getItem(key), COOKIE_PREFERENCES_STORAGE_KEY),
    ).toBeNull();
    await page.reload();
    await page.getByRole('region', { name: CONSENT_MESSAGES.bannerLabel }).waitFor();
    expect(getPageErrors(page)).toEqual([]);
  });

  it('at 375 px the banner sits above the tab bar and the Loot Now bar, which stay clickable', async () => {
    const page = await openFirstVisit(PHONE, `/product/${productId}`);
    const banner = page.getByRole('region', { name: CONSENT_MESSAGES.bannerLabel });
    const actions = page.getByTestId('product-actions');
    const tabs = page.getByTestId('bottom-bar');
    const [bannerBox, actionsBox, tabsBox] = await Promise.all([
      banner.boundingBox(),
      actions.boundingBox(),
      tabs.boundingBox(),
    ]);
    expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(actionsBox!.y + 1);
    expect(actionsBox!.y + actionsBox!.height).toBeLessThanOrEqual(tabsBox!.y + 1);
    expect(bannerBox!.height).toBeLessThan(200);
    expect(await findViolations(page, { include: '[data-testid=cookie-banner]' })).toEqual([]);
    await saveScreenshot(page, 'phone-cookie-banner-product');
    // Playwright clicks only what is not covered: Loot Now opens its dialog, then a tab navigates.
    await actions.getByRole('button', { name: 'Loot Now' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await tabs.getByRole('link', { name: 'Shop' }).click();
    await page.waitForURL(/\/shop/);
    // Still there on the next page (no choice made), above the tab bar.
    const [next, bar] = await Promise.all([banner.boundingBox(), tabs.boundingBox()]);
    expect(next!.y + next!.height).toBeLessThanOrEqual(bar!.y + 1);
    await saveScreenshot(page, 'phone-cookie-banner-shop');
    expect(getPageErrors(page)).toEqual([]);
  });
});
