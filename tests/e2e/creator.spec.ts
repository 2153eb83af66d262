// A creator's product list and the creator hover card in a real browser: a seller with 14 products created
// through the API, the second page loaded by scrolling, the card opened by a mouse on a desktop and by a long
// press (real touch events through the DevTools protocol) on a phone.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createSeller, createTestApi, SELLER_CONTACT, uploadImage, uploadPhoto } from './support/api.ts';
import { createPng } from './support/images.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const username = `kavya.${suffix}`;
const browser = useTestBrowser();
let uid: string;

const api = createTestApi('198.21.0.1');

beforeAll(async () => {
  const seller = await createSeller(api, { username, fullName: 'Kavya Crafts' });
  const { token } = seller;
  uid = seller.uid;
  await api('/users/profile', {
    method: 'PATCH',
    token,
    json: {
      bio: 'Block prints and brass from Jaipur, made by hand. Workshop tours: https://example.in/tours',
      contactInfo: { whatsapp: '98765 43210', email: `${username}@example.in` },
    },
  });
  const avatar = await createPng(256, 256, '#3d405b');
  await uploadImage(api, token, avatar, { path: '/users/avatar', field: 'avatar' });
  const cover = await createPng(1200, 400, '#e07a5f');
  await uploadImage(api, token, cover, { path: '/users/cover', field: 'coverImage' });
  const photo = await uploadPhoto(api, token, await createPng(800, 800, '#81b29a'));
  // 14 products: one page of 12 and a second page that only scrolling brings.
  for (let index = 0; index < 14; index += 1) {
    await api('/content', {
      method: 'POST',
      token,
      json: {
        type: 'product',
        name: `Brass Diya ${suffix} ${index}`,
        description: 'Hand-beaten brass, polished by hand.',
        price: 400 + index * 50,
        discount: index % 4 === 0 ? 10 : 0,
        category: 'Home - Decor',
        images: [photo],
        ...SELLER_CONTACT,
      },
    });
  }
});

/** Opens the creator's product list and scrolls until the second page has arrived. */
async function openCreatorProducts(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/creator/${uid}/products`);
  await page.getByRole('heading', { name: 'All products' }).waitFor();
  await page.getByText('14 products').waitFor();
  const cards = page.locator('main a[href^="/product/"]');
  await cards.nth(11).waitFor();
  expect(await cards.count()).toBe(12);
  await cards.nth(11).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await cards.nth(13).waitFor();
  expect(await cards.count()).toBe(14);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

describe('a creator’s products on a desktop', () => {
  it('loads the second page by scrolling and opens the hover card on a resting pointer', async () => {
    const page = await openPage(browser, DESKTOP);
    await openCreatorProducts(page);
    await saveScreenshot(page, 'desktop-creator-products');

    // The chip at the top of the page (each product card has the @username too).
    const chip = page.getByRole('link', { name: `@${username}`, exact: true }).first();
    await chip.hover();
    const card = page.getByRole('dialog', { name: 'Kavya Crafts' });
    await card.waitFor();
    expect(await chip.getAttribute('aria-expanded')).toBe('true');
    for (const [label, value] of [
      ['Products', '14'],
      ['Klips', '0'],
      ['Likes', '0'],
    ]) {
      expect(
        await card.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').innerText(),
      ).toBe(value);
    }
    expect(await card.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe(
      'https://wa.me/919876543210',
    );
    await card.getByRole('link', { name: 'https://example.in/tours' }).waitFor();
    // The card lies on top of the page, inside the window.
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
    await saveScreenshot(page, 'desktop-creator-hover-card');

    // Moving away closes it; coming back and following View Profile opens the creator page.
    await page.mouse.move(DESKTOP.width - 10, DESKTOP.height - 10);
    await card.waitFor({ state: 'detached' });
    await chip.hover();
    await card.getByRole('link', { name: 'View Profile' }).click();
    await page.waitForURL(`${baseUrl}/shopstar/${username}`);
    await page.getByRole('heading', { name: 'Kavya Crafts' }).waitFor();
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});

describe('a product card’s @username on a desktop', () => {
  it('opens the creator hover card on a resting pointer, and links to the profile', async () => {
    const page = await openPage(browser, DESKTOP);
    await openCreatorProducts(page);
    const card = page.locator('main article').first();
    const creatorLink = card.getByRole('link', { name: `@${username}`, exact: true });
    expect(await creatorLink.getAttribute('href')).toBe(`/shopstar/${username}`);
    await creatorLink.hover();
    const hoverCard = page.getByRole('dialog', { name: 'Kavya Crafts' });
    await hoverCard.getByRole('link', { name: 'View Profile' }).waitFor();
    await saveScreenshot(page, 'desktop-product-card-hover-card');
    // The product's own link still covers the rest of the card.
    await page.mouse.move(DESKTOP.width - 10, DESKTOP.height - 10);
    await hoverCard.waitFor({ state: 'detached' });
    const photo = (await card.locator('img').first().boundingBox())!;
    await page.mouse.click(photo.x + photo.width / 2, photo.y + photo.height / 2);
    await page.waitForURL(/\/product\//);
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});

describe('a creator’s products on a phone', () => {
  it('loads the second page by scrolling and opens the hover card on a long press', async () => {
    const page = await openPage(browser, PHONE);
    await page.addInitScript(() => {
      const calls: number[] = [];
      Object.assign(window, { vibrations: calls });
      Object.defineProperty(navigator, 'vibrate', {
        value: (pattern: number) => calls.push(pattern) > 0,
      });
    });
    await openCreatorProducts(page);
    await saveScreenshot(page, 'phone-creator-products');

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const tap = async (point: { x: number; y: number }) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };

    // The chip at the top of the page (each product card has the @username too).
    const chip = page.getByRole('link', { name: `@${username}`, exact: true }).first();
    const chipBox = (await chip.boundingBox())!;
    const chipCenter = { x: chipBox.x + chipBox.width / 2, y: chipBox.y + chipBox.height / 2 };
    const card = page.getByRole('dialog', { name: 'Kavya Crafts' });
    // Hold well past the long press, then let go: the card is open and the link was not followed.
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [chipCenter] });
    await card.waitFor();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    expect(await page.evaluate(() => (window as unknown as { vibrations: number[] }).vibrations)).toEqual([
      50,
    ]);
    await card.getByText('Products').waitFor();
    await card.getByRole('link', { name: 'View Profile' }).waitFor();
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'phone-creator-hover-card');

    // A tap on the chip while the card is open does nothing; a tap elsewhere closes the card.
    await tap(chipCenter);
    expect(new URL(page.url()).pathname).toBe(`/creator/${uid}/products`);
    await card.waitFor();
    await tap({ x: PHONE.width - 20, y: 90 });
    await card.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/creator/${uid}/products`);
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});
