// Home's first screen on a phone (docs/product.md "Home", decision 0054b): at 375x812, before any scrolling, a
// product card is wholly in view above the bottom tab bar, drawn from the answer that came with the page, and no
// link or button sits under that bar. Screenshots at 375 and 1280 px for a person to look at.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createSeller, createTestApi, SELLER_CONTACT, uploadPhoto } from './support/api.ts';
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
const api = createTestApi('198.51.100.55');
const browser = useTestBrowser();

beforeAll(async () => {
  const { token } = await createSeller(api, { username: `tara.home.${suffix}`, fullName: 'Tara Pottery' });
  const photo = await uploadPhoto(api, token, await createPng(600, 600, '#e07a5f'));
  // Names long enough to take the card's two lines, as real ones do.
  for (const name of ['Hand-thrown Terracotta Water Bottle', 'Blue Pottery Serving Bowl, Set of Two']) {
    await api('/content', {
      method: 'POST',
      token,
      json: {
        type: 'product',
        name: `${name} ${suffix}`,
        price: 749,
        discount: 15,
        category: 'Home - Kitchen',
        images: [photo],
        ...SELLER_CONTACT,
      },
    });
  }
});

/** Home with all three of its answers in: the category counts, the deals (or their empty text) and the cards. */
async function openHome(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/`);
  const newArrivals = page.getByRole('region', { name: 'New Arrivals' });
  await newArrivals.getByRole('article').first().waitFor();
  await page
    .getByRole('region', { name: 'Hot Deals' })
    .getByRole('article')
    .first()
    .or(page.getByText('No special deals right now, but check back soon!'))
    .waitFor();
  await page
    .getByRole('region', { name: 'Explore Categories' })
    .getByText(/\d+ products?$/)
    .first()
    .waitFor();
  // The photos on the first screen only: a lazy one below it or beside it in a row never loads, so its decode()
  // never settles (with other tests' products, New Arrivals holds more cards than the screen).
  await page.evaluate(async () => {
    await document.fonts.ready;
    const onScreen = (box: DOMRect) =>
      box.top < window.innerHeight && box.bottom > 0 && box.left < window.innerWidth && box.right > 0;
    await Promise.all(
      [...document.images]
        .filter((image) => onScreen(image.getBoundingClientRect()))
        .map((image) => (image.complete ? undefined : image.decode().catch(() => undefined))),
    );
  });
}

describe('Home’s first screen', () => {
  it('shows a whole product card above the tab bar at 375x812, and nothing to press under the bar', async () => {
    const page = await openPage(browser, PHONE);
    const newArrivalsRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/content?') && request.url().includes('sort=newest'))
        newArrivalsRequests.push(request.url());
    });
    await openHome(page);
    await saveScreenshot(page, 'phone-home-first-screen');
    // The row is drawn from the answer that came with the page (page-preloads.ts), so it does not push the page
    // down when a request of its own returns.
    expect(newArrivalsRequests).toEqual([]);

    const bar = (await page.getByTestId('bottom-bar').boundingBox())!;
    expect(bar.y + bar.height).toBe(PHONE.height);
    const card = (await page.locator('main article').first().boundingBox())!;
    expect.soft(card.y).toBeGreaterThanOrEqual(0);
    expect.soft(card.y + card.height).toBeLessThanOrEqual(bar.y);

    // Every link, button and field of the page (not the bar's own tabs) that the bar overlaps on this screen.
    const covered = await page.evaluate(
      ({ top, bottom }) =>
        [
          ...document.querySelectorAll<HTMLElement>(
            'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
          ),
        ]
          .filter((element) => !element.closest('[data-testid="bottom-bar"]'))
          .filter((element) => element.checkVisibility({ visibilityProperty: true }))
          .map((element) => ({ element, box: element.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 1 && box.height > 1 && box.bottom > top && box.top < bottom)
          .filter(({ box }) => box.right > 0 && box.left < window.innerWidth)
          .map(
            ({ element }) =>
              element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName,
          ),
      { top: bar.y, bottom: bar.y + bar.height },
    );
    expect(covered).toEqual([]);
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('shows a product card in the first screen at 1280 px too', async () => {
    const page = await openPage(browser, DESKTOP);
    await openHome(page);
    await saveScreenshot(page, 'desktop-home-first-screen');
    const card = (await page.locator('main article').first().boundingBox())!;
    expect(card.y + card.height).toBeLessThanOrEqual(DESKTOP.height);
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});
