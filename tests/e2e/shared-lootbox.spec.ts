// A shared Loot Box link opened signed out in a real browser against the real server (docs/product.md "Shared Loot
// Box"): the products with their prices (one with an offer, one with its own discount), the total, the line for a
// product deleted since, the seller's contact options, a broken link told as such; and the raw HTML a link-preview
// crawler reads for a product page and the shared link (og:title, title), at 375 px and 1280 px.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ProductDetail } from '../../src/shared/contracts/products.ts';
import { priceLine } from '../../src/shared/domain/offers.ts';
import { formatPrice, sumLines } from '../../src/shared/domain/pricing.ts';
import { buildLootboxShareLink } from '../../src/shared/domain/share-links.ts';
import { LOOTBOX_MESSAGES } from '../../src/shared/lootbox-messages.ts';
import {
  DESKTOP,
  getPageErrors,
  openPage,
  PHONE,
  readLocation,
  saveScreenshot,
  useTestBrowser,
} from './support/browser.ts';
import { createOffer, createProduct, createSeller, createTestApi, uploadPhoto } from './support/api.ts';
import { createPng } from './support/images.ts';

const baseUrl = inject('baseUrl');
const suffix = Math.random().toString(36).slice(2, 7);
const api = createTestApi('198.51.100.14');
const browser = useTestBrowser();

const NAMES = {
  phone: `Triple Camera 5G Phone ${suffix}`,
  case: `Rugged "Armour" Case ${suffix}`,
  charger: `Fast Charger 65W ${suffix}`,
};
let ids: string[] = [];
let deletedId: string;
let products: ProductDetail[];

beforeAll(async () => {
  const { token } = await createSeller(api, { username: `share.${suffix}`, fullName: 'Meera Gadgets' });
  const photo = await uploadPhoto(api, token, await createPng(800, 800, '#e07a5f'));
  const create = (fields: Record<string, unknown>) =>
    createProduct(api, token, { category: 'Electronics - Phones', ...fields });
  const phone = await create({ name: NAMES.phone, price: 24999, discount: 10, images: [photo] });
  const phoneCase = await create({ name: NAMES.case, price: 499 });
  const charger = await create({ name: NAMES.charger, price: 1299, discount: 5, images: [photo] });
  deletedId = await create({ name: `Old Earbuds ${suffix}`, price: 999 });
  await api(`/products/${deletedId}`, { method: 'DELETE', token });
  await createOffer(api, token, {
    title: `Phone Fest ${suffix}`,
    discountType: 'percentage',
    discountValue: 20,
    maxDiscount: 1500,
    products: [phone],
  });
  ids = [phone, phoneCase, deletedId, charger];
  products = (await api(`/products/shared?products=${[phone, phoneCase, charger].join(',')}`)).products;
});

/** The total of one of each at today's prices (the link claims no offer: docs/product.md "Shown price"). */
const expectedTotal = () => formatPrice(sumLines(products.map((product) => priceLine(product, null))));

describe('a shared Loot Box', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])(
    'opens signed out at %s size with the products, their prices, the total and the missing line',
    async (name, viewport) => {
      const page = await openPage(browser, viewport);
      await page.goto(buildLootboxShareLink(baseUrl, ids));
      await page.getByRole('heading', { name: 'Shared Loot Box', level: 1 }).waitFor();
      const items = page.getByRole('region', { name: 'Products' }).getByRole('listitem');
      await expect.poll(() => items.count()).toBe(3);
      expect(
        await items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label'))),
      ).toEqual([NAMES.phone, NAMES.case, NAMES.charger]);
      // The phone at its own price, its offer (not claimed in the link) beside with its price.
      const phone = page.getByRole('listitem', { name: NAMES.phone });
      expect(await phone.textContent()).toContain(formatPrice(priceLine(products[0]!, null).unit.finalPrice));
      expect(await phone.textContent()).toContain(
        formatPrice(priceLine(products[0]!, products[0]!.activeOffer).unit.finalPrice),
      );
      expect(await phone.textContent()).toContain(`Phone Fest ${suffix}`);
      expect(await page.getByTestId('shared-total').textContent()).toBe(expectedTotal());
      expect(await page.getByRole('status').filter({ hasText: 'no longer' }).textContent()).toBe(
        LOOTBOX_MESSAGES.sharedMissing(1),
      );
      await page.getByRole('button', { name: LOOTBOX_MESSAGES.addAll }).waitFor();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await saveScreenshot(page, `${name}-shared-lootbox`);

      await page.getByRole('button', { name: `Loot Now: ${NAMES.case}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Contact Shop Star' });
      await dialog
        .getByText(/WhatsApp/)
        .first()
        .waitFor();
      await saveScreenshot(page, `${name}-shared-lootbox-contact`);
      expect(await page.title()).toBe('Shared Loot Box · Lootklip');
      expect(getPageErrors(page)).toEqual([]);
      await page.close();
    },
  );

  it('sends a signed-out shopper to sign in from Add all, remembering the shared link', async () => {
    const page = await openPage(browser, PHONE);
    const link = buildLootboxShareLink(baseUrl, ids);
    await page.goto(link);
    await page.getByRole('button', { name: LOOTBOX_MESSAGES.addAll }).click();
    await expect.poll(async () => (await readLocation(page)).path).toMatch(/^\/auth\/login\?/);
    const { path } = await readLocation(page);
    const redirectTo = new URLSearchParams(path.split('?')[1]).get('redirectTo');
    expect(redirectTo).toBe(link.slice(baseUrl.length));
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('tells the shopper a broken link is broken', async () => {
    const page = await openPage(browser, PHONE);
    await page.goto(`${baseUrl}/shared-lootbox?products=${ids[0]},%3Cscript%3E`);
    await page.getByText(LOOTBOX_MESSAGES.sharedBadLink).waitFor();
    await saveScreenshot(page, 'phone-shared-lootbox-broken');
    expect(getPageErrors(page)).toEqual([]);
    await page.close();
  });

  it('serves a rich preview in the raw HTML of a product page and of the shared link', async () => {
    const product = await fetch(`${baseUrl}/product/${ids[1]}`).then((response) => response.text());
    const escapedName = NAMES.case.replaceAll('"', '&quot;');
    expect(product).toContain(`<title>${escapedName} · Lootklip</title>`);
    expect(product).toContain(`<meta property="og:title" content="${escapedName}">`);
    expect(product).toContain(`<meta property="og:url" content="${baseUrl}/product/${ids[1]}">`);
    expect(product).toContain('<meta property="og:site_name" content="Lootklip">');

    const shared = await fetch(buildLootboxShareLink(baseUrl, ids)).then((response) => response.text());
    expect(shared).toContain(
      `<meta property="og:title" content="Loot Box: 3 products · ${expectedTotal()}">`,
    );
    const image = /<meta property="og:image" content="([^"]+)">/.exec(shared)?.[1];
    expect(image).toBe(new URL(products[0]!.images[0]!.url, baseUrl).href);
    expect((await fetch(image!)).status).toBe(200);
    expect(shared).toContain('<meta name="twitter:card" content="summary_large_image">');
  });
});
