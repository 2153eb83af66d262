// The Loot Box (docs/product.md "Cart (Loot Box) persistence", decision 0038) in the real browser against the real
// server: a signed-in shopper adds products of three sellers from their pages at phone size, one with the offer claimed
// on the Offers page, and finds them in the header's Loot Box with the price engine's prices, after a reload too; and
// two tabs of one browser, each adding a different product at the same time, both end up with every product (versioned
// saves merged after a 409, decision 0038).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { priceLine } from '../../src/shared/domain/offers.ts';
import { formatPrice, sumLines } from '../../src/shared/domain/pricing.ts';
import { LOOTBOX_MESSAGES } from '../../src/shared/lootbox-messages.ts';
import { OFFER_MESSAGES } from '../../src/shared/offer-messages.ts';
import { createSeller, createTestApi, SELLER_CONTACT, signInSeller } from './support/api.ts';
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
const api = createTestApi('198.51.100.14');
const browser = useTestBrowser();

const SELLER_A = [{ name: `Brass Diya ${suffix}`, price: 500, discount: 10 }];
const SELLER_C = [{ name: `Block Print Bedsheet ${suffix}`, price: 1800, discount: 0 }];
const OFFER_TITLE = `Bedroom Loot ${suffix}`;
const OFFER = { discountType: 'percentage' as const, discountValue: 20, maxDiscount: 300, minPurchase: 0 };
const SELLER_B = [
  { name: `Clay Lamp ${suffix}`, price: 1299.5, discount: 0 },
  { name: `Silk Dupatta ${suffix}`, price: 899, discount: 5 },
  { name: `Jute Bag ${suffix}`, price: 349, discount: 0 },
];

async function listProducts(
  seller: { token: string },
  products: readonly { name: string; price: number; discount: number }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const product of products) {
    const { product: created } = await api('/content', {
      method: 'POST',
      token: seller.token,
      json: { type: 'product', category: 'Home - Decor', ...SELLER_CONTACT, ...product },
    });
    ids.push(created.id as string);
  }
  return ids;
}

type SellerProducts = { a: string[]; b: string[]; c: string[] };
let productIds: SellerProducts | undefined;

/** A third seller whose one product is in an offer running now (claimed on the Offers page). */
async function listOfferSeller(): Promise<string[]> {
  const seller = await createSeller(api, { username: `bed.loom.${suffix}`, fullName: 'Bed Loom' });
  const ids = await listProducts(seller, SELLER_C);
  await api('/content', {
    method: 'POST',
    token: seller.token,
    json: { type: 'offer', status: 'active', metadata: { title: OFFER_TITLE, ...OFFER, products: ids } },
  });
  return ids;
}

async function setUpSellers(): Promise<SellerProducts> {
  productIds ??= {
    c: await listOfferSeller(),
    a: await listProducts(
      await createSeller(api, { username: `diya.house.${suffix}`, fullName: 'Diya House' }),
      SELLER_A,
    ),
    b: await listProducts(
      await createSeller(api, { username: `lamp.works.${suffix}`, fullName: 'Lamp Works' }),
      SELLER_B,
    ),
  };
  return productIds;
}

let shopperToken: string | undefined;

/** The shopper's active lootbox as the server holds it, read with their own token (signed in once). */
async function readServerLootbox(): Promise<{ items: { productId: string }[] } | undefined> {
  if (!shopperToken) {
    shopperToken = (await signInSeller(api)).token;
  }
  const { lootboxes } = await api('/lootbox?status=active&limit=1', { token: shopperToken });
  return lootboxes[0];
}

const lootBoxButton = (page: Page, count: number) =>
  page.getByRole('button', {
    name: count === 0 ? 'Loot Box' : `Loot Box, ${count} ${count === 1 ? 'item' : 'items'}`,
    exact: true,
  });

/** Adds the product on its page and waits for the save the add causes (1 s later). */
async function addOnProductPage(page: Page, id: string): Promise<void> {
  await page.goto(`${baseUrl}/product/${id}`);
  const saved = page.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/lootbox') &&
      ['POST', 'PUT'].includes(response.request().method()) &&
      response.ok(),
  );
  await page.getByRole('button', { name: LOOTBOX_MESSAGES.addToLoot }).click();
  await page.getByText(LOOTBOX_MESSAGES.added).waitFor();
  await saved;
}

