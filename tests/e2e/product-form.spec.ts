// The seller's product form against the real server: bad input is refused by the field without a request, a
// product without a way to reach its seller is refused at its contact section (decision 0046), a product is created
// with two photos put in a new order (buttons on a phone, dragging on a desktop), then edited (price changed, a photo
// removed), and its page shows each change.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  readLocation,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createPng } from './support/images.ts';

const baseUrl = inject('baseUrl');
const CONTACT_ERROR =
  'Add a WhatsApp number, phone number or email, or a store link below, so buyers can reach you.';
const suffix = Math.random().toString(36).slice(2, 7);
const browser = useTestBrowser();
let photoDir: string;
// Told apart by their shape: the landscape one is picked first, the portrait one is moved to the front.
let landscapePhoto: string;
let portraitPhoto: string;

beforeAll(async () => {
  photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-product-photos-'));
  landscapePhoto = path.join(photoDir, 'landscape.png');
  portraitPhoto = path.join(photoDir, 'portrait.png');
  fs.writeFileSync(landscapePhoto, await createPng(800, 600, '#e07a5f'));
  fs.writeFileSync(portraitPhoto, await createPng(600, 800, '#3d405b'));
});
afterAll(() => {
  fs.rmSync(photoDir, { recursive: true, force: true });
});

type SavedProduct = {
  price: number;
  discount: number;
  category: string;
  tags: string[];
  images: { width: number }[];
};

async function getProduct(
  id: string,
): Promise<SavedProduct & { metadata: { contactInfo: { whatsapp: string } } }> {
  const response = await fetch(`${baseUrl}/api/v1/products/${id}`);
  return (await response.json()).product;
}

/** Every product write the page sends (create or update), to show that refused input sends none. */
function recordProductWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() !== 'GET' && /^\/api\/v1\/(content|products\/)/.test(pathname)) {
      writes.push(`${request.method()} ${pathname}`);
    }
  });
  return writes;
}

