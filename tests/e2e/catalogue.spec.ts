// Shop and product pages against real listings: a seller's products created through the API, then found by
// category, search and infinite scroll, opened, and contacted, at phone and desktop sizes.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, openPage, PHONE, readLocation, saveScreenshot, useTestBrowser } from './support/browser.ts';
import { createSeller, createTestApi, uploadPhoto } from './support/api.ts';
import { createPng } from './support/images.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const browser = useTestBrowser();
let featured: { id: string; name: string };

const api = createTestApi('198.20.0.1');

beforeAll(async () => {
  const { token } = await createSeller(api, { username: `seller.${suffix}`, fullName: 'Kavya Crafts' });
  await api('/users/profile', {
    method: 'PATCH',
    token,
    json: { bio: `<img src=x onerror=alert(1)> Handmade in Jaipur. Shop: https://example.in/shop` },
  });
  const photos = [
    await uploadPhoto(api, token, await createPng(800, 800, '#e07a5f')),
    await uploadPhoto(api, token, await createPng(800, 800, '#3d405b')),
  ];
  // 14 products: more than one page of 12, so the second page comes by infinite scroll.
  for (let index = 0; index < 14; index += 1) {
    const fashion = index % 2 === 0;
    const body = {
      type: 'product',
      name: fashion ? `Block Print Kurta ${suffix} ${index}` : `Brass Diya ${suffix} ${index}`,
      description:
        'Handmade by artisans in Jaipur. Every piece is a little different, which is the charm of it.',
      price: 500 + index * 100,
      discount: index % 3 === 0 ? 20 : 0,
      category: fashion ? 'Fashion - Women' : 'Home - Decor',
      tags: ['handmade', 'jaipur', 'gift', 'festive', 'artisan'],
      contactInfo: { whatsapp: '98765 43210', email: `seller.${suffix}@example.in` },
      externalLinks: [{ url: 'https://www.amazon.in/dp/B0TEST' }],
      images: photos,
    };
    const { product } = await api('/content', { method: 'POST', token, json: body });
    if (index === 13) featured = product;
  }
});

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('catalogue at %s size', (name, viewport) => {
  it('shows home: categories with counts, Hot Deals (empty until an offer runs), six New Arrivals', async () => {
    const page = await openPage(browser, viewport);
    await page.goto(baseUrl);
    const arrivals = page.getByRole('region', { name: 'New Arrivals' });
    await arrivals.locator('a[href^="/product/"]').nth(5).waitFor();
    expect(await arrivals.locator('a[href^="/product/"]').count()).toBe(6);
    // The first card lines up with the section's heading, and the cards share one height.
    const headingLeft = (await arrivals.getByRole('heading', { name: 'New Arrivals' }).boundingBox())!.x;
    const cardBoxes = await arrivals
      .locator('article')
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().toJSON() as DOMRect));
    expect(cardBoxes[0]!.x).toBeCloseTo(headingLeft, 0);
    expect(new Set(cardBoxes.map((box) => Math.round(box.height))).size).toBe(1);
    // Hot Deals says it is empty until an offer runs; other test files may have made one by now.
    const deals = (await api('/content?type=product&source=activeOffers&status=active&limit=1')) as {
      items: unknown[];
    };
    const hotDeals = page.getByRole('region', { name: 'Hot Deals' });
    await (
      deals.items.length === 0
        ? hotDeals.getByText('No special deals right now, but check back soon!')
        : hotDeals.getByRole('article').first()
    ).waitFor();
    const fashion = page.getByRole('link', { name: /Fashion\s+\d+ products/ });
    await fashion.waitFor();
    await saveScreenshot(page, `${name}-home`);
    // The category goes to the shop in navigation state, and stays chosen there.
    await fashion.click();
    await page.waitForURL(`${baseUrl}/shop?category=Fashion`);
    await page.getByText(/^Showing \d+ products in Fashion$/).waitFor();
    expect(await page.getByRole('button', { name: 'Fashion', pressed: true }).count()).toBe(1);
    await page.close();
  });

  it('lists products, loads the next page on scroll, and filters by category and search', async () => {
    const page = await openPage(browser, viewport);
    await page.goto(`${baseUrl}/shop`);
    await page.getByRole('heading', { name: 'Shop' }).waitFor();
    const cards = page.locator('main a[href^="/product/"]');
    await cards.nth(11).waitFor();
    expect(await cards.count()).toBe(12);
    await saveScreenshot(page, `${name}-shop-products`);
    await cards.nth(11).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await cards.nth(13).waitFor();

    await page.getByRole('button', { name: 'Fashion', exact: true }).click();
    // Other test files add products to the same server meanwhile: the count is checked by the API tests.
    await page.getByText(/^Showing \d+ products in Fashion$/).waitFor();
    expect((await readLocation(page)).path).toBe('/shop?category=Fashion');

    await page.getByRole('button', { name: 'Home', exact: true }).click();
    await page.getByPlaceholder('Search products...').fill(`diya ${suffix} 13`);
    await page.waitForURL(/search=/);
    await page.getByRole('link', { name: new RegExp(`Brass Diya ${suffix} 13`) }).waitFor();
    await page.close();
  });

  it('returns from a product to the same list at the same place, fetching none of its pages again', async () => {
    const page = await openPage(browser, viewport);
    await page.goto(`${baseUrl}/shop`);
    const cards = page.locator('main a[href^="/product/"]');
    await cards.nth(11).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await cards.nth(13).waitFor();
    await cards.nth(12).scrollIntoViewIfNeeded();
    const listTop = await page.evaluate(() => window.scrollY);
    expect(listTop).toBeGreaterThan(300);
    const target = await cards.nth(12).getAttribute('href');

    const listRequests: string[] = [];
    page.on('request', (request) => {
      // The shop's list, not the product page's own call for its creator's other products (uid=...).
      const url = request.url();
      if (url.includes('/api/v1/content?') && !url.includes('uid=')) listRequests.push(url);
    });
    await cards.nth(12).click();
    await page.waitForURL(`**${target}`);
    await page.getByRole('button', { name: 'Loot Now' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
    expect(listRequests).toEqual([]);

    await page.goBack();
    await page.getByRole('heading', { name: 'Shop' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(listTop);
    expect(await cards.count()).toBeGreaterThanOrEqual(14);
    expect(listRequests).toEqual([]);
    await page.close();
  });

  it('shows a product with its gallery, price and the contact dialog', async () => {
    const page = await openPage(browser, viewport);
    const productRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/v1/products/${featured.id}`)
        productRequests.push(request.url());
    });
    await page.goto(`${baseUrl}/product/${featured.id}`);
    await page.getByRole('heading', { name: featured.name }).waitFor();
    // The product's answer came with the page (src/server/http/page-preloads.ts): no request of its own.
    expect(productRequests).toEqual([]);
    const more = page.getByRole('region', { name: `More from @seller.${suffix}` });
    await more.locator('a[href^="/product/"]').nth(3).waitFor();
    expect(await more.locator('a[href^="/product/"]').count()).toBe(4);
    expect(await more.locator(`a[href="/product/${featured.id}"]`).count()).toBe(0);
    await page.getByText('1 / 2').waitFor();
    await page.getByRole('button', { name: 'Next image' }).click();
    await page.getByText('2 / 2').waitFor();
    await page.getByRole('button', { name: 'Next image' }).click();
    await page.getByText('1 / 2').waitFor();
    await saveScreenshot(page, `${name}-product`);

    await page.getByRole('button', { name: 'Loot Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Shop Star' });
    await dialog.waitFor();
    const whatsapp = await dialog.getByRole('link', { name: /WhatsApp/ }).getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
    await dialog.getByText('1 link(s) available').waitFor();
    await saveScreenshot(page, `${name}-contact-dialog`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${baseUrl}/product/does-not-exist`);
    await page.getByText('Product not found').waitFor();
    await page.close();
  });

  it('shows the creator page with a text-only bio and their products', async () => {
    const page = await openPage(browser, viewport);
    await page.goto(`${baseUrl}/shopstar/seller.${suffix}`);
    await page.getByRole('heading', { name: 'Kavya Crafts' }).waitFor();
    const link = page.getByRole('link', { name: 'https://example.in/shop' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    await page.getByText('<img src=x onerror=alert(1)>', { exact: false }).waitFor();
    expect(await page.locator('main img[src="x"]').count()).toBe(0);
    // A page of 12, then the rest as the end of the list comes into view.
    const products = page.locator('main a[href^="/product/"]');
    await products.nth(11).waitFor();
    await saveScreenshot(page, `${name}-creator`);
    await products.nth(11).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await products.nth(13).waitFor();
    await page.close();
  });
});

describe('New Arrivals on a wide screen', () => {
  it('scrolls 300 px per arrow, turns the wheel sideways, and drags without opening a product', async () => {
    const page = await openPage(browser, DESKTOP);
    await page.setViewportSize({ width: 900, height: 800 });
    await page.goto(baseUrl);
    const row = page.getByRole('region', { name: 'New Arrivals list' });
    await row.locator('a[href^="/product/"]').nth(5).waitFor();
    const scrollLeft = () => row.evaluate((element) => element.scrollLeft);
    expect(await scrollLeft()).toBe(0);
    expect(await page.getByRole('button', { name: 'Scroll left' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Scroll right' }).click();
    await expect.poll(scrollLeft).toBe(300);
    await page.getByRole('button', { name: 'Scroll left' }).click();
    await expect.poll(scrollLeft).toBe(0);

    await row.hover();
    await page.mouse.wheel(0, 120);
    await expect.poll(scrollLeft).toBe(120);

    const box = (await row.boundingBox())!;
    const y = box.y + box.height / 3;
    await page.mouse.move(box.x + 400, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 300, y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(scrollLeft).toBe(220);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });
});

describe('rating a product', () => {
  it('asks visitors to sign in, and lets a signed-in shopper rate and change their rating', async () => {
    const visitor = await openPage(browser, PHONE);
    await visitor.goto(`${baseUrl}/product/${featured.id}`);
    await visitor.getByText('No ratings yet').waitFor();
    await visitor.getByRole('link', { name: 'Sign in' }).last().waitFor();
    await visitor.close();

    const page = await openPage(browser, PHONE, { signedIn: true });
    await page.goto(`${baseUrl}/product/${featured.id}`);
    await page.getByText('Rate this product').waitFor();
    await page.getByRole('button', { name: '4 stars' }).click();
    await page.getByText('4.0 (1)').waitFor();
    await page.getByText('Thanks for rating this product!').waitFor();
    await page.reload();
    await page.getByText('Your rating').waitFor();
    expect(await page.getByRole('button', { name: '4 stars' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: '2 stars' }).click();
    await page.getByText('2.0 (1)').waitFor();
    await saveScreenshot(page, 'phone-product-rated');
    await page.close();
  });
});

describe('sharing a product', () => {
  it('copies the product link where the browser has no share sheet', async () => {
    const page = await openPage(browser, DESKTOP);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.goto(`${baseUrl}/product/${featured.id}`);
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await page.getByRole('button', { name: 'Share product' }).click();
    await page.getByText('Link copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseUrl}/product/${featured.id}`,
    );
    await page.close();
  });
});