describe('the Loot Box end to end', () => {
  it('a shopper at phone size adds products of three sellers, one with a claimed offer, and sees them in the dropdown with their prices', async () => {
    const page = await openPage(browser, PHONE, { signedIn: true });
    const { a, b, c } = await setUpSellers();
    await addOnProductPage(page, a[0]!);
    await lootBoxButton(page, 1).waitFor();
    await saveScreenshot(page, 'phone-lootbox-added');
    // docs/product.md "Product detail": Loot Now and Add to Loot in a bar pinned above the bottom tabs, which hides
    // nothing of the page, down to the footer.
    const bar = page.getByTestId('product-actions');
    const barBox = await bar.boundingBox();
    const tabsBox = await page.getByTestId('bottom-bar').boundingBox();
    expect(barBox!.y + barBox!.height).toBeLessThanOrEqual(tabsBox!.y + 1);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(async () => {
        const footer = await page.locator('footer').boundingBox();
        const pinned = await bar.boundingBox();
        return footer !== null && pinned !== null && footer.y + footer.height <= pinned.y + 1;
      })
      .toBe(true);
    await saveScreenshot(page, 'phone-product-page-end');
    await addOnProductPage(page, b[0]!);

    // The third seller's product with its offer claimed on the Offers page: Add to Loot keeps the offer.
    await page.goto(`${baseUrl}/offers`);
    const bedsheet = SELLER_C[0]!;
    await page
      .getByRole('article', { name: OFFER_TITLE })
      .getByRole('link', { name: `${OFFER_MESSAGES.claim} ${bedsheet.name}` })
      .click();
    await page.getByText(OFFER_MESSAGES.claimed).waitFor();
    await page.waitForURL(`${baseUrl}/product/${c[0]}`);
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes('/api/v1/lootbox') && response.request().method() === 'PUT' && response.ok(),
    );
    await page.getByRole('button', { name: LOOTBOX_MESSAGES.addToLoot }).click();
    await saved;

    // A reload: the Loot Box comes back from the server.
    await page.reload();
    await lootBoxButton(page, 3).click();
    const dropdown = page.getByRole('dialog', { name: 'Loot Box' });
    await dropdown.waitFor();
    const diya = SELLER_A[0]!;
    const lamp = SELLER_B[0]!;
    const diyaLine = priceLine(diya, null);
    const lampLine = priceLine(lamp, null);
    const diyaItem = dropdown.getByRole('listitem', { name: diya.name });
    expect(await diyaItem.textContent()).toContain(formatPrice(diyaLine.unit.finalPrice));
    expect(await diyaItem.textContent()).toContain('10% off');
    expect(await diyaItem.textContent()).toContain(formatPrice(diyaLine.unit.originalPrice));
    expect(await dropdown.getByRole('listitem', { name: lamp.name }).textContent()).toContain(
      formatPrice(lampLine.unit.finalPrice),
    );
    const bedsheetLine = priceLine(bedsheet, OFFER);
    const bedsheetItem = await dropdown.getByRole('listitem', { name: bedsheet.name }).textContent();
    expect(bedsheetItem).toContain(formatPrice(bedsheetLine.unit.finalPrice));
    expect(bedsheetItem).toContain('20% off');
    expect(await dropdown.getByTestId('lootbox-total').textContent()).toBe(
      formatPrice(sumLines([diyaLine, lampLine, bedsheetLine])),
    );
    await saveScreenshot(page, 'phone-lootbox-dropdown');
    expect(getPageErrors(page)).toEqual([]);
  });

  it('two tabs each adding a product at once both end up with every product', async () => {
    const { b } = await setUpSellers();
    const first = await openPage(browser, DESKTOP, { signedIn: true });
    // A second tab of the same browser: same cookies, same storage.
    const second = await browser.context.newPage();
    await second.setViewportSize(DESKTOP);
    await first.goto(`${baseUrl}/product/${b[1]}`);
    await second.goto(`${baseUrl}/product/${b[2]}`);
    const before = (await readServerLootbox())?.items.length ?? 0;
    await lootBoxButton(first, before).waitFor();
    await lootBoxButton(second, before).waitFor();

    // Neither tab knows of the other's save: the later one is based on an older version, answered 409, and merges.
    const conflicts: string[] = [];
    for (const page of [first, second]) {
      page.on('response', (response) => {
        if (response.url().includes('/api/v1/lootbox') && response.status() === 409)
          conflicts.push(response.url());
      });
    }
    await first.getByRole('button', { name: LOOTBOX_MESSAGES.addToLoot }).click();
    await second.getByRole('button', { name: LOOTBOX_MESSAGES.addToLoot }).click();
    const expected = [b[1]!, b[2]!];
    await expect
      .poll(
        async () => {
          const ids = (await readServerLootbox())?.items.map((item) => item.productId) ?? [];
          return ids.length === before + 2 && expected.every((id) => ids.includes(id));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(conflicts.length).toBeGreaterThan(0);

    await first.reload();
    await second.reload();
    for (const page of [first, second]) {
      await lootBoxButton(page, before + 2).click();
      const dropdown = page.getByRole('dialog', { name: 'Loot Box' });
      for (const product of SELLER_B.slice(1)) {
        await dropdown.getByRole('listitem', { name: product.name }).waitFor();
      }
      expect(getPageErrors(page)).toEqual([]);
    }
    await saveScreenshot(first, 'desktop-lootbox-two-tabs');
    await second.close();
  });
});