async function waitForUploads(page: Page, count: number): Promise<void> {
  await page.getByRole('img', { name: `Photo ${count}` }).waitFor();
  await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 30_000 }).toBe(0);
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('product form at %s size', (name, viewport) => {
  it('refuses bad input by the field, creates a product with reordered photos, and edits it', async () => {
    const page = await openPage(browser, viewport, { signedIn: true });
    const writes = recordProductWrites(page);
    // The CSP has no 'unsafe-eval': zod's JIT is off, so no page of the form logs a refused eval (decision 0060).
    const evalViolations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('unsafe-eval')) evalViolations.push(message.text());
    });
    await page.goto(`${baseUrl}/create/product`);
    await page.getByRole('heading', { name: 'Create Product', level: 1 }).waitFor();
    await saveScreenshot(page, `${name}-product-form-empty`);

    // Bad input: the messages appear by their fields and nothing is sent.
    await page.getByLabel('Price', { exact: true }).fill('-5');
    await page.getByLabel('Discount', { exact: true }).fill('101');
    await page.getByRole('button', { name: 'Publish Product' }).click();
    await page.getByText('Enter a price from ₹0 to ₹1,00,00,000.').waitFor();
    await page.getByText('Enter a discount from 0 to 100%.').waitFor();
    await page.getByText('Enter the product name, up to 150 characters.').waitFor();
    await page.getByText('Choose a category.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await page.getByLabel('Price', { exact: true }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, `${name}-product-form-errors`);
    expect(writes).toEqual([]);

    // Good input, with two photos; the second is moved to the front and becomes the cover.
    const productName = `Terracotta Planter ${suffix} ${name}`;
    await page.getByLabel('Add photos', { exact: true }).setInputFiles([landscapePhoto, portraitPhoto]);
    await waitForUploads(page, 2);
    const tiles = page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
    if (name === 'desktop') await tiles.nth(1).dragTo(tiles.nth(0));
    else await page.getByRole('button', { name: 'Move photo 2 left' }).click();
    await page.getByText('Photo moved to position 1. It is now the cover.').waitFor({ state: 'attached' });
    await saveScreenshot(page, `${name}-product-form-photos`);

    await page.getByLabel('Product name', { exact: true }).fill(productName);
    await page
      .getByLabel('Description', { exact: true })
      .fill('Hand-thrown terracotta planter with a drainage hole. Fits a 6 inch pot.');
    await page.getByLabel('Price', { exact: true }).fill('1499');
    await page.getByLabel('Discount', { exact: true }).fill('20');
    await page.getByText('They save ₹299.80').waitFor();
    await page.getByLabel('Category', { exact: true }).selectOption('Home');
    await page.getByLabel('Subcategory', { exact: true }).selectOption('Decor');
    await page.getByLabel('Tags', { exact: true }).fill('terracotta');
    await page.getByLabel('Tags', { exact: true }).press('Enter');
    await page.getByLabel('Tags', { exact: true }).pressSequentially('planter,');
    await page.getByRole('button', { name: 'Remove tag planter' }).waitFor();

    // Everything else is right, but no buyer could reach the seller: the contact section says so, takes focus, and
    // nothing is sent.
    await page.getByRole('button', { name: 'Publish Product' }).click();
    const contactError = page.getByRole('alert').filter({ hasText: CONTACT_ERROR });
    await contactError.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('contactInfo.whatsapp');
    expect(await page.getByLabel('WhatsApp number', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await saveScreenshot(page, `${name}-product-form-contact-error`);
    expect(writes).toEqual([]);

    await page.getByLabel('WhatsApp number', { exact: true }).fill('98765 43210');
    await contactError.waitFor({ state: 'detached' });
    await page.getByLabel('Email', { exact: true }).fill(`seller.${suffix}@example.in`);
    await page.getByRole('button', { name: 'Add store link' }).click();
    await page.getByLabel('Store link 1', { exact: true }).fill('https://www.amazon.in/dp/B0TEST');
    await page.getByText('Amazon', { exact: true }).waitFor();
    await page.getByLabel('Tags', { exact: true }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, `${name}-product-form-filled`);
    await page.getByRole('button', { name: 'Publish Product' }).click();

    await page.waitForURL(/\/product\/[^/]+$/);
    const id = (await readLocation(page)).path.split('/').pop() ?? '';
    await page.getByRole('heading', { name: productName, level: 1 }).waitFor();
    await page.getByText('Product published').waitFor();
    await page.getByText('1 / 2').waitFor();
    await page.getByText('₹1,199.20').first().waitFor();
    await saveScreenshot(page, `${name}-product-created`);
    const created = await getProduct(id);
    expect(created).toMatchObject({
      price: 1499,
      discount: 20,
      category: 'Home - Decor',
      tags: ['terracotta', 'planter'],
    });
    expect(created.images.map((image) => image.width)).toEqual([600, 800]);
    expect(created.metadata.contactInfo.whatsapp).toBe('9876543210');

    // Edit, from the product page where only the seller sees the button: a new price, the second photo removed.
    await page.getByRole('link', { name: 'Edit product' }).click();
    await page.getByRole('heading', { name: 'Edit Product', level: 1 }).waitFor();
    const price = page.getByLabel('Price', { exact: true });
    await expect.poll(() => price.inputValue()).toBe('1499');
    await price.fill('999');
    await page.getByRole('button', { name: 'Remove photo 2' }).click();
    await page.getByRole('img', { name: 'Photo 2' }).waitFor({ state: 'detached' });
    await saveScreenshot(page, `${name}-product-form-edit`);
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await page.waitForURL(`${baseUrl}/product/${id}`);
    await page.getByRole('heading', { name: productName, level: 1 }).waitFor();
    await page.getByText('Product updated').waitFor();
    await page.getByText('₹799.20').first().waitFor();
    expect(await page.getByText('1 / 2').count()).toBe(0);
    await saveScreenshot(page, `${name}-product-edited`);
    const edited = await getProduct(id);
    expect(edited.price).toBe(999);
    expect(edited.images.map((image) => image.width)).toEqual([600]);

    expect(writes).toEqual(['POST /api/v1/content', `PATCH /api/v1/products/${id}`]);
    expect(getPageErrors(page)).toEqual([]);
    expect(evalViolations).toEqual([]);
    await page.close();
  });
});
