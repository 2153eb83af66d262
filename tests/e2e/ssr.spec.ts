// Landing pages rendered on the server (decision 0080): the first view is in the HTML the server sends, the app
// hydrates it without a mismatch (React reports one as a page error) and without asking again for what came with
// the page, nothing moves when the signed-in parts fill in, and the content reads and links work with JavaScript
// off.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CATALOGUE_MESSAGES } from '../../src/shared/catalogue-messages.ts';
import { createOffer, createProduct, createSeller, createTestApi, uploadPhoto } from './support/api.ts';
import { DESKTOP, getPageErrors, openPage, PHONE, useTestBrowser, type Viewport } from './support/browser.ts';
import { createPng } from './support/images.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const api = createTestApi('198.51.100.80');
const browser = useTestBrowser();
const seller = { username: `ira.ssr.${suffix}`, fullName: 'Ira Handlooms' };
const productName = `Handwoven Ikat Cushion Cover ${suffix}`;
let productId = '';
let offerTitle = '';

beforeAll(async () => {
  const { token } = await createSeller(api, seller);
  const photo = await uploadPhoto(api, token, await createPng(600, 600, '#81b29a'));
  productId = await createProduct(api, token, {
    name: productName,
    price: 1299,
    category: 'Home - Decor',
    images: [photo],
  });
  offerTitle = `Festive weave sale ${suffix}`;
  await createOffer(api, token, {
    title: offerTitle,
    description: '',
    discountType: 'percentage',
    discountValue: 20,
    maxDiscount: null,
    products: [productId],
    terms: [],
  });
});

/** Each landing page, with a text its first view holds. */
function landingPages() {
  return [
    { path: '/', text: productName },
    { path: '/shop', text: productName },
    { path: `/product/${productId}`, text: productName },
    { path: '/offers', text: offerTitle },
    { path: `/shopstar/${seller.username}`, text: seller.fullName },
    { path: `/shared-lootbox?products=${productId}`, text: productName },
    { path: '/klips', text: 'Klips' },
  ];
}

/** The layout shifts of the page so far (PerformanceObserver's buffered entries): their sum, and what moved. */
function readLayoutShift(page: Page): Promise<{ sum: number; moved: string[] }> {
  return page.evaluate(() => {
    type Shift = PerformanceEntry & { value: number; sources?: Array<{ node?: Node | null }> };
    const entries = performance.getEntriesByType('layout-shift') as Shift[];
    return {
      sum: entries.reduce((sum, entry) => sum + entry.value, 0),
      moved: entries.flatMap((entry) =>
        (entry.sources ?? []).map((source) => {
          const node = source.node;
          return node instanceof Element
            ? `${node.tagName}.${node.className}`.slice(0, 120)
            : String(node?.nodeName);
        }),
      ),
    };
  });
}

/** Until React has taken the server's HTML over (its hydration marks the DOM nodes it owns). */
function waitForHydration(page: Page): Promise<unknown> {
  return page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
  });
}

/** When the page put the app's code in place (it holds it until the first paint, public/page-start.js). */
async function recordCodeStart(page: Page): Promise<() => Promise<{ codeAt?: number; paintAt?: number }>> {
  await page.addInitScript(() => {
    new MutationObserver((records) => {
      const added = records.some((record) =>
        [...record.addedNodes].some((node) => node instanceof HTMLScriptElement && node.type === 'module'),
      );
      if (added) Object.assign(window, { codeAt: performance.now() });
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() => ({
      codeAt: (window as unknown as { codeAt?: number }).codeAt,
      // When the frame was drawn (its paintTime), not when the screen showed it (startTime, later without a GPU).
      paintAt: (() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0] as
          (PerformanceEntry & { paintTime?: number }) | undefined;
        return paint && (paint.paintTime ?? paint.startTime);
      })(),
    }));
}

async function checkPage(viewport: Viewport, signedIn: boolean): Promise<void> {
  for (const { path, text } of landingPages()) {
    const page = await openPage(browser, viewport, { signedIn });
    const readCodeStart = await recordCodeStart(page);
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && request.method() === 'GET')
        apiRequests.push(`${url.pathname}${url.search}`);
    });
    const response = await page.goto(`${baseUrl}${path}`);
    expect(response?.status(), path).toBe(200);
    const html = await response!.text();
    expect(html, `${path} is rendered on the server`).toContain('id="lk-page"');
    expect(html, path).toContain(text.replaceAll('&', '&amp;'));
    await page.getByText(text).filter({ visible: true }).first().waitFor();
    await waitForHydration(page);
    // The page was drawn before its app's code was asked for.
    const { codeAt, paintAt } = await readCodeStart();
    expect(paintAt, `${path} painted`).toBeDefined();
    expect(codeAt, `${path} code after the first paint`).toBeGreaterThanOrEqual(paintAt!);
    // Signed in, the header's own parts fill in once the session is known.
    if (signedIn) await page.getByRole('button', { name: /^Notifications/ }).waitFor();
    else await page.waitForLoadState('networkidle');
    const shift = await readLayoutShift(page);
    expect(shift.sum, `${path} layout shift: ${shift.moved.join(', ')}`).toBeLessThan(0.01);
    if (!signedIn) {
      // What the first view shows came with the page (the product page's "More from" row loads as it scrolls in).
      const asked = apiRequests.filter(
        (request) => !request.startsWith('/api/v1/content?type=product&status=active&limit=50&uid='),
      );
      expect(asked, `${path} asked again for what came with it`).toEqual([]);
    }
    expect(getPageErrors(page), path).toEqual([]);
    await page.close();
  }
}

describe('Server-rendered landing pages', () => {
  it('hydrate without a mismatch at 375 px, signed out and signed in', async () => {
    await checkPage(PHONE, false);
    await checkPage(PHONE, true);
  });

  it('hydrate without a mismatch at 1280 px, signed out and signed in', async () => {
    await checkPage(DESKTOP, false);
    await checkPage(DESKTOP, true);
  });

  it('answer an unknown page with 404 and the not-found page', async () => {
    const response = await fetch(`${baseUrl}/no-such-page-${suffix}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('id="lk-page"');
  });

  it('answer a product that does not exist with 404, and hydrate its Product not found', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await openPage(browser, viewport);
      const response = await page.goto(`${baseUrl}/product/no-such-product-${suffix}`);
      expect(response?.status()).toBe(404);
      expect(await response!.text()).toContain(CATALOGUE_MESSAGES.productNotFound);
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Back to Shop' }).click();
      await page.waitForURL(`${baseUrl}/shop`);
      expect(getPageErrors(page)).toEqual([]);
      await page.close();
    }
  });

  it('read without JavaScript, and their links work', async () => {
    const context = await browser.context
      .browser()!
      .newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/shop`);
      await page.getByRole('link', { name: productName }).first().click();
      await page.waitForURL(`**/product/${productId}`);
      await expect(page.getByRole('heading', { name: productName }).isVisible()).resolves.toBe(true);
      await page.goto(`${baseUrl}/offers`);
      await expect(page.getByText(offerTitle).first().isVisible()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });
});
