// The marketplace search (decision 0082) in the real browser against the real server, at phone and desktop sizes:
// a misspelt word typed in the header brings suggestions, Enter shows the results page with its sections and the
// corrected words, a product opens from it, and Back finds the results where they were left; no axe violations.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { findViolations } from './support/axe.ts';
import { createProduct, createSeller, createTestApi } from './support/api.ts';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const api = createTestApi('198.20.82.1');
const browser = useTestBrowser();

beforeAll(async () => {
  const { token } = await createSeller(api, {
    username: `headphone.hub.${suffix}`,
    fullName: 'Headphone Hub',
  });
  for (let index = 0; index < 6; index += 1) {
    await createProduct(api, token, {
      name: `Studio Headphones ${suffix} ${index}`,
      description: 'Closed-back headphones for long mixing sessions.',
      price: 2999 + index * 100,
      discount: 0,
      category: 'Electronics - Accessories',
      tags: ['audio', 'headphones'],
    });
  }
});

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('search at %s size', (name, viewport) => {
  it('suggests as a misspelt word is typed, shows the sections, and comes back from a product to the same place', async () => {
    const page = await openPage(browser, viewport);
    await page.goto(baseUrl);
    const header = page.getByTestId('site-header');
    // Under 640 px the header's box is behind its search toggle.
    if (viewport.width < 640) await header.getByRole('button', { name: 'Search' }).click();
    const box = header.getByRole('combobox', { name: 'Search Lootklip' });
    await box.click();
    await box.pressSequentially('headphnes');

    const listbox = header.getByRole('listbox');
    await listbox.getByRole('option').first().waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await listbox.getByRole('option', { name: /Headphones/i }).count()).toBeGreaterThan(0);
    await saveScreenshot(page, `${name}-search-suggestions`);
    expect(await findViolations(page, { include: '[data-testid="site-header"]' })).toEqual([]);

    await box.press('Enter');
    await page.waitForURL(`${baseUrl}/search?q=headphnes`);
    await page.getByRole('heading', { level: 1, name: 'Results for "headphnes"' }).waitFor();
    await page.getByText('Showing results for "headphones"').waitFor();
    const products = page.getByRole('region', { name: /^Products \(\d+\)$/ });
    await products.waitFor();
    expect(await products.getByRole('link', { name: 'See all Products' }).getAttribute('href')).toBe(
      '/shop?search=headphnes',
    );
    await saveScreenshot(page, `${name}-search-results`);
    expect(await findViolations(page)).toEqual([]);

    // As far down as the page goes, then a product, then Back.
    const cards = products.locator('a[href^="/product/"]');
    await cards.last().scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const top = await page.evaluate(() => window.scrollY);
    const searchRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/search') searchRequests.push(request.url());
    });
    const target = await cards.last().getAttribute('href');
    // Clicked where it is: a pointer click would first scroll it clear of the phone's bottom bar.
    await cards.last().evaluate((card) => (card as HTMLElement).click());
    await page.waitForURL(`**${target}`);
    await page.getByRole('button', { name: 'Loot Now' }).waitFor();

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Results for "headphnes"' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(top);
    expect(searchRequests).toEqual([]);
    // The phone's box closed with the search; the desktop's shows what was searched.
    if (viewport.width >= 640) expect(await box.inputValue()).toBe('headphnes');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});
