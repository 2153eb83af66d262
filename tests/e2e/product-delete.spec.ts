// A seller deletes a product in a real browser against the real server: products with a photo
// made through the API, one deleted from its page on a phone and one from Edit Product on a desktop, each after a
// confirmation that names it. Then the photo is no longer served, the product's page says it is gone, and
// neither the Shop's search nor the seller's profile shows it.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  readLocation,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createTestApi, SELLER_CONTACT, signInSeller, uploadPhoto } from './support/api.ts';
import { createPng } from './support/images.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const browser = useTestBrowser();
const api = createTestApi('198.20.3.1');
let seller: { token: string; uid: string };

type Created = { id: string; name: string; photoUrl: string };

async function createProduct(name: string, color: string): Promise<Created> {
  const photo = await uploadPhoto(api, seller.token, await createPng(800, 800, color));
  const { product } = await api('/content', {
    method: 'POST',
    token: seller.token,
    json: { type: 'product', name, price: 349, category: 'Home - Decor', images: [photo], ...SELLER_CONTACT },
  });
  return { id: product.id as string, name, photoUrl: product.images[0].url as string };
}

/**
 * A colour of this run's own for a photo that must leave storage: media are stored by their bytes, so another
 * test's photo of the same size and colour shares the file, which then rightly stays.
 */
const colorOfItsOwn = () => `#${randomBytes(3).toString('hex')}`;

const mediaStatus = async (url: string) => (await fetch(new URL(url, baseUrl))).status;

/** The Shop's search for the product's name, once answered ('N results for "..."'): whether its card is there. */
async function isInShopSearch(page: Page, product: Created): Promise<boolean> {
  await page.goto(`${baseUrl}/shop?search=${encodeURIComponent(product.name)}`);
  await page.getByText(/results? for "/).waitFor({ timeout: 20_000 });
  return (await page.locator(`main a[href="/product/${product.id}"]`).count()) > 0;
}

/** The seller's profile, with their products loaded. */
async function profileNames(page: Page): Promise<string[]> {
  await page.goto(`${baseUrl}/profile/${seller.uid}`);
  await page.getByRole('heading', { level: 2, name: 'Products' }).waitFor();
  await expect
    .poll(() => page.locator('main a[href^="/product/"]').count(), { timeout: 20_000 })
    .toBeGreaterThan(0);
  return page.locator('main a[href^="/product/"]').allTextContents();
}

beforeAll(async () => {
  seller = await signInSeller(api);
});

describe('deleting a product', () => {
  it('from its page on a phone, after a confirmation that names it', async () => {
    const kept = await createProduct(`Jute Basket ${suffix}`, '#81b29a');
    const doomed = await createProduct(`Brass Diya ${suffix}`, colorOfItsOwn());
    expect(await mediaStatus(doomed.photoUrl)).toBe(200);

    const page = await openPage(browser, PHONE, { signedIn: true });
    expect(await isInShopSearch(page, doomed)).toBe(true);
    await page.goto(`${baseUrl}/product/${doomed.id}`);
    await page.getByRole('heading', { level: 1, name: doomed.name }).waitFor();
    const remove = page.getByRole('button', { name: 'Delete product' });
    // In the middle of the screen, clear of the bar pinned above the bottom tabs.
    await remove.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await saveScreenshot(page, 'phone-product-owner-actions');
    await remove.click();
    const dialog = page.getByRole('alertdialog', { name: `Delete "${doomed.name}"?` });
    await dialog.waitFor();
    await dialog.getByText('Its photos go with it').waitFor();
    await saveScreenshot(page, 'phone-product-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();

    await page.getByText('Product deleted').waitFor();
    await expect.poll(async () => (await readLocation(page)).path).toBe(`/profile/${seller.uid}`);
    // Without a reload: the profile's list and its count load again, without the product.
    await page.locator(`main a[href="/product/${kept.id}"]`).first().waitFor();
    expect(await page.locator(`main a[href="/product/${doomed.id}"]`).count()).toBe(0);
    const productCount = page.locator('main dl > div', { hasText: 'Products' }).locator('dd');
    await expect.poll(() => productCount.textContent()).toBe('1');
    await saveScreenshot(page, 'phone-product-deleted-profile');

    expect(await mediaStatus(doomed.photoUrl)).toBe(404);
    expect(await mediaStatus(kept.photoUrl)).toBe(200);
    expect(await isInShopSearch(page, doomed)).toBe(false);
    expect(await profileNames(page)).not.toContainEqual(expect.stringContaining(doomed.name));
    await page.goto(`${baseUrl}/product/${doomed.id}`);
    await page.getByText('Product not found').first().waitFor();
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('from Edit Product on a desktop, with the form changed, without asking to leave it', async () => {
    const doomed = await createProduct(`Clay Lamp ${suffix}`, colorOfItsOwn());
    const page = await openPage(browser, DESKTOP, { signedIn: true });
    expect(await profileNames(page)).toContainEqual(expect.stringContaining(doomed.name));
    // Its page, as its owner sees it: Edit and Delete; Edit leads to the form.
    await page.goto(`${baseUrl}/product/${doomed.id}`);
    await page.getByRole('button', { name: 'Delete product' }).waitFor();
    await saveScreenshot(page, 'desktop-product-owner-actions');
    await page.getByRole('link', { name: 'Edit product' }).click();
    const name = page.getByLabel('Product name', { exact: true });
    await name.waitFor();
    await name.fill(`${doomed.name} Set`);
    await page.getByRole('button', { name: 'Delete product' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete "${doomed.name}"?` });
    await dialog.waitFor();
    await saveScreenshot(page, 'desktop-product-delete-confirm');
    // Keep product first: nothing goes.
    await dialog.getByRole('button', { name: 'Keep product' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await mediaStatus(doomed.photoUrl)).toBe(200);

    await page.getByRole('button', { name: 'Delete product' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Product deleted').waitFor();
    await expect.poll(async () => (await readLocation(page)).path).toBe(`/profile/${seller.uid}`);
    expect(await page.getByText('Leave without saving?').count()).toBe(0);
    expect(await mediaStatus(doomed.photoUrl)).toBe(404);
    expect(await isInShopSearch(page, doomed)).toBe(false);
    expect(await profileNames(page)).not.toContainEqual(expect.stringContaining(doomed.name));
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });
});
